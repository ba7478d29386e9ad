/** The schema `useTotpStatus` (totp-status.ts) loads with its answer, away from the first JavaScript. */
export { totpStatusSchema } from '@tikiti/contract';
