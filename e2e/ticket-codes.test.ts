import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  generateSigningKeys,
  signTicketCode,
  verifyTicketCode,
  type SigningKeys,
  type TicketCodePayload,
} from '@tikiti/ticket-codes';
import { launchBrowser } from './support/browser.js';

/**
 * The door device's side of docs/ticket-codes.md: the BUILT ESM of @tikiti/ticket-codes, loaded
 * as module files into an otherwise empty page, verifies in Chromium a code that Node signed,
 * with the public key alone and the browser offline; and a code Chromium signs verifies in Node.
 *
 * The page lives at a made-up https origin answered by Playwright itself (nothing leaves the
 * machine): WebCrypto exists only in a secure context, so `about:blank` would not do.
 */
const origin = 'https://door.tikiti.test';
const dist = path.resolve(import.meta.dirname, '../packages/ticket-codes/dist');

const ticket: TicketCodePayload = { ticketId: 4711, eventId: 3, bookingRef: 'TK-7Q2M9X4', persons: 1, kind: 'ticket' };
const booking: TicketCodePayload = { ticketId: 88, eventId: 3, bookingRef: 'TK-7Q2M9X4', persons: 3, kind: 'booking' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let keys: SigningKeys;
const requested: string[] = [];

beforeAll(async () => {
  if (!fs.existsSync(path.join(dist, 'index.js'))) {
    throw new Error('packages/ticket-codes is not built: run `npm run build` before the browser journeys');
  }
  keys = await generateSigningKeys();
  browser = await launchBrowser();
  context = await browser.newContext();
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    requested.push(url.href);
    if (url.origin !== origin) return route.abort();
    if (url.pathname === '/') {
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Door</title><p>Door</p>' });
    }
    const file = /^\/ticket-codes\/([a-z0-9-]+\.js)$/.exec(url.pathname)?.[1];
    if (!file || !fs.existsSync(path.join(dist, file))) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ contentType: 'text/javascript', body: fs.readFileSync(path.join(dist, file), 'utf8') });
  });
  page = await context.newPage();
  await page.goto(`${origin}/`);
  // Load the package once, then cut the network: verification must need none.
  await page.evaluate(`import('/ticket-codes/index.js').then((m) => { globalThis.ticketCodes = m; })`);
  await context.setOffline(true);
});

afterAll(async () => {
  await browser?.close();
});

/** Runs `body` in the page with the loaded package as `m`; arguments and the answer travel as JSON. */
function inPage<T>(body: string, args: unknown): Promise<T> {
  return page.evaluate<T>(`(async (m, args) => { ${body} })(globalThis.ticketCodes, ${JSON.stringify(args)})`);
}

describe('ticket codes in the browser', () => {
  it('is a secure context with the package loaded from its built module files only', async () => {
    expect(await page.evaluate<boolean>('isSecureContext')).toBe(true);
    expect(await page.evaluate<string>('typeof globalThis.ticketCodes.verifyTicketCode')).toBe('function');
    expect(requested.every((url) => url.startsWith(`${origin}/`))).toBe(true);
    expect(requested).toContain(`${origin}/ticket-codes/index.js`);
  });

  it('verifies offline, with the public key alone, codes that Node signed, and refuses altered ones', async () => {
    const codes = {
      ticket: await signTicketCode(keys.privateKey, ticket),
      booking: await signTicketCode(keys.privateKey, booking),
      forged: await signTicketCode((await generateSigningKeys()).privateKey, ticket),
    };
    const answers = await inPage<Record<string, unknown>>(
      `
      const { publicKey, codes } = args;
      const flip = (code, at) => code.slice(0, at) + (code[at] === 'A' ? 'B' : 'A') + code.slice(at + 1);
      const answer = async (code) => m.verifyTicketCode(publicKey, code);
      return {
        online: navigator.onLine,
        ticket: await answer(codes.ticket),
        booking: await answer(codes.booking),
        parsed: m.parseTicketCode(codes.ticket),
        forged: await answer(codes.forged),
        alteredPayload: await answer(flip(codes.ticket, 6)),
        alteredSignature: await answer(flip(codes.ticket, codes.ticket.length - 10)),
        truncated: await answer(codes.ticket.slice(0, -1)),
        laterVersion: await answer('TK2' + codes.ticket.slice(3)),
        garbage: await answer('\\u0000'.repeat(100000)),
      };
      `,
      { publicKey: keys.publicKey, codes },
    );
    expect(answers).toEqual({
      online: false,
      ticket: { ok: true, payload: ticket },
      booking: { ok: true, payload: booking },
      parsed: { ok: true, payload: ticket },
      forged: { ok: false, reason: 'bad-signature' },
      alteredPayload: { ok: false, reason: 'bad-signature' },
      alteredSignature: { ok: false, reason: 'bad-signature' },
      truncated: { ok: false, reason: 'malformed' },
      laterVersion: { ok: false, reason: 'unknown-version' },
      garbage: { ok: false, reason: 'malformed' },
    });
  });

  it('signs codes that Node verifies (the same format in both engines)', async () => {
    const signed = await inPage<{ publicKey: string; code: string; same: boolean }>(
      `
      const browserKeys = await m.generateSigningKeys();
      const code = await m.signTicketCode(browserKeys.privateKey, args.ticket);
      const nodeCode = await m.signTicketCode(args.privateKey, args.ticket);
      return { publicKey: browserKeys.publicKey, code, same: nodeCode === args.nodeCode };
      `,
      { ticket, privateKey: keys.privateKey, nodeCode: await signTicketCode(keys.privateKey, ticket) },
    );
    expect(await verifyTicketCode(signed.publicKey, signed.code)).toEqual({ ok: true, payload: ticket });
    // Ed25519 is deterministic: one key and one ticket give the very same code in Chromium and Node.
    expect(signed.same).toBe(true);
  });
});
