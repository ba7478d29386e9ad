import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import type { Event, ListEventsData, TicketType } from '@tikiti/contract';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';

/**
 * The embeddable widget on an organiser's own site (docs/api.md#widget): a host page served from
 * another origin (`localhost`, another port: another site than the app's 127.0.0.1) loads
 * widget.js, opens the overlay, buys a ticket in Tikiti's frame with the sandbox card, and learns
 * the booking's reference by postMessage. Escape closes the overlay and gives the focus back; a
 * page outside /embed refuses to be framed (frame-ancestors).
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let host: http.Server;
let hostUrl: string;
let event: Event;
let ticket: TicketType;

/** The host page: the one-line widget, and a log of the messages from the app's origin. */
const widgetPage = (eventId: number) => `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Conferences</title>
<style>body{font:16px/1.5 Georgia,serif;margin:0;padding:32px;background:#fef3c7;color:#451a03}
button{background:red;font-size:30px} h1{margin-top:0}</style></head>
<body><h1>Acme Conferences</h1><p>Join us at our next summit.</p>
<script src="${baseUrl}/widget.js" data-event="${eventId}"></script>
<p>Booked: <output id="booked"></output></p>
<script>
window.received = [];
window.addEventListener('message', (e) => {
  if (e.origin !== ${JSON.stringify(baseUrl)} || !e.data || e.data.type !== 'tikiti:booking') return;
  window.received.push(e.data);
  document.getElementById('booked').textContent = e.data.reference;
});
document.addEventListener('tikiti:booking', (e) => { window.domEvent = e.detail.reference; });
</script></body></html>`;

/** A page that frames the app directly: an event's own page (refused) and the widget's (allowed). */
const framingPage = (details: string, embed: string) => `<!doctype html>
<html><body><iframe name="details" src="${baseUrl}${details}" width="600" height="400"></iframe>
<iframe name="embed" src="${baseUrl}${embed}" width="600" height="400"></iframe></body></html>`;

beforeAll(async () => {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of data) {
    if (listed.sold_out || listed.ended) continue;
    const details = await apiData<Event>(`event/details/${listed.id}`);
    const open = details.tickets.find((t) => t.status === 1 && t.available >= 2 && t.price_per_ticket > 0);
    if (open && !details.questions?.some((q) => q.required)) {
      event = details;
      ticket = open;
      break;
    }
  }
  expect(event, 'a demo event with a paid ticket on sale').toBeDefined();
  host = http.createServer((req, res) => {
    const html =
      req.url === '/framing'
        ? framingPage(`/details/${event.id}/${event.slug}`, `/embed/events/${event.id}`)
        : widgetPage(event.id);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  hostUrl = `http://localhost:${(host.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => host?.close(done));
});

async function hostPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  await page.goto(`${hostUrl}/`);
  return { context, page, failures };
}

const checkout = (page: Page): FrameLocator => page.frameLocator('iframe[title="Checkout on Tikiti"]');

async function openOverlay(page: Page) {
  await page.getByRole('button', { name: 'Get tickets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tickets on Tikiti' });
  await dialog.waitFor();
  await checkout(page).getByRole('heading', { level: 1, name: event.title }).waitFor();
  return dialog;
}

describe('the widget on another site', () => {
  it('opens the checkout in an overlay that Escape closes, handing the focus back', async () => {
    const { context, page, failures } = await hostPage(VIEWPORTS.desktop);
    // The host page's own styles (a red 30 px button) never reach the widget's button.
    const button = page.getByRole('button', { name: 'Get tickets' });
    await button.waitFor();
    const background = `getComputedStyle(document.querySelector('.tikiti-widget').shadowRoot.querySelector('button')).backgroundColor`;
    expect(await page.evaluate<string>(background)).toBe('rgb(15, 118, 110)');
    const dialog = await openOverlay(page);
    // The keyboard is in the checkout: Escape there closes the overlay.
    const focused = `document.querySelector('.tikiti-widget').shadowRoot.activeElement?.tagName`;
    await expect.poll(() => page.evaluate<string>(focused)).toBe('IFRAME');
    await checkout(page).getByRole('heading', { level: 1, name: event.title }).click();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate<string>(focused)).toBe('BUTTON');
    // Opened again, the overlay's own close button closes it too.
    await openOverlay(page);
    await page.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(failures).toEqual([]);
    await context.close();
  });

  it('sells a ticket with the sandbox card and tells the host page the booking reference', async () => {
    const { context, page, failures } = await hostPage(VIEWPORTS.desktop);
    await openOverlay(page);
    const frame = checkout(page);
    const panel = frame.getByRole('region', { name: 'Tickets' });
    const row = panel.getByRole('listitem').filter({ has: frame.getByText(ticket.name, { exact: true }) });
    await row.getByRole('button', { name: /One more/ }).click();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('1');
    await panel.getByLabel('Full name', { exact: true }).fill('Achieng Otieno');
    await panel.getByLabel('Email', { exact: true }).fill('widget-buyer@example.com');
    await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
    await frame.getByRole('button', { name: 'Credit / Debit' }).click();
    await frame.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    await screenshot(page, 'widget-overlay-payment-1280', { fullPage: false });
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await frame.getByLabel('CVC').fill('123');
    await frame.getByTestId('sticky-pay-bar').getByRole('button', { name: 'Pay now' }).click();
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    const reference = (await frame.locator('header strong').first().textContent())?.trim();
    expect(reference).toMatch(/\S/);
    // The host page got the reference, and only the reference, from the app's origin.
    await expect.poll(() => page.locator('#booked').textContent()).toBe(reference);
    expect(await page.evaluate('window.received')).toEqual([{ type: 'tikiti:booking', reference }]);
    expect(await page.evaluate('window.domEvent')).toBe(reference);
    // The frame stayed on the widget's pages, and the host page's address never changed.
    const frameUrl = page
      .frames()
      .find((f) => f.url().startsWith(baseUrl))!
      .url();
    expect(new URL(frameUrl).pathname).toBe('/embed/payment/success');
    expect(page.url()).toBe(`${hostUrl}/`);
    await screenshot(page, 'widget-overlay-paid-1280', { fullPage: false });
    expect(failures).toEqual([]);
    await context.close();
  });

  it('looks right on a phone', async () => {
    const { context, page, failures } = await hostPage(VIEWPORTS.phone);
    await screenshot(page, 'widget-host-390', { fullPage: false });
    await openOverlay(page);
    await screenshot(page, 'widget-overlay-390', { fullPage: false });
    expect(failures).toEqual([]);
    await context.close();
  });

  it('lets only /embed pages be framed by another site', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${hostUrl}/framing`);
    const embed = page.frameLocator('iframe[name="embed"]');
    await embed.getByRole('heading', { level: 1, name: event.title }).waitFor();
    // The event's own page is refused: Chromium shows its error page in the frame instead.
    await expect.poll(() => page.frame({ name: 'details' })?.url()).toMatch(/^chrome-error:/);
    const details = await fetch(`${baseUrl}/details/${event.id}/${event.slug}`);
    expect(details.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(details.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    await context.close();
  });
});
