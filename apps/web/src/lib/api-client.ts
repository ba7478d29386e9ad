import { AUTH_HEADER, type Envelope, type FieldError } from '@tikiti/contract';
import { useSession } from '../app/store';

/** An API failure: the envelope's status and message, and field errors when validation failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown;
  /** Which sign-in page a 401/406 sends the visitor to (spec §4 "Session end"). */
  side?: 'buyer' | 'organiser';
  /** A call made outside the session (signing in): no `Auth` header, and its 401 never ends a session. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Called on 401/406: clears the session and sends the visitor to the right sign-in page. */
let onSessionEnd: (side: 'buyer' | 'organiser') => void = (side) => {
  window.location.assign(side === 'organiser' ? '/organizer/login' : '/login');
};
export function setSessionEndHandler(handler: typeof onSessionEnd) {
  onSessionEnd = handler;
}

function buildUrl(path: string, query?: RequestOptions['query']) {
  const url = new URL(path.startsWith('/') ? path : `/v1/${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

/**
 * The one HTTP client (STYLE.md habit 10): unwraps the envelope, sends `Auth`, keeps a
 * token handed back in `auth`, and ends the session on 401/406.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const { token, setToken, signOut } = useSession.getState();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token && !opts.anonymous) headers.Auth = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method: opts.method ?? 'GET', headers, body, signal: opts.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, 'We could not reach Tikiti. Check your connection and try again.');
  }
  const rotated = res.headers.get(AUTH_HEADER);
  if (rotated) setToken(rotated);
  let payload: Envelope<T> | undefined;
  try {
    payload = (await res.json()) as Envelope<T>;
  } catch {
    payload = undefined;
  }
  if ((res.status === 401 || res.status === 406) && !opts.anonymous) {
    if (token) {
      signOut();
      onSessionEnd(opts.side ?? 'buyer');
    }
    throw new ApiError(res.status, payload?.status_description ?? 'Please sign in to continue');
  }
  if (!res.ok || !payload) {
    const fieldErrors = (payload?.data as { errors?: FieldError[] } | null)?.errors ?? [];
    throw new ApiError(
      res.status,
      payload?.status_description ?? 'Something went wrong, please try again.',
      fieldErrors,
    );
  }
  return payload;
}

/** The `data` of a successful call. */
export async function api<T>(path: string, opts?: RequestOptions): Promise<T> {
  return (await apiRequest<T>(path, opts)).data;
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return 'Something went wrong, please try again.';
}
