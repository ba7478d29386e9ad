/**
 * The browse mix of `npm run bench` (docs/decisions/0016-embedded-database-in-a-worker.md): the
 * public calls a buyer's browsing makes, in one sequence every connection cycles through: the
 * home page's cards, a search for each of several words, each category, each date preset,
 * Load More (pages 2 to 4), the categories, and the details of each event on sale.
 */
import { DATE_PRESETS, datePresetRange, PAGE_SIZE } from '@tikiti/contract';

const cards = (q: Record<string, string | number>) =>
  `/v1/event/view?${new URLSearchParams({ fields: 'card', limit: String(PAGE_SIZE.publicStep), ...Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)])) })}`;

async function json<T>(base: string, path: string): Promise<T> {
  const res = await fetch(base + path);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** The mix's paths, read from a running server's demo data (the same on every database: one seed). */
export async function browseMix(base: string): Promise<string[]> {
  const categories = await json<{ id: number }[]>(base, '/v1/category/view');
  const all = await json<{ data: { id: number; title: string }[] }>(base, '/v1/event/view?limit=100&fields=card');
  // A word of each of the first titles: searches that find something, as people's mostly do.
  const words = [
    ...new Set(
      all.data
        .slice(0, 8)
        .map((e) =>
          e.title
            .split(/\W+/)
            .sort((a, b) => b.length - a.length)[0]!
            .toLowerCase(),
        )
        .filter((w) => w.length > 2),
    ),
  ];
  return [
    cards({}),
    ...words.map((filter) => cards({ filter })),
    ...categories.map((c) => cards({ category_id: c.id })),
    ...DATE_PRESETS.map((p) => cards(datePresetRange(p))),
    ...[2, 3, 4].map((page) => cards({ page })),
    '/v1/category/view',
    ...all.data.slice(0, 20).map((e) => `/v1/event/details/${e.id}`),
  ];
}
