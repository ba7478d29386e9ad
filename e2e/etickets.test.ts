import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { simpleParser } from 'mailparser';
import { verifyTicketCode, type TicketCodePayload } from '@tikiti/ticket-codes';
import type { ETicket, Event, ListEventsData, TicketKeys, TicketType } from '@tikiti/contract';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { buyAsGuest } from './support/buy.js';
import { apiData } from './support/api.js';
import { mailbox, pdfText } from './support/mail.js';

/**
 * E-tickets on the built app with its demo data and the sandbox card provider
 * (docs/product.md#e-tickets-and-signed-codes), at a phone's width: a guest buys two tickets,
 * opens View E-tickets from the success page, enlarges a ticket's QR code, and the code read
 * back from the screen is verified in this process with the server's public key alone; the PDF
 * downloads; the confirmation mail carries the PDF; Email my tickets sends it again; the guest
 * logs out cleanly; later, in a fresh browser, the buyer signs in by email code and sees the
 * same tickets. Screens of the E-tickets page and the enlarged code at 390 and 1280 px, and of
 * /login.
 */
const baseUrl = inject('baseUrl');
const GOOGLE_CLIENT = 'e2e-client.apps.googleusercontent.com';

/** A stand-in for Google's library: records what the page asks and draws a button of the size asked for (large 40, medium 32, small 20). */
const FAKE_GSI = `window.__gsi = {};
window.google = { accounts: { id: {
  initialize: function (config) { window.__gsi.config = config; },
  renderButton: function (parent, options) {
    window.__gsi.button = options;
    var b = document.createElement('div');
    b.setAttribute('role', 'button');
    b.textContent = options.text === 'signup_with' ? 'Sign up with Google' : 'Sign in with Google';
    b.style.cssText = 'box-sizing:border-box;height:' + { large: 40, medium: 32, small: 20 }[options.size] + 'px;width:' + options.width +
      'px;border:1px solid #dadce0;border-radius:4px;display:flex;align-items:center;justify-content:center;font:500 14px Arial,sans-serif;color:#3c4043;background:#fff';
    parent.appendChild(b);
  },
  prompt: function () { window.__gsi.prompted = true; },
  cancel: function () {}
} } };`;
let browser: Browser;
const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

/** jsqr is CommonJS with a `default` beside itself. */
const jsQR = jsQRModule.default;

/** A demo event, not over, with an open paid ticket type that has at least `left` tickets. */
async function eventWith(left: number): Promise<{ event: Event; ticket: TicketType }> {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of data) {
    if (listed.sold_out || listed.ended) continue;
    const event = await apiData<Event>(`event/details/${listed.id}`);
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= left && t.price_per_ticket > 0);
    if (ticket) return { event, ticket };
  }
  throw new Error(`no demo event has a ticket type with ${left} tickets left`);
}

/** The newest sign-in code mailed to an address. */
async function latestCode(email: string): Promise<string | undefined> {
  return (await mailbox(email)).map((m) => /^(\d{6}) is your Tikiti sign-in code/.exec(m.subject)?.[1]).find(Boolean);
}

/** The mails that carry a PDF of the booking. */
async function mailsWithPdf(email: string, reference: string) {
  return (await mailbox(email)).filter((m) => m.attachments.some((a) => a.filename === `tikiti-${reference}.pdf`));
}

async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl, acceptDownloads: true });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

/** Waits until every image of the page (or of `scope`) has loaded, and none is broken. */
async function imagesLoaded(page: Page) {
  await page.evaluate(`(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => {
      img.loading = 'eager';
      return img.complete ? null : new Promise((done) => { img.onload = img.onerror = done; });
    }));
  })()`);
  const broken = await page.evaluate<string[]>(
    '[...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.currentSrc || img.src)',
  );
  expect(broken, 'broken images').toEqual([]);
}

/**
 * A full-page screenshot as the visitor sees it, never a page that scrolls sideways; the window
 * is made as tall as the page for the shot. (The e2e project has no DOM types, hence the
 * scripts as strings.)
 */
async function capture(page: Page, name: string) {
  await imagesLoaded(page);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  const viewport = page.viewportSize()!;
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.evaluate('window.scrollTo(0, 0)');
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(viewport);
}

/** The screen as it is (the enlarged code fills it). */
async function captureScreen(page: Page, name: string) {
  await imagesLoaded(page);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}

/** The text of a QR code as a camera would read it off the screen. */
async function readQr(image: Locator): Promise<string> {
  const png = PNG.sync.read(await image.screenshot({ animations: 'disabled' }));
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(found, 'a QR code on the screen').toBeTruthy();
  return found!.data;
}

/** Verified as a door device would: with the server's public keys alone, newest first. */
async function verify(code: string): Promise<TicketCodePayload> {
  const { keys } = await apiData<TicketKeys>('tickets/public-key');
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) {
    const result = await verifyTicketCode(key.public_key, code);
    if (result.ok) return result.payload;
    expect(result.reason).toBe('bad-signature');
  }
  throw new Error(`no public key verifies ${code}`);
}

/** What the browser keeps: a signed-in session's token, or a guest's checkout key (docs/product.md#guest-checkout). */
const saved = async (page: Page) =>
  (JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state ?? {}) as {
    token?: string | null;
    checkoutKey?: string | null;
  };

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('e-tickets journey', () => {
  it('a guest buys, sees the e-tickets with QR codes that verify offline, downloads the PDF, gets it by mail, and later signs in to the same tickets (390 px)', async () => {
    const { event, ticket } = await eventWith(2);
    const email = `etickets.${Date.now()}@example.co.ke`;
    const { context, page, failures } = await newPage(VIEWPORTS.phone);

    await buyAsGuest(page, event, ticket, 2, email);
    await page.getByRole('link', { name: 'View E-tickets' }).click();
    await page.waitForURL('**/account/tickets');
    await page.getByRole('heading', { level: 1, name: 'E-tickets' }).waitFor();
    const card = page.getByRole('article', { name: event.title });
    await card.waitFor();

    // What the page shows matches what the API gives this guest's checkout key; the guest is not signed in.
    const kept = await saved(page);
    expect(kept.token).toBeNull();
    const token = kept.checkoutKey!;
    expect(token).toMatch(/^ck1\./);
    const [booking] = (await apiData<ETicket[]>('tickets/view', token)).filter((b) => b.event_id === event.id);
    expect(booking).toBeTruthy();
    const reference = booking!.booking.booking_id;
    expect(booking!.tickets).toHaveLength(2);
    expect(booking!.holder_name).toBe('Wanjiku Kamau');
    const detail = (term: string) => card.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd');
    await expect.poll(() => detail('Booking ID').innerText()).toBe(reference);
    await expect.poll(() => detail('Name').innerText()).toBe('Wanjiku Kamau');
    await expect.poll(() => detail('Payment method').innerText()).toBe('Card');
    await card.getByText(event.location).waitFor();
    const tickets = card.getByRole('region', { name: `Tickets of ${reference}` });
    await expect.poll(() => tickets.getByRole('listitem').count()).toBe(2);
    await imagesLoaded(page);
    await capture(page, 'etickets-390');

    // A ticket's own code, enlarged for the door, read off the screen and verified with the public key alone.
    await tickets.getByRole('button', { name: `Enlarge the QR code of Ticket 1 of 2: ${ticket.name}` }).click();
    const dialog = page.getByRole('dialog', { name: ticket.name });
    await dialog.waitFor();
    await dialog.getByText('Wanjiku Kamau').waitFor();
    await dialog.getByText('Admits', { exact: false }).first().waitFor();
    await captureScreen(page, 'etickets-qr-390');
    const enlarged = dialog.getByTestId('enlarged-qr');
    const box = (await enlarged.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    const code = await readQr(enlarged);
    expect(code).toBe(booking!.tickets[0]!.code);
    const payload = await verify(code);
    expect(payload).toEqual({
      kind: 'ticket',
      eventId: event.id,
      ticketId: booking!.tickets[0]!.id,
      bookingRef: reference,
      persons: ticket.no_of_persons,
    });
    // A code altered by one letter does not verify.
    const forged = code.slice(0, 10) + (code[10] === 'A' ? 'B' : 'A') + code.slice(11);
    const { keys } = await apiData<TicketKeys>('tickets/public-key');
    expect((await verifyTicketCode(keys[0]!.public_key, forged)).ok).toBe(false);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The booking's own code admits everyone on it.
    await card.getByRole('button', { name: `Enlarge the booking QR code of ${reference}` }).click();
    const whole = page.getByRole('dialog', { name: 'Whole booking' });
    await whole.waitFor();
    const bookingPayload = await verify(await readQr(whole.getByTestId('enlarged-qr')));
    expect(bookingPayload).toMatchObject({ kind: 'booking', bookingRef: reference, eventId: event.id });
    expect(bookingPayload.persons).toBe(2 * ticket.no_of_persons);
    await whole.getByRole('button', { name: 'Close', exact: true }).click();
    await whole.waitFor({ state: 'detached' });

    // Download gives the PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`tikiti-${reference}.pdf`);
    const downloaded = fs.readFileSync(await download.path());
    expect(downloaded.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const href = (await card.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
    const pdf = await context.request.get(href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toMatch(/^application\/pdf/);
    const pdfBytes = await pdf.body();
    expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(pdfBytes));
    expect(text).toContain(reference);
    expect(text).toContain('Wanjiku Kamau');

    // The confirmation mail carries the PDF.
    await expect.poll(async () => (await mailsWithPdf(email, reference)).length, { timeout: 30_000 }).toBe(1);
    const [confirmation] = await mailsWithPdf(email, reference);
    expect(confirmation!.raw_url).toBeTruthy();
    const raw = await fetch(`${baseUrl}${confirmation!.raw_url}`);
    expect(raw.status).toBe(200);
    const parsed = await simpleParser(Buffer.from(await raw.arrayBuffer()));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(email);
    const attachment = parsed.attachments.find((a) => a.filename === `tikiti-${reference}.pdf`);
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfText(new Uint8Array(attachment!.content))).toContain(reference);

    // Email my tickets sends it again, once.
    await card.getByRole('button', { name: 'Email my tickets' }).click();
    await card.getByText(/We sent your tickets to/).waitFor();
    await expect.poll(async () => (await mailsWithPdf(email, reference)).length, { timeout: 30_000 }).toBe(2);

    // The same page on a laptop.
    await page.setViewportSize(VIEWPORTS.desktop);
    await capture(page, 'etickets-1280');
    await tickets.getByRole('button', { name: `Enlarge the QR code of Ticket 2 of 2: ${ticket.name}` }).click();
    const second = page.getByRole('dialog', { name: ticket.name });
    await second.waitFor();
    await captureScreen(page, 'etickets-qr-1280');
    expect(await readQr(second.getByTestId('enlarged-qr'))).toBe(booking!.tickets[1]!.code);
    await page.keyboard.press('Escape');
    await second.waitFor({ state: 'detached' });

    // On a shared phone the guest has this device forget the tickets: the key ends on the server too.
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByRole('button', { name: 'Forget these tickets on this device' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login / Register' }).waitFor();
    await expect.poll(async () => (await saved(page)).checkoutKey ?? null).toBeNull();
    expect((await fetch(`${baseUrl}/v1/tickets/view`, { headers: { auth: token } })).status).toBe(401);
    expect(await page.getByRole('alert').count()).toBe(0);

    expect(failures).toEqual([]);
    await context.close();

    // Later, in a fresh browser: the buyer signs in by email code and sees the same tickets.
    const later = await newPage(VIEWPORTS.phone);
    await later.page.goto('/account/tickets');
    await later.page.waitForURL('**/login');
    await later.page.getByLabel('Email address').fill(email);
    await later.page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await later.page.getByText('Check your inbox').waitFor();
    await expect.poll(() => latestCode(email), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    await later.page.getByLabel('Sign-in code').fill((await latestCode(email))!);
    await later.page.getByRole('button', { name: 'Sign In' }).click();
    // Back to the page that asked for a sign-in.
    await later.page.waitForURL('**/account/tickets');
    const again = later.page.getByRole('article', { name: event.title });
    await again.waitFor();
    await expect
      .poll(() => again.locator('dt', { hasText: 'Booking ID' }).locator('xpath=following-sibling::dd').innerText())
      .toBe(reference);
    const againTickets = again.getByRole('region', { name: `Tickets of ${reference}` });
    await expect.poll(() => againTickets.getByRole('listitem').count()).toBe(2);
    await againTickets.getByRole('button', { name: `Enlarge the QR code of Ticket 1 of 2: ${ticket.name}` }).click();
    const signedIn = later.page.getByRole('dialog', { name: ticket.name });
    await signedIn.waitFor();
    expect(await readQr(signedIn.getByTestId('enlarged-qr'))).toBe(code);
    expect(later.failures).toEqual([]);
    await later.context.close();
  });

  it('the buyer sign-in page at 390 and 1280 px: no Google script without a client id', async () => {
    const config = await apiData<{ google_client_id: string | null }>('auth/config');
    expect(config.google_client_id).toBeNull();
    for (const [name, viewport] of Object.entries({ 390: VIEWPORTS.phone, 1280: VIEWPORTS.desktop })) {
      const { context, page, failures } = await newPage(viewport);
      const requested: string[] = [];
      page.on('request', (req) => requested.push(req.url()));
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Sign in to Tikiti' }).waitFor();
      await page.getByLabel('Email address').waitFor();
      await page.getByRole('link', { name: 'Sign In to your Host Account' }).waitFor();
      await expect.poll(() => requested.some((u) => u.includes('/v1/auth/config'))).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('google-sign-in').count()).toBe(0);
      expect(requested.filter((u) => u.includes('accounts.google.com'))).toEqual([]);
      await capture(page, `login-${name}`);
      // Leaving the page puts the app's own background back.
      const background = await page.evaluate<string>('document.body.className');
      expect(background).toContain('from-brand-50');
      await page.locator('#main').getByRole('link', { name: 'Privacy policy' }).click();
      await page.waitForURL('**/privacy-policy');
      await expect.poll(() => page.evaluate<string>('document.body.className')).not.toContain('from-brand-50');
      expect(failures).toEqual([]);
      await context.close();
    }
  });

  it('with a Google client id, loads Google’s script on demand and shows its button and One Tap (390 and 1280 px)', async () => {
    for (const [name, viewport] of Object.entries({ 390: VIEWPORTS.phone, 1280: VIEWPORTS.desktop })) {
      const { context, page, failures } = await newPage(viewport);
      // This server has no client id, and nothing may leave the machine: the config is answered
      // with one, and Google's library by a stand-in that draws a button of the size asked for.
      await context.route('**/v1/auth/config', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({ status: 200, status_description: 'OK', data: { google_client_id: GOOGLE_CLIENT } }),
        }),
      );
      const scripts: string[] = [];
      await context.route('https://accounts.google.com/**', (route) => {
        scripts.push(route.request().url());
        return route.fulfill({ contentType: 'text/javascript', body: FAKE_GSI });
      });
      // The home page never asks for it.
      await openPage(page, '/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(scripts).toEqual([]);

      if (name === '390') {
        await page.getByRole('button', { name: 'Open menu' }).click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Login / Register' }).click();
      } else {
        await page.getByRole('banner').getByRole('link', { name: 'Login / Register' }).click();
      }
      await page.waitForURL('**/login');
      const button = page.getByTestId('google-sign-in').getByRole('button', { name: 'Sign in with Google' });
      await button.waitFor();
      expect(scripts).toEqual(['https://accounts.google.com/gsi/client']);
      expect((await button.boundingBox())!.height).toBe(40);
      const gsi = await page.evaluate<{ clientId: string; size: string; width: number; prompted: boolean }>(
        '({ clientId: window.__gsi.config.client_id, size: window.__gsi.button.size, width: window.__gsi.button.width, prompted: window.__gsi.prompted })',
      );
      expect(gsi).toMatchObject({ clientId: GOOGLE_CLIENT, size: 'large', prompted: true });
      expect(gsi.width).toBeGreaterThanOrEqual(200);
      expect(gsi.width).toBeLessThanOrEqual(400);
      await page.getByText('or use your email').waitFor();

      // A credential this server cannot accept (Google sign-in is off here): a calm message, still signed out.
      await page.evaluate("window.__gsi.config.callback({ credential: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' })");
      await page
        .getByText('Google sign-in did not work this time. Please try again, or use an email code below.')
        .waitFor();
      expect((await saved(page)).token).toBeFalsy();
      await capture(page, `login-google-${name}`);

      // Sign-up says so on its button, and the script is not loaded twice.
      await page.goto('/signup');
      await page.getByTestId('google-sign-in').getByRole('button').waitFor();
      expect(await page.evaluate<string>('window.__gsi.button.text')).toBe('signup_with');
      expect(scripts.every((u) => u === 'https://accounts.google.com/gsi/client')).toBe(true);
      expect(failures).toEqual([]);
      await context.close();
    }
  });
});
