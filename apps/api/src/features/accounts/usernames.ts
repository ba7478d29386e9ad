import { normaliseMsisdn } from '@tikiti/contract';

/** Phone numbers are kept in one form, `+` and digits (the contract's `normaliseMsisdn`). */
export { normaliseMsisdn };

export const normaliseEmail = (raw: string) => raw.trim().toLowerCase();

/** A sign-in username is an email address or a phone number (docs/product.md#validation-rules). */
export type Username = { kind: 'email'; email: string } | { kind: 'msisdn'; msisdn: string };

export function parseUsername(raw: string): Username {
  const value = raw.trim();
  if (value.includes('@')) return { kind: 'email', email: normaliseEmail(value) };
  return { kind: 'msisdn', msisdn: normaliseMsisdn(value) };
}

/** One spelling per username, for rate-limit keys. */
export const usernameKey = (u: Username) => (u.kind === 'email' ? `e:${u.email}` : `p:${u.msisdn}`);
