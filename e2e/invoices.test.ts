import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Event, TaxProfile, TicketType } from '@tikiti/contract';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD } from '../apps/api/src/db/seed/seed.js';
import { apiData } from './support/api.js';
import { launchBrowser, openPage, VIEWPORTS } from './support/browser.js';
import { mailbox, pdfText, rawMail } from './support/mail.js';

/**
 * A company pays by invoice on the built app (docs/product.md#pay-by-invoice): a guest buying for
 * a company chooses "Pay by invoice", lands on the awaiting-payment page (what is owed, by when,
 * paybill and account), finds the proforma in the mailbox, pays it on the simulator's Pay bill
 * screen at /dev/mpesa as Safaricom's C2B would, and the booking turns paid: the success page
 * offers the tax invoice, the E-tickets page the tickets and the invoice, both PINs on the PDF.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');
const COMPANY_PIN = 'P051234567X';

/** The demo organiser's token, from the sign-in call's `auth` header. */
async function organiserToken(): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: DEMO_ORGANISER_EMAIL, password: DEMO_ORGANISER_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers.get('auth')!;
}

/** The organiser's tax profile, saved when the demo data has none (pay by invoice needs it). */
async function ensureTaxProfile(token: string) {
  const tax = await apiData<TaxProfile>('client/organisation/tax', token);
  if (tax.profile) return;
  const res = await fetch(`${baseUrl}/v1/client/organisation/tax`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Auth: token },
    body: JSON.stringify({
      legal_name: 'Tikiti Demo Events Limited',
      kra_pin: 'P000111222Q',
      physical_address: 'Westlands, Nairobi',
      vat_registered: true,
    }),
  });
  expect(res.status).toBe(200);
}

/** Sends `body` to `/v1/{path}` as the organiser and returns the answer's `data`. */
async function organiserCall<T>(token: string, path: string, method: string, body: FormData | object): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}/v1/${path}`, {
    method,
    headers: { Auth: token, ...(form ? {} : { 'Content-Type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${path}: ${text}`).toBeLessThan(300);
  return (JSON.parse(text) as { data: T }).data;
}

/**
 * An event of the organiser's in shillings that offers pay by invoice: one the demo data has, or
 * a new one (the demo organiser's events are in dollars), published with a KES 2,333 ticket type
 * and 7 days to pay. Its banner is a screenshot of a blank page: a real PNG without a fixture file.
 */
async function invoiceEvent(token: string, page: Page): Promise<{ event: Event; ticket: TicketType }> {
  const { data } = await apiData<{ data: Event[] }>('client/event/view?limit=100', token);
  for (const own of data) {
    if (own.currency !== 'KES' || own.status !== 1 || !own.invoice_payment_until) continue;
    const event = await apiData<Event>(`event/details/${own.id}`);
    const ticket = event.tickets.find(
      (t) => t.status === 1 && t.available >= 1 && Number.isInteger(t.price_per_ticket),
    );
    if (ticket && !(event.questions ?? []).some((q) => q.required)) return { event, ticket };
  }
  const categories = await apiData<{ id: number }[]>('client/category/view', token);
  const start = new Date(Date.now() + 20 * 86_400_000);
  start.setUTCHours(6, 0, 0, 0);
  const form = new FormData();
  const fields: Record<string, string | number> = {
    title: `Procurement Forum ${Date.now()}`,
    category_id: categories[0]!.id,
    currency: 'KES',
    start_time: start.toISOString(),
    end_time: new Date(start.getTime() + 8 * 3_600_000).toISOString(),
    location: 'KICC, Nairobi',
    full_description: 'A day on public and private procurement.',
    short_description: 'Procurement, LPOs and paying suppliers.',
    attendee_names: 'later',
    changes_lock_hours: 24,
    invoice_payment_days: 7,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  await page.setViewportSize({ width: 800, height: 400 });
  await page.setContent('<body style="margin:0;background:linear-gradient(90deg,#0f766e,#f59e0b)"></body>');
  const banner = await page.screenshot({ type: 'png' });
  form.append('file', new Blob([new Uint8Array(banner)], { type: 'image/png' }), 'banner.png');
  const id = await organiserCall<number>(token, 'event/register', 'POST', form);
  await organiserCall(token, `event/${id}/ticket/register`, 'POST', [
    { name: 'Delegate', price_per_ticket: 2333, no_of_persons: 1, max_tickets: 20 },
  ]);
  const event = await apiData<Event>(`event/details/${id}`);
  expect(event.invoice_payment_until).not.toBeNull();
  return { event, ticket: event.tickets[0]! };
}

async function capture(page: Page, name: string) {
  await page.evaluate('document.fonts.ready');
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true, animations: 'disabled' });
}

/** The PDF behind a signed link, as text. */
async function pdfAt(href: string) {
  const res = await fetch(new URL(href, baseUrl));
  expect(res.status, href).toBe(200);
  return pdfText(new Uint8Array(await res.arrayBuffer()));
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('pay by invoice', () => {
  it('a company buyer gets the proforma, pays it to the paybill, and gets e-tickets and a tax invoice (390 px)', async () => {
    const token = await organiserToken();
    await ensureTaxProfile(token);
    const email = `company.${Date.now()}@example.co.ke`;

    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    const { event, ticket } = await invoiceEvent(token, page);
    await page.setViewportSize(VIEWPORTS.phone);
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
    });

    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    const panel = page.getByRole('region', { name: 'Tickets' });
    const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
    await row.getByRole('button', { name: /One more/ }).click();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('1');
    await panel.getByLabel('Full name', { exact: true }).fill('Achieng Odhiambo');
    await panel.getByLabel('Email', { exact: true }).fill(email);
    await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
    const card = panel.getByRole('group', { name: `Ticket 1 of 1 · ${ticket.name}` });
    await card.waitFor();
    await card.getByLabel('Delegate’s full name').fill('Achieng Odhiambo');

    expect(await panel.getByRole('button', { name: 'Pay by invoice' }).count()).toBe(0);
    await panel.getByRole('checkbox', { name: /Buying for a company/ }).check();
    await panel.getByLabel('Company name').fill('Acme Logistics Ltd');
    await panel.getByLabel('Company KRA PIN').fill(COMPANY_PIN.toLowerCase());
    await expect.poll(() => panel.getByLabel('Company KRA PIN').inputValue()).toBe(COMPANY_PIN);
    await panel.getByLabel('PO / LPO number (optional)').fill('LPO-778');
    await panel.getByRole('button', { name: 'Pay by invoice' }).click();

    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
    await page.getByRole('heading', { name: 'Booked: awaiting payment' }).waitFor({ timeout: 20_000 });
    const reference = await page.getByTestId('booking-reference').innerText();
    expect(reference).toMatch(/^TK-/);
    const owed = Number((await page.getByTestId('amount-owed').innerText()).replace(/[^\d.]/g, ''));
    expect(owed).toBe(ticket.price_per_ticket);
    await page.getByTestId('due-at').waitFor();
    const proformaHref = await page.getByRole('link', { name: /Download the proforma invoice/ }).getAttribute('href');
    await capture(page, 'invoice-awaiting-payment-390');

    // The proforma in the mailbox: the booking, the company's PIN and how to pay.
    await expect
      .poll(
        async () =>
          (await mailbox(email)).filter((m) => m.attachments.some((a) => /proforma/i.test(a.filename))).length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    const [proformaMail] = (await mailbox(email)).filter((m) =>
      m.attachments.some((a) => /proforma/i.test(a.filename)),
    );
    const parsed = await rawMail(proformaMail!);
    const attached = parsed.attachments.find((a) => a.contentType === 'application/pdf')!;
    const proforma = await pdfText(new Uint8Array(attached.content));
    expect(proforma).toContain(reference);
    expect(proforma).toContain(COMPANY_PIN);
    expect(await pdfAt(proformaHref!)).toContain(reference);

    // The simulator's Pay bill screen, as a phone pays a paybill.
    const phone = await context.newPage();
    await phone.goto('/dev/mpesa?screen=paybill');
    const paybill = await phone.getByLabel('Business number').inputValue();
    expect(paybill).toMatch(/^\d{5,7}$/);
    await phone.getByLabel('Account number').fill(reference);
    await phone.getByLabel('Amount (KES)').fill(String(owed));
    await phone.getByLabel('Enter M-Pesa PIN').fill('2580');
    await phone.getByRole('button', { name: 'Send' }).click();
    await phone.getByText(/Confirmed\./).waitFor({ timeout: 20_000 });

    // The booking settles: the success page turns paid, with the tax invoice.
    const check = page.getByRole('button', { name: 'Check for payment' });
    await expect
      .poll(
        async () => {
          if (await check.isVisible()) await check.click();
          return page.getByRole('heading', { name: 'Payment successful' }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1);
    const invoiceLink = page.getByRole('link', { name: /Tax invoice \(PDF\)/ });
    await invoiceLink.waitFor();
    const invoice = await pdfAt((await invoiceLink.getAttribute('href'))!);
    expect(invoice).toContain(COMPANY_PIN);
    expect(invoice).toContain(reference);
    await capture(page, 'invoice-paid-success-390');

    // E-tickets: the tickets and the tax invoice.
    await page.goto('/account/tickets');
    const booking = page.getByRole('article').filter({ hasText: reference });
    await booking.waitFor();
    await booking.getByRole('link', { name: 'Download' }).waitFor();
    await booking.getByRole('link', { name: /Tax invoice \(PDF\)/ }).waitFor();
    expect(await booking.getByText('Awaiting payment').count()).toBe(0);

    expect(failures).toEqual([]);
    await context.close();
  });
});
