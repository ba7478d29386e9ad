import { useId, type ReactNode } from 'react';
import clsx from 'clsx';

/**
 * A white card with a heading that names it for assistive technology (`aria-labelledby`): the
 * sections of the checkout's pages.
 */
export function Panel({
  title,
  intro,
  compact = false,
  children,
}: {
  title: ReactNode;
  /** A line under the heading. */
  intro?: ReactNode;
  /** Less padding on a phone, for a wide table. */
  compact?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx('rounded-2xl border border-slate-200 bg-white shadow-sm sm:p-6', compact ? 'p-4' : 'p-5')}
    >
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      {children}
    </section>
  );
}
