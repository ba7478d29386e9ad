import { Link } from 'react-router';

/** Shown when a page fails to load or render: what happened and a way back. */
export function RouteError() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 text-slate-600">
        This page could not be shown. Reload the page, or go back home and try again.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
        >
          Reload
        </button>
        <Link to="/" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
          Go home
        </Link>
      </div>
    </div>
  );
}
