import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD } from '../apps/api/src/db/seed/seed.js';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';

/**
 * Paying an organiser (docs/product.md#payouts), on the built app: the operator signs in at
 * /operator with the password and a TOTP code (computed from the demo secret as an authenticator
 * would) and credits the demo organisation KES 2,333 by a ledger adjustment, so the amount is
 * there whatever else the demo holds; the demo organiser (two-factor sign-in on for the journey, as
 * moving money requires) requests a payout of it on the Money page to the M-Pesa method the demo
 * data set a month ago (past the 48-hour hold: docs/product.md#payouts); the operator approves it;
 * the simulator's phone shows the money received, once; the organiser's Money page shows it paid.
 * Last the organiser sets a new M-Pesa method with the password again, and payouts are held.
 */
const baseUrl = inject('baseUrl');
const OPERATOR = { email: 'operator@tikiti.co.ke', password: 'TikitiOperator2026!', secret: 'JBSWY3DPEHPK3PXP' };
const AMOUNT = 2333;

let browser: Browser;
/** The demo organiser's authenticator, set up for this journey and removed after it. */
let organiserTotp: TOTP | null = null;
let recoveryCodes: string[] = [];

async function call(path: string, body: unknown, token?: string) {
  const res = await fetch(`${baseUrl}/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { auth: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, token: res.headers.get('auth'), json: (await res.json()) as { data: never } };
}

const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });

/**
 * A code of `totp` not given before: an authenticator's code counts once, so after one is used the
 * next comes with the next 30-second window (waited for on the clock, never assumed).
 */
const used = new Set<string>();
async function freshCode(totp: TOTP): Promise<string> {
  const key = () => `${totp.secret.base32}:${totp.generate()}`;
  await vi.waitFor(() => expect(used.has(key())).toBe(false), { timeout: 35_000, interval: 500 });
  used.add(key());
  return totp.generate();
}

beforeAll(async () => {
  browser = await launchBrowser();
  // Two-factor sign-in on for the demo organiser (money moves only for such accounts).
  const login = await call('auth/login', { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD });
  expect(login.status).toBe(200);
  const setup = await call('auth/totp/setup', {}, login.token!);
  expect(setup.status).toBe(200);
  organiserTotp = totpOf((setup.json.data as { secret: string }).secret);
  const enabled = await call('auth/totp/enable', { code: await freshCode(organiserTotp) }, login.token!);
  expect(enabled.status).toBe(200);
  recoveryCodes = (enabled.json.data as { recovery_codes: string[] }).recovery_codes;
});

afterAll(async () => {
  // The other journeys sign the demo organiser in with the password alone: two-factor off again.
  if (organiserTotp && recoveryCodes.length >= 2) {
    const login = await call('auth/login', { username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD });
    const pending = (login.json.data as { pending_token: string }).pending_token;
    const second = await call('auth/login/totp', { pending_token: pending, code: recoveryCodes[0] });
    await call('auth/totp/disable', { password: DEMO_ORGANISER_PASSWORD, code: recoveryCodes[1] }, second.token!);
  }
  await browser?.close();
});

async function signInOperator(page: Page) {
  await page.goto('/operator');
  await page.getByLabel('Email').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Authentication code').fill(await freshCode(totpOf(OPERATOR.secret)));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/operator/payouts');
}

async function signInOrganiser(page: Page) {
  await page.goto('/organizer/login');
  await page.getByLabel('Username').fill(DEMO_ORGANISER_EMAIL);
  await page.getByLabel('Password').fill(DEMO_ORGANISER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Authentication code').fill(await freshCode(organiserTotp!));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/organizer/dashboard');
}

interface Received {
  receiver: string;
  amount: number;
  transaction_id: string;
}
const received = async () =>
  ((await (await fetch(`${baseUrl}/dev/mpesa/received.json`)).json()) as { data: Received[] }).data;

describe('payouts journey', () => {
  it('pays the demo organiser by M-Pesa once the operator approves', async () => {
    const operatorContext = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    const organiserContext = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const operator = await operatorContext.newPage();
    const organiser = await organiserContext.newPage();
    const stamp = String(Date.now()).slice(-8);
    const newPhone = `07${stamp}`;

    // The operator signs in with the TOTP step and finds the demo organisation.
    await signInOperator(operator);
    await operator.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Organisations' }).click();
    await operator.getByRole('textbox', { name: 'Search' }).fill(DEMO_ORGANISER_EMAIL);
    await operator.getByRole('button', { name: 'Search' }).click();
    // The search's answer, not the list before it: the demo organisation alone.
    const rows = operator.getByRole('list', { name: 'Organisations' }).getByRole('button');
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    await expect.poll(() => row.textContent()).toMatch(/No\. \d+/);
    const organisationId = /No\. (\d+)/.exec((await row.textContent())!)![1]!;
    await row.click();
    await operator.getByText(`No. ${organisationId} ·`, { exact: false }).last().waitFor();
    await screenshot(operator, 'payouts-operator-organisation-1280');

    // A KES float by adjustment, with its reason (the demo sold in dollars).
    await operator.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Adjust' }).click();
    const adjustment = operator.getByRole('form', { name: 'Adjustment' });
    await adjustment.getByLabel('Organisation number').fill(organisationId);
    await adjustment.getByLabel('Currency').selectOption('KES');
    await adjustment.getByLabel('Amount (+ or −)').fill(String(AMOUNT));
    await adjustment.getByLabel('Reason').fill('Float in shillings for the M-Pesa payout journey');
    await adjustment.getByRole('button', { name: 'Record adjustment' }).click();
    await operator.getByText(`Adjusted organisation ${organisationId} by KES 2,333`).waitFor();

    // The organiser finds the M-Pesa method set long ago, past its hold.
    await signInOrganiser(organiser);
    await organiser.getByRole('navigation', { name: 'Organiser' }).getByRole('link', { name: 'Money' }).click();
    await organiser.getByTestId('available-KES').waitFor();
    const methodLabel = (await organiser.getByTestId('payout-method').textContent())!;
    expect(methodLabel).toMatch(/M-Pesa/);
    const lastDigits = /(\d{3})\s*$/.exec(methodLabel)![1]!;
    const receivedBefore = (await received()).length;

    // It requests the float as a payout.
    const request = organiser.getByRole('form', { name: 'Request payout' });
    await request.getByLabel('Currency').selectOption('KES');
    await request.getByLabel('Amount').fill('2,333');
    await request.getByRole('button', { name: 'Request payout' }).click();
    const payouts = organiser.getByRole('list', { name: 'Payouts' });
    await expect.poll(() => payouts.getByRole('listitem').first().textContent()).toContain('Waiting for approval');
    await screenshot(organiser, 'payouts-money-requested-390');

    // The operator approves it from the queue.
    await operator.getByRole('navigation', { name: 'Operator' }).getByRole('link', { name: 'Payouts' }).click();
    const queued = operator
      .getByRole('list', { name: 'Payouts' })
      .getByRole('listitem')
      .filter({ hasText: 'KES 2,333' });
    await queued.getByRole('button', { name: 'Approve' }).click();
    await operator.getByRole('dialog').getByRole('button', { name: 'Approve payout' }).click();
    await operator.getByText(/^Approved: KES 2,333/).waitFor();
    await screenshot(operator, 'payouts-operator-1280');
    await operator.setViewportSize(VIEWPORTS.phone);
    await screenshot(operator, 'payouts-operator-390');
    await operator.setViewportSize(VIEWPORTS.desktop);

    // The phone receives the money, once.
    await expect
      .poll(async () => (await received()).slice(0, (await received()).length - receivedBefore).map((r) => r.amount), {
        timeout: 30_000,
      })
      .toEqual([AMOUNT]);
    const payment = (await received())[0]!;
    expect(payment.receiver.endsWith(lastDigits)).toBe(true);
    const simulator = await organiserContext.newPage();
    await simulator.goto('/dev/mpesa?screen=received');
    await simulator.getByText(payment.transaction_id).first().waitFor();
    await screenshot(simulator, 'payouts-simulator-received-390');

    // The organiser's Money page shows it paid.
    await organiser.reload();
    await expect
      .poll(() => organiser.getByRole('list', { name: 'Payouts' }).getByRole('listitem').first().textContent(), {
        timeout: 30_000,
      })
      .toMatch(/Paid/);
    await expect.poll(() => organiser.getByRole('list', { name: 'Balances' }).textContent()).toContain('KES 2,333');
    await screenshot(organiser, 'payouts-money-paid-390');

    // A new method, with the password again: payouts wait 48 hours.
    await organiser.getByRole('button', { name: 'Change payout method' }).click();
    const methodForm = organiser.getByRole('form', { name: 'Payout method' });
    await methodForm.getByLabel('M-Pesa phone number').fill(newPhone);
    await methodForm.getByLabel('Your password').fill(DEMO_ORGANISER_PASSWORD);
    await methodForm.getByRole('button', { name: 'Save payout method' }).click();
    await expect.poll(() => organiser.getByTestId('payout-method').textContent()).toContain(newPhone.slice(-3));
    await organiser.getByText(/Payouts wait until .*: the payout method changed less than 48 hours ago/).waitFor();
    await expect
      .poll(() =>
        organiser
          .getByRole('form', { name: 'Request payout' })
          .getByRole('button', { name: 'Request payout' })
          .isDisabled(),
      )
      .toBe(true);

    await operatorContext.close();
    await organiserContext.close();
  });
});
