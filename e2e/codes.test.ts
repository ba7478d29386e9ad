import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { BookingCreated, DiscountCode, Event, Order, TicketType } from '@tikiti/contract';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD } from '../apps/api/src/db/seed/seed.js';
import { apiData } from './support/api.js';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { buyAsGuest } from './support/buy.js';
import { mailbox } from './support/mail.js';
import { signInDemoOrganiser } from './support/organiser.js';

/**
 * Issue 27 on the built app at 390 px (docs/product.md#discount-codes, #hidden-ticket-types,
 * #waiting-list): a buyer applies a discount code and sees the lower total before paying, the
 * server charging exactly that; a speaker opens the event with an access code and books the
 * hidden type (free with the speakers' 100 % code); a buyer joins the waiting list of a sold-out
 * type and, after the organiser refunds the booking that sold it out, buys through the offer
 * mail's link. The event is the journey's own, so other journeys' purchases never change it.
 * Then the pages at 1280 px, and the organiser's codes page.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let token = '';
let event: Event;
let workshop: TicketType;

async function organiserToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('auth')!;
}

/** Sends `body` to `/v1/{path}` as the organiser and returns the answer's `data`. */
async function organiserCall<T>(path: string, method: string, body?: FormData | object): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}/v1/${path}`, {
    method,
    headers: { Auth: token, ...(form || body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * A published event in shillings: Delegate at KES 2,333 with a team price (5+: 10 % off), a
 * hidden Speaker type, and a Workshop of one seat; a 15 % discount code and the speakers' access
 * code (100 % off the Speaker type).
 */
async function codesEvent(page: Page) {
  const categories = await apiData<{ id: number }[]>('client/category/view', token);
  const start = new Date(Date.now() + 30 * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  const form = new FormData();
  const fields: Record<string, string | number> = {
    title: `Nairobi Product Summit ${Date.now()}`,
    category_id: categories[0]!.id,
    currency: 'KES',
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    location: 'Sarit Expo Centre, Nairobi',
    full_description: 'Talks and workshops on building products in East Africa.',
    short_description: 'Product, design and growth.',
    attendee_names: 'later',
    changes_lock_hours: 24,
    invoice_payment_days: 0,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  await page.setViewportSize({ width: 800, height: 400 });
  await page.setContent('<body style="margin:0;background:linear-gradient(90deg,#1d4ed8,#f59e0b)"></body>');
  const banner = await page.screenshot({ type: 'png' });
  form.append('file', new Blob([new Uint8Array(banner)], { type: 'image/png' }), 'banner.png');
  const id = await organiserCall<number>('event/register', 'POST', form);
  const types = await organiserCall<TicketType[]>(`event/${id}/ticket/register`, 'POST', [
    {
      name: 'Delegate',
      price_per_ticket: 2333,
      no_of_persons: 1,
      max_tickets: 50,
      tiers: [{ min_qty: 5, percent_off: 10 }],
    },
    { name: 'Speaker', price_per_ticket: 5000, no_of_persons: 1, max_tickets: 10, hidden: true },
    { name: 'Workshop', price_per_ticket: 1500, no_of_persons: 1, max_tickets: 1 },
  ]);
  const speaker = types.find((t) => t.name === 'Speaker')!;
  await organiserCall<DiscountCode>(`client/event/${id}/codes`, 'POST', {
    code: 'SAVE15',
    kind: 'discount',
    percent_off: 15,
  });
  await organiserCall<DiscountCode>(`client/event/${id}/codes`, 'POST', {
    code: 'SPEAKERS',
    kind: 'access',
    percent_off: 100,
    ticket_type_ids: [speaker.id],
    max_uses: 20,
  });
  event = await apiData<Event>(`event/details/${id}`);
  workshop = event.tickets.find((t) => t.name === 'Workshop')!;
  expect(event.tickets.map((t) => t.name)).not.toContain('Speaker');
}

async function phone(): Promise<{ context: BrowserContext; page: Page; failures: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');
/** A screenshot of one part of the page (the tickets panel, a form), legible beside the full page's. */
async function partShot(part: Locator, name: string) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await part.screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
}

async function noSideScroll(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

const row = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Tickets' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function fillGuest(page: Page, name: string, email: string) {
  const panel = page.getByRole('region', { name: 'Tickets' });
  await panel.getByLabel('Full name', { exact: true }).fill(name);
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
}

async function payByCard(page: Page) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByTestId('sticky-pay-bar').getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
  await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
}

beforeAll(async () => {
  browser = await launchBrowser();
  token = await organiserToken();
  const page = await browser.newPage();
  await codesEvent(page);
  await page.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('codes, hidden tickets and the waiting list at 390 px', () => {
  it('applies a discount code and shows the lower total the server then charges', async () => {
    const { context, page, failures } = await phone();
    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('button', { name: 'Have a code?' }).click();
    await page.getByLabel('Discount or access code').fill('save15');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('Code SAVE15 applied').waitFor();
    expect(new URL(page.url()).searchParams.get('code')).toBe('SAVE15');
    const line = row(page, 'Delegate');
    await line.getByRole('button', { name: 'One more Delegate ticket' }).click();
    await line.getByRole('button', { name: 'One more Delegate ticket' }).click();
    await expect.poll(() => line.getByRole('spinbutton').inputValue()).toBe('2');
    // The saving is its own line, naming the code; the total is below the types' own prices.
    await page.getByTestId('saving-code').waitFor();
    expect(await page.getByLabel('Price', { exact: true }).textContent()).toContain('Code SAVE15');
    const listTotal = await page.getByTestId('list-total').textContent();
    const pageTotal = await page.getByTestId('order-total').textContent();
    expect(listTotal).toBe('KES 4,666');
    expect(pageTotal).not.toBe(listTotal);
    await noSideScroll(page);
    await screenshot(page, 'codes-event-code-applied-phone');
    await partShot(page.getByRole('region', { name: 'Tickets' }), 'codes-event-code-applied-panel-phone');

    await fillGuest(page, 'Achieng Otieno', `achieng.${Date.now()}@example.co.ke`);
    const booked = page.waitForResponse((r) => r.url().endsWith('/v1/event/book') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Credit / Debit' }).click();
    const created = ((await (await booked).json()) as { data: BookingCreated }).data;
    // The page's total is the server's, to the shilling.
    expect(`KES ${created.price.toLocaleString('en-US')}`).toBe(pageTotal);
    expect(created.code).toBe('SAVE15');
    await page.waitForURL('**/payment/method');
    await page.getByTestId('total-to-pay').getByText(pageTotal!).waitFor();
    await page.getByText('Code SAVE15').first().waitFor();
    await partShot(page.getByRole('region', { name: 'Order summary' }), 'codes-checkout-summary-phone');
    await payByCard(page);
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it('opens the event with the speakers’ access code and books the hidden type', async () => {
    const { context, page, failures } = await phone();
    await openPage(page, `/details/${event.id}/${event.slug}?code=speakers`);
    await page.getByText('Code SPEAKERS applied').waitFor();
    const speaker = row(page, 'Speaker');
    await speaker.getByText('With your code', { exact: true }).waitFor();
    await speaker.getByRole('button', { name: 'One more Speaker ticket' }).click();
    await expect.poll(() => speaker.getByRole('spinbutton').inputValue()).toBe('1');
    await expect.poll(() => page.getByTestId('order-total').textContent()).toBe('KES 0');
    await fillGuest(page, 'Dr Njeri Mwangi', `njeri.${Date.now()}@example.co.ke`);
    await page.getByRole('button', { name: 'Get your free tickets' }).click();
    // Nothing to pay: the booking is settled at once and its page says so.
    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
    await page.getByRole('heading', { name: 'Booking confirmed' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('booking-saving').getByText('You saved KES 5,000 with code SPEAKERS').waitFor();
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it('joins the waiting list of a sold-out type and buys through the offer mail after a refund', async () => {
    // Someone buys the Workshop's only seat.
    const first = await phone();
    const firstEmail = `first.${Date.now()}@example.co.ke`;
    await buyAsGuest(first.page, event, workshop, 1, firstEmail);
    await first.context.close();

    const { context, page, failures } = await phone();
    const email = `waiting.${Date.now()}@example.co.ke`;
    await openPage(page, `/details/${event.id}/${event.slug}`);
    const line = row(page, 'Workshop');
    await line.getByText('Sold out', { exact: true }).waitFor();
    await line.getByRole('button', { name: /Join the waiting list/ }).click();
    const form = page.getByRole('form', { name: 'Join the waiting list for Workshop' });
    await form.waitFor();
    // A missing email is said beside the field, and what was typed stays.
    await form.getByLabel('Full name').fill('Kamau Waweru');
    await form.getByLabel('Phone').fill('0722 000 111');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await form.getByRole('alert').filter({ hasText: 'Enter your email' }).waitFor();
    expect(await form.getByLabel('Full name').inputValue()).toBe('Kamau Waweru');
    await form.getByLabel('Email').fill(email);
    await noSideScroll(page);
    await screenshot(page, 'codes-waitlist-form-phone');
    await partShot(line, 'codes-waitlist-form-part-phone');
    await form.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText('You are on the waiting list').waitFor();
    await page.getByText(/You are 1st in line/).waitFor();

    // The organiser refunds the booking that took the seat: it comes back, held for the first in line.
    const orders = await apiData<{ data: Order[] }>(
      `client/event/${event.id}/orders?q=${encodeURIComponent(firstEmail)}`,
      token,
    );
    const paid = orders.data.find((o) => o.email_address === firstEmail)!;
    await organiserCall(`client/booking/${paid.id}/refund`, 'POST');
    let offerPath = '';
    await expect
      .poll(
        async () => {
          const mail = (await mailbox(email)).find((m) => m.subject.startsWith('Seats are held for you'));
          offerPath = /\/waitlist\/offer\/[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
          return offerPath;
        },
        { timeout: 60_000, interval: 500 },
      )
      .not.toBe('');

    // The offer mail's link opens checkout with the held seat and the person's details.
    await page.goto(offerPath);
    await page.waitForURL('**/payment/method');
    await page.getByText('From the waiting list:').waitFor();
    await screenshot(page, 'codes-offer-checkout-phone');
    await page.getByText('Workshop').first().waitFor();
    await page.getByTestId('sticky-pay-bar').getByRole('button', { name: 'Proceed' }).click();
    await payByCard(page);
    await expect
      .poll(async () => {
        const lists = await apiData<
          { ticket_type_id: number; entries: { email_address: string; bought: boolean }[] }[]
        >(`client/event/${event.id}/waitlist`, token);
        return lists.find((l) => l.ticket_type_id === workshop.id)?.entries.find((e) => e.email_address === email)
          ?.bought;
      })
      .toBe(true);
    expect(failures).toEqual([]);
    await context.close();
  }, 240_000);

  it('reads well at 1280 px, and the organiser sees the codes with their uses', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    const page = await context.newPage();
    await openPage(page, `/details/${event.id}/${event.slug}?code=SAVE15`);
    await page.getByText('Code SAVE15 applied').waitFor();
    await row(page, 'Delegate').getByRole('button', { name: 'One more Delegate ticket' }).click();
    await page.getByTestId('saving-code').waitFor();
    await screenshot(page, 'codes-event-code-applied-desktop');
    await page.goto(`/details/${event.id}/${event.slug}`);
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await row(page, 'Workshop')
      .getByRole('button', { name: /Join the waiting list/ })
      .click();
    await page.getByRole('form', { name: 'Join the waiting list for Workshop' }).waitFor();
    await screenshot(page, 'codes-waitlist-form-desktop');

    await signInDemoOrganiser(page);
    await page.goto(`/organizer/event/${event.id}/codes`);
    const cards = page.getByRole('list', { name: 'Codes' });
    await cards.waitFor();
    const save15 = cards.getByTestId('code-card').filter({ hasText: 'SAVE15' });
    // The discount code's use: the two Delegate tickets of the first journey.
    await expect.poll(() => save15.getByText('Uses').locator('..').textContent()).toContain('2');
    await screenshot(page, 'codes-organiser-codes-desktop');
    await page.getByRole('button', { name: 'New code' }).click();
    const form = page.getByRole('form', { name: 'Code' });
    await form.getByLabel('Code buyers type').fill('x');
    await form.getByRole('button', { name: 'Save code' }).click();
    await form.getByText('Use 3 to 30 letters, digits and hyphens').waitFor();
    await screenshot(page, 'codes-organiser-code-form-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await noSideScroll(page);
    await screenshot(page, 'codes-organiser-code-form-phone');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await noSideScroll(page);
    await screenshot(page, 'codes-organiser-codes-phone');

    // The Workshop's list: the person who bought through the offer.
    await page.getByRole('link', { name: 'Waiting lists' }).click();
    await page.getByRole('list', { name: 'Waiting for Workshop' }).getByText('Bought', { exact: true }).waitFor();
    await noSideScroll(page);
    await screenshot(page, 'codes-organiser-waitlist-phone');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'codes-organiser-waitlist-desktop');
    await context.close();
  }, 180_000);
});
