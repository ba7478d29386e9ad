import type { z } from 'zod';
import { AUTH_HEADER, type Envelope, type ErrorCode, type FieldError } from '@tikiti/contract';

export const UNREADABLE_ANSWER = 'Tikiti sent an answer we could not read. Please try again.';
const UNREACHABLE = 'We could not reach Tikiti. Check your connection and try again.';
const FAILED = 'Something went wrong, please try again.';

/**
 * An API failure: the envelope's status and message, the error's code (docs/api.md#error-codes),
 * and field errors when fields were refused. The code, never the message's words, decides what
 * the app does; it is null when no answer came or the answer could not be read.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    readonly code: ErrorCode | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Which sign-in page a 401/406 sends the visitor to (docs/product.md#session-end). */
export type Side = 'buyer' | 'organiser' | 'operator';

/**
 * What the client needs from the session. The session store lives in features/accounts, and
 * lib must not import features, so the dependency is inverted: accounts hands the client this
 * accessor at start-up (see `connectSessionToApi` there). Until then every call is anonymous.
 */
export interface SessionAccessor {
  /** The token to send in `Auth`, or null when signed out. */
  token(): string | null;
  /** Keeps a token the server handed back in `auth` on a signed-in call (rotation). */
  keepToken(token: string): void;
  /** Clears the session after a 401/406. */
  end(): void;
  /** A guest's checkout key, sent by the calls that take one (`guest`) when nobody is signed in. */
  checkoutKey(): string | null;
  /** Forgets a checkout key the server no longer knows. */
  forgetCheckoutKey(): void;
}

const noSession: SessionAccessor = {
  token: () => null,
  keepToken: () => {},
  end: () => {},
  checkoutKey: () => null,
  forgetCheckoutKey: () => {},
};
let session: SessionAccessor = noSession;
export function setSessionAccessor(accessor: SessionAccessor | null) {
  session = accessor ?? noSession;
}

/** Called after a 401/406 ended the session: the app sends the visitor to the right sign-in page. */
let onSessionEnd: (side: Side) => void = (side) => {
  window.location.assign(side === 'organiser' ? '/organizer/login' : side === 'operator' ? '/operator' : '/login');
};
export function setSessionEndHandler(handler: (side: Side) => void) {
  onSessionEnd = handler;
}

/**
 * The schemas of the answer, loaded with the first call, not with the app (zod and the schemas
 * stay out of the first JavaScript: docs/architecture.md#the-web-app). Started before the
 * request, so the load overlaps the network.
 */
const answerSchemas = () => import('./answer-schemas');

type Transport = (url: string, init: RequestInit) => Promise<Response>;
/** How a request reaches the API: the browser's fetch, read when each call is made. */
let transport: Transport = (url, init) => fetch(url, init);

/**
 * Sends the calls another way: the server that renders the first screen answers them itself
 * (src/entry-server.tsx, docs/decisions/0021-first-screen.md). Set once, where there is no browser.
 */
export function setTransport(send: Transport) {
  transport = send;
}

export interface RequestOptions<S extends z.ZodType> {
  /**
   * The contract's schema of the answer's `data`: the answer is parsed with it, never cast. Code
   * that runs with the first page passes a loader (`() => import(...)`) so the schema and zod
   * load with the answer instead of before the first paint.
   */
  schema: S | (() => Promise<S>);
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | undefined | null>;
  /** A JSON body (typed by the calling function from the contract), or FormData for uploads. */
  body?: unknown;
  side?: Side;
  /** A call made outside the session (signing in): no `Auth` header, and its 401 never ends a session. */
  anonymous?: boolean;
  /**
   * The sign-out call: it sends the token, but its 401/406 (a token already over, or a guest's
   * checkout key, which only reaches its bookings) sends nobody to a sign-in page; the caller
   * ends the session itself.
   */
  endsSession?: boolean;
  /**
   * A buyer call that a guest's checkout key opens too (booking, a booking's payment, e-tickets;
   * docs/product.md#guest-checkout): with nobody signed in, the key is sent. A 401 for the key
   * forgets it and opens the buyer sign-in; it never ends a session.
   */
  guest?: boolean;
  signal?: AbortSignal;
}

/** A successful answer: its parsed `data`, its `status_description`, and a token handed to a caller not signed in. */
export interface ApiAnswer<T> {
  data: T;
  message: string;
  /**
   * The `auth` header of a call made without a session (a sign-in, a guest's first booking);
   * signed-in calls keep theirs in the session.
   */
  token: string | null;
}

function buildUrl(path: string, query?: RequestOptions<z.ZodType>['query']) {
  const url = new URL(path.startsWith('/') ? path : `/v1/${path}`, 'http://tikiti.invalid');
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  }
  return url.pathname + url.search;
}

async function readEnvelope(res: Response) {
  try {
    const [{ envelopeSchema }, json] = await Promise.all([answerSchemas(), res.json()]);
    const parsed = envelopeSchema.safeParse(json);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The ApiError of a failed answer: its message, and the code and field errors its `data` carries. */
async function failureOf(status: number, payload: Envelope<unknown> | undefined, fallback: string) {
  const message = payload?.status_description ?? fallback;
  try {
    const data = (await answerSchemas()).errorDataSchema.safeParse(payload?.data);
    if (data.success) return new ApiError(status, message, data.data.errors ?? [], data.data.code);
  } catch {
    // The schemas could not load (the connection dropped): the message still says what happened.
  }
  return new ApiError(status, message);
}

/** An answer that does not match the contract (a server bug or a proxy's page): asking again will not help. */
export class UnreadableAnswerError extends ApiError {
  constructor(path: string, issues: unknown) {
    super(502, UNREADABLE_ANSWER);
    this.name = 'UnreadableAnswerError';
    console.error(`Unexpected answer from ${path}`, issues);
  }
}

/** Whether asking again may help: an unreachable server or a server error, not a client error. */
export function isRetryable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  if (err instanceof UnreadableAnswerError) return false;
  return err.status === 0 || err.status >= 500;
}

/**
 * The one HTTP client (CONTRIBUTING.md#one-api-client-in-the-web-app): sends `Auth`, keeps a token handed back in `auth`,
 * ends the session on 401/406, unwraps the envelope and parses `data` with the call's schema.
 * An answer that does not match the contract is an ApiError the user sees, not a silent cast.
 */
export async function apiCall<S extends z.ZodType>(
  path: string,
  opts: RequestOptions<S>,
): Promise<ApiAnswer<z.output<S>>> {
  const signedIn = opts.anonymous ? null : session.token();
  const checkoutKey = !signedIn && opts.guest && !opts.anonymous ? session.checkoutKey() : null;
  const token = signedIn ?? checkoutKey;
  const schemas = Promise.all([answerSchemas(), typeof opts.schema === 'function' ? opts.schema() : opts.schema]);
  // A failed request never reads its schemas; the loads must not reject unobserved.
  schemas.catch(() => {});
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Auth = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await transport(buildUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, UNREACHABLE);
  }
  const handedBack = res.headers.get(AUTH_HEADER);
  if (handedBack && signedIn) session.keepToken(handedBack);
  const payload = await readEnvelope(res);

  if ((res.status === 401 || res.status === 406) && !opts.anonymous) {
    if (signedIn && !opts.endsSession) {
      session.end();
      onSessionEnd(opts.side ?? 'buyer');
    } else if (checkoutKey && res.status === 401) {
      session.forgetCheckoutKey();
      onSessionEnd('buyer');
    }
    throw await failureOf(res.status, payload, 'Please sign in to continue');
  }
  if (!res.ok) throw await failureOf(res.status, payload, FAILED);
  if (!payload) throw new UnreadableAnswerError(path, 'not an envelope');
  const data = (await schemas)[1].safeParse(payload.data);
  if (!data.success) throw new UnreadableAnswerError(path, data.error.issues);
  return { data: data.data, message: payload.status_description, token: signedIn ? null : handedBack };
}

/** The parsed `data` of a successful call. */
export async function api<S extends z.ZodType>(path: string, opts: RequestOptions<S>): Promise<z.output<S>> {
  return (await apiCall(path, opts)).data;
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return FAILED;
}

/**
 * A file the API makes for a signed-in caller (a CSV export, a badges PDF): fetched with the
 * `Auth` header, which a plain link cannot send, and answered as a Blob with the file name the
 * API gave. `onProgress` hears the bytes received so far and the total when the API says it.
 */
export async function apiDownload(
  path: string,
  opts: {
    query?: RequestOptions<z.ZodType>['query'];
    side?: Side;
    onProgress?: (received: number, total: number | null) => void;
  } = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const token = session.token();
  const headers: Record<string, string> = {};
  if (token) headers.Auth = token;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { headers });
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (!res.ok) {
    const payload = await readEnvelope(res);
    if ((res.status === 401 || res.status === 406) && token) {
      session.end();
      onSessionEnd(opts.side ?? 'buyer');
    }
    throw await failureOf(res.status, payload, FAILED);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
  if (!opts.onProgress || !res.body) return { blob: await res.blob(), fileName };
  const length = Number(res.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const type = res.headers.get('content-type') ?? '';
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      opts.onProgress(received, total);
    }
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  return { blob: new Blob(parts, { type }), fileName };
}
