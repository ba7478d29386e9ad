import { createHmac } from 'node:crypto';

/**
 * `Tikiti-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">` (docs/api.md#webhooks),
 * the scheme Stripe uses, so receivers' existing verifiers work.
 */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}
