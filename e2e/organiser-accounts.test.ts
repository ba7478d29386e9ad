import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * The organiser's account journey on the built app (issue 3): register in two steps → the
 * verification code from the local mailbox → set a password → dashboard (a new organisation
 * has no events, so create step 1) → settings → invite a teammate → the teammate opens the
 * link from their mail, sets a password, signs out and signs in → the owner sees them
 * under Teammates. Run at phone and desktop width.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

interface Mail {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The newest message to `to` whose subject matches, waiting for the mail worker to deliver it. */
async function mailTo(to: string, subject: RegExp): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`);
    expect(res.status).toBe(200);
    const mails = ((await res.json()) as { data: Mail[] }).data;
    const found = mails.find((m) => m.to.includes(to) && subject.test(m.subject));
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`no mail "${subject}" to ${to} after 20 s (mailbox has ${mails.length})`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The 6-digit code of a mail. */
function codeOf(mail: Mail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code, `a 6-digit code in "${mail.subject}"`).toBeTruthy();
  return code!;
}

/** The alert banner's current text. */
const banner = (page: Page, text: string | RegExp) => page.locator('[aria-live="polite"]').getByText(text);

async function newPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page; failures: string[] }> {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('organiser accounts journey', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const phone = size === 'phone';

    it(`registers, verifies, invites a teammate who signs in (${viewport.width} px)`, async () => {
      const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
      const owner = {
        fn: 'Wanjiru',
        ln: 'Kamau',
        email: `owner.${stamp}@example.co.ke`,
        phone: `+2547${stamp.slice(-8)}`,
      };
      const mate = {
        fn: 'Otieno',
        ln: 'Odhiambo',
        email: `mate.${stamp}@example.co.ke`,
        phone: `+2541${stamp.slice(-8)}`,
      };
      const org = `Savannah Summits ${stamp}`;
      const password = 'Correct-Horse-42';

      const { context, page, failures } = await newPage(viewport);

      // Register step 1: the message of docs/product.md#validation-rules when fields are missing, then the person.
      await page.goto('/organizer/register');
      await page.getByRole('heading', { name: 'Create your organiser account' }).waitFor();
      await expect.poll(() => page.title()).toContain('Create your organiser account');
      await page.getByRole('button', { name: 'Continue' }).click();
      await banner(page, 'All fields are required').waitFor();
      await page.getByLabel('First name').fill(owner.fn);
      await page.getByLabel('Last name').fill(owner.ln);
      await page.getByLabel('Phone').fill(owner.phone);
      await page.getByLabel('Email').fill(owner.email);
      await screenshot(page, `organiser-register-${size}`);
      await page.getByRole('button', { name: 'Continue' }).click();

      // Step 2 greets by first name; the terms must be accepted.
      await page.waitForURL('**/organizer/register-details');
      await page.getByRole('heading', { name: new RegExp(`Hi ${owner.fn}`) }).waitFor();
      await page.getByLabel('Organization name').fill(org);
      await page.getByLabel('Display name').fill('Savannah Summits');
      await page.getByLabel('Organisation email').fill(`events.${stamp}@example.co.ke`);
      await page.getByLabel('Organisation phone').fill(`+2540${stamp.slice(-8)}`);
      await page.getByRole('button', { name: 'Create organiser account' }).click();
      await banner(page, 'Accept terms of service to proceed').waitFor();
      await page.getByRole('checkbox').check();
      await screenshot(page, `organiser-register-details-${size}`);
      await page.getByRole('button', { name: 'Create organiser account' }).click();

      // Reset page: the success banner, then the code from the mailbox.
      await page.waitForURL('**/organizer/reset');
      await banner(page, /Registration succeeded, a code was sent to your email/).waitFor();
      const code = codeOf(await mailTo(owner.email, /verification code/i));
      await page.getByLabel('Verification Code').fill(code);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm Password').fill(`${password}x`);
      await page.getByRole('button', { name: 'Verify' }).click();
      await banner(page, 'Password do not match').waitFor();
      await page.getByLabel('Confirm Password').fill(password);
      await screenshot(page, `organiser-reset-${size}`);
      await page.getByRole('button', { name: 'Verify' }).click();

      // Signed in as organiser; no events yet, so the dashboard hands over to create step 1.
      await page.waitForURL('**/organizer/event/1');
      await page.getByRole('heading', { name: 'Create Event' }).waitFor();
      const stored = await page.evaluate('JSON.parse(localStorage.getItem("tikiti")).state');
      expect(stored).toMatchObject({ accountType: 'organizer', userName: { fn: owner.fn, ln: owner.ln } });
      expect((stored as { token: string }).token).toMatch(/\S{20,}/);
      await screenshot(page, `organiser-create-step-1-${size}`);

      // Settings: read-only details; Team Access opens the team page.
      await page.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL('**/organizer/settings');
      await page.getByText(org, { exact: true }).waitFor();
      // The organisation's details are read-only; only its public page (description, logo) is a form.
      const publicPage = page.getByRole('region', { name: 'Your public page' });
      await publicPage.getByRole('textbox').waitFor();
      await expect
        .poll(() => page.locator('input, textarea').count())
        .toBe(await publicPage.locator('input, textarea').count());
      await screenshot(page, `organiser-settings-${size}`);
      await page.getByRole('link', { name: 'Team Access' }).click();
      await page.waitForURL('**/organizer/team');
      await page.getByRole('tab', { name: 'Teammates (1)' }).waitFor();
      await page.getByRole('tab', { name: 'Invites (0)' }).waitFor();

      // Invite a teammate.
      await page.getByRole('link', { name: 'Invite Teammate' }).first().click();
      await page.waitForURL('**/organizer/invite');
      await page.getByLabel('First Name').fill(mate.fn);
      await page.getByLabel('Last Name').fill(mate.ln);
      await page.getByLabel('Email').fill(mate.email);
      await page.getByLabel('Phone No').fill(mate.phone);
      // Check-in only is the default; this teammate manages events.
      await page.getByRole('radio', { name: /^Admin/ }).check();
      await screenshot(page, `organiser-invite-${size}`);
      await page.getByRole('button', { name: 'Send Invite' }).click();
      await page.waitForURL('**/organizer/team');
      await page.getByRole('tab', { name: 'Invites (1)' }).click();
      await page.getByRole('tabpanel').getByText(mate.email).filter({ visible: true }).waitFor();
      await screenshot(page, `organiser-team-invites-${size}`);

      // The teammate, in their own browser, follows the link in their mail.
      const invite = await mailTo(mate.email, /invited you/i);
      const link = /https?:\/\/\S+\/organizer\/reset\?username=\S+/.exec(invite.text)?.[0];
      expect(link, 'a link to the reset page in the invite').toBeTruthy();
      const mateSide = await newPage(viewport);
      const matePage = mateSide.page;
      const url = new URL(link!);
      await matePage.goto(url.pathname + url.search);
      await matePage.getByText(mate.email).first().waitFor();
      await matePage.getByLabel('Verification Code').fill(codeOf(invite));
      await matePage.getByLabel('Password', { exact: true }).fill(password);
      await matePage.getByLabel('Confirm Password').fill(password);
      await matePage.getByRole('button', { name: 'Verify' }).click();
      await matePage.waitForURL('**/organizer/event/1');

      // … signs out, and signs in with the password: a wrong one first.
      if (phone) await matePage.getByRole('button', { name: 'Logout' }).first().click();
      else
        await matePage.getByRole('navigation', { name: 'Organiser' }).getByRole('button', { name: 'Logout' }).click();
      await matePage.waitForURL('**/organizer/login');
      await matePage.getByRole('button', { name: 'Sign In' }).click();
      await banner(matePage, 'All fields are required').waitFor();
      await matePage.getByLabel('Username').fill(mate.email);
      await matePage.getByLabel('Password').fill('not-the-password');
      await matePage.getByRole('button', { name: 'Sign In' }).click();
      await banner(matePage, /username or password/i).waitFor();
      expect(matePage.url()).toContain('/organizer/login');
      await matePage.getByLabel('Password').fill(password);
      await screenshot(matePage, `organiser-sign-in-${size}`);
      await matePage.getByRole('button', { name: 'Sign In' }).click();
      await matePage.waitForURL('**/organizer/event/1');
      await matePage.getByRole('heading', { name: 'Create Event' }).waitFor();

      // The owner now sees them under Teammates, with a last login, and no pending invite.
      await page.reload();
      await page.getByRole('tab', { name: 'Teammates (2)' }).click();
      const panel = page.getByRole('tabpanel');
      await panel.getByText(`${mate.fn} ${mate.ln}`).filter({ visible: true }).waitFor();
      await panel.getByText('Last Login').filter({ visible: true }).first().waitFor();
      await page.getByRole('tab', { name: 'Invites (0)' }).waitFor();
      await screenshot(page, `organiser-team-${size}`);

      expect(failures).toEqual([]);
      expect(mateSide.failures).toEqual([]);
      await mateSide.context.close();
      await context.close();
    });
  }

  it('guards, recovery always moving on to reset, and a 409 sending the organiser to sign in', async () => {
    const { context, page, failures } = await newPage(VIEWPORTS.desktop);
    // Step 2 without step 1 goes back; reset without a username and organiser pages without a
    // session go to sign-in.
    await page.goto('/organizer/register-details');
    await page.waitForURL('**/organizer/register');
    await page.goto('/organizer/reset');
    await page.waitForURL('**/organizer/login');
    await page.goto('/organizer/dashboard');
    await page.waitForURL('**/organizer/login');

    await page.goto('/organizer/forgot');
    await page.getByLabel('Username').fill('nobody-here@example.co.ke');
    await page.getByRole('button', { name: 'Recover' }).click();
    await page.waitForURL('**/organizer/reset');
    await page.getByText('nobody-here@example.co.ke').first().waitFor();
    await screenshot(page, 'organiser-forgot-reset-desktop');

    // Registering the demo organiser's email again: the server's message, then sign-in.
    await page.goto('/organizer/register');
    await page.getByLabel('First name').fill('Demo');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Phone').fill('+254711000999');
    await page.getByLabel('Email').fill('demo@tikiti.co.ke');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Organization name').fill('Duplicate Org');
    await page.getByLabel('Display name').fill('Duplicate');
    await page.getByLabel('Organisation email').fill('dup.org@example.co.ke');
    await page.getByLabel('Organisation phone').fill('+254711000998');
    await page.getByRole('checkbox').check();
    const started = Date.now();
    await page.getByRole('button', { name: 'Create organiser account' }).click();
    await banner(page, /already exists/).waitFor();
    expect(page.url()).toContain('/organizer/register-details');
    await page.waitForURL('**/organizer/login', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect(failures).toEqual([]);
    await context.close();
  });
});
