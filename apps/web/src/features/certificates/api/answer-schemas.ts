/**
 * The schema of the public verification page's answer, loaded with the answer rather than with
 * the page, so zod stays out of the JavaScript a phone's camera opens first
 * (docs/decisions/0022-main-thread-on-a-phone.md).
 */
export { verifyCertificateResponseSchema } from '@tikiti/contract';
