/**
 * Signed e-ticket codes, verifiable offline (docs/ticket-codes.md, decision 0005).
 *
 * The server signs each code with its Ed25519 private key; a door device checks it with the public
 * key alone, with no network. The package runs unchanged in Node and in a browser: it uses only
 * WebCrypto (`globalThis.crypto.subtle`) and has no dependencies.
 *
 * A version 1 code is `TK1.<payload>.<signature>`: the payload bytes (src/payload.ts) and the
 * 64-byte Ed25519 signature of the ASCII text `TK1.<payload>`, both unpadded base64url.
 */
import { decodeBase64url, encodeBase64url } from './base64url.js';
import {
  decodePayload,
  encodePayload,
  MAX_PAYLOAD_BYTES,
  MIN_PAYLOAD_BYTES,
  type TicketCodePayload,
} from './payload.js';
import { ascii, keyBytes, signingKey, verifyingKey } from './keys.js';
import { ED25519, pkcs8ToSeed, seedToPkcs8, subtle } from './webcrypto.js';

export type { TicketCodePayload } from './payload.js';
export {
  CERTIFICATE_CODE_PREFIX,
  parseCertificateCode,
  signCertificateCode,
  verifyCertificateCode,
  type CertificateCodeFailure,
  type CertificateCodePayload,
  type VerifyCertificateCodeResult,
} from './certificate-code.js';
export { readTypedReference, ticketReference, type TypedReference } from './typed-reference.js';

/** The format version that `signTicketCode` writes and the only one `verifyTicketCode` accepts. */
export const TICKET_CODE_VERSION = 1;

/** The text every version 1 code starts with, before its first `.`. */
export const TICKET_CODE_PREFIX = `TK${TICKET_CODE_VERSION}`;

/** The longest version 1 code, in characters (every field at its maximum); a typical one is about 113. */
export const MAX_TICKET_CODE_LENGTH =
  TICKET_CODE_PREFIX.length + 1 + Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3) + 1 + Math.ceil((64 * 4) / 3);

/** Longer input is refused as `malformed` before any decoding, so hostile input costs nothing. */
export const MAX_INPUT_LENGTH = 512;

/** Why a code was refused. */
export type TicketCodeFailure = 'malformed' | 'unknown-version' | 'bad-signature';

/** The answer of `verifyTicketCode`. */
export type VerifyTicketCodeResult =
  { ok: true; payload: TicketCodePayload } | { ok: false; reason: TicketCodeFailure };

/** The answer of `parseTicketCode`: never `bad-signature`, as it checks no signature. */
export type ParseTicketCodeResult =
  { ok: true; payload: TicketCodePayload } | { ok: false; reason: Exclude<TicketCodeFailure, 'bad-signature'> };

/** An Ed25519 key pair as text, both unpadded base64url. */
export interface SigningKeys {
  /** The 32-byte private seed (RFC 8032), the server's secret: 43 characters. */
  privateKey: string;
  /** The 32-byte raw public key, safe to publish: 43 characters. */
  publicKey: string;
}

const SIGNATURE_BYTES = 64;
const SIGNATURE_CHARS = Math.ceil((SIGNATURE_BYTES * 4) / 3);
const MAX_PAYLOAD_CHARS = Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3);
const MIN_PAYLOAD_CHARS = Math.ceil((MIN_PAYLOAD_BYTES * 4) / 3);
/** `TK` and a version number with no leading zero: a version this package does not know yet. */
const ANY_VERSION = /^TK[1-9][0-9]{0,5}$/;

type Split =
  | { ok: true; signed: string; payload: Uint8Array; signature: Uint8Array }
  | { ok: false; reason: Exclude<TicketCodeFailure, 'bad-signature'> };

/**
 * Takes a code apart without trusting it: the length bound first, then the version, then the two
 * parts' exact shapes. Never throws, whatever it is given.
 */
function split(code: unknown): Split {
  if (typeof code !== 'string' || code.length > MAX_INPUT_LENGTH) return { ok: false, reason: 'malformed' };
  const first = code.indexOf('.');
  const version = first < 0 ? code : code.slice(0, first);
  if (version !== TICKET_CODE_PREFIX) {
    return { ok: false, reason: ANY_VERSION.test(version) ? 'unknown-version' : 'malformed' };
  }
  const second = code.indexOf('.', first + 1);
  if (second < 0) return { ok: false, reason: 'malformed' };
  const payloadText = code.slice(first + 1, second);
  const signatureText = code.slice(second + 1);
  if (
    payloadText.length < MIN_PAYLOAD_CHARS ||
    payloadText.length > MAX_PAYLOAD_CHARS ||
    signatureText.length !== SIGNATURE_CHARS
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = decodeBase64url(payloadText);
  const signature = decodeBase64url(signatureText);
  if (!payload || !signature || signature.length !== SIGNATURE_BYTES) return { ok: false, reason: 'malformed' };
  return { ok: true, signed: code.slice(0, second), payload, signature };
}

/**
 * Makes a new random Ed25519 key pair. The private key is the raw 32-byte seed (not PKCS#8): the
 * shortest form, the one other Ed25519 libraries take, and one the API can also derive from a
 * configured secret.
 */
export async function generateSigningKeys(): Promise<SigningKeys> {
  const crypto = subtle();
  const pair = await crypto.generateKey(ED25519, true, ['sign', 'verify']);
  const publicKey = new Uint8Array(await crypto.exportKey('raw', pair.publicKey));
  const pkcs8 = new Uint8Array(await crypto.exportKey('pkcs8', pair.privateKey));
  return { privateKey: encodeBase64url(pkcs8ToSeed(pkcs8)), publicKey: encodeBase64url(publicKey) };
}

/**
 * The public key of a private key (seed), e.g. when the server keeps only the seed and must publish
 * its public key. Throws a TypeError for a key that is not 32 bytes of base64url.
 */
export async function publicKeyFromPrivateKey(privateKey: string): Promise<string> {
  const seed = keyBytes(privateKey, 'privateKey');
  const crypto = subtle();
  const key = await crypto.importKey('pkcs8', seedToPkcs8(seed), ED25519, true, ['sign']);
  const jwk = await crypto.exportKey('jwk', key);
  if (typeof jwk.x !== 'string') throw new Error('WebCrypto exported no public key');
  return jwk.x;
}

/**
 * Signs a ticket's code with the server's private key (seed). The same payload always gives the
 * same code (Ed25519 is deterministic), and two tickets always differ by their ids. Throws a
 * TypeError for a bad key and a RangeError naming a payload field out of bounds: both are the
 * caller's bugs, never the buyer's input.
 */
export async function signTicketCode(privateKey: string, payload: TicketCodePayload): Promise<string> {
  const signed = `${TICKET_CODE_PREFIX}.${encodeBase64url(encodePayload(payload))}`;
  const key = await signingKey(privateKey);
  const signature = new Uint8Array(await subtle().sign(ED25519, key, ascii(signed)));
  return `${signed}.${encodeBase64url(signature)}`;
}

/**
 * Checks a scanned code with the public key alone (no network) and returns its payload, or why it
 * was refused: `malformed` (not a code: wrong shape, length or encoding), `unknown-version` (a
 * `TK<n>` code this package predates) or `bad-signature` (well formed, but not signed by this key:
 * forged, altered, or signed with another key). The signature is checked before the payload is
 * decoded. Never throws on any code, however hostile (non-strings included), and refuses input
 * longer than `MAX_INPUT_LENGTH` before decoding it. It throws only for a public key that is not
 * 32 bytes of base64url, or where WebCrypto is missing (a browser page that is not a secure context).
 */
export async function verifyTicketCode(publicKey: string, code: string): Promise<VerifyTicketCodeResult> {
  const key = await verifyingKey(publicKey);
  const parts = split(code);
  if (!parts.ok) return parts;
  const genuine = await subtle().verify(ED25519, key, parts.signature, ascii(parts.signed));
  if (!genuine) return { ok: false, reason: 'bad-signature' };
  const payload = decodePayload(parts.payload);
  return payload ? { ok: true, payload } : { ok: false, reason: 'malformed' };
}

/**
 * Reads a code's payload WITHOUT checking its signature, e.g. to show which ticket a code names.
 * Never trust the answer for admission: use `verifyTicketCode`. Never throws, and bounds its work
 * like `verifyTicketCode`.
 */
export function parseTicketCode(code: string): ParseTicketCodeResult {
  const parts = split(code);
  if (!parts.ok) return parts;
  const payload = decodePayload(parts.payload);
  return payload ? { ok: true, payload } : { ok: false, reason: 'malformed' };
}
