/** The keys of both kinds of code (tickets and certificates), imported once and cached. */
import { decodeBase64url } from './base64url.js';
import { cachedKey, ED25519, seedToPkcs8, subtle } from './webcrypto.js';

export function keyBytes(text: unknown, what: 'privateKey' | 'publicKey'): Uint8Array {
  const bytes = typeof text === 'string' && text.length === 43 ? decodeBase64url(text) : null;
  if (!bytes || bytes.length !== 32) throw new TypeError(`${what} must be 32 bytes as unpadded base64url`);
  return bytes;
}

export function signingKey(privateKey: string) {
  const seed = keyBytes(privateKey, 'privateKey');
  return cachedKey(`sign:${privateKey}`, () =>
    subtle().importKey('pkcs8', seedToPkcs8(seed), ED25519, false, ['sign']),
  );
}

export function verifyingKey(publicKey: string) {
  const raw = keyBytes(publicKey, 'publicKey');
  return cachedKey(`verify:${publicKey}`, () => subtle().importKey('raw', raw, ED25519, false, ['verify']));
}

/** ASCII text as bytes (the signed part of a code is ASCII by construction). */
export function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
