import { vi } from 'vitest';
import type { ErrorCode } from '@tikiti/contract';

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

/** The generic code the API gives each error status (docs/api.md#error-codes). */
const GENERIC_CODES: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'auth.required',
  403: 'forbidden',
  404: 'not_found',
  406: 'auth.wrong_account_type',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_type',
  429: 'rate_limited',
  500: 'internal',
  503: 'unavailable',
};

/**
 * An error answer's `data` as the API sends it: with the code given, else its status's generic
 * one (a 400 naming fields is a validation failure).
 */
function errorData(status: number, data: unknown) {
  const given = (data ?? {}) as { code?: ErrorCode; errors?: unknown };
  const generic = status === 400 && given.errors ? 'validation.invalid_field' : GENERIC_CODES[status];
  return { code: given.code ?? generic ?? 'bad_request', ...given };
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
        data: status >= 400 ? errorData(status, a.data) : (a.data ?? null),
      });
    return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...a.headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}
