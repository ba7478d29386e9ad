import { z } from 'zod';
import { ERROR_CODES } from './error-codes.js';

/** Every response body is `{ status, status_description, data }` (docs/product.md#envelope). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), status_description: z.string(), data });

export type Envelope<T> = { status: number; status_description: string; data: T };

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * `data` of an error envelope: the error's code (docs/api.md#error-codes), and the field errors
 * when fields were refused.
 */
export const errorDataSchema = z.object({ code: errorCodeSchema, errors: z.array(fieldErrorSchema).optional() });
export type ErrorData = z.infer<typeof errorDataSchema>;
export const errorEnvelopeSchema = envelope(errorDataSchema);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
