import { z } from 'zod';

/** Every response body is `{ status, status_description, data }` (docs/product.md#envelope). */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.number().int(), status_description: z.string(), data });

export type Envelope<T> = { status: number; status_description: string; data: T };

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** `data` of an error envelope: field errors for validation failures, otherwise null. */
export const errorDataSchema = z.object({ errors: z.array(fieldErrorSchema) }).nullable();
export const errorEnvelopeSchema = envelope(errorDataSchema);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
