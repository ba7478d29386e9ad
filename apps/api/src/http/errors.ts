import type { FieldError } from '@tikiti/contract';

/** Errors are values with a code (STYLE.md habit 4); the error handler maps them to the envelope. */
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
export const notFound = (what = 'Resource') => new AppError(404, 'not_found', `${what} not found`);
export const conflict = (message: string, fieldErrors?: FieldError[]) =>
  new AppError(409, 'conflict', message, fieldErrors);
export const tooLarge = (message: string) => new AppError(413, 'too_large', message);
export const unsupportedType = (message: string) => new AppError(415, 'unsupported_type', message);
export const tooManyRequests = (message = 'Too many attempts, please wait a few minutes and try again') =>
  new AppError(429, 'rate_limited', message);
