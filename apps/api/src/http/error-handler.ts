import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '@tikiti/contract';
import { AppError, isDatabaseUnavailable, serviceUnavailable } from './errors.js';
import { describeStatus, envelope } from './envelope.js';
import { loggableError } from './log-error.js';

/** Fastify's own client errors, in words a person can act on. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large',
  FST_REQ_FILE_TOO_LARGE: 'The request is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send JSON',
  FST_ERR_BAD_URL: 'The address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed',
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
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  return reply.code(status).send(envelope(status, null, CLIENT_ERROR_MESSAGES[err.code] ?? describeStatus(status)));
}

/**
 * One error handler for the whole API: every failure becomes the envelope, with the
 * fields named on validation errors and no internals on 5xx (docs/architecture.md). A
 * database that cannot be reached is a 503 the client may retry, not a bug.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const data = err.fieldErrors ? { errors: err.fieldErrors } : null;
      if (err.status >= 500) logFailure(request, err.status, err, 'request failed');
      return reply.code(err.status).send(envelope(err.status, data, err.message));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors: FieldError[] = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { path: where || err.validationContext || 'body', message: v.message ?? 'Invalid value' };
      });
      const first = errors[0]!;
      const message = `${first.path}: ${first.message}`;
      return reply.code(400).send(envelope(400, { errors }, message));
    }
    if (isResponseSerializationError(err)) {
      logFailure(request, 500, err, 'response did not match its schema');
      return reply.code(500).send(envelope(500, null));
    }
    if (isDatabaseUnavailable(err)) {
      const unavailable = serviceUnavailable();
      logFailure(request, 503, err, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send(envelope(503, null, unavailable.message));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      logFailure(request, 500, err, 'unexpected error');
      return reply.code(500).send(envelope(500, null));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported type…
    const message =
      CLIENT_ERROR_MESSAGES[err.code] ??
      (err instanceof SyntaxError ? CLIENT_ERROR_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : undefined) ??
      (err.message || describeStatus(status));
    return reply.code(status).send(envelope(status, null, message));
  });
}
