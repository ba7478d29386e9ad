import { vi } from 'vitest';

/** One request as the mocked `fetch` saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** A parsed JSON body, the FormData of an upload, or undefined. */
  body: unknown;
}

type Answer = { status?: number; data?: unknown; description?: string; headers?: Record<string, string>; raw?: string };

/** An answer in the API's envelope `{ status, status_description, data }`. */
export function answer(status: number, data: unknown, extra: Omit<Answer, 'status' | 'data'> = {}): Answer {
  return { status, data, ...extra };
}

/**
 * Stubs the global `fetch` (our own modules stay real): each request goes to `route`, which
 * returns the answer for it. Returns the requests seen, in order.
 */
export function mockFetch(route: (req: SeenRequest) => Answer | Promise<Answer>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const body =
      init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const req: SeenRequest = { method: init.method ?? 'GET', path: input, headers, body };
    seen.push(req);
    const a = await route(req);
    const status = a.status ?? 200;
    const text =
      a.raw ??
      JSON.stringify({
        status,
        status_description: a.description ?? (status < 400 ? 'OK' : 'Failed'),
        data: a.data ?? null,
      });
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...a.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}
