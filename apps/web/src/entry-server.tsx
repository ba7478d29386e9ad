import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { dehydrate, QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/router';
import { setTransport } from './lib/api-client';

/**
 * The first screen of a public page drawn on the server (docs/decisions/0021-first-screen.md):
 * the API imports this module from the web build's `dist-server` and puts what it returns into
 * the page's HTML, so a phone paints the page, its text and its pictures before any script has
 * run; the app then hydrates that HTML instead of drawing it again.
 *
 * The page's own code decides what it needs: it is rendered, the calls its queries would have
 * made are made (through `answer`, which the API passes in: its own routes, never the network),
 * and it is rendered again with their answers, up to three rounds for calls that depend on
 * earlier answers. The answers go to the browser as TanStack Query's dehydrated state.
 */

export interface FirstScreen {
  /** The markup of the app's root element. */
  html: string;
  /** JSON of the query cache for `hydrate`, safe to put inside a script element. */
  state: string;
}

/** Answers a call of the web app's API client (`GET /v1/...`) without the network. */
export type Answer = (url: string, init: RequestInit) => Promise<Response>;

const ROUNDS = 3;

export function answerCallsWith(answer: Answer) {
  setTransport(answer);
}

async function renderOnce(tree: ReactNode): Promise<string> {
  // Every boundary inline: React otherwise moves a large one out of place, to be swapped in by an
  // inline script, which the Content-Security-Policy refuses (docs/security.md).
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/** A query the page mounted that has not fetched yet, and would fetch in the browser. */
function waiting(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}

/** Renders `url` (path and query) as the browser's first screen would show it, with its answers. */
export async function renderFirstScreen(url: string): Promise<FirstScreen> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </QueryClientProvider>
    </StrictMode>
  );
  let html = await renderOnce(tree);
  for (let round = 0; round < ROUNDS; round++) {
    const queries = queryClient.getQueryCache().getAll().filter(waiting);
    if (!queries.length) break;
    await Promise.all(queries.map((q) => q.fetch().catch(() => undefined)));
    html = await renderOnce(tree);
  }
  // A call that failed would leave an error on the server's screen and a loading one in the
  // browser's; the API then sends the page without a first screen, and the browser asks itself.
  if (
    queryClient
      .getQueryCache()
      .getAll()
      .some((q) => q.state.status === 'error')
  ) {
    queryClient.clear();
    throw new Error(`a call of ${url} failed on the server`);
  }
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' });
  queryClient.clear();
  return { html, state: JSON.stringify(state).replace(/</g, '\\u003c') };
}
