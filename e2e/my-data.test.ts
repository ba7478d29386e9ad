import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Event, ListEventsData, TicketType } from '@tikiti/contract';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';
import { buyAsGuest } from './support/buy.js';
import { apiData } from './support/api.js';
import { mailbox } from './support/mail.js';

/**
 * A buyer's rights over their data on the built app at a phone's width
 * (docs/product.md#my-data): a guest buys a ticket, signs in by email code, opens My Data, turns
 * news on, downloads the ZIP (unzip(1) reads it whole), then deletes the account with the mailed
 * code, choosing to cancel the ticket for the event to come; the page says so, and the same
 * email then finds no account. Screens of My data (390 and 1280 px), the deletion's code step, the
 * page that follows, and the privacy policy.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function anEventOnSale(): Promise<{ event: Event; ticket: TicketType }> {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of data) {
    if (listed.sold_out || listed.ended) continue;
    const event = await apiData<Event>(`event/details/${listed.id}`);
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= 1 && t.price_per_ticket > 0);
    if (ticket && event.attendee_names !== 'at_checkout') return { event, ticket };
  }
  throw new Error('no demo event has a paid ticket on sale');
}

/** The newest code mailed to an address whose subject matches. */
async function codeIn(email: string, subject: RegExp): Promise<string | undefined> {
  return (await mailbox(email)).map((m) => subject.exec(m.subject)?.[1]).find(Boolean);
}

describe('my data journey', () => {
  it('downloads the data and deletes the account at 390 px', async () => {
    const { event, ticket } = await anEventOnSale();
    const email = `my-data-${Date.now()}@example.co.ke`;
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl, acceptDownloads: true });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
    });

    await buyAsGuest(page, event, ticket, 1, email);

    // Sign in with the email the tickets went to, then open My Data from the menu.
    await page.goto('/account/data');
    await page.waitForURL('**/login');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByText('Check your inbox').waitFor();
    const signInSubject = /^(\d{6}) is your Tikiti sign-in code/;
    await expect.poll(() => codeIn(email, signInSubject), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel('Sign-in code').fill((await codeIn(email, signInSubject))!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/account/data');
    await page.getByRole('heading', { level: 1, name: 'My data' }).waitFor();
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Wanjiku');

    // News: off until turned on here.
    const news = page.getByRole('checkbox', { name: /Send me news about events from Tikiti/ });
    expect(await news.isChecked()).toBe(false);
    await news.click();
    await expect.poll(() => news.isChecked()).toBe(true);
    await page.getByText('You will get news about events').waitFor();
    await screenshot(page, 'my-data-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'my-data-1280');
    await page.setViewportSize(VIEWPORTS.phone);

    // The copy: a ZIP that unzip reads and tests whole, holding the booking.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^tikiti-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'my-data-'));
    try {
      const file = path.join(dir, download.suggestedFilename());
      await download.saveAs(file);
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      const bookings = execFileSync('unzip', ['-p', file, 'bookings.csv']).toString();
      expect(bookings).toContain(event.title);
      expect(execFileSync('unzip', ['-p', file, 'consents.csv']).toString()).toContain('account');
    } finally {
      fs.rmSync(dir, { recursive: true });
    }

    // Deleting: a mailed code, the choice about the ticket to come, then the account is gone.
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    const choice = page.getByRole('radio', { name: /Cancel them and refund me/ });
    await choice.waitFor();
    await page.getByRole('list', { name: 'Tickets for events to come' }).getByText(event.title).waitFor();
    const deletionSubject = /^(\d{6}) is your code to delete your Tikiti account/;
    await expect.poll(() => codeIn(email, deletionSubject), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    await choice.check();
    await page.getByLabel('Code from the email').fill((await codeIn(email, deletionSubject))!);
    await screenshot(page, 'my-data-delete-390');
    await page.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.waitForURL('**/account/deleted?cancelled=1');
    await page.getByRole('heading', { name: 'Your account is deleted' }).waitFor();
    await page.getByText(/1 booking was cancelled/).waitFor();
    await screenshot(page, 'my-data-deleted-390');
    // Signed out here: My data asks for a sign-in again.
    await page.getByRole('link', { name: 'Back to Tikiti' }).waitFor();
    await page.goto('/account/data');
    await page.waitForURL('**/login');

    // The email's mail went with the account, and a sign-in code check finds no account.
    expect(await mailbox(email)).toEqual([]);
    const check = await fetch(`${baseUrl}/v1/auth/code/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, code: '123456' }),
    });
    expect(check.status).toBe(400);

    // The privacy policy says the same, in plain words.
    await page.goto('/privacy-policy');
    await page.getByRole('heading', { name: 'Your rights, and how to use them' }).waitFor();
    await screenshot(page, 'privacy-policy-390');
    await page.setViewportSize(VIEWPORTS.desktop);
    await screenshot(page, 'privacy-policy-1280');

    expect(failures).toEqual([]);
    await context.close();
  });
});
