import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldError } from '@tikiti/contract';
import { AppError } from './errors.js';
import { describeStatus, envelope } from './envelope.js';

/**
 * One error handler for the whole API: every failure becomes the envelope, with the
 * fields named on validation errors and no internals on 5xx (STYLE.md habit 4).
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const data = err.fieldErrors ? { errors: err.fieldErrors } : null;
      if (err.status >= 500) request.log.error({ err }, 'request failed');
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
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.code(500).send(envelope(500, null));
    }
    const status = typeof err.statusCode === 'number' && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unexpected error');
      return reply.code(500).send(envelope(500, null));
    }
    // Fastify's own client errors: malformed JSON, body too large, unsupported type…
    const message =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'The request body is not valid JSON'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? 'The request is too large'
          : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type'
            : err.message || describeStatus(status);
    return reply.code(status).send(envelope(status, null, message));
  });
}
