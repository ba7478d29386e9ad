import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.js';
import {
  CERTIFICATE_CODE_PREFIX,
  generateSigningKeys,
  parseCertificateCode,
  signCertificateCode,
  signTicketCode,
  verifyCertificateCode,
  verifyTicketCode,
  type SigningKeys,
} from './index.js';

/** The public test seed of RFC 8032 (test 1), as in docs/ticket-codes.md's examples. */
const RFC_SEED = 'nWGxne_9WmC6hEr0kuwsxERJxWl7MmkZcDusAxyuf2A';
const RFC_PUBLIC = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';

let keys: SigningKeys;
let other: SigningKeys;

beforeAll(async () => {
  keys = await generateSigningKeys();
  other = await generateSigningKeys();
});

describe('certificate codes', () => {
  it('reproduce the example of docs/ticket-codes.md#certificate-codes byte for byte', async () => {
    const code = await signCertificateCode(RFC_SEED, { eventId: 50, certificateId: 12345 });
    expect(code).toBe(
      'TC1.AzK5YA.VhpsvGCSfgXv6adI61NKIMqcsJBHqcOViuK5Vz71yQNMAKPhQu5-3GKAMmAhfGdTqGkYl6lCNaAg0LE1GxFpDw',
    );
    expect(Buffer.from(code.split('.')[1]!, 'base64url').toString('hex')).toBe('0332b960');
    expect(await verifyCertificateCode(RFC_PUBLIC, code)).toEqual({
      ok: true,
      payload: { eventId: 50, certificateId: 12345 },
    });
  });

  it('verify with the public key alone, and refuse another key as bad-signature', async () => {
    const code = await signCertificateCode(keys.privateKey, { eventId: 7, certificateId: 3 });
    expect(code.startsWith(`${CERTIFICATE_CODE_PREFIX}.`)).toBe(true);
    expect(await verifyCertificateCode(keys.publicKey, code)).toEqual({
      ok: true,
      payload: { eventId: 7, certificateId: 3 },
    });
    expect(await verifyCertificateCode(other.publicKey, code)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('never take a ticket code as a certificate, nor a certificate code as a ticket', async () => {
    const ticket = await signTicketCode(keys.privateKey, {
      ticketId: 3,
      eventId: 7,
      bookingRef: 'TK-7Q2M9X4',
      persons: 1,
      kind: 'ticket',
    });
    expect(await verifyCertificateCode(keys.publicKey, ticket)).toEqual({ ok: false, reason: 'malformed' });
    // The ticket's genuine payload and signature behind the certificate's prefix: the prefix is signed.
    const relabelled = `${CERTIFICATE_CODE_PREFIX}.${ticket.split('.').slice(1).join('.')}`;
    expect((await verifyCertificateCode(keys.publicKey, relabelled)).ok).toBe(false);
    const certificate = await signCertificateCode(keys.privateKey, { eventId: 7, certificateId: 3 });
    expect(await verifyTicketCode(keys.publicKey, certificate)).toEqual({ ok: false, reason: 'malformed' });
    const asTicket = `TK1.${certificate.split('.').slice(1).join('.')}`;
    expect((await verifyTicketCode(keys.publicKey, asTicket)).ok).toBe(false);
  });

  it('refuse every altered payload byte as bad-signature and every truncation as malformed', async () => {
    const code = await signCertificateCode(keys.privateKey, { eventId: 7, certificateId: 300 });
    const [prefix, payloadText, signature] = code.split('.') as [string, string, string];
    const payload = decodeBase64url(payloadText)!;
    for (let i = 0; i < payload.length; i++) {
      const changed = Uint8Array.from(payload);
      changed[i] = changed[i]! ^ 0x01;
      const forged = `${prefix}.${encodeBase64url(changed)}.${signature}`;
      expect(await verifyCertificateCode(keys.publicKey, forged)).toEqual({ ok: false, reason: 'bad-signature' });
    }
    for (let cut = 1; cut < code.length; cut++) {
      expect((await verifyCertificateCode(keys.publicKey, code.slice(0, cut))).ok).toBe(false);
    }
  });

  it('never throw on garbage', async () => {
    for (const junk of ['', 'TC1', 'TC1..', 'x'.repeat(10_000), 'TC2.AAAA.BBBB', 42, null]) {
      expect((await verifyCertificateCode(keys.publicKey, junk as string)).ok).toBe(false);
      expect(parseCertificateCode(junk as string).ok).toBe(false);
    }
  });

  it('refuse to sign ids out of bounds', async () => {
    await expect(signCertificateCode(keys.privateKey, { eventId: 0, certificateId: 1 })).rejects.toThrow(RangeError);
    await expect(signCertificateCode(keys.privateKey, { eventId: 1, certificateId: 2 ** 32 })).rejects.toThrow(
      RangeError,
    );
  });
});
