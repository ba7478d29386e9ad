import { z } from 'zod';

/**
 * The schemas the API client reads every answer with, loaded on the first call rather than with
 * the app: zod is about a fifth of the home page's first JavaScript, and the page can paint
 * before any answer arrives (docs/architecture.md#the-web-app).
 */
export { errorDataSchema } from '@tikiti/contract';

export const envelopeSchema = z.object({ status: z.number(), status_description: z.string(), data: z.unknown() });
