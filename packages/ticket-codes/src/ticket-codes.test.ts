import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url.js';
import {
  generateSigningKeys,
  MAX_INPUT_LENGTH,
  MAX_TICKET_CODE_LENGTH,
  parseTicketCode,
  publicKeyFromPrivateKey,
  signTicketCode,
  TICKET_CODE_PREFIX,
  TICKET_CODE_VERSION,
  verifyTicketCode,
  type SigningKeys,
  type TicketCodePayload,
} from './index.js';

const ticket: TicketCodePayload = {
  ticketId: 12345,
  eventId: 50,
  bookingRef: 'TK-7Q2M9X4',
  persons: 1,
  kind: 'ticket',
};
const booking: TicketCodePayload = {
  ticketId: 981,
  eventId: 50,
  bookingRef: 'TK-7Q2M9X4',
  persons: 4,
  kind: 'booking',
};
const largest: TicketCodePayload = {
  ticketId: 0xffff_ffff,
  eventId: 0xffff_ffff,
  bookingRef: 'TK-ZZZZZZZZZZZZZ',
  persons: 0xffff,
  kind: 'booking',
};

let keys: SigningKeys;
let other: SigningKeys;
let code: string;

beforeAll(async () => {
  keys = await generateSigningKeys();
  other = await generateSigningKeys();
  code = await signTicketCode(keys.privateKey, ticket);
});

/** Splits a code into its three parts, decoded. */
function partsOf(text: string) {
  const [prefix, payload, signature] = text.split('.') as [string, string, string];
  return { prefix, payload: decodeBase64url(payload)!, signature: decodeBase64url(signature)! };
}

const join = (prefix: string, payload: Uint8Array, signature: Uint8Array) =>
  `${prefix}.${encodeBase64url(payload)}.${encodeBase64url(signature)}`;

/** Verifies and parses, failing the test if either throws; returns both answers. */
async function check(text: string, publicKey = keys.publicKey) {
  const verified = await verifyTicketCode(publicKey, text);
  const parsed = parseTicketCode(text);
  return { verified, parsed };
}

describe('keys', () => {
  it('are 32 bytes each as 43 base64url characters, the private one a raw seed', async () => {
    expect(keys.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(keys.publicKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(decodeBase64url(keys.privateKey)).toHaveLength(32);
    expect(decodeBase64url(keys.publicKey)).toHaveLength(32);
    expect(keys.publicKey).not.toBe(other.publicKey);
    expect(await publicKeyFromPrivateKey(keys.privateKey)).toBe(keys.publicKey);
  });

  it('match RFC 8032 test vector 1 (seed, public key and signature of the empty message)', async () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    const publicKey = await publicKeyFromPrivateKey(seed.toString('base64url'));
    expect(Buffer.from(publicKey, 'base64url').toString('hex')).toBe(
      'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    );
  });

  it('reproduce the example of docs/ticket-codes.md byte for byte (the version 1 format is frozen)', async () => {
    const seed = Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex');
    const example = await signTicketCode(seed.toString('base64url'), ticket);
    expect(example).toBe(
      'TK1.ATK5YAEKVEstN1EyTTlYNA.GJjLWsEqld2d6_eBFBXHM8WrYcX8Ve_6V37Q6QpJYl6u06NPySAxo9tfAfWv_vQOdPP5RPaMgjjkSUENVy85DQ',
    );
    expect(Buffer.from(example.split('.')[1]!, 'base64url').toString('hex')).toBe('0132b960010a544b2d3751324d395834');
    expect(await verifyTicketCode('11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo', example)).toEqual({
      ok: true,
      payload: ticket,
    });
  });

  it('refuse anything but 32 bytes of base64url, loudly (a configuration bug, not a bad ticket)', async () => {
    for (const bad of ['', 'abc', keys.publicKey + 'A', keys.publicKey.slice(0, 42) + '=', '\u0000'.repeat(43)]) {
      await expect(verifyTicketCode(bad, code)).rejects.toThrow(TypeError);
      await expect(signTicketCode(bad, ticket)).rejects.toThrow(TypeError);
      await expect(publicKeyFromPrivateKey(bad)).rejects.toThrow(TypeError);
    }
  });
});

describe('signing and verifying', () => {
  it('round-trips a ticket and a booking code, and a parse reads the same payload', async () => {
    expect(code.startsWith(`${TICKET_CODE_PREFIX}.`)).toBe(true);
    expect(TICKET_CODE_PREFIX).toBe(`TK${TICKET_CODE_VERSION}`);
    expect(await verifyTicketCode(keys.publicKey, code)).toEqual({ ok: true, payload: ticket });
    expect(parseTicketCode(code)).toEqual({ ok: true, payload: ticket });
    const bookingCode = await signTicketCode(keys.privateKey, booking);
    expect(await verifyTicketCode(keys.publicKey, bookingCode)).toEqual({ ok: true, payload: booking });
    for (const edge of [largest, { ...ticket, ticketId: 1, eventId: 1, persons: 1, bookingRef: 'X' }]) {
      const edgeCode = await signTicketCode(keys.privateKey, edge);
      expect(await verifyTicketCode(keys.publicKey, edgeCode)).toEqual({ ok: true, payload: edge });
    }
  });

  it('verifies with the public key alone (nothing else is needed at the door)', async () => {
    const door = { publicKey: keys.publicKey };
    expect(JSON.stringify(door)).not.toContain(keys.privateKey);
    const result = await verifyTicketCode(door.publicKey, code);
    expect(result.ok && result.payload.ticketId).toBe(12345);
  });

  it('refuses a code signed with another key as bad-signature', async () => {
    const forged = await signTicketCode(other.privateKey, ticket);
    expect(await verifyTicketCode(keys.publicKey, forged)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(await verifyTicketCode(other.publicKey, code)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses every flipped bit pattern of every payload byte as bad-signature', async () => {
    const { prefix, payload, signature } = partsOf(code);
    for (let i = 0; i < payload.length; i++) {
      for (const mask of [0x01, 0x02, 0x10, 0x80, 0xff]) {
        const tampered = payload.slice();
        tampered[i]! ^= mask;
        const { verified } = await check(join(prefix, tampered, signature));
        expect(verified, `byte ${i} ^ ${mask}`).toEqual({ ok: false, reason: 'bad-signature' });
      }
    }
  });

  it('refuses a payload changed to another well-formed ticket (e.g. more persons) as bad-signature', async () => {
    const { prefix, signature } = partsOf(code);
    const { payload: other } = partsOf(await signTicketCode(keys.privateKey, { ...ticket, persons: 5 }));
    const swapped = join(prefix, other, signature);
    expect(parseTicketCode(swapped)).toEqual({ ok: true, payload: { ...ticket, persons: 5 } });
    expect(await verifyTicketCode(keys.publicKey, swapped)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses every flipped byte of the signature as bad-signature', async () => {
    const { prefix, payload, signature } = partsOf(code);
    for (let i = 0; i < signature.length; i++) {
      for (const mask of [0x01, 0x80]) {
        const tampered = signature.slice();
        tampered[i]! ^= mask;
        const { verified } = await check(join(prefix, payload, tampered));
        expect(verified, `signature byte ${i} ^ ${mask}`).toEqual({ ok: false, reason: 'bad-signature' });
      }
    }
  });

  it('refuses every other one-character change of the text, and never throws', async () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \u0000';
    for (let i = 0; i < code.length; i++) {
      for (const letter of [letters[(i * 7) % letters.length]!, letters[(i * 13 + 5) % letters.length]!]) {
        if (letter === code[i]) continue;
        const changed = code.slice(0, i) + letter + code.slice(i + 1);
        const { verified } = await check(changed);
        expect(verified.ok, changed).toBe(false);
      }
    }
  });

  it('refuses every truncation as malformed', async () => {
    for (let length = 0; length < code.length; length++) {
      const { verified, parsed } = await check(code.slice(0, length));
      expect(verified, `first ${length}`).toEqual({ ok: false, reason: 'malformed' });
      expect(parsed.ok).toBe(false);
    }
  });

  it('refuses a later version as unknown-version, and version-like junk as malformed', async () => {
    const rest = code.slice(TICKET_CODE_PREFIX.length);
    for (const prefix of ['TK2', 'TK9', 'TK10', 'TK255']) {
      const { verified, parsed } = await check(prefix + rest);
      expect(verified).toEqual({ ok: false, reason: 'unknown-version' });
      expect(parsed).toEqual({ ok: false, reason: 'unknown-version' });
    }
    expect((await check('TK2')).verified).toEqual({ ok: false, reason: 'unknown-version' });
    for (const prefix of ['TK0', 'TK01', 'tk1', 'TK', 'TK1 ', ' TK1', 'TK-1', 'TKX', 'XX1']) {
      expect((await check(prefix + rest)).verified, prefix).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses garbage of every kind as malformed without throwing', async () => {
    const { payload, signature } = partsOf(code);
    const garbage: unknown[] = [
      '',
      ' ',
      '.',
      '..',
      'TK1.',
      'TK1..',
      'TK1...',
      `${code}.`,
      `${code}\n`,
      ` ${code}`,
      `${code}=`,
      code.replace(/\./g, ':'),
      `TK1.${encodeBase64url(payload)}==.${encodeBase64url(signature)}`,
      `TK1.${Buffer.from(payload).toString('base64')}.${Buffer.from(signature).toString('base64')}`,
      `TK1.${encodeBase64url(payload)}.${encodeBase64url(signature.slice(0, 63))}`,
      `TK1.${encodeBase64url(payload)}.${encodeBase64url(Uint8Array.of(...signature, 0))}`,
      `TK1.${encodeBase64url(new Uint8Array(40))}.${encodeBase64url(signature)}`,
      `TK1.${encodeBase64url(new Uint8Array(2))}.${encodeBase64url(signature)}`,
      '\u0000',
      '\u0000'.repeat(MAX_INPUT_LENGTH + 1),
      'TK1.\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000.' + '\u0000'.repeat(86),
      'TK1.' + '\uD800'.repeat(20) + '.' + '\uDFFF'.repeat(86),
      'TK1.🎟️🎟️🎟️🎟️🎟️.' + '🎟️'.repeat(43),
      'https://tikiti.example/t/12345',
      'x'.repeat(10_000_000),
      null,
      undefined,
      42,
      {},
      [],
      { toString: () => code },
    ];
    for (const item of garbage) {
      const { verified, parsed } = await check(item as string);
      expect(verified, String(item).slice(0, 60)).toEqual({ ok: false, reason: 'malformed' });
      expect(parsed).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a stray low bit in the last letter (a second text for the same bytes)', async () => {
    const last = code[code.length - 1]!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The signature part is 86 letters for 64 bytes: its last letter carries 2 bits and 4 zero bits.
    const sibling = alphabet[alphabet.indexOf(last) | 1]!;
    expect(sibling).not.toBe(last);
    expect(await verifyTicketCode(keys.publicKey, code.slice(0, -1) + sibling)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});

describe('code shape', () => {
  it('gives each ticket its own code, and one ticket always the same code', async () => {
    const codes = new Set<string>();
    for (let ticketId = 1; ticketId <= 500; ticketId++) {
      codes.add(await signTicketCode(keys.privateKey, { ...ticket, ticketId }));
    }
    codes.add(await signTicketCode(keys.privateKey, { ...ticket, kind: 'booking' }));
    codes.add(await signTicketCode(keys.privateKey, { ...ticket, eventId: 51 }));
    expect(codes.size).toBe(502);
    expect(await signTicketCode(keys.privateKey, ticket)).toBe(code);
  });

  it('stays short enough for a dense QR code', async () => {
    expect(code.length).toBe(113);
    const longest = await signTicketCode(keys.privateKey, largest);
    expect(longest.length).toBe(MAX_TICKET_CODE_LENGTH);
    expect(MAX_TICKET_CODE_LENGTH).toBeLessThanOrEqual(140);
    expect(longest).toMatch(/^TK1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
  });

  it('carries nothing but the five fields (no name, no email)', () => {
    const { payload } = partsOf(code);
    expect(payload).toHaveLength(16);
    const text = String.fromCharCode(...payload);
    expect(text).toContain('TK-7Q2M9X4');
    expect(text.replace('TK-7Q2M9X4', '')).toHaveLength(6);
  });

  it('refuses to sign a payload out of bounds, naming the field', async () => {
    const bad: [Partial<Record<keyof TicketCodePayload, unknown>>, RegExp][] = [
      [{ ticketId: 0 }, /ticketId/],
      [{ ticketId: 1.5 }, /ticketId/],
      [{ ticketId: 2 ** 32 }, /ticketId/],
      [{ ticketId: '7' }, /ticketId/],
      [{ eventId: -1 }, /eventId/],
      [{ eventId: Number.NaN }, /eventId/],
      [{ persons: 0 }, /persons/],
      [{ persons: 65_536 }, /persons/],
      [{ bookingRef: '' }, /bookingRef/],
      [{ bookingRef: 'jane@example.com' }, /bookingRef/],
      [{ bookingRef: 'Jane Wanjiku' }, /bookingRef/],
      [{ bookingRef: 'TK-12345678901234' }, /bookingRef/],
      [{ kind: 'guest' }, /kind/],
      [{ kind: 'toString' }, /kind/],
    ];
    for (const [change, message] of bad) {
      const payload = { ...ticket, ...change } as TicketCodePayload;
      await expect(signTicketCode(keys.privateKey, payload), JSON.stringify(change)).rejects.toThrow(message);
    }
  });
});

describe('hostile input', () => {
  /** A small seeded generator, so a failure can be replayed. */
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s + 0x6d2b79f5) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('never throws and never accepts on thousands of random strings and mutated codes', async () => {
    const seed = 20261123;
    const next = random(seed);
    const pick = (text: string) => text[Math.floor(next() * text.length)]!;
    const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const anyChar = () => String.fromCharCode(Math.floor(next() * 0x10000));
    const strings: string[] = [];
    for (let i = 0; i < 4000; i++) {
      const shape = i % 4;
      const length = Math.floor(next() * (shape === 3 ? 700 : 160));
      let text = '';
      if (shape === 0) {
        for (let j = 0; j < length; j++) text += anyChar();
      } else if (shape === 1) {
        // Plausible codes: the right prefix and dots, random base64url parts of random lengths.
        let a = '';
        let b = '';
        for (let j = 0; j < length % 45; j++) a += pick(base64);
        for (let j = 0; j < (next() < 0.5 ? 86 : length % 90); j++) b += pick(base64);
        text = `TK1.${a}.${b}`;
      } else if (shape === 2) {
        // The real code with a few random edits: replace, insert or delete.
        text = code;
        for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
          const at = Math.floor(next() * (text.length + 1));
          const op = next();
          const letter = next() < 0.8 ? pick(base64 + '.') : anyChar();
          if (op < 0.5) text = text.slice(0, at) + letter + text.slice(at + 1);
          else if (op < 0.75) text = text.slice(0, at) + letter + text.slice(at);
          else text = text.slice(0, at) + text.slice(at + 1);
        }
        if (text === code) continue;
      } else {
        for (let j = 0; j < length; j++) text += pick(base64 + '.\u0000 =');
      }
      strings.push(text);
    }
    expect(strings.length).toBeGreaterThan(3900);
    for (const text of strings) {
      let answer;
      try {
        answer = await check(text);
      } catch (error) {
        throw new Error(`threw on ${JSON.stringify(text)} (seed ${seed}): ${String(error)}`, { cause: error });
      }
      expect(answer.verified.ok, `accepted ${JSON.stringify(text)} (seed ${seed})`).toBe(false);
    }
  });
});
