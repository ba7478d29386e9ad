import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * Two-factor sign-in and sessions on the built app (docs/product.md#account-security): a new
 * organiser turns two-factor sign-in on from Settings > Security (the secret read from the page
 * and the codes computed as an authenticator app would), keeps the recovery codes, signs out,
 * signs in with the password and then a code, and finds this device in the session list; the
 * owner's Activity shows what happened. At phone and desktop width.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data: Record<string, unknown> } };
}

/** The newest 6-digit code mailed to `to`, waiting for the mail worker. */
async function mailedCode(to: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    const mails = ((await res.json()) as { data: { text: string }[] }).data;
    const code = mails.map((m) => /^(\d{6})$/m.exec(m.text)?.[1]).find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A new organisation's owner with a password, made through the API (the register pages have their own journey). */
async function registeredOwner() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const email = `secure.${stamp}@example.co.ke`;
  const registered = await post('client/register', {
    first_name: 'Akinyi',
    last_name: 'Wekesa',
    msisdn: `+2547${stamp.slice(-8)}`,
    email_address: email,
    organization_name: `Lakeside Forums ${stamp}`,
    display_name: 'Lakeside Forums',
    organization_email_address: `events.${stamp}@example.co.ke`,
    organization_msisdn: `+2541${stamp.slice(-8)}`,
  });
  expect(registered.status).toBe(201);
  const password = 'Tilapia-Kisumu-Sunset-44';
  const reset = await post('auth/password/reset', { username: email, code: await mailedCode(email), password });
  expect(reset.status).toBe(200);
  return { email, password };
}

const banner = (page: Page, text: string | RegExp) => page.locator('[aria-live="polite"]').getByText(text);

async function signInWithPassword(page: Page, who: { email: string; password: string }) {
  await page.goto('/organizer/login');
  await page.getByLabel('Username').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('two-factor sign-in journey', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`turns two-factor sign-in on, signs out, signs in with a code and sees the session (${viewport.width} px)`, async () => {
      const owner = await registeredOwner();
      const context = await browser.newContext({ viewport, baseURL: baseUrl });
      const page = await context.newPage();
      const failures: string[] = [];
      page.on('pageerror', (err) => failures.push(err.message));

      await signInWithPassword(page, owner);
      await page.waitForURL(/\/organizer\/(dashboard|event\/1)/);

      // Settings > Security.
      await page.goto('/organizer/security');
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
      await page.getByRole('list', { name: 'Sessions' }).getByText('This device').waitFor();
      await screenshot(page, `security-off-${size}`);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      const key = page.getByLabel('Setup key');
      await key.waitFor();
      await page.getByRole('img', { name: /QR code/ }).waitFor();
      const secret = (await key.getAttribute('data-secret'))!;
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const app = new TOTP({ secret: Secret.fromBase32(secret) });
      await screenshot(page, `security-setup-${size}`);

      // A wrong code is refused beside the field; the app's code turns it on.
      await page.getByLabel('Code from the app').fill(app.generate({ timestamp: Date.now() + 5 * 60_000 }));
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      await page.getByText(/This code is not right/).waitFor();
      await page.getByLabel('Code from the app').fill(app.generate());
      await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
      const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
      await expect.poll(() => codes.count()).toBe(10);
      expect(await codes.first().textContent()).toMatch(/^[2-9A-Z]{5}-[2-9A-Z]{5}$/);
      await screenshot(page, `security-recovery-codes-${size}`);
      await page.getByRole('button', { name: 'I have saved them' }).click();
      await page.getByText(/10 of 10 recovery codes left/).waitFor();

      // Sign out, then in: the password, then the code of the next 30 seconds (the first is spent).
      if (size === 'phone') await page.getByRole('button', { name: 'Logout' }).first().click();
      else await page.getByRole('navigation', { name: 'Organiser' }).getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL('**/organizer/login');
      await signInWithPassword(page, owner);
      const codeField = page.getByLabel('Authentication code');
      await codeField.waitFor();
      expect(page.url()).toContain('/organizer/login');
      await screenshot(page, `sign-in-second-step-${size}`);
      await codeField.fill(app.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await page.waitForURL(/\/organizer\/(dashboard|event\/1)/);

      // The session list marks this device; the earlier sign-in is still there to end.
      await page.goto('/organizer/security');
      const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
      await expect.poll(() => sessions.count()).toBe(2);
      await sessions.filter({ hasText: 'This device' }).waitFor();
      await page.getByText(/On since/).waitFor();
      await screenshot(page, `security-on-${size}`);
      await page.getByRole('button', { name: 'End all other sessions' }).click();
      await banner(page, '1 other session ended').waitFor();
      await expect.poll(() => sessions.count()).toBe(1);

      // The owner's Activity tells the story, newest first.
      await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Activity' }).click();
      await page.waitForURL('**/organizer/activity');
      const entries = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
      await expect.poll(() => entries.count()).toBe(5);
      await expect.poll(() => entries.first().textContent()).toContain('ended sessions');
      await entries.filter({ hasText: 'turned on two-factor sign-in' }).waitFor();
      await screenshot(page, `activity-${size}`);

      expect(failures).toEqual([]);
      await context.close();
    }, 90_000);
  }
});
