import type { ErrorCode, ErrorCodeOf, FieldError } from '@tikiti/contract';

/**
 * Errors are values with a code (CONTRIBUTING.md#errors-are-apperror-values); the error handler
 * maps them to the envelope, the code in `data.code` (docs/api.md#error-codes). Each helper gives
 * its kind's generic code; a throw site the web must tell apart passes a specific one, of the
 * helper's status (the types hold it to that).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 400; one that names fields is a validation failure. */
export const badRequest = (
  message: string,
  fieldErrors?: FieldError[],
  code: ErrorCodeOf<400> = fieldErrors ? 'validation.invalid_field' : 'bad_request',
) => new AppError(400, code, message, fieldErrors);
/** A 400 on one field: the message names it and the form can show it beside the input. */
export const invalidField = (path: string, message: string, code: ErrorCodeOf<400> = 'validation.invalid_field') =>
  new AppError(400, code, `${path}: ${message}`, [{ path, message }]);
export const unauthorized = (message = 'Please sign in to continue', code: ErrorCodeOf<401> = 'auth.required') =>
  new AppError(401, code, message);
export const wrongAccountType = (message = 'This account cannot do that') =>
  new AppError(406, 'auth.wrong_account_type', message);
/** 403: signed in, but the account's role does not allow the call (a door-only teammate outside the door pages). */
export const forbidden = (message = 'Your account cannot do that', code: ErrorCodeOf<403> = 'forbidden') =>
  new AppError(403, code, message);
export const notFound = (what = 'Resource', code: ErrorCodeOf<404> = 'not_found') =>
  new AppError(404, code, `${what} not found`);
export const conflict = (message: string, fieldErrors?: FieldError[], code: ErrorCodeOf<409> = 'conflict') =>
  new AppError(409, code, message, fieldErrors);
export const tooLarge = (message: string, fieldErrors?: FieldError[], code: ErrorCodeOf<413> = 'too_large') =>
  new AppError(413, code, message, fieldErrors);
export const unsupportedType = (message: string, code: ErrorCodeOf<415> = 'unsupported_type') =>
  new AppError(415, code, message);
export const tooManyRequests = (
  message = 'Too many attempts, please wait a few minutes and try again',
  code: ErrorCodeOf<429> = 'rate_limited',
) => new AppError(429, code, message);
export const serviceUnavailable = (
  message = 'Tikiti is briefly unavailable, please try again in a moment',
  code: ErrorCodeOf<503> = 'unavailable',
) => new AppError(503, code, message);

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
