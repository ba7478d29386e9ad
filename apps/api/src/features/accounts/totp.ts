import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { LIMITS } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { appSecret } from '../../lib/app-secrets.js';

/**
 * Authenticator codes (RFC 6238) with the `otpauth` library, as every authenticator app reads
 * them: SHA-1, 6 digits, a 30-second step, and one step of clock drift either way
 * (docs/security.md#two-factor-sign-in). The 160-bit secret is kept only encrypted
 * (AES-256-GCM), with TOTP_ENCRYPTION_KEY or, without it, a key kept in the database.
 */
const ISSUER = 'Tikiti';
const PERIOD = 30;
const DRIFT_STEPS = 1;

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });

/** A new secret, its otpauth:// address for the app and that address as a QR image (a data URL). */
export async function newTotpSecret(label: string) {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, label).toString();
  const qr = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
  return { secret, uri, qr };
}

/**
 * The 30-second step a right code belongs to (within one step of drift), or null. The caller
 * keeps the step, so a code is accepted once only.
 */
export function totpStep(secretBase32: string, code: string, now = new Date()): number | null {
  const delta = totpOf(secretBase32, ISSUER).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

async function encryptionKey(ctx: AppContext): Promise<Buffer> {
  if (ctx.config.totpEncryptionKey) return createHash('sha256').update(ctx.config.totpEncryptionKey).digest();
  return appSecret(ctx.db, 'totp-encryption');
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url, AES-256-GCM. */
export async function sealSecret(ctx: AppContext, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await encryptionKey(ctx), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export async function openSecret(ctx: AppContext, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable authenticator secret');
  const decipher = createDecipheriv('aes-256-gcm', await encryptionKey(ctx), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** Recovery codes: 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L), about 49 bits each. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: LIMITS.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (any case, with or without its dash or a space) in its stored form. */
export const normaliseRecoveryCode = (typed: string) => typed.replace(/[\s-]/g, '').toUpperCase();

/** A six-digit code is the app's; anything else the schema let through is a recovery code. */
export const isAppCode = (code: string) => /^\d{6}$/.test(code.trim());
