/**
 * Phone numbers are kept in one form, `+` and digits, so "0712 345 678", "254712345678"
 * and "+254 712-345-678" are the same person. A leading 0 (or a bare 9-digit number) is
 * read as a Kenyan number (docs/product.md#what-tikiti-does-and-for-whom).
 */
export function normaliseMsisdn(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (/^0\d{9}$/.test(digits)) digits = `254${digits.slice(1)}`;
  else if (/^[17]\d{8}$/.test(digits)) digits = `254${digits}`;
  return `+${digits}`;
}

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
