import type { Side } from '../../../lib/api-client';

/** The query keys of the account's security answers (two-factor status, sessions). */
export const securityKeys = {
  totp: ['organiser', 'security', 'totp'] as const,
  sessions: ['organiser', 'security', 'sessions'] as const,
};

/** The two-factor calls serve organisers and operators: `side` is whose sign-in page a 401 opens. */
export type StaffSide = Extract<Side, 'organiser' | 'operator'>;
