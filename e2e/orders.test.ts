import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Event, Order, SalesSummary } from '@tikiti/contract';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';
import { signInDemoOrganiser } from './support/organiser.js';
import { DEMO_ORGANISER_PASSWORD } from '../apps/api/src/db/seed/seed.js';
import { apiData } from './support/api.js';

/**
 * After the sale (issue 12) on the built app, as the demo organiser: open an event's orders from
 * My events → the bookings and the sales cards are the API's → download the CSV → refund a
 * booking behind its confirmation → it shows as refunded and the money goes back → cancel the
 * event behind its confirmation → it is gone from the public pages. Then the page at phone width.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

const banner = (page: Page, text: string | RegExp) => page.locator('[aria-live="polite"]').getByText(text);
const tokenOf = async (page: Page) =>
  (await page.evaluate('JSON.parse(localStorage.getItem("tikiti")).state.token')) as string;

/** A published, upcoming event of the organiser with paid bookings (the demo data has several). */
async function eventWithSales(token: string, skip: number[] = []): Promise<Event> {
  const list = await apiData<{ data: Event[] }>('client/event/view?status=1&limit=100', token);
  const found = list.data.find(
    (e) => e.tickets_bought > 0 && Date.parse(e.start_time) > Date.now() && !skip.includes(e.id),
  );
  if (!found) throw new Error('the demo data has no upcoming event with sales');
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('orders, refunds and cancellation', () => {
  let refundedEventId = 0;

  it('opens an event’s orders, downloads the CSV, refunds a booking, and cancels another event', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl, acceptDownloads: true });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
    });
    await signInDemoOrganiser(page);
    const token = await tokenOf(page);
    const event = await eventWithSales(token);
    refundedEventId = event.id;

    // From My events, the event card's Orders link.
    await page.goto('/organizer/events');
    const card = page.locator('article').filter({ hasText: event.title }).first();
    // The list the page asks for, as the server answered it (other journeys' late settlements may
    // change the event's count afterwards: the page shows what it was given).
    const listAnswer = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/v1/client/event/${event.id}/orders` && r.request().method() === 'GET',
    );
    await card.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`**/organizer/orders/${event.id}`);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();

    const sales = await apiData<SalesSummary>(`client/event/${event.id}/sales`, token);
    const summary = page.getByRole('region', { name: 'Sales summary' });
    await expect.poll(() => summary.getByText(String(sales.tickets_sold), { exact: true }).count()).toBeGreaterThan(0);
    const bookings = page.getByRole('list', { name: 'Bookings' });
    await bookings.waitFor();
    const orders = ((await (await listAnswer).json()) as { data: { data: Order[]; total: number } }).data;
    const counted = `${orders.total} ${orders.total === 1 ? 'booking' : 'bookings'}`;
    await expect.poll(() => page.getByText(new RegExp(`· ${counted}$`)).count()).toBe(1);
    // Recharts arrives with this page only, and draws the days with sales.
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshot(page, 'organiser-orders-desktop');

    // The CSV of every booking, once the password is entered again (docs/security.md#re-entering-the-password).
    await page.getByRole('button', { name: 'Download CSV' }).first().click();
    const again = page.getByRole('dialog', { name: 'Enter your password again' });
    await again.waitFor();
    await again.getByLabel('Password').fill(DEMO_ORGANISER_PASSWORD);
    await screenshot(page, 'organiser-orders-password-again-desktop', { fullPage: false });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      again.getByRole('button', { name: 'Confirm and download' }).click(),
    ]);
    const file = await download.path();
    const csv = fs.readFileSync(file!, 'utf8');
    expect(csv.startsWith('\uFEFFReference,Buyer,Phone,Email,')).toBe(true);
    expect(csv.split('\r\n').length).toBe(orders.total + 2);
    expect(path.extname(download.suggestedFilename())).toBe('.csv');

    // Refund the newest paid booking.
    const paid = orders.data.find((o) => o.status === 2)!;
    const row = bookings.getByRole('listitem').filter({ hasText: paid.reference });
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund ${paid.reference}?` });
    await dialog.waitFor();
    await screenshot(page, 'organiser-orders-refund-confirm-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: /^Refund / }).click();
    await banner(page, new RegExp(`Booking ${paid.reference} refunded`)).waitFor();
    await expect.poll(() => row.getByText('Refunded', { exact: true }).count()).toBe(1);
    // The job gives the money back (the sandbox) within a few seconds.
    await expect
      .poll(
        async () =>
          (await apiData<{ data: Order[] }>(`client/event/${event.id}/orders?q=${paid.reference}`, token)).data[0]!
            .refund_state,
        { timeout: 30_000 },
      )
      .toBe('refunded');

    // Cancel another event with sales.
    const other = await eventWithSales(token, [event.id]);
    expect((await fetch(`${baseUrl}/v1/event/details/${other.id}`)).status).toBe(200);
    await page.goto(`/organizer/orders/${other.id}`);
    await page.getByRole('button', { name: 'Cancel event' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel ${other.title}?` });
    await cancel.getByText('Every paid booking will be refunded').waitFor();
    await cancel.getByLabel('Message to buyers (optional)').fill('The venue is closed after the floods.');
    await cancel.getByRole('button', { name: 'Cancel event and refund everyone' }).click();
    await banner(page, new RegExp(`${other.title} is cancelled`)).waitFor();
    await page.getByText(/^Cancelled on /).waitFor();
    expect((await fetch(`${baseUrl}/v1/event/details/${other.id}`)).status).toBe(404);
    await expect
      .poll(async () => (await apiData<SalesSummary>(`client/event/${other.id}/sales`, token)).bookings_paid, {
        timeout: 30_000,
      })
      .toBe(0);
    expect(failures).toEqual([]);
    await context.close();
  }, 180_000);

  it('reads well at phone width', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    await signInDemoOrganiser(page);
    await page.goto(`/organizer/orders/${refundedEventId}`);
    await page.getByRole('list', { name: 'Bookings' }).waitFor();
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'organiser-orders-phone');
    await page.getByRole('tab', { name: 'Attendees' }).click();
    // The demo bookings were seeded without e-tickets: the list, or its empty state.
    await page
      .getByRole('tabpanel')
      .getByText(/No attendees yet|Not checked in|Checked in|no longer admits/)
      .first()
      .waitFor();
    await screenshot(page, 'organiser-orders-attendees-phone');
    await context.close();
  }, 120_000);
});
