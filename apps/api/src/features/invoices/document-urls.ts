import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/client.js';
import { appSecret } from '../../lib/app-secrets.js';

/**
 * Signed addresses of a booking's documents (docs/api.md#tax-documents), like the e-tickets'
 * PDF links: download links and mail clients cannot send the Auth header, so the calls that know
 * the buyer hand out `?sig=<expiry>.<HMAC>`; without a live signature the file is a 404.
 */
const SECRET_NAME = 'document-url-signing';
const HOUR_MS = 3_600_000;
export const DOCUMENT_URL_HOURS = { page: 24, mail: 30 * 24 } as const;

export type SignedDocument = `invoice:${string}` | `proforma:${string}`;

const pathOf = (file: SignedDocument) => {
  const [kind, reference] = file.split(':') as ['invoice' | 'proforma', string];
  return `/v1/booking/${reference}/${kind}.pdf`;
};

const mac = (secret: Buffer, file: SignedDocument, expires: number) =>
  createHmac('sha256', secret).update(`${file}:${expires}`).digest('base64url').slice(0, 32);

export async function documentUrlSigner(db: Db, lifetime: keyof typeof DOCUMENT_URL_HOURS, now = Date.now()) {
  const secret = await appSecret(db, SECRET_NAME);
  const expires = (Math.floor(now / HOUR_MS) + 1 + DOCUMENT_URL_HOURS[lifetime]) * HOUR_MS;
  return (file: SignedDocument) => `${pathOf(file)}?sig=${expires}.${mac(secret, file, expires)}`;
}

export async function documentSignatureValid(db: Db, file: SignedDocument, sig: string | undefined, now = Date.now()) {
  const match = /^(\d{13})\.([\w-]{32})$/.exec(sig ?? '');
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires <= now) return false;
  const expected = Buffer.from(mac(await appSecret(db, SECRET_NAME), file, expires));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
