import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import QRCode from 'qrcode';
import type { DoorEvent, DoorKit, ETicket, Event, TicketType } from '@tikiti/contract';
import { CHROMIUM_FLAGS, chromiumPath, launchBrowser, VIEWPORTS } from './support/browser.js';
import { signInDemoOrganiser } from './support/organiser.js';
import { buyAsGuest } from './support/buy.js';
import { apiData } from './support/api.js';

/**
 * The door on the built app (docs/product.md#after-the-sale), at a phone's width: a guest buys
 * three tickets; the demo organiser opens Check-in, picks the event, pastes the first ticket's
 * code → Admitted; the same code again → Already checked in. Then the browser goes offline: the
 * second ticket (its code) and the third (its printed reference, typed in lower case) are admitted
 * from the ticket list on the device, "2 waiting to sync"; back online they sync ("All synced"),
 * the server has the check-ins with this device's name, and the booking's reference typed is
 * Already checked in. The door page
 * also opens again with no network, from the service worker's copy. Then the camera: Chromium's
 * fake camera shows a ticket's QR code, and the door reads it (the barcode-detector polyfill, its
 * WebAssembly from our own origin, as Chromium on Linux has no BarcodeDetector). Screens at 390
 * and 1280 px.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

/** The screen as the door person sees it (no sideways scrolling). */
async function shot(page: Page, name: string, { full = true } = {}) {
  await page.evaluate('document.fonts.ready');
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: full, animations: 'disabled' });
}

/** The browser's signed-in token, or else a guest's checkout key (docs/product.md#guest-checkout). */
const tokenOf = async (page: Page) => {
  const state = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state;
  return (state?.token ?? state?.checkoutKey) as string;
};

/** One of the organiser's door events, not cancelled, with an open paid ticket type that has `left` tickets. */
async function doorEventWith(token: string, left: number): Promise<{ event: Event; ticket: TicketType }> {
  for (const door of await apiData<DoorEvent[]>('client/checkin/events', token)) {
    if (door.status !== 1) continue;
    const event = await apiData<Event>(`event/details/${door.id}`);
    if (event.sold_out || event.ended) continue;
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= left && t.price_per_ticket > 0);
    if (ticket) return { event, ticket };
  }
  throw new Error(`no door event of the demo organiser has a ticket type with ${left} tickets left`);
}

/** A guest buys `qty` of one ticket type with 4242 4242 4242 4242; answers the booking's e-tickets. */
async function buyTickets(page: Page, event: Event, ticket: TicketType, qty: number, email: string) {
  await buyAsGuest(page, event, ticket, qty, email);
  const token = await tokenOf(page);
  const [booking] = (await apiData<ETicket[]>('tickets/view', token)).filter((b) => b.event_id === event.id);
  expect(booking?.tickets).toHaveLength(qty);
  return booking!;
}

/** Pastes a code into the door's field and sends it, as a door person with a clipboard would. */
async function submitCode(page: Page, code: string) {
  const field = page.getByLabel('Reference on the ticket');
  await field.fill(code);
  await page.getByRole('button', { name: 'Check in' }).click();
}

async function verdict(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  return { dialog, result: await dialog.getAttribute('data-result') };
}

async function next(page: Page) {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Next' }).click();
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
}

const count = async (page: Page) => (await page.getByTestId('door-count').textContent())?.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('check-in at the door', () => {
  let context: BrowserContext | undefined;

  afterAll(async () => {
    await context?.close();
  });

  it('buy → admitted → already checked in; offline a code and a typed reference admitted, "2 waiting to sync"; online "All synced" (390 px)', async () => {
    const door = await newPage(VIEWPORTS.phone);
    context = door.context;
    const { page, failures } = door;
    await signInDemoOrganiser(page);
    const organiserToken = await tokenOf(page);
    const { event, ticket } = await doorEventWith(organiserToken, 3);

    const buyer = await newPage(VIEWPORTS.phone);
    const booking = await buyTickets(buyer.page, event, ticket, 3, `door.${Date.now()}@example.co.ke`);
    await buyer.context.close();
    const [first, second, third] = booking.tickets;
    expect(third!.reference).toBe(`${booking.booking.booking_id}-3`);

    // The organiser opens Check-in from the menu and picks the event.
    await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Check-in' }).click();
    await page.waitForURL('**/organizer/checkin');
    await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
    const link = page.getByRole('link', { name: new RegExp(event.title) });
    await link.waitFor();
    await shot(page, 'checkin-events-390');
    await link.click();
    await page.waitForURL(`**/organizer/checkin/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByText('All synced').waitFor();
    await page.getByText('Online', { exact: true }).waitFor();
    const before = await apiData<DoorKit>(`client/event/${event.id}/checkin/tickets`, organiserToken);
    await expect
      .poll(() => count(page))
      .toBe(`Admitted ${before.counts.tickets_admitted} of ${before.counts.tickets_sold}`);
    await shot(page, 'checkin-door-390');

    // The first ticket: admitted, full screen.
    await submitCode(page, first!.code);
    const admitted = await verdict(page);
    expect(admitted.result).toBe('admitted');
    await admitted.dialog.getByText('Wanjiku Kamau').waitFor();
    await admitted.dialog
      .getByText(`Admit ${ticket.no_of_persons} ${ticket.no_of_persons === 1 ? 'person' : 'people'}`)
      .waitFor();
    await shot(page, 'checkin-admitted-390', { full: false });
    await next(page);
    await expect
      .poll(() => count(page))
      .toBe(`Admitted ${before.counts.tickets_admitted + 1} of ${before.counts.tickets_sold}`);
    expect(await page.getByLabel('Reference on the ticket').inputValue()).toBe('');

    // The same code again: already checked in, with when and on which device.
    const device = (await page.getByText(/^This device: Door /).innerText()).replace('This device: ', '');
    await submitCode(page, first!.code);
    const again = await verdict(page);
    expect(again.result).toBe('already_checked_in');
    await again.dialog.getByText(new RegExp(`on ${device}$`)).waitFor();
    await shot(page, 'checkin-already-390', { full: false });
    await next(page);

    // The service worker keeps the app's files: once it controls the page, the door opens with no network.
    await page.evaluate('navigator.serviceWorker.ready');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await expect.poll(() => page.evaluate<boolean>('Boolean(navigator.serviceWorker.controller)')).toBe(true);

    // Offline: the second ticket is admitted from the list on this device.
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByText('Offline', { exact: true }).waitFor();
    await submitCode(page, second!.code);
    const offline = await verdict(page);
    expect(offline.result).toBe('admitted');
    await offline.dialog.getByText(/Checked on this device, offline/).waitFor();
    await next(page);
    await page.getByText('1 waiting to sync').waitFor();
    // The third by the reference printed under its code, typed as a door person might.
    await submitCode(page, third!.reference.toLowerCase());
    const typed = await verdict(page);
    expect(typed.result).toBe('admitted');
    await typed.dialog.getByText(/Checked on this device, offline/).waitFor();
    await next(page);
    await page.getByText('2 waiting to sync').waitFor();
    await expect
      .poll(() => count(page))
      .toBe(`Admitted ${before.counts.tickets_admitted + 3} of ${before.counts.tickets_sold}`);
    await shot(page, 'checkin-offline-390');
    // The server has not heard of them yet.
    const meanwhile = await apiData<DoorKit>(`client/event/${event.id}/checkin/tickets`, organiserToken);
    expect(meanwhile.tickets.find((t) => t.id === second!.id)?.checked_in_at).toBeNull();
    expect(meanwhile.tickets.find((t) => t.id === third!.id)?.checked_in_at).toBeNull();

    // Back online: it syncs.
    await context.setOffline(false);
    await page.getByText('All synced').waitFor({ timeout: 30_000 });
    await page.getByText('Online', { exact: true }).waitFor();
    const after = await apiData<DoorKit>(`client/event/${event.id}/checkin/tickets`, organiserToken);
    for (const id of [second!.id, third!.id]) {
      const synced = after.tickets.find((t) => t.id === id)!;
      expect(synced.checked_in_at).not.toBeNull();
      expect(synced.checked_in_device).toBe(device);
    }
    expect(after.counts.tickets_admitted).toBe(before.counts.tickets_admitted + 3);
    await expect
      .poll(() => count(page))
      .toBe(`Admitted ${after.counts.tickets_admitted} of ${after.counts.tickets_sold}`);
    // The booking's reference, typed online: its tickets are all in.
    await submitCode(page, booking.booking.booking_id);
    expect((await verdict(page)).result).toBe('already_checked_in');
    await next(page);
    expect(failures).toEqual([]);
  });

  it('shows the door pages at 1280 px', async () => {
    const { context: wide, page, failures } = await newPage(VIEWPORTS.desktop);
    try {
      await signInDemoOrganiser(page);
      const token = await tokenOf(page);
      const [first] = await apiData<DoorEvent[]>('client/checkin/events', token);
      await page.goto('/organizer/checkin');
      await page.getByRole('heading', { level: 1, name: 'Check-in' }).waitFor();
      await page.getByRole('link', { name: new RegExp(first!.title) }).waitFor();
      await shot(page, 'checkin-events-1280');
      await page.goto(`/organizer/checkin/${first!.id}`);
      await page.getByRole('heading', { level: 1, name: first!.title }).waitFor();
      await page.getByText('All synced').waitFor();
      await shot(page, 'checkin-door-1280');
      // Installable: Chromium finds nothing missing in the manifest and the service worker (a
      // test context is a private window, which it names too).
      await page.evaluate('navigator.serviceWorker.ready');
      const cdp = await wide.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
        installabilityErrors: { errorId: string }[];
      };
      expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
      await submitCode(page, 'TK1.not-a-real-code');
      expect((await verdict(page)).result).toBe('unknown');
      await shot(page, 'checkin-unknown-1280', { full: false });
      expect(failures).toEqual([]);
    } finally {
      await wide.close();
    }
  });
});

/** `window.__videoReads`: how many times a video frame was drawn onto a canvas (the QR reader's read). */
const COUNT_VIDEO_READS = `
  window.__videoReads = 0;
  for (const proto of [CanvasRenderingContext2D.prototype, OffscreenCanvasRenderingContext2D.prototype]) {
    const draw = proto.drawImage;
    proto.drawImage = function (source, ...rest) {
      if (source instanceof HTMLVideoElement) window.__videoReads += 1;
      return draw.call(this, source, ...rest);
    };
  }
`;

/**
 * A video file (YUV4MPEG2, grey) of `text` as a QR code, for Chromium's fake camera: black
 * modules on white, 8 pixels each, centred.
 */
function qrVideo(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const scale = 8;
  const side = 640;
  const offset = Math.floor((side - size * scale) / 2);
  const y = Buffer.alloc(side * side, 255);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++) {
        y.fill(
          0,
          (offset + row * scale + dy) * side + offset + col * scale,
          (offset + row * scale + dy) * side + offset + (col + 1) * scale,
        );
      }
    }
  }
  const chroma = Buffer.alloc((side / 2) * (side / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-camera-')), 'qr.y4m');
  fs.writeFileSync(
    file,
    Buffer.concat([Buffer.from(`YUV4MPEG2 W${side} H${side} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]),
  );
  return file;
}

describe('the door camera', () => {
  it('reads a ticket’s QR code from the camera and answers it full screen (390 px)', async () => {
    const buyer = await newPage(VIEWPORTS.phone);
    const organiser = await newPage(VIEWPORTS.phone);
    await signInDemoOrganiser(organiser.page);
    const token = await tokenOf(organiser.page);
    await organiser.context.close();
    const { event, ticket } = await doorEventWith(token, 1);
    const booking = await buyTickets(buyer.page, event, ticket, 1, `camera.${Date.now()}@example.co.ke`);
    await buyer.context.close();
    const code = booking.tickets[0]!.code;

    const video = qrVideo(code);
    const camera = await chromium.launch({
      executablePath: chromiumPath(),
      headless: true,
      args: [...CHROMIUM_FLAGS, '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
    });
    try {
      const context = await camera.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
      await context.grantPermissions(['camera'], { origin: baseUrl });
      // Counts the camera frames the QR reader reads (it draws each onto a canvas), so the test can
      // wait for reads instead of sleeping.
      await context.addInitScript(COUNT_VIDEO_READS);
      const page = await context.newPage();
      const failures: string[] = [];
      page.on('pageerror', (err) => failures.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') failures.push(msg.text());
      });
      await signInDemoOrganiser(page);
      await page.goto(`/organizer/checkin/${event.id}`);
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      expect(await page.evaluate<boolean>("'BarcodeDetector' in window")).toBe(false);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.getByRole('button', { name: 'Stop camera' }).waitFor();
      const { dialog, result } = await verdict(page);
      expect(result).toBe('admitted');
      await dialog.getByText('Wanjiku Kamau').waitFor();
      const wasm = await page.evaluate<string[]>(
        "performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('.wasm'))",
      );
      expect(wasm).toHaveLength(1);
      expect(wasm[0]!.startsWith(`${baseUrl}/assets/`)).toBe(true);
      await next(page);
      // The same code still in front of the camera: read frame after frame, not answered again at once.
      const readsAtNext = await page.evaluate<number>('window.__videoReads');
      await expect
        .poll(() => page.evaluate<number>('window.__videoReads'), { timeout: 5_000 })
        .toBeGreaterThanOrEqual(readsAtNext + 3);
      expect(await page.getByRole('alertdialog').count()).toBe(0);
      await shot(page, 'checkin-camera-390', { full: false });
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await page.getByRole('button', { name: 'Scan with camera' }).waitFor();
      expect(failures).toEqual([]);
    } finally {
      await camera.close();
      fs.rmSync(path.dirname(video), { recursive: true, force: true });
    }
  });
});
