import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Event, ListEventsData, MpesaPrompt, TicketType } from '@tikiti/contract';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';

/**
 * Paying a KES event with M-Pesa on the built app, with the built-in simulator standing in for
 * Safaricom (docs/product.md#m-pesa): a guest picks a ticket, taps M-Pesa, sees "Check your
 * phone", answers the prompt on the simulator's phone at /dev/mpesa (a 2-digit PIN is refused,
 * 4 digits pay) and lands on the success page with the M-Pesa receipt. A cancelled prompt says
 * so and a new prompt pays. Back from the success page goes to the event, and the same tickets
 * bought again are a new booking. Screens of the waiting and failed states at 390 and 1280 px.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');

const taken = new Set<number>();

/**
 * A demo event priced in shillings with a ticket type that has tickets left; one no other
 * journey took unless `shared` (the demo data has few KES events).
 */
async function kesEvent({ shared = false } = {}): Promise<{ event: Event; ticket: TicketType }> {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of data) {
    if ((!shared && taken.has(listed.id)) || listed.sold_out || listed.ended || listed.currency !== 'KES') continue;
    const event = await apiData<Event>(`event/details/${listed.id}`);
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= 2);
    if (ticket) {
      taken.add(event.id);
      return { event, ticket };
    }
  }
  throw new Error('no demo event in KES has tickets left');
}

const prompts = async () => ((await (await fetch(`${baseUrl}/dev/mpesa.json`)).json()) as { data: MpesaPrompt[] }).data;

async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

async function capture(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** Picks one ticket, fills the guest's details and taps M-Pesa: the prompt goes to 0712 345 678. */
async function startMpesa(page: Page, event: Event, ticket: TicketType, email: string) {
  await openPage(page, `/details/${event.id}/${event.slug}`);
  await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
  const panel = page.getByRole('region', { name: 'Tickets' });
  const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
  await row.getByRole('button', { name: /One more/ }).click();
  await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('1');
  await panel.getByLabel('Full name', { exact: true }).fill('Achieng Odhiambo');
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
  await panel.getByRole('button', { name: 'M-Pesa' }).click();
  await page.waitForURL('**/payment/method');
  await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
  await page.getByText('+254 712 345 678').first().waitFor();
}

/** The simulator's phone: the prompt for this booking, answered as the buyer would. */
async function answerOnPhone(phone: Page, reference: string, pin: string, button: 'Send' | 'Cancel') {
  await phone.goto('/dev/mpesa');
  const prompt = phone.locator('form.prompt').filter({ hasText: reference });
  await prompt.waitFor();
  await prompt.getByLabel('Enter M-Pesa PIN').fill(pin);
  await prompt.getByRole('button', { name: button }).click();
}

const referenceOn = async (page: Page) =>
  (await page.getByText(/Account number on the prompt: TK-/).innerText()).match(/TK-[A-Z0-9]+/)![0];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('paying with M-Pesa in the simulator', () => {
  it('a guest pays a KES event from the phone prompt and gets the tickets (390 px)', async () => {
    const { event, ticket } = await kesEvent();
    const { context, page, failures } = await newPage(VIEWPORTS.phone);
    await startMpesa(page, event, ticket, `mpesa.${Date.now()}@example.co.ke`);
    await expect.poll(() => page.getByText(/tickets held for 1[45]:\d\d/).count()).toBeGreaterThan(0);
    const reference = await referenceOn(page);
    const mine = (await prompts()).find((p) => p.reference === reference)!;
    expect(mine).toMatchObject({ amount: ticket.price_per_ticket, business: 'Tikiti', phone: '254712345678' });
    await capture(page, 'mpesa-check-your-phone-390');

    const phone = await context.newPage();
    await answerOnPhone(phone, reference, '12', 'Send');
    await phone.getByText('Enter your 4-digit M-Pesa PIN').waitFor();
    await capture(phone, 'mpesa-simulator-phone-390');
    await answerOnPhone(phone, reference, '2580', 'Send');
    await phone
      .getByText(/No prompts waiting|Prompts sent/)
      .first()
      .waitFor();

    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('mpesa-receipt').innerText()).toMatch(/^[A-Z0-9]{10}$/);
    const receipt = await page.getByTestId('mpesa-receipt').innerText();

    await page.goto('/account/tickets');
    await page.getByText(reference).first().waitFor();
    await expect.poll(() => page.getByTestId('mpesa-receipt').first().innerText()).toBe(receipt);
    expect(failures).toEqual([]);
    await context.close();
  });

  it('a cancelled prompt says so, and a new prompt pays (1280 px)', async () => {
    const { event, ticket } = await kesEvent();
    const { context, page, failures } = await newPage(VIEWPORTS.desktop);
    await startMpesa(page, event, ticket, `mpesa.cancel.${Date.now()}@example.co.ke`);
    const reference = await referenceOn(page);
    await capture(page, 'mpesa-check-your-phone-1280');

    const phone = await context.newPage();
    await answerOnPhone(phone, reference, '', 'Cancel');
    await page.getByRole('heading', { name: 'You cancelled the M-Pesa prompt' }).waitFor({ timeout: 20_000 });
    await capture(page, 'mpesa-cancelled-1280');

    await page.getByRole('button', { name: 'Send a new prompt' }).click();
    await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
    await expect.poll(async () => (await prompts()).filter((p) => p.reference === reference).length).toBe(1);
    await answerOnPhone(phone, reference, '9931', 'Send');
    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    expect(failures).toEqual([]);
    await context.close();
  });

  it('Back after paying goes to the event, and the same tickets bought again are a new booking (390 px)', async () => {
    const { event, ticket } = await kesEvent({ shared: true });
    const { context, page, failures } = await newPage(VIEWPORTS.phone);
    const email = `mpesa.again.${Date.now()}@example.co.ke`;
    await startMpesa(page, event, ticket, email);
    const first = await referenceOn(page);
    const phone = await context.newPage();
    await answerOnPhone(phone, first, '4321', 'Send');
    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    await page.getByText(first).first().waitFor();
    const success = page.url();

    // Back: the event, not the paid payment's page (which would open the success page again).
    await page.goBack();
    await page.waitForURL(`**/details/${event.id}/**`);
    const panel = page.getByRole('region', { name: 'Tickets' });
    await panel.getByLabel('Email', { exact: true }).waitFor();
    // Booking did not sign the guest in: the details are there, the top bar offers Login / Register.
    await expect.poll(() => panel.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    const bar = page.getByRole('banner');
    await expect.poll(() => bar.getByRole('link', { name: 'My Tickets' }).count()).toBe(0);
    await capture(page, 'mpesa-back-to-event-390');
    // Forward and Back again: the same two pages, no loop.
    await page.goForward();
    await page.waitForURL(success);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
    await page.goBack();
    await page.waitForURL(`**/details/${event.id}/**`);
    await panel.getByLabel('Email', { exact: true }).waitFor();

    // The same ticket again, the same details: a second booking with its own prompt.
    const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
    await row.getByRole('spinbutton').fill('1');
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('1');
    await panel.getByRole('button', { name: 'M-Pesa' }).click();
    await page.waitForURL('**/payment/method');
    await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
    const second = await referenceOn(page);
    expect(second).not.toBe(first);
    await capture(page, 'mpesa-second-purchase-390');
    await answerOnPhone(phone, second, '4321', 'Send');
    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/, { timeout: 30_000 });
    expect(page.url()).not.toBe(success);
    await page.getByText(second).first().waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(failures).toEqual([]);
    await context.close();
  });

  it('asks for the M-Pesa number on the payment page when the phone given is not Safaricom’s (390 px)', async () => {
    const { event, ticket } = await kesEvent();
    const { context, page, failures } = await newPage(VIEWPORTS.phone);
    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    const panel = page.getByRole('region', { name: 'Tickets' });
    const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
    await row.getByRole('button', { name: /One more/ }).click();
    await panel.getByLabel('Full name', { exact: true }).fill('Juma Mwangi');
    await panel.getByLabel('Email', { exact: true }).fill(`mpesa.uk.${Date.now()}@example.co.ke`);
    await panel.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
    await capture(page, 'mpesa-details-tab-390');
    await panel.getByRole('button', { name: 'M-Pesa' }).click();

    await page.waitForURL('**/payment/method');
    const number = page.getByLabel('M-Pesa number');
    await expect.poll(() => number.inputValue()).toBe('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Send prompt' }).click();
    await page
      .getByRole('dialog')
      .getByText(/Enter a Safaricom number/)
      .waitFor();
    await page.keyboard.press('Escape');
    await capture(page, 'mpesa-number-390');
    await number.fill('0722 000 111');
    await page.getByRole('button', { name: 'Send prompt' }).click();
    await page.getByRole('heading', { name: 'Check your phone' }).waitFor();
    await page.getByText('+254 722 000 111').first().waitFor();
    const reference = await referenceOn(page);
    expect((await prompts()).find((p) => p.reference === reference)).toMatchObject({ phone: '254722000111' });
    expect(failures).toEqual([]);
    await context.close();
  });
});
