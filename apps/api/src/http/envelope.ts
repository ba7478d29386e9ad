import type { FastifyReply } from 'fastify';
import type { Envelope } from '@tikiti/contract';

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Something went wrong on our side, please try again',
};

export function describeStatus(status: number): string {
  return DESCRIPTIONS[status] ?? (status >= 500 ? DESCRIPTIONS[500]! : 'Error');
}

export function envelope<T>(status: number, data: T, description = describeStatus(status)): Envelope<T> {
  return { status, status_description: description, data };
}

/** Sends `{status, status_description, data}` with the HTTP status equal to `status`. */
export function send<T>(reply: FastifyReply, data: T, opts: { status?: number; description?: string } = {}) {
  const status = opts.status ?? 200;
  return reply.code(status).send(envelope(status, data, opts.description));
}
