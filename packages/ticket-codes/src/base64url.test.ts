import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.js';
import { decodePayload, encodePayload, MAX_PAYLOAD_BYTES, type TicketCodePayload } from './payload.js';

describe('base64url', () => {
  it("agrees with Node's encoder on every length and byte value", () => {
    for (let length = 0; length <= 70; length++) {
      const bytes = Uint8Array.from({ length }, (_, i) => (i * 151 + length * 7) & 0xff);
      const text = encodeBase64url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(decodeBase64url(text)).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeBase64url(encodeBase64url(all))).toEqual(all);
  });

  it('decodes only the canonical form: no padding, other alphabets, whitespace or stray low bits', () => {
    expect(decodeBase64url('QQ')).toEqual(Uint8Array.of(0x41));
    for (const text of ['QQ==', 'QR', 'QQ ', ' QQ', 'Q', 'QU+D', 'QU/D', 'QU\u0000J', 'QUJDé', 'QUJD\uD800', 'QUJ']) {
      expect(decodeBase64url(text), JSON.stringify(text)).toBeNull();
    }
    expect(decodeBase64url('QUI')).toEqual(Uint8Array.of(0x41, 0x42)); // 'QUJ' is the same bits with a stray low bit
  });
});

describe('version 1 payload bytes', () => {
  const payload: TicketCodePayload = {
    ticketId: 300,
    eventId: 5,
    bookingRef: 'TK-7Q2M9X4',
    persons: 2,
    kind: 'ticket',
  };

  it('packs the five fields and nothing else', () => {
    const bytes = encodePayload(payload);
    // kind 1, event 5, ticket 300 = 0xAC 0x02, persons 2, 10 letters.
    expect([...bytes.slice(0, 6)]).toEqual([1, 5, 0xac, 0x02, 2, 10]);
    expect(String.fromCharCode(...bytes.slice(6))).toBe('TK-7Q2M9X4');
    expect(decodePayload(bytes)).toEqual(payload);
  });

  it('refuses longer-than-needed varints, left-over bytes, unknown kinds and bad letters', () => {
    const bytes = [...encodePayload({ ...payload, ticketId: 5 })];
    expect(decodePayload(Uint8Array.from(bytes))).not.toBeNull();
    const overlong = [bytes[0]!, bytes[1]!, 0x85, 0x00, ...bytes.slice(3)]; // 5 written in two bytes
    expect(decodePayload(Uint8Array.from(overlong))).toBeNull();
    expect(decodePayload(Uint8Array.from([...bytes, 0]))).toBeNull();
    expect(decodePayload(Uint8Array.from([3, ...bytes.slice(1)]))).toBeNull();
    expect(decodePayload(Uint8Array.from([0, ...bytes.slice(1)]))).toBeNull();
    const lower = [...bytes];
    lower[lower.length - 1] = 'a'.charCodeAt(0);
    expect(decodePayload(Uint8Array.from(lower))).toBeNull();
    const zeroId = [...bytes];
    zeroId[1] = 0;
    expect(decodePayload(Uint8Array.from(zeroId))).toBeNull();
  });

  it('keeps the largest payload within MAX_PAYLOAD_BYTES', () => {
    const biggest = encodePayload({
      ticketId: 0xffff_ffff,
      eventId: 0xffff_ffff,
      bookingRef: 'Z'.repeat(16),
      persons: 0xffff,
      kind: 'booking',
    });
    expect(biggest.length).toBe(MAX_PAYLOAD_BYTES);
  });
});
