import type { FieldError } from '@tikiti/contract';

/** Errors are values with a code (CONTRIBUTING.md#errors-are-apperror-values); the error handler maps them to the envelope. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new AppError(400, 'bad_request', message, fieldErrors);
/** A 400 on one field: the message names it and the form can show it beside the input. */
export const invalidField = (path: string, message: string) =>
  new AppError(400, 'bad_request', `${path}: ${message}`, [{ path, message }]);
export const unauthorized = (message = 'Please sign in to continue') => new AppError(401, 'unauthorized', message);
export const wrongAccountType = (message = 'This account cannot do that') =>
  new AppError(406, 'wrong_account_type', message);
/** 403: signed in, but the account's role does not allow the call (a door-only teammate outside the door pages). */
export const forbidden = (message = 'Your account cannot do that') => new AppError(403, 'forbidden', message);
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, fieldErrors?: FieldError[]) =>
  new AppError(409, 'conflict', message, fieldErrors);
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
export const unsupportedType = (message: string) => new AppError(415, 'unsupported_type', message);
export const tooManyRequests = (message = 'Too many attempts, please wait a few minutes and try again') =>
  new AppError(429, 'rate_limited', message);
export const serviceUnavailable = (message = 'Tikiti is briefly unavailable, please try again in a moment') =>
  new AppError(503, 'unavailable', message);

/** The causes of an error, outermost first (Drizzle wraps the driver's error in `cause`). */
export function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e && chain.length < 8; e = (e as { cause?: unknown }).cause) chain.push(e);
  return chain;
}

/** Node's socket errors, and pg's own words when a connection is gone or never came. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection refused/i;

/**
 * True when an error means the database could not be reached or went away mid-query
 * (a restart, a network cut, a timeout): the request gets 503 and may be retried, rather
 * than a 500 that says we have a bug. PostgreSQL classes 08 (connection) and 57P
 * (shutdown, cannot connect now) and 57014 (statement timeout) count.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causeChain(err).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^(08|57P)/.test(code) || code === '57014')) {
      return true;
    }
    return typeof message === 'string' && CONNECTION_MESSAGES.test(message);
  });
}
