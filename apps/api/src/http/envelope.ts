import { Readable } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { Envelope, ErrorCode, ErrorData, FieldError } from '@tikiti/contract';

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  406: 'Not acceptable',
  408: 'The request took too long to arrive',
  409: 'Conflict',
  413: 'Payload too large',
  414: 'The address is too long',
  415: 'Unsupported media type',
  429: 'Too many requests',
  431: 'The request headers are too large',
  500: 'Something went wrong on our side, please try again',
  503: 'Tikiti is briefly unavailable, please try again in a moment',
};

export function describeStatus(status: number): string {
  return DESCRIPTIONS[status] ?? (status >= 500 ? DESCRIPTIONS[500]! : 'Error');
}

/**
 * A whole HTTP response with the envelope, for the few answers written straight to a
 * socket before Fastify has a request (a header block too large, a request too slow).
 */
export function rawEnvelopeResponse(status: number, code: ErrorCode): string {
  const body = JSON.stringify(errorEnvelope(status, code));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

export function envelope<T>(status: number, data: T, description = describeStatus(status)): Envelope<T> {
  return { status, status_description: description, data };
}

/** An error's envelope: its code, and its field errors when it has any, in `data` (docs/api.md#error-codes). */
export function errorEnvelope(
  status: number,
  code: ErrorCode,
  description = describeStatus(status),
  errors?: FieldError[],
): Envelope<ErrorData> {
  return envelope(status, errors ? { code, errors } : { code }, description);
}

/** The 404 of an address no route answers. */
export const noRoute = (method: string, url: string) =>
  errorEnvelope(404, 'not_found', `No route for ${method} ${url}`);

/** Sends `{status, status_description, data}` with the HTTP status equal to `status`. */
export function send<T>(reply: FastifyReply, data: T, opts: { status?: number; description?: string } = {}) {
  const status = opts.status ?? 200;
  return reply.code(status).send(envelope(status, data, opts.description));
}

/** A CSV file for a signed-in caller (an export): downloaded, never cached by a browser or a proxy. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string | AsyncIterable<string> }) {
  return reply
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .type('text/csv; charset=utf-8')
    .send(typeof file.csv === 'string' ? file.csv : Readable.from(file.csv));
}
