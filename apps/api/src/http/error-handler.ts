import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldError } from '@tikiti/contract';
import { AppError, isDatabaseUnavailable, serviceUnavailable } from './errors.js';
import { errorEnvelope } from './envelope.js';
import { loggableError } from './log-error.js';

/** Fastify's own client errors, in words a person can act on, with their codes. */
const CLIENT_ERRORS: Record<string, { message: string; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { message: 'The request body is not valid JSON', code: 'request.malformed' },
  FST_ERR_CTP_BODY_TOO_LARGE: { message: 'The request is too large', code: 'too_large' },
  FST_REQ_FILE_TOO_LARGE: { message: 'The request is too large', code: 'too_large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { message: 'Unsupported content type', code: 'unsupported_type' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { message: 'The request body is empty; send JSON', code: 'request.malformed' },
  FST_ERR_BAD_URL: { message: 'The address is not a valid URL', code: 'request.malformed' },
  FST_ERR_MAX_PARAM_LENGTH: { message: 'The address is too long', code: 'request.uri_too_long' },
  FST_ERR_ASYNC_CONSTRAINT: { message: 'The request could not be routed', code: 'request.malformed' },
};

/** The code of another client error Fastify raises, by its status; `bad_request` when none fits (docs/api.md#error-codes). */
const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'request.malformed',
  404: 'not_found',
  408: 'request.timeout',
  413: 'too_large',
  414: 'request.uri_too_long',
  415: 'unsupported_type',
  429: 'rate_limited',
  431: 'request.headers_too_large',
};

/**
 * Logs a failure with what an operator needs and nothing a user typed (docs/security.md):
 * the request id, method, route (its pattern, not the URL with its values), the status and
 * the error's cause chain with values scrubbed.
 */
export function logFailure(request: FastifyRequest, status: number, err: unknown, msg: string) {
  const route = request.routeOptions.url ?? '(no route)';
  // The request's logger already carries its id (reqId).
  const fields = { method: request.method, route, status, error: loggableError(err) };
  if (status >= 500 && status !== 503) request.log.error(fields, msg);
  else request.log.warn(fields, msg);
}

/** The envelope for an error that Fastify raises before any route runs (bad URL, long param). */
export function sendFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = CLIENT_ERRORS[err.code];
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.code(status).send(errorEnvelope(status, known?.code ?? 'request.malformed', known?.message));
}

/**
 * One error handler for the whole API: every failure becomes the envelope, with the
 * fields named on validation errors and no internals on 5xx (docs/architecture.md). A
 * database that cannot be reached is a 503 the client may retry, not a bug.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) logFailure(request, err.status, err, 'request failed');
      return reply.code(err.status).send(errorEnvelope(err.status, err.code, err.message, err.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { path: where || err.validationContext || 'body', message: v.message ?? 'Invalid value' };
      });
      const first = errors[0]!;
      const message = `${first.path}: ${first.message}`;
      return reply.code(400).send(errorEnvelope(400, 'validation.invalid_field', message, errors));
    }
    if (isResponseSerializationError(err)) {
      logFailure(request, 500, err, 'response did not match its schema');
      return reply.code(500).send(errorEnvelope(500, 'internal'));
    }
    if (isDatabaseUnavailable(err)) {
      const unavailable = serviceUnavailable();
      logFailure(request, 503, err, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(errorEnvelope(503, unavailable.code, unavailable.message));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      logFailure(request, 500, err, 'unexpected error');
      return reply.code(500).send(errorEnvelope(500, 'internal'));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported type…
    const known =
      CLIENT_ERRORS[err.code] ?? (err instanceof SyntaxError ? CLIENT_ERRORS.FST_ERR_CTP_INVALID_JSON_BODY : undefined);
    return reply
      .code(status)
      .send(
        errorEnvelope(
          status,
          known?.code ?? CODE_OF_STATUS[status] ?? 'bad_request',
          known?.message ?? (err.message || undefined),
        ),
      );
  });
}
