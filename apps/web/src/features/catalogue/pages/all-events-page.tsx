import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import clsx from 'clsx';
import { Search, X } from 'lucide-react';
import { routes } from '../../../lib/routes';
import { Button, ButtonLink } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/states';
import { useTitle } from '../../../lib/use-title';
import { useCategories } from '../api/use-categories';
import { useEventPages } from '../api/use-events';
import { EventResults } from '../components/event-results';

const SEARCH_DELAY_MS = 300;

/**
 * The search box: typing updates the field at once and the `q` filter after a short pause.
 * Before the app takes over, Enter submits the form itself (GET /all-events?q=…, with the
 * category picked) and the server answers with the results.
 */
function SearchBox({
  value,
  category,
  onSearch,
}: {
  value: string;
  category: number | undefined;
  onSearch: (q: string) => void;
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (lastValue !== value) {
    // The filter changed from outside (clear filters, back button): show it.
    setLastValue(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <form
      role="search"
      className="relative w-full md:max-w-md"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="event-search" className="sr-only">
        Search events
      </label>
      <Search
        className="pointer-events-none absolute left-3.5 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      {category !== undefined && <input type="hidden" name="category" value={category} />}
      <input
        id="event-search"
        name="q"
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Search by title, topic or venue"
        maxLength={100}
        autoComplete="off"
        className="h-12 w-full rounded-xl border border-slate-300 bg-white pl-11 pr-11 text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/20 [&::-webkit-search-cancel-button]:hidden"
      />
      {text && (
        <button
          type="button"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          className="absolute right-2 top-1/2 -translate-y-1/2 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-ink"
          aria-label="Clear search"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </form>
  );
}

/**
 * docs/product.md#buyer-side 'All events' category buttons, the selected one highlighted. They
 * are a form's buttons: before the app takes over, a tap submits it (GET /all-events?category=…,
 * keeping the search) and the server answers with the category's events.
 */
function CategoryButtons({
  selected,
  q,
  onSelect,
}: {
  selected: number | undefined;
  q: string;
  onSelect: (id: number | undefined) => void;
}) {
  const categories = useCategories();
  const pill = (active: boolean) =>
    clsx(
      'shrink-0 rounded-full border px-4 py-2 text-sm font-medium transition-colors',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-700',
    );
  const select = (id: number | undefined) => (e: MouseEvent) => {
    e.preventDefault();
    onSelect(id);
  };
  return (
    <form
      method="get"
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pt-1 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:p-0"
      role="group"
      aria-label="Categories"
    >
      {q && <input type="hidden" name="q" value={q} />}
      <button
        type="submit"
        name="category"
        value=""
        className={pill(selected === undefined)}
        aria-pressed={selected === undefined}
        onClick={select(undefined)}
      >
        All events
      </button>
      {categories.isPending && [0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-10 w-28 rounded-full" />)}
      {categories.data?.map((c) => (
        <button
          key={c.id}
          type="submit"
          name="category"
          value={c.id}
          className={pill(selected === c.id)}
          aria-pressed={selected === c.id}
          onClick={select(c.id)}
        >
          {c.name}
        </button>
      ))}
    </form>
  );
}

export default function AllEventsPage() {
  useTitle('Upcoming Events');
  const [params, setParams] = useSearchParams();
  const categoryParam = Number(params.get('category'));
  const categoryId = Number.isInteger(categoryParam) && categoryParam > 0 ? categoryParam : undefined;
  const q = params.get('q') ?? '';

  const events = useEventPages({ category_id: categoryId, filter: q || undefined });

  const update = useCallback(
    (next: { category?: number | undefined; q?: string }) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if ('category' in next) {
            if (next.category) out.set('category', String(next.category));
            else out.delete('category');
          }
          if ('q' in next) {
            if (next.q) out.set('q', next.q);
            else out.delete('q');
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onSearch = useCallback((text: string) => update({ q: text }), [update]);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-10 sm:px-6 md:pb-20 md:pt-14">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Upcoming Events</h1>
          <p className="mt-2 text-slate-600">Find your next conference, summit, training or networking evening.</p>
        </div>
        <SearchBox value={q} category={categoryId} onSearch={onSearch} />
      </div>

      <div className="mt-8">
        <CategoryButtons selected={categoryId} q={q} onSelect={(id) => update({ category: id })} />
      </div>

      <div className="mt-8">
        <EventResults
          query={events}
          headingLevel={2}
          label="Upcoming events"
          empty={
            q || categoryId ? (
              <EmptyState
                title={q ? `No events match “${q}”` : 'No events in this category yet'}
                action={
                  <Button variant="secondary" onClick={() => update({ category: undefined, q: '' })}>
                    Clear filters
                  </Button>
                }
              >
                Check the spelling, try a broader word, or look through every upcoming event.
              </EmptyState>
            ) : (
              <EmptyState
                title="No upcoming events yet"
                action={<ButtonLink to={routes.register}>Host an event</ButtonLink>}
              >
                New events are published all the time; come back soon.
              </EmptyState>
            )
          }
        />
      </div>
    </div>
  );
}
