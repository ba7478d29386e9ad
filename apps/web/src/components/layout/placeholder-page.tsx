import { useTitle } from '../../lib/use-title';

/** A page whose feature has not landed yet: says so plainly instead of showing nothing. */
export function PlaceholderPage({ title, note }: { title: string; note?: string }) {
  useTitle(title);
  return (
    <div className="mx-auto max-w-3xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-slate-600">{note ?? 'This page is coming soon.'}</p>
    </div>
  );
}
