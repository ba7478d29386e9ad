/**
 * Signed codes of certificates of attendance (docs/ticket-codes.md#certificate-codes, decision
 * 0029). A certificate's QR code carries `TC1.<payload>.<signature>`: the same Ed25519 key and
 * base64url as a ticket's code, but its own prefix and its own payload kind (3), so a ticket's
 * code can never pass as a certificate nor a certificate's as a ticket: the prefix is signed with
 * the payload, and each reader refuses the other's kind byte.
 *
 *   kind (1 byte: 3)
 *   event id, certificate id (each an unsigned LEB128 varint, shortest form, 1 … 4294967295)
 *
 * Nothing else: the name, points and event are looked up by the verifier, so a revoked
 * certificate stops verifying and the code holds no personal data.
 */
import { decodeBase64url, encodeBase64url } from './base64url.js';
import { ascii, signingKey, verifyingKey } from './keys.js';
import { CERTIFICATE_KIND, checkInteger, MAX_ID, pushVarint, Reader } from './payload.js';
import { ED25519, subtle } from './webcrypto.js';

/** What a certificate's code names. No personal data. */
export interface CertificateCodePayload {
  /** The certificate's id. 1 … 4294967295. */
  certificateId: number;
  /** The event it certifies attendance of. 1 … 4294967295. */
  eventId: number;
}

/** The text every version 1 certificate code starts with, before its first `.` (a ticket's is `TK1`). */
export const CERTIFICATE_CODE_PREFIX = 'TC1';

/**
 * Why a certificate code was refused: `malformed` (not a certificate code at all: a ticket's code
 * is one, as is anything of the wrong shape), `bad-signature` (forged, altered, or another key).
 */
export type CertificateCodeFailure = 'malformed' | 'bad-signature';

export type VerifyCertificateCodeResult =
  { ok: true; payload: CertificateCodePayload } | { ok: false; reason: CertificateCodeFailure };

const MAX_INPUT = 512;
const MIN_PAYLOAD_BYTES = 3;
const MAX_PAYLOAD_BYTES = 11;
const SIGNATURE_CHARS = 86;

function encode(payload: CertificateCodePayload): Uint8Array {
  const eventId = checkInteger('eventId', payload.eventId, MAX_ID);
  const certificateId = checkInteger('certificateId', payload.certificateId, MAX_ID);
  const out: number[] = [CERTIFICATE_KIND];
  pushVarint(out, eventId);
  pushVarint(out, certificateId);
  return Uint8Array.from(out);
}

function decode(bytes: Uint8Array): CertificateCodePayload | null {
  if (bytes.length < MIN_PAYLOAD_BYTES || bytes.length > MAX_PAYLOAD_BYTES) return null;
  const r = new Reader(bytes);
  if (r.byte() !== CERTIFICATE_KIND) return null;
  const eventId = r.varint(MAX_ID);
  if (eventId === null) return null;
  const certificateId = r.varint(MAX_ID);
  if (certificateId === null || !r.done) return null;
  return { certificateId, eventId };
}

type Split =
  { ok: true; signed: string; payload: Uint8Array; signature: Uint8Array } | { ok: false; reason: 'malformed' };

/** Takes a code apart without trusting it; never throws. */
function split(code: unknown): Split {
  if (typeof code !== 'string' || code.length > MAX_INPUT) return { ok: false, reason: 'malformed' };
  const parts = code.split('.');
  if (parts.length !== 3 || parts[0] !== CERTIFICATE_CODE_PREFIX) return { ok: false, reason: 'malformed' };
  const [, payloadText, signatureText] = parts as [string, string, string];
  if (
    payloadText.length < Math.ceil((MIN_PAYLOAD_BYTES * 4) / 3) ||
    payloadText.length > Math.ceil((MAX_PAYLOAD_BYTES * 4) / 3) ||
    signatureText.length !== SIGNATURE_CHARS
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const payload = decodeBase64url(payloadText);
  const signature = decodeBase64url(signatureText);
  if (!payload || !signature || signature.length !== 64) return { ok: false, reason: 'malformed' };
  return { ok: true, signed: `${CERTIFICATE_CODE_PREFIX}.${payloadText}`, payload, signature };
}

/** Signs a certificate's code with the server's private key (seed). Throws a RangeError for ids out of bounds. */
export async function signCertificateCode(privateKey: string, payload: CertificateCodePayload): Promise<string> {
  const signed = `${CERTIFICATE_CODE_PREFIX}.${encodeBase64url(encode(payload))}`;
  const key = await signingKey(privateKey);
  const signature = new Uint8Array(await subtle().sign(ED25519, key, ascii(signed)));
  return `${signed}.${encodeBase64url(signature)}`;
}

/**
 * Checks a certificate's code with the public key alone. A ticket's code (`TK1.…`), or anything
 * else that is not `TC1.<payload>.<signature>` with a kind 3 payload, is `malformed`; a genuine
 * shape with a signature this key did not make is `bad-signature`. Never throws on any code.
 */
export async function verifyCertificateCode(publicKey: string, code: string): Promise<VerifyCertificateCodeResult> {
  const key = await verifyingKey(publicKey);
  const parts = split(code);
  if (!parts.ok) return parts;
  const genuine = await subtle().verify(ED25519, key, parts.signature, ascii(parts.signed));
  if (!genuine) return { ok: false, reason: 'bad-signature' };
  const payload = decode(parts.payload);
  return payload ? { ok: true, payload } : { ok: false, reason: 'malformed' };
}

/** Reads a certificate code's payload WITHOUT checking its signature (never to trust it). */
export function parseCertificateCode(code: string): VerifyCertificateCodeResult {
  const parts = split(code);
  if (!parts.ok) return parts;
  const payload = decode(parts.payload);
  return payload ? { ok: true, payload } : { ok: false, reason: 'malformed' };
}
