import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { eventFieldsSchema, LIMITS, type EventFields, type FieldError } from '@tikiti/contract';
import { AppError, badRequest, invalidField, tooLarge, unsupportedType } from '../../http/errors.js';

/** The field of the multipart body that carries the event image (docs/api.md). */
const FILE_FIELD = 'file';

export const MALFORMED = 'The form data is malformed: send the event as multipart/form-data';

export interface EventForm {
  fields: EventFields;
  /** The uploaded image bytes; undefined when no file was chosen. */
  image?: Buffer;
}

/**
 * Reads the multipart body of POST v1/event/register and PUT v1/event/update/{id}: collects
 * the text fields, validates them with the contract, and buffers the image (at most 10 MB,
 * enforced by @fastify/multipart while streaming). A file part with no name and no bytes is
 * what a browser sends for an empty file input: it counts as "no file".
 */
export async function readEventForm(request: FastifyRequest, opts: { imageRequired: boolean }): Promise<EventForm> {
  if (!request.isMultipart()) throw unsupportedType('Send the event as multipart/form-data');

  const raw: Record<string, string> = {};
  let image: Buffer | undefined;
  let emptyFileNamed = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== FILE_FIELD)
          throw invalidField(part.fieldname, `Send the image in the field "${FILE_FIELD}"`);
        if (bytes.length > 0) image = bytes;
        else if (part.filename) emptyFileNamed = true;
      } else if (part.valueTruncated) {
        throw invalidField(part.fieldname, 'Too long');
      } else if (typeof part.value === 'string' && !(part.fieldname in raw)) {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const message = `The image is larger than ${LIMITS.imageMaxBytes / (1024 * 1024)} MB`;
      throw tooLarge(`${FILE_FIELD}: ${message}`, [{ path: FILE_FIELD, message }], 'image.too_large');
    }
    if (code === 'FST_FILES_LIMIT') throw invalidField(FILE_FIELD, 'Send one image only');
    if (err instanceof AppError) throw err;
    // Anything else the parser raises means the body itself is broken: a wrong or missing
    // boundary, a part cut short, a header it cannot read. The client's fault, never a 500.
    throw badRequest(MALFORMED);
  }

  const parsed = eventFieldsSchema.safeParse(raw);
  const errors: FieldError[] = parsed.success ? [] : fieldErrorsOf(parsed.error);
  if (emptyFileNamed) errors.push({ path: FILE_FIELD, message: 'The file is empty' });
  else if (!image && opts.imageRequired) errors.push({ path: FILE_FIELD, message: 'Image is required' });
  if (!parsed.success || errors.length) {
    const first = errors[0]!;
    throw badRequest(`${first.path}: ${first.message}`, errors);
  }
  return { fields: parsed.data, image };
}

function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.') || 'body', message: issue.message }));
}
