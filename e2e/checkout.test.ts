import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Event, ListEventsData, TicketType } from '@tikiti/contract';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';

/**
 * Checkout on the built app with its demo data and the sandbox card provider
 * (docs/product.md#checkout-and-payments): a guest buys two tickets with 4242 4242 4242 4242
 * and lands on the success page; a declined card says so and keeps the tickets picked, and
 * the phone's sticky pay bar stays in view; a buyer signed in by email code buys. Screens of
 * the details page's card form, the payment page and the success page at 390 and 1280 px.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

const money = (amount: number, currency = 'USD') =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: currency === 'KES' ? 0 : 2, maximumFractionDigits: currency === 'KES' ? 0 : 2 })}`;

/** Demo events already used by a journey of this file, so each buys from its own. */
const taken = new Set<number>();

/** A demo event with `types` open ticket types that each have at least `left` tickets. */
async function eventWith(types: number, left: number): Promise<{ event: Event; tickets: TicketType[] }> {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of [...data].reverse()) {
    if (taken.has(listed.id) || listed.sold_out || listed.ended) continue;
    const event = await apiData<Event>(`event/details/${listed.id}`);
    const tickets = event.tickets.filter((t) => t.status === 1 && t.available >= left && t.price_per_ticket > 0);
    if (tickets.length >= types) {
      taken.add(event.id);
      return { event, tickets: tickets.slice(0, types) };
    }
  }
  throw new Error(`no demo event has ${types} ticket types with ${left} tickets left`);
}

/** The newest sign-in code the local mailbox (development only) holds for an address. */
async function latestCode(email: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const mails = ((await res.json()) as { data: { id: number; text: string }[] }).data;
  return mails.sort((a, b) => b.id - a.id)[0]?.text.match(/\b(\d{6})\b/)?.[1];
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

/**
 * Full-page and panel screenshots as the visitor sees them: web font and images loaded, and
 * never a page that scrolls sideways. The window is made as tall as the page for the shot, so
 * sticky bars rest where they belong instead of being stitched in mid-page.
 * (The e2e project has no DOM types, hence the scripts as strings.)
 */
async function capture(page: Page, name: string, panel?: Locator) {
  await page.evaluate(`(async () => {
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => {
      img.loading = 'eager';
      return img.complete ? null : new Promise((done) => { img.onload = img.onerror = done; });
    }));
  })()`);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  // What sticks out, named in the failure: the innermost elements past the window's right edge.
  const wide = await page.evaluate<string[]>(`[...document.querySelectorAll('body *')]
    .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5))
    .slice(0, 5).map((el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"')`);
  expect(overflow, `${name} scrolls sideways: ${wide.join(', ')}`).toBeLessThanOrEqual(0);
  const viewport = page.viewportSize()!;
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  await page.setViewportSize({ width: viewport.width, height: Math.max(height, viewport.height) });
  await page.evaluate('window.scrollTo(0, 0)');
  fs.mkdirSync(shotsDir, { recursive: true });
  await (panel ?? page).screenshot({ path: path.join(shotsDir, `${name}.png`), animations: 'disabled' });
  await page.setViewportSize(viewport);
}

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Tickets' })
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });

async function pick(page: Page, ticket: TicketType, qty: number) {
  const row = rowOf(page, ticket.name);
  for (let i = 0; i < qty; i++) await row.getByRole('button', { name: /One more/ }).click();
  await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe(String(qty));
}

async function fillGuest(page: Page, email: string) {
  const panel = page.getByRole('region', { name: 'Tickets' });
  await panel.getByLabel('Full name', { exact: true }).fill('Wanjiku Kamau');
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
}

async function fillCard(scope: Locator | Page, number: string) {
  await scope.getByLabel('Card number').fill(number);
  await scope.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await scope.getByLabel('CVC').fill('123');
}

/** The text of each row of the success page's table: ticket type, price, quantity, subtotal; then the total. */
async function receiptRows(page: Page): Promise<string[][]> {
  const rows = page.getByRole('table').getByRole('row');
  const out: string[][] = [];
  for (const row of await rows.all()) out.push((await row.locator('th, td').allTextContents()).map((t) => t.trim()));
  return out;
}

/** Where the success page's calendar link points, downloaded as the buyer would. */
async function downloadCalendar(page: Page): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: fs.readFileSync(file, 'utf8') };
}

async function expectReceipt(page: Page, event: Event, lines: { ticket: TicketType; qty: number }[], buyer: string) {
  await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
  await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
  const total = lines.reduce((sum, l) => sum + l.ticket.price_per_ticket * l.qty, 0);
  expect(await receiptRows(page)).toEqual([
    ['Ticket type', 'Price', 'Quantity', 'Subtotal'],
    ...lines.map((l) => [
      expect.stringContaining(l.ticket.name),
      money(l.ticket.price_per_ticket, event.currency),
      String(l.qty),
      money(l.ticket.price_per_ticket * l.qty, event.currency),
    ]),
    ['Total', money(total, event.currency)],
  ]);
  await expect
    .poll(() => page.getByText('The order is for').locator('xpath=following-sibling::p').innerText())
    .toBe(buyer);
  const card = page.getByRole('complementary', { name: 'Event' });
  await card.getByRole('heading', { name: event.title }).waitFor();
  await card.getByText(event.location).waitFor();
  await expect
    .poll(() => card.getByRole('link', { name: /See location on map/ }).getAttribute('href'))
    .toBe(`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.location)}`);
  await expect
    .poll(() => page.getByRole('link', { name: 'View E-tickets' }).getAttribute('href'))
    .toBe('/account/tickets');
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('checkout journeys', () => {
  it('a guest buys two tickets with 4242 4242 4242 4242 and lands on the success page (1280 px)', async () => {
    const { event, tickets } = await eventWith(1, 4);
    const [ticket] = tickets as [TicketType];
    const { context, page, failures } = await newPage(VIEWPORTS.desktop);
    const email = `guest.${Date.now()}@example.co.ke`;

    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await pick(page, ticket, 2);
    await fillGuest(page, email);
    await page.getByRole('button', { name: 'Credit / Debit' }).click();

    // The payment page: the order, the total, the hold, the card form, the warning.
    await page.waitForURL('**/payment/method');
    await page.getByRole('heading', { level: 1, name: 'Payment' }).waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText(`${ticket.name}`, { exact: true }).waitFor();
    await expect
      .poll(() => page.getByTestId('total-to-pay').innerText())
      .toBe(money(2 * ticket.price_per_ticket, event.currency));
    await expect.poll(() => page.getByRole('timer').innerText()).toMatch(/^Tickets held for 1[45]:\d\d$/);
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByText(/never asks for your password, PIN or CVV/).waitFor();
    await page.getByLabel('Card number').waitFor();
    await capture(page, 'checkout-payment-1280');

    // Back on the details page the held payment's card form is under the tab, the tickets still picked.
    await page.goBack();
    const panel = page.getByRole('region', { name: 'Tickets' });
    await panel.getByLabel('Card number').waitFor();
    await expect.poll(() => rowOf(page, ticket.name).getByRole('spinbutton').inputValue()).toBe('2');
    await panel.getByRole('timer').waitFor();
    // Holding tickets did not sign the guest in: the top bar offers Login / Register, and the
    // details are still there to correct.
    await expect.poll(() => panel.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    const bar = page.getByRole('banner');
    await bar.getByRole('link', { name: 'Login / Register' }).waitFor();
    await expect.poll(() => bar.getByRole('link', { name: 'My Tickets' }).count()).toBe(0);
    await capture(page, 'checkout-details-card-1280', panel);

    // A typo fixed on the way back books again with the guest's key, in place of the first hold.
    const fixed = `fixed.${email}`;
    await panel.getByLabel('Email', { exact: true }).fill(fixed);
    await expect.poll(() => panel.getByLabel('Card number').count()).toBe(0);
    await page.getByRole('button', { name: 'Credit / Debit' }).click();
    await page.waitForURL('**/payment/method');
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(fixed);
    await page.goBack();
    await panel.getByLabel('Card number').waitFor();

    // Pay on the payment page.
    await panel.getByRole('link', { name: 'Review your order' }).click();
    await page.waitForURL('**/payment/method');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay now' }).click();
    // The success page shows the booking as soon as it is paid (the sandbox confirms at once, so
    // its "Confirming your payment…" may never be seen): wait for the receipt itself.
    await expectReceipt(page, event, [{ ticket, qty: 2 }], 'Wanjiku Kamau');

    const { name, text } = await downloadCalendar(page);
    expect(name).toMatch(/^tikiti-TK-[A-Z0-9]+\.ics$/);
    const lines = text.split('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('BEGIN:VEVENT');
    expect(lines).toContain(`DTSTART:${event.start_time.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(lines).toContain(`DTEND:${event.end_time.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
    expect(lines.find((l) => l.startsWith('UID:'))).toMatch(/^UID:TK-[A-Z0-9]+@tikiti\.co\.ke$/);
    expect(lines.find((l) => l.startsWith('SUMMARY:'))).toBeTruthy();
    expect(lines.find((l) => l.startsWith('LOCATION:'))).toBeTruthy();
    // The confirmation mail's calendar file is the same entry: the same UID, event and times.
    const mailedCalendar = async () => {
      const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(fixed)}`);
      const mails = ((await res.json()) as { data: { text: string }[] }).data;
      const link = mails.map((m) => /Add to calendar: (\S+)/.exec(m.text)?.[1]).find(Boolean);
      // The mail links PUBLIC_URL (localhost); this app listens on 127.0.0.1.
      return link && `${baseUrl}${new URL(link).pathname}${new URL(link).search}`;
    };
    await expect.poll(mailedCalendar, { timeout: 30_000 }).toBeTruthy();
    const mailed = await (await fetch((await mailedCalendar())!)).text();
    const entry = (ics: string) =>
      ics
        .replace(/\r\n /g, '')
        .split('\r\n')
        .filter((l) => /^(UID|SUMMARY|LOCATION|DTSTART|DTEND):/.test(l));
    expect(entry(mailed)).toEqual(entry(text));
    await capture(page, 'checkout-success-1280');

    // The guest keeps this checkout's key, apart from any sign-in; the checkout is over.
    const state = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state;
    expect(state).toMatchObject({ token: null, accountType: null, booking: null, paymentSecrets: {} });
    expect(state.checkoutKey).toMatch(/^ck1\./);
    await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'My Tickets' }).count()).toBe(0);

    expect(failures).toEqual([]);
    await context.close();
  });

  it('a declined card says so and keeps the tickets picked; the pay bar stays in view on a phone (390 px)', async () => {
    const { event, tickets } = await eventWith(2, 3);
    const [first, second] = tickets as [TicketType, TicketType];
    const { context, page, failures } = await newPage(VIEWPORTS.phone);

    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await pick(page, first, 1);
    await pick(page, second, 2);
    await fillGuest(page, `declined.${Date.now()}@example.co.ke`);
    await page.getByRole('button', { name: 'Credit / Debit' }).click();
    await page.waitForURL('**/payment/method');
    await page.getByLabel('Card number').waitFor();

    // The total and Pay now stay at the bottom of the screen while the page scrolls.
    const bar = page.getByTestId('sticky-pay-bar');
    const total = money(first.price_per_ticket + 2 * second.price_per_ticket, event.currency);
    await bar.getByText(total).waitFor();
    const inView = async () => {
      const box = await bar.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= VIEWPORTS.phone.height + 1;
    };
    for (const y of [0, 400, 800]) {
      await page.evaluate(`window.scrollTo(0, ${y})`);
      await expect.poll(inView).toBe(true);
    }
    await expect.poll(() => bar.getByRole('button', { name: 'Pay now' }).isVisible()).toBe(true);
    // What the phone shows halfway down the page: the total and Pay now at the bottom of the screen.
    await page.evaluate('window.scrollTo(0, 500)');
    fs.mkdirSync(shotsDir, { recursive: true });
    await page.screenshot({ path: path.join(shotsDir, 'checkout-payment-390-screen.png') });
    await capture(page, 'checkout-payment-390');

    await fillCard(page, '4000 0000 0000 0002');
    await bar.getByRole('button', { name: 'Pay now' }).click();
    const declined = page.getByText('Your card was declined.');
    await declined.waitFor();
    expect(page.url()).toContain('/payment/method');
    const summary = page.getByRole('region', { name: 'Order summary' });
    const ordered = async () => {
      const texts = await summary.getByRole('list', { name: 'Tickets' }).getByRole('listitem').allInnerTexts();
      return texts.length === 2 && texts[0]!.includes(`${first.name} × 1`) && texts[1]!.includes(`${second.name} × 2`);
    };
    await expect.poll(ordered).toBe(true);
    await expect.poll(() => page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    // The message goes after 4 s.
    await declined.waitFor({ state: 'detached', timeout: 8_000 });

    // Back to the details page: the tickets picked are still there, with the card form.
    await page.goBack();
    const panel = page.getByRole('region', { name: 'Tickets' });
    await panel.getByLabel('Card number').waitFor();
    await expect.poll(() => rowOf(page, first.name).getByRole('spinbutton').inputValue()).toBe('1');
    await expect.poll(() => rowOf(page, second.name).getByRole('spinbutton').inputValue()).toBe('2');
    await capture(page, 'checkout-details-card-390', panel);

    // The card form under the tab pays too.
    await fillCard(panel, '4242424242424242');
    await panel.getByRole('button', { name: 'Pay now' }).click();
    await expectReceipt(
      page,
      event,
      [
        { ticket: first, qty: 1 },
        { ticket: second, qty: 2 },
      ],
      'Wanjiku Kamau',
    );
    await capture(page, 'checkout-success-390');

    expect(failures).toEqual([]);
    await context.close();
  });

  it('a buyer signed in by email code buys without giving details again (390 px)', async () => {
    const { event, tickets } = await eventWith(1, 2);
    const [ticket] = tickets as [TicketType];
    const { context, page, failures } = await newPage(VIEWPORTS.phone);

    const email = `buyer.${Date.now()}@example.co.ke`;
    await page.goto('/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByText('Check your inbox').waitFor();
    await expect.poll(() => latestCode(email), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel('Sign-in code').fill((await latestCode(email))!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/`);

    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('region', { name: 'Tickets' }).waitFor();
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).count()).toBe(0);
    await pick(page, ticket, 1);
    await page.getByRole('button', { name: 'Credit / Debit' }).click();
    await page.waitForURL('**/payment/method');
    await expect.poll(() => page.getByRole('heading', { name: 'Your details' }).count()).toBe(0);
    await fillCard(page, '4242 4242 4242 4242');
    const bar = page.getByTestId('sticky-pay-bar');
    await bar.getByText(money(ticket.price_per_ticket, event.currency)).waitFor();
    await bar.getByRole('button', { name: 'Pay now' }).click();

    await page.waitForURL(/\/payment\/success/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    const buyer = await page.getByText('The order is for').locator('xpath=following-sibling::p').innerText();
    expect(buyer.length).toBeGreaterThan(0);
    await expectReceipt(page, event, [{ ticket, qty: 1 }], buyer);

    expect(failures).toEqual([]);
    await context.close();
  });
});
