import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, nairobiDay, type DashboardSummary, type Event } from '@tikiti/contract';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { signInDemoOrganiser } from './support/organiser.js';
import { apiData } from './support/api.js';

/**
 * The organiser's event journey on the built app (issue 4), as the demo organiser: sign in →
 * create an event with an image and two ticket types → it is on All events and its details
 * page → edit its title and image → update its tickets (one removed, one added, a capacity
 * changed) → the dashboard's figures are the API's. Then the organiser pages at phone width.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let tmp: string;

// --- a tiny PNG encoder, so the journey uploads a real image without any fixture file ---
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A width×height RGB PNG: a diagonal gradient from `from` to `to`. */
function png(width: number, height: number, from: [number, number, number], to: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      for (let i = 0; i < 3; i++) raw[row + 1 + x * 3 + i] = Math.round(from[i]! + (to[i]! - from[i]!) * t);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const banner = (page: Page, text: string | RegExp) => page.locator('[aria-live="polite"]').getByText(text);

/** The organiser's token, as the app keeps it in local storage. */
const tokenOf = async (page: Page) =>
  (await page.evaluate('JSON.parse(localStorage.getItem("tikiti")).state.token')) as string;

const money = (amount: number, currency: string) =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: currency === 'KES' ? 0 : 2, maximumFractionDigits: currency === 'KES' ? 0 : 2 })}`;

/** The four dashboard cards show exactly what GET v1/client/summary says. */
async function expectFiguresMatch(page: Page) {
  const summary = await apiData<DashboardSummary>('client/summary', await tokenOf(page));
  await expect
    .poll(() => page.getByTestId('summary-net-sales').innerText())
    .toBe(
      summary.net_sales_by_currency.length
        ? summary.net_sales_by_currency.map((n) => money(n.net_sales, n.currency)).join('\n')
        : money(summary.net_sales, summary.currency),
    );
  await expect.poll(() => page.getByTestId('summary-events').innerText()).toBe(summary.events.toLocaleString('en-US'));
  await expect
    .poll(() => page.getByTestId('summary-tickets-sold').innerText())
    .toBe(summary.tickets_sold.toLocaleString('en-US'));
  await expect
    .poll(() => page.getByTestId('summary-upcoming').innerText())
    .toBe(summary.upcoming_events.toLocaleString('en-US'));
  return summary;
}

/** Fills the visible ticket row `n` (0-based). */
async function fillTicket(page: Page, n: number, t: { name: string; price: string; persons: string; max: string }) {
  const row = page.getByTestId('ticket-row').nth(n);
  await row.getByLabel('Name').fill(t.name);
  await row.getByLabel(/Price per ticket/).fill(t.price);
  await row.getByLabel('No of persons per ticket').fill(t.persons);
  await row.getByLabel('Max tickets').fill(t.max);
}

beforeAll(async () => {
  browser = await launchBrowser();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tikiti-e2e-images-'));
});

afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('organiser events journey', () => {
  const title = `Nairobi Data Leaders Forum ${Date.now()}`;
  const newTitle = `${title} 2nd edition`;
  let eventId = 0;

  it('creates, publishes, edits an event and its tickets; the dashboard figures match', async () => {
    const cover = path.join(tmp, 'cover.png');
    const newCover = path.join(tmp, 'new-cover.png');
    const fake = path.join(tmp, 'not-an-image.png');
    fs.writeFileSync(cover, png(800, 400, [15, 118, 110], [245, 158, 11]));
    fs.writeFileSync(newCover, png(800, 400, [30, 64, 175], [236, 72, 153]));
    fs.writeFileSync(fake, 'this is text, not a PNG');

    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
    });

    await signInDemoOrganiser(page);
    const before = await expectFiguresMatch(page);
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
    await screenshot(page, 'organiser-dashboard-desktop');

    // Step 1: the details. Starts 120 days ahead, after every demo event.
    await page.getByRole('link', { name: 'Create Event' }).first().click();
    await page.waitForURL('**/organizer/event/1');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await banner(page, 'All fields are required').waitFor();
    const day = addDays(nairobiDay(new Date()), 120);
    await page.getByLabel('Event Title').fill(title);
    await page.getByLabel('Event category').selectOption({ index: 1 });
    await page.getByLabel('Start Date and Time').fill(`${day}T09:00`);
    await page.getByLabel('End Date and Time').fill(`${day}T08:00`);
    await page.getByLabel('Location').fill('Radisson Blu, Upper Hill, Nairobi');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('End must be after start').waitFor();
    await page.getByLabel('End Date and Time').fill(`${day}T17:30`);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // Step 2: the image is required; a text file named .png is refused by the server.
    await page.waitForURL('**/organizer/event/2');
    await page.getByLabel('Full Description').fill('A day of talks and workshops on data strategy.\n\nLunch included.');
    await page.getByLabel('Short Description').fill('Data strategy for East African leaders.');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await banner(page, 'Image is required').waitFor();
    await page.locator('input[type="file"]').setInputFiles(fake);
    await page.getByRole('button', { name: 'Create Event' }).click();
    // The server judges the bytes (415): its message in the banner and under the picker.
    await banner(page, /must be a JPEG or PNG/).waitFor();
    await expect.poll(() => page.getByText(/must be a JPEG or PNG/).count()).toBe(2);
    expect(page.url()).toContain('/organizer/event/2');
    await page.locator('input[type="file"]').setInputFiles(cover);
    await page.getByRole('img', { name: 'Preview of the event banner' }).waitFor();
    await screenshot(page, 'organiser-create-step-2-desktop');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/v1/event/register') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Create Event' }).click();
    const createdRes = await created;
    expect(createdRes.status()).toBe(201);
    eventId = ((await createdRes.json()) as { data: number }).data;
    expect(eventId).toBeGreaterThan(0);

    // Step 3: two ticket types (a third added and removed again).
    await page.waitForURL('**/organizer/event/3');
    await page.getByRole('button', { name: 'Finish Setup' }).click();
    await banner(page, 'All fields are required').waitFor();
    await fillTicket(page, 0, { name: 'Regular', price: '45', persons: '1', max: '150' });
    await page.getByRole('button', { name: 'Add Ticket' }).click();
    await fillTicket(page, 1, { name: 'Team of 3', price: '120.50', persons: '3', max: '20' });
    await page.getByRole('button', { name: 'Add Ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-row').count()).toBe(3);
    await page
      .getByTestId('ticket-row')
      .nth(2)
      .getByRole('button', { name: /Remove/ })
      .click();
    await expect.poll(() => page.getByTestId('ticket-row').count()).toBe(2);
    await screenshot(page, 'organiser-create-step-3-desktop');
    await page.getByRole('button', { name: 'Finish Setup' }).click();
    // Saving the tickets publishes the event; step 4 (its questions) is optional.
    await page.waitForURL('**/organizer/event/4');
    await banner(page, /is published/).waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/organizer/dashboard');

    // The new event is among the recently published, and published for buyers.
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    await card.getByText('Published').waitFor();
    await card.getByText('0 of 170 tickets sold').waitFor();
    const after = await expectFiguresMatch(page);
    expect(after.events).toBe(before.events + 1);
    expect(after.upcoming_events).toBe(before.upcoming_events + 1);

    // All events: found by its title; its details page shows both ticket types.
    await openPage(page, '/all-events');
    await page.getByLabel('Search events').fill(title);
    await page.getByRole('heading', { name: title }).first().click();
    await page.waitForURL(`**/details/${eventId}/**`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Regular').first().waitFor();
    await page.getByText('Team of 3').first().waitFor();
    const published = await apiData<Event>(`event/details/${eventId}`);
    expect(published.tickets.map((t) => t.name).sort()).toEqual(['Regular', 'Team of 3']);
    expect(published.full_description).toContain('data strategy');
    expect(published.short_description).toBe('Data strategy for East African leaders.');

    // Edit from My events: a new title, then a new image.
    await page.goto('/organizer/events');
    await page.getByRole('tab', { name: 'Upcoming' }).click();
    await page.getByRole('link', { name: title }).click();
    await page.waitForURL('**/organizer/event-view/1');
    await expect.poll(() => page.getByLabel('Event Title').inputValue()).toBe(title);
    await expect.poll(() => page.getByLabel('Start Date and Time').inputValue()).toBe(`${day}T09:00`);
    await page.getByLabel('Event Title').fill(newTitle);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/organizer/event-view/2');
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await banner(page, 'Image is required').waitFor();
    await page.locator('input[type="file"]').setInputFiles(newCover);
    await page.getByRole('img', { name: 'Preview of the event banner' }).waitFor();
    await screenshot(page, 'organiser-edit-step-2-desktop');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL(`**/organizer/tickets/${eventId}`);
    const edited = await apiData<Event>(`event/details/${eventId}`);
    expect(edited.title).toBe(newTitle);
    expect(edited.image).not.toBe(published.image);
    expect(edited.status).toBe(1);

    // Ticket update: remove Regular, raise Team of 3 to 30, add Student; 2 s later the dashboard.
    await page.getByRole('heading', { name: 'Ticket Update' }).waitFor();
    await expect.poll(() => page.getByTestId('ticket-row').count()).toBe(2);
    const regular = page.getByTestId('ticket-row').filter({ has: page.getByRole('heading', { name: 'Regular' }) });
    await regular.getByRole('button', { name: /Remove/ }).click();
    // A saved ticket type goes only after the organiser confirms it.
    const confirm = page.getByRole('dialog', { name: 'Remove “Regular”?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Remove ticket' }).click();
    await expect.poll(() => page.getByTestId('ticket-row').count()).toBe(1);
    await expect
      .poll(() =>
        page
          .getByTestId('ticket-row')
          .getByRole('button', { name: /Remove/ })
          .isDisabled(),
      )
      .toBe(true);
    await page.getByTestId('ticket-row').nth(0).getByLabel('Max tickets').fill('30');
    await page.getByRole('button', { name: 'Add Ticket' }).click();
    await fillTicket(page, 1, { name: 'Student', price: '15', persons: '1', max: '40' });
    await screenshot(page, 'organiser-ticket-update-desktop');
    await page.getByRole('button', { name: 'Update Ticket' }).click();
    await banner(page, /Tickets updated/i).waitFor();
    const savedAt = Date.now();
    expect(page.url()).toContain(`/organizer/tickets/${eventId}`);
    await page.waitForURL('**/organizer/dashboard');
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1500);

    const updated = await apiData<Event>(`event/details/${eventId}`);
    const byName = Object.fromEntries(updated.tickets.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['Student', 'Team of 3']);
    expect(byName['Team of 3']).toMatchObject({ max_tickets: 30, price_per_ticket: 120.5, no_of_persons: 3 });
    expect(byName.Student).toMatchObject({ max_tickets: 40, price_per_ticket: 15 });

    // The dashboard: the renamed event with its new capacity, and the API's figures.
    const renamed = page.getByRole('article').filter({ hasText: newTitle });
    await renamed.getByText('0 of 70 tickets sold').waitFor();
    await expectFiguresMatch(page);
    await screenshot(page, 'organiser-dashboard-after-desktop');

    // Switch it to a draft from edit step 2: buyers no longer see it; the Drafts tab does.
    await page.goto('/organizer/events');
    await page.getByRole('link', { name: newTitle }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('radio', { name: /Draft/ }).check();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL(`**/organizer/tickets/${eventId}`);
    expect((await fetch(`${baseUrl}/v1/event/details/${eventId}`)).status).toBe(404);
    await page.goto('/organizer/events?tab=drafts');
    await page.getByRole('article').filter({ hasText: newTitle }).getByText('Draft').waitFor();
    await page.getByRole('link', { name: newTitle }).click();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByRole('radio', { name: /Published/ }).check();
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL(`**/organizer/tickets/${eventId}`);
    expect((await fetch(`${baseUrl}/v1/event/details/${eventId}`)).status).toBe(200);

    expect(failures).toEqual([]);
    await context.close();
  });

  it('shows the organiser pages at phone width', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));

    await signInDemoOrganiser(page);
    await expectFiguresMatch(page);
    await page.getByRole('article').first().waitFor();
    await screenshot(page, 'organiser-dashboard-phone');

    await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Events' }).click();
    await page.waitForURL('**/organizer/events');
    await page.getByRole('heading', { name: 'My events' }).waitFor();
    await page.getByRole('status', { name: 'Loading events' }).waitFor({ state: 'detached' });
    await page.getByRole('article').first().waitFor();
    await screenshot(page, 'organiser-my-events-phone');
    await page.getByRole('tab', { name: 'Ended' }).click();
    await page.waitForURL('**/organizer/events?tab=ended');
    await page.getByRole('status', { name: 'Loading events' }).waitFor({ state: 'detached' });
    await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
    await page.getByRole('article').first().waitFor();
    for (const article of await page.getByRole('article').all()) await article.getByText('Ended').waitFor();

    // Open the journey's event (or any event) into the edit pages.
    await page.getByRole('tab', { name: 'All' }).click();
    await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
    await page.waitForURL('**/organizer/event-view/1');
    await screenshot(page, 'organiser-edit-step-1-phone');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/organizer/event-view/2');
    await screenshot(page, 'organiser-edit-step-2-phone');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await page.waitForURL('**/organizer/tickets/*');
    await page.getByTestId('ticket-row').first().waitFor();
    await screenshot(page, 'organiser-ticket-update-phone');

    await page.goto('/organizer/settings');
    await page.getByText('Organization Name').waitFor();
    await screenshot(page, 'organiser-settings-demo-phone');
    expect(failures).toEqual([]);
    await context.close();
  });
});
