import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * A door-only teammate on the built app (issue 12, roles): the demo owner invites a teammate as
 * "Check-in only" → the teammate sets a password from the mail and lands on the list of door
 * events, with Check-in as their only menu, and any other organiser page sends them back there →
 * the owner makes them an admin and they see the whole menu → the owner removes them (after a
 * confirmation) and their session ends. At phone width, where the door is used.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

interface Mail {
  to: string;
  subject: string;
  text: string;
}

async function mailTo(to: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as { data: Mail[] }).data;
    const found = mails.find((m) => m.to.includes(to) && /invited you/i.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no invite to ${to} after 20 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function newPage(): Promise<{ context: BrowserContext; page: Page; failures: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

const menuLinks = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Organiser' })
    .getByRole('link')
    .filter({ visible: true })
    .allTextContents()
    .then((all) => all.map((t) => t.trim()));

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a door-only teammate', () => {
  it('is invited as Check-in only, sees only the door, is promoted, then removed', async () => {
    const owner = await newPage();
    const page = owner.page;
    await page.goto('/organizer/login');
    await page.getByLabel('Username').fill('demo@tikiti.co.ke');
    await page.getByLabel('Password').fill('TikitiDemo2026!');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/organizer/dashboard');
    await page.goto('/organizer/invite');
    const email = `door-${Date.now()}@example.co.ke`;
    await page.getByLabel('First Name').fill('Dalmas');
    await page.getByLabel('Last Name').fill('Mutua');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone No').fill(`07${String(Date.now()).slice(-8)}`);
    await page.getByRole('radio', { name: /Check-in only/ }).check();
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page.waitForURL('**/organizer/team');
    await page.getByRole('tab', { name: /Invites/ }).click();
    await page.getByRole('tabpanel').getByText(email).filter({ visible: true }).waitFor();

    // The teammate follows the link in the mail and sets a password: they land on the door events.
    const invite = await mailTo(email);
    expect(invite.text).toContain('check tickets in at the door');
    const link = new URL(/https?:\/\/\S+\/organizer\/reset\?username=\S+/.exec(invite.text)![0]);
    const mate = await newPage();
    const door = mate.page;
    await door.goto(link.pathname + link.search);
    await door.getByLabel('Verification Code').fill(/\b(\d{6})\b/.exec(invite.text)![1]!);
    await door.getByLabel('Password', { exact: true }).fill('door keeper password');
    await door.getByLabel('Confirm Password').fill('door keeper password');
    await door.getByRole('button', { name: 'Verify' }).click();
    await door.waitForURL('**/organizer/checkin');
    await door.getByRole('heading', { name: 'Check-in' }).waitFor();
    await door.getByRole('list', { name: 'Events' }).getByRole('link').first().waitFor();
    await expect.poll(() => menuLinks(door)).toEqual(['Check-in']);
    const first = await door.getByRole('list', { name: 'Events' }).getByRole('link').first().getAttribute('href');
    expect(first).toMatch(/^\/organizer\/checkin\/\d+$/);
    await screenshot(door, 'door-only-events-phone');
    // Any other organiser page sends them back to the door.
    await door.goto('/organizer/events');
    await door.waitForURL('**/organizer/checkin');
    await door.goto('/organizer/team');
    await door.waitForURL('**/organizer/checkin');

    // The owner makes them an admin: on their next page load they see the whole menu.
    await page.reload();
    await page.getByRole('tab', { name: /Teammates/ }).click();
    await page.getByRole('combobox', { name: 'Role of Dalmas Mutua' }).filter({ visible: true }).selectOption('admin');
    await page
      .locator('[aria-live="polite"]')
      .getByText(/is now an admin/)
      .waitFor();
    await door.goto('/organizer/events');
    await door.waitForURL('**/organizer/events');
    await expect.poll(() => menuLinks(door)).toContain('Events');

    // Removed, after the owner confirms: their session ends and they are sent to sign in.
    await page.getByRole('button', { name: 'Remove Dalmas Mutua' }).filter({ visible: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove teammate' }).click();
    await page.locator('[aria-live="polite"]').getByText('Removed from the team').waitFor();
    await door.goto('/organizer/checkin');
    await door.waitForURL('**/organizer/login');

    expect(owner.failures).toEqual([]);
    expect(mate.failures).toEqual([]);
    await mate.context.close();
    await owner.context.close();
  });
});
