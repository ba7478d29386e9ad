import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  BOOKING_STATUS,
  C2B_RESULT_CODES,
  storedBookingSchema,
  taxProfileSchema,
  viewTicketsResponseSchema,
} from '@tikiti/contract';
import { bookings, events, invoicePayments, taxDocuments } from '../../db/schema/index.js';
import { queryRows } from '../../db/client.js';
import { runDueJobs } from '../../jobs/worker.js';
import { jobHandlers } from '../../background.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { book, guest, payWithCard, retrieve, stockOf } from '../../test-support/checkout.js';
import { mailTo, nextIp } from '../../test-support/mailbox.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { issueBookingInvoice } from './documents.service.js';

/**
 * Tax documents, pay by invoice and the M-Pesa paybill (docs/product.md#tax-documents,
 * docs/product.md#pay-by-invoice), through the real app on a real database.
 */
let t: TestApp;
const db = () => t.database.db;
const runJobs = () => runDueJobs({ config: t.config, db: db() }, jobHandlers);

const ORGANISER_PIN = 'P051234567X';
const COMPANY = {
  name: 'Safari Logistics Ltd',
  kra_pin: 'A123456789B',
  address: 'Mombasa Road',
  po_number: 'LPO-7781',
};

beforeAll(async () => {
  t = await createTestApp({ BOOKINGS_PER_ADDRESS: '0' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

function putTax(token: string, body: Record<string, unknown>) {
  return t.app.inject({ method: 'PUT', url: '/v1/client/organisation/tax', headers: { auth: token }, payload: body });
}

const profile = (over: Record<string, unknown> = {}) => ({
  legal_name: 'Tamasha Events Limited',
  kra_pin: ORGANISER_PIN,
  physical_address: 'Kenyatta Avenue, Nairobi',
  vat_registered: true,
  bank_name: 'KCB',
  bank_account_number: '1234567890',
  ...over,
});

/** An organisation with a tax profile and a KES event offering pay by invoice. */
async function anOrganiser(
  opts: { vat?: boolean; days?: number; startsInDays?: number; currency?: 'KES' | 'USD' } = {},
) {
  const org = await createOrganiser(db());
  expect((await putTax(org.token, profile({ vat_registered: opts.vat ?? true }))).statusCode).toBe(200);
  const category = await createCategory(db());
  const currency = opts.currency ?? 'KES';
  const { event, tickets } = await createEvent(db(), {
    organisationId: org.organisationId,
    categoryId: category.id,
    currency,
    startsInHours: (opts.startsInDays ?? 30) * 24,
    tickets:
      currency === 'KES'
        ? [
            { name: 'Delegate', price: 2333, max: 50 },
            { name: 'Workshop', price: 1500, max: 10 },
          ]
        : [
            { name: 'Delegate', price: 19.99, max: 50 },
            { name: 'Workshop', price: 33.33, max: 10 },
          ],
  });
  await db()
    .update(events)
    .set({ invoicePaymentDays: opts.days ?? 7 })
    .where(eq(events.id, event.id));
  return { org, event, tickets: tickets as [(typeof tickets)[0], (typeof tickets)[0]] };
}

async function documentsOf(bookingId: number) {
  return db().select().from(taxDocuments).where(eq(taxDocuments.bookingId, bookingId));
}

async function pdfText(url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return (await pdfPages(res.rawPayload)).join(' ');
}

/** A company's card booking, paid and settled: its retrieve answer. */
async function paidByCard(
  eventId: number,
  lines: { id: number; qty: number }[],
  company: typeof COMPANY | null = COMPANY,
) {
  const res = await book(t.app, { event_id: eventId, tickets: lines, ...(company ? { company } : {}) });
  expect(res.statusCode).toBe(201);
  const secret = res.json().data.client_secret as string;
  expect((await payWithCard(t.app, secret)).statusCode).toBe(200);
  const got = await retrieve(t.app, secret, res.headers.auth as string);
  expect(got.statusCode).toBe(200);
  return { ...storedBookingSchema.parse(got.json().data), token: res.headers.auth as string, secret };
}

async function bookingIdOf(reference: string) {
  const [row] = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, reference));
  return row!.id;
}

describe('the tax profile', () => {
  it('is none at first, then saved with the KRA PIN trimmed and upper-cased, and audited', async () => {
    const org = await createOrganiser(db());
    const first = await t.app.inject({
      method: 'GET',
      url: '/v1/client/organisation/tax',
      headers: { auth: org.token },
    });
    expect(first.statusCode).toBe(200);
    expect(taxProfileSchema.parse(first.json().data)).toEqual({
      profile: null,
      vat_rate_percent: 16,
      paybill: '600000',
    });
    const saved = await putTax(org.token, profile({ kra_pin: '  p051234567x ', invoice_prefix: 'tam' }));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.profile).toMatchObject({
      kra_pin: ORGANISER_PIN,
      invoice_prefix: 'TAM',
      vat_registered: true,
    });
    const audit = await queryRows<{ action: string }>(
      db(),
      sql`SELECT action FROM audit_entries WHERE organisation_id = ${org.organisationId}`,
    );
    expect(audit.map((a) => a.action)).toContain('organisation.tax_profile_updated');
  });

  it.each([
    ['A12345678', 'too short'],
    ['P0512345678', 'no final letter'],
    ['0P51234567X', 'no first letter'],
  ])('refuses the KRA PIN %s (%s), beside the field', async (pin) => {
    const org = await createOrganiser(db());
    const res = await putTax(org.token, profile({ kra_pin: pin }));
    expect(res.statusCode).toBe(400);
    expect(res.json().data.code).toBe('validation.invalid_field');
    expect(res.json().data.errors).toEqual([expect.objectContaining({ path: 'kra_pin' })]);
  });

  it('refuses a company PIN of the wrong form at booking, and normalises a lower-case one', async () => {
    const { event, tickets } = await anOrganiser();
    const bad = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0].id, qty: 1 }],
      company: { ...COMPANY, kra_pin: 'P0512345678' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toEqual([expect.objectContaining({ path: 'company.kra_pin' })]);
    const ok = await paidByCard(event.id, [{ id: tickets[0].id, qty: 1 }], { ...COMPANY, kra_pin: 'a123456789b' });
    expect(ok.company?.kra_pin).toBe('A123456789B');
  });

  it('is needed before an event may offer pay by invoice', async () => {
    const org = await createOrganiser(db());
    const category = await createCategory(db());
    const { sendEventForm, eventFields, pngImage } = await import('../../test-support/organiser-events.js');
    const res = await sendEventForm(t.app, {
      method: 'POST',
      url: '/v1/event/register',
      token: org.token,
      fields: { ...eventFields(category.id), invoice_payment_days: 7 },
      file: { name: 'cover.png', bytes: await pngImage(), type: 'image/png' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([expect.objectContaining({ path: 'invoice_payment_days' })]);
  });
});

describe('a paid booking', () => {
  it('gets a tax invoice with both PINs, the lines, the VAT inside the price and the payment reference', async () => {
    const { org, event, tickets } = await anOrganiser();
    const paid = await paidByCard(event.id, [
      { id: tickets[0].id, qty: 2 },
      { id: tickets[1].id, qty: 1 },
    ]);
    expect(paid.status).toBe(BOOKING_STATUS.paid);
    expect(paid.invoice_url).toMatch(/^\/v1\/booking\/TK-\w+\/invoice\.pdf\?sig=/);
    const id = await bookingIdOf(paid.reference);
    const [doc] = await documentsOf(id);
    const year = new Date().getUTCFullYear();
    expect(doc!.number).toMatch(new RegExp(`^INV-(${year}|${year + 1})-\\d{6}$`));
    // VAT = 16/116 of each VAT-inclusive line, rounded to the cent; the lines add up to the totals.
    const delegateVat = Math.round((2 * 233300 * 16) / 116); // 64359
    const workshopVat = Math.round((150000 * 16) / 116); // 20690
    expect(doc!.vatMinor).toBe(delegateVat + workshopVat);
    expect(doc!.totalMinor).toBe(2 * 233300 + 150000);
    const text = await pdfText(paid.invoice_url!);
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain(doc!.number);
    expect(text).toContain(ORGANISER_PIN);
    expect(text).toContain(COMPANY.kra_pin);
    expect(text).toContain('Tamasha Events Limited');
    expect(text).toContain('Safari Logistics Ltd');
    expect(text).toContain('LPO-7781');
    expect(text).toContain(paid.reference);
    expect(text).toMatch(/Delegate\s+2\s+KES 2,333\.00\s+KES 643\.59\s+KES 4,666\.00/);
    expect(text).toMatch(/Workshop\s+1\s+KES 1,500\.00\s+KES 206\.90\s+KES 1,500\.00/);
    expect(text).toMatch(/Amount before VAT\s+KES 5,315\.51\s+VAT 16%\s+KES 850\.49\s+Total\s+KES 6,166\.00/);
    // The sandbox card payment's id is its reference.
    const [payment] = await queryRows<{ intent_id: string }>(
      db(),
      sql`SELECT intent_id FROM payments WHERE booking_id = ${id}`,
    );
    expect(text).toContain(payment!.intent_id);
    expect(text).toMatch(/EAT/);
    // The organiser lists it for the day, with its PDF.
    const day = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const list = await t.app.inject({
      method: 'GET',
      url: `/v1/client/invoices?from=${day}&to=${day}&event_id=${event.id}`,
      headers: { auth: org.token },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        number: doc!.number,
        booking_reference: paid.reference,
        company_name: COMPANY.name,
        buyer_kra_pin: COMPANY.kra_pin,
        total: 6166,
        vat: 850.49,
        net: 5315.51,
        transmission: 'not_transmitted',
      }),
    ]);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/v1/client/invoices.csv?from=${day}&to=${day}`,
      headers: { auth: org.token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`Tax invoice,${doc!.number}`);
    const pdf = await t.app.inject({ method: 'GET', url: list.json().data[0].pdf_url, headers: { auth: org.token } });
    expect(pdf.statusCode).toBe(200);
  });

  it('attaches the invoice to the confirmation mail', async () => {
    const { event, tickets } = await anOrganiser();
    const email = `company-${Date.now()}@example.co.ke`;
    const res = await book(t.app, {
      event_id: event.id,
      tickets: [{ id: tickets[0].id, qty: 1 }],
      details: guest(email),
      company: COMPANY,
    });
    await payWithCard(t.app, res.json().data.client_secret);
    await retrieve(t.app, res.json().data.client_secret, res.headers.auth as string);
    await mailTo(t, email);
    const [row] = await queryRows<{ attachments: { filename: string }[] }>(
      db(),
      sql`SELECT attachments FROM mailbox_messages WHERE "to" = ${email} ORDER BY id DESC LIMIT 1`,
    );
    expect(row!.attachments.map((a) => a.filename)).toEqual([
      expect.stringMatching(/^tikiti-TK-\w+\.pdf$/),
      expect.stringMatching(/^INV-\d{4}-\d{6}\.pdf$/),
    ]);
  });

  it('of a non-VAT organiser gets a receipt without VAT lines, in its prices (USD 19.99 and 33.33)', async () => {
    const { event, tickets } = await anOrganiser({ vat: false, currency: 'USD' });
    const paid = await paidByCard(
      event.id,
      [
        { id: tickets[0].id, qty: 3 },
        { id: tickets[1].id, qty: 1 },
      ],
      null,
    );
    const [doc] = await documentsOf(await bookingIdOf(paid.reference));
    expect(doc!.kind).toBe('receipt');
    expect(doc!.vatMinor).toBe(0);
    const text = await pdfText(paid.invoice_url!);
    expect(text).toContain('RECEIPT');
    expect(text).not.toContain('VAT 16%');
    expect(text).not.toContain('Amount before VAT');
    expect(text).toContain('not VAT-registered');
    expect(text).toContain('Wanjiru Kamau');
    expect(text).not.toContain('KRA PIN: A');
    expect(text).toMatch(/Delegate\s+3\s+USD 19\.99\s+USD 59\.97/);
    expect(text).toMatch(/Workshop\s+1\s+USD 33\.33\s+USD 33\.33\s+Total\s+USD 93\.30/);
  });

  it('numbers invoices per organisation without gaps, and a rolled-back settlement uses no number', async () => {
    const { event, tickets } = await anOrganiser();
    const first = await paidByCard(event.id, [{ id: tickets[0].id, qty: 1 }]);
    // A settlement that issues its invoice and then fails rolls the number back with it.
    const second = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[0].id, qty: 1 }] });
    const secondId = await bookingIdOf(second.json().data.booking_reference);
    const [ev] = await db().select().from(events).where(eq(events.id, event.id));
    await expect(
      db().transaction(async (tx) => {
        await issueBookingInvoice(tx, {
          bookingId: secondId,
          reference: second.json().data.booking_reference,
          organisationId: ev!.organisationId,
          organiserName: 'x',
          eventId: event.id,
          eventTitle: ev!.title,
          eventStart: ev!.startTime,
          fullName: 'A',
          email: 'a@example.com',
          currency: 'KES',
          totalMinor: 233300,
          paymentMethod: 'card',
          paymentReference: null,
          lines: [{ name: 'Delegate', quantity: 1, unitPriceMinor: 233300 }],
        });
        throw new Error('the settlement failed after its invoice');
      }),
    ).rejects.toThrow('the settlement failed');
    expect(await documentsOf(secondId)).toEqual([]);
    const third = await paidByCard(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const seqOf = async (ref: string) => (await documentsOf(await bookingIdOf(ref)))[0]!.seq;
    expect(await seqOf(third.reference)).toBe((await seqOf(first.reference)) + 1);
  });
});

describe('a refund', () => {
  it('issues one credit note referring to the invoice, for the refunded amount, even when asked twice', async () => {
    const { org, event, tickets } = await anOrganiser();
    const paid = await paidByCard(event.id, [{ id: tickets[0].id, qty: 2 }]);
    const id = await bookingIdOf(paid.reference);
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/client/booking/${id}/refund`,
        headers: { auth: org.token },
      });
      expect(res.statusCode).toBe(202);
    }
    const docs = await documentsOf(id);
    const invoice = docs.find((d) => d.kind === 'invoice')!;
    const notes = docs.filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.refersToId).toBe(invoice.id);
    expect(notes[0]!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    expect(notes[0]!.totalMinor).toBe(466600);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/v1/client/invoices/${notes[0]!.id}/pdf`,
      headers: { auth: org.token },
    });
    const text = (await pdfPages(pdf.rawPayload)).join(' ');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Refers to invoice: ${invoice.number}`);
    expect(text).toContain('KES 4,666');
  });
});

/** A company's booking by invoice: its 201 answer, its id and token. */
async function byInvoice(eventId: number, lines: { id: number; qty: number }[], email?: string) {
  const res = await book(t.app, {
    event_id: eventId,
    tickets: lines,
    payment_method: 'invoice',
    company: COMPANY,
    details: guest(email),
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data;
  return { data, id: await bookingIdOf(data.booking_reference), token: res.headers.auth as string };
}

function recordPayment(token: string, bookingId: number, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/client/booking/${bookingId}/payments`,
    headers: { auth: token },
    payload: { paid_on: new Date().toISOString().slice(0, 10), method: 'bank', reference: 'FT26331ABC', ...body },
  });
}

describe('pay by invoice', () => {
  it('holds the seats until the due date, sends the proforma, and two part payments settle it once', async () => {
    const { org, event, tickets } = await anOrganiser({ days: 7 });
    const email = `finance-${Date.now()}@example.co.ke`;
    const { data, id, token } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 2 }], email);
    expect(data).toMatchObject({ provider: 'invoice', payment_method: 'invoice', price: 4666 });
    const due = Date.parse(data.due_at);
    expect(due - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(due - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(await stockOf(db(), tickets[0].id)).toMatchObject({ held: 2, sold: 0 });
    const view = storedBookingSchema.parse((await retrieve(t.app, data.client_secret, token)).json().data);
    expect(view).toMatchObject({ status: BOOKING_STATUS.awaiting_payment, amount_owed: 4666, invoice_url: null });
    expect(view.proforma_url).toMatch(/proforma\.pdf\?sig=/);
    // The booking page says where to pay without opening the PDF.
    expect(view.pay_to).toEqual({
      paybill: '600000',
      account: data.booking_reference,
      bank_name: 'KCB',
      bank_branch: null,
      bank_account_name: null,
      bank_account_number: '1234567890',
    });
    const proforma = await pdfText(view.proforma_url!);
    expect(proforma).toContain('PROFORMA INVOICE');
    expect(proforma).toContain('Business number 600000');
    expect(proforma).toContain(`Account number ${data.booking_reference}`);
    expect(proforma).toContain('1234567890');
    const mails = await mailTo(t, email);
    expect(mails[0]!.subject).toContain('Proforma invoice');
    // The buyer's E-tickets list it too: awaiting payment, its proforma and due date, no tickets yet.
    const ticketsOf = async () =>
      viewTicketsResponseSchema
        .parse((await t.app.inject({ method: 'GET', url: '/v1/tickets/view', headers: { auth: token } })).json())
        .data.find((b) => b.booking.booking_id === data.booking_reference);
    expect(await ticketsOf()).toMatchObject({
      booking_code: '',
      tickets: [],
      booking: { proforma_url: expect.stringMatching(/proforma\.pdf\?sig=/), due_at: data.due_at, invoice_url: null },
    });

    // The orders list shows what is owed.
    const orders = await t.app.inject({
      method: 'GET',
      url: `/v1/client/event/${event.id}/orders`,
      headers: { auth: org.token },
    });
    expect(orders.json().data.data[0]).toMatchObject({
      status: 6,
      amount_owed: 4666,
      amount_paid: 0,
      overdue: false,
      company: expect.objectContaining({ kra_pin: COMPANY.kra_pin }),
    });

    const part = await recordPayment(org.token, id, { amount: 2000, reference: 'FT-1' });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ amount_paid: 2000, amount_owed: 2666, covered: false, status: 6 });
    const over = await recordPayment(org.token, id, { amount: 3000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.code).toBe('payment.exceeds_owed');
    const rest = await recordPayment(org.token, id, { amount: 2666, method: 'cheque', reference: 'CHQ-000123' });
    expect(rest.json().data).toMatchObject({ amount_owed: 0, covered: true });
    await runJobs();
    await runJobs();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe(BOOKING_STATUS.paid);
    expect(await stockOf(db(), tickets[0].id)).toMatchObject({ held: 0, sold: 2 });
    const docs = await documentsOf(id);
    expect(docs).toHaveLength(1);
    const text = await pdfText(
      storedBookingSchema.parse((await retrieve(t.app, data.client_secret, token)).json().data).invoice_url!,
    );
    expect(text).toContain('FT-1, CHQ-000123');
    // Paid: its tickets and tax invoice on E-tickets, the proforma and due date gone.
    expect(await ticketsOf()).toMatchObject({
      tickets: [expect.anything(), expect.anything()],
      booking: { proforma_url: null, due_at: null, invoice_url: expect.stringMatching(/invoice\.pdf\?sig=/) },
    });
    // Once settled, nothing more is owed.
    const again = await recordPayment(org.token, id, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('payment.not_awaiting');
    const audit = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM audit_entries WHERE organisation_id = ${org.organisationId}
           AND action = 'booking.payment_recorded'`,
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('is released unpaid at the due date (fake clock): seats back on sale, buyer told, a later payment refused', async () => {
    const { org, event, tickets } = await anOrganiser({ days: 3 });
    const email = `late-${Date.now()}@example.co.ke`;
    const { data, id } = await byInvoice(event.id, [{ id: tickets[1].id, qty: 10 }], email);
    // Sold out meanwhile: the held seats count.
    const sold = await book(t.app, { event_id: event.id, tickets: [{ id: tickets[1].id, qty: 1 }] });
    expect(sold.statusCode).toBe(409);
    const release = jobHandlers.find((h) => h.kind === 'checkout.release-unpaid-invoice')!;
    const run = {
      ctx: { config: t.config, db: db() },
      job: { id: 0, kind: release.kind, attempts: 1, maxAttempts: 8 },
    };
    const log = { info: () => undefined } as never;
    // Before the due date the release waits.
    await expect(release.run({ bookingId: id }, { ...run, log })).rejects.toThrow('not due yet');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse(data.due_at) + 1000);
    await release.run({ bookingId: id }, { ...run, log });
    vi.useRealTimers();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe(BOOKING_STATUS.failed);
    expect(await stockOf(db(), tickets[1].id)).toMatchObject({ held: 0, sold: 0 });
    expect((await book(t.app, { event_id: event.id, tickets: [{ id: tickets[1].id, qty: 1 }] })).statusCode).toBe(201);
    const mails = await mailTo(t, email);
    expect(mails[0]!.subject).toContain('was released');
    const late = await recordPayment(org.token, id, { amount: 100 });
    expect(late.statusCode).toBe(409);
    expect(late.json().data.code).toBe('payment.booking_released');
    expect(late.json().status_description).toContain('was released');
    expect(await db().select().from(invoicePayments).where(eq(invoicePayments.bookingId, id))).toEqual([]);
  });

  it('queues reminders 3 days and 1 day before the due date and the release at it, and mails what is owed', async () => {
    const { org, event, tickets } = await anOrganiser({ days: 7 });
    const details = await t.app.inject({ method: 'GET', url: `/v1/event/details/${event.id}` });
    expect(details.json().data).toMatchObject({
      invoice_payment_days: 7,
      invoice_payment_until: new Date(event.startTime.getTime() - 2 * 86_400_000).toISOString(),
    });
    const email = `remind-${Date.now()}@example.co.ke`;
    const { data, id } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }], email);
    const due = Date.parse(data.due_at);
    const queued = await queryRows<{ kind: string; run_at: Date }>(
      db(),
      sql`SELECT kind, run_at FROM jobs WHERE payload->>'bookingId' = ${String(id)} ORDER BY run_at`,
    );
    expect(queued.map((j) => [j.kind, new Date(j.run_at).getTime()])).toEqual([
      ['checkout.invoice-reminder', due - 3 * 86_400_000],
      ['checkout.invoice-reminder', due - 86_400_000],
      ['checkout.release-unpaid-invoice', due],
    ]);
    await recordPayment(org.token, id, { amount: 333 });
    const reminder = jobHandlers.find((h) => h.kind === 'checkout.invoice-reminder')!;
    await reminder.run(
      { bookingId: id },
      {
        ctx: { config: t.config, db: db() },
        job: { id: 0, kind: reminder.kind, attempts: 1, maxAttempts: 8 },
        log: { info: () => undefined } as never,
      },
    );
    const [newest] = await mailTo(t, email);
    expect(newest!.subject).toContain('Reminder: KES 2,000 due by');
    expect(newest!.text).toContain(`account number ${data.booking_reference}`);
  });

  it('once paid and refunded, gets a credit note, and the buyer is told the organiser returns the money', async () => {
    const { org, event, tickets } = await anOrganiser({ days: 7 });
    const email = `refunded-${Date.now()}@example.co.ke`;
    const { id } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }], email);
    await recordPayment(org.token, id, { amount: 2333 });
    await runJobs();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/v1/client/booking/${id}/refund`,
      headers: { auth: org.token },
    });
    expect(refund.statusCode).toBe(202);
    await runJobs();
    expect((await documentsOf(id)).map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    const [newest] = await mailTo(t, email);
    expect(newest!.text).toContain('The organiser returns the KES 2,333 you paid on the invoice');
    expect(newest!.text).not.toContain('card you paid with');
  });

  it('is released when its event is cancelled, and a payment is then refused', async () => {
    const { org, event, tickets } = await anOrganiser({ days: 7 });
    const { id } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 2 }]);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/v1/client/event/${event.id}/cancel`,
      headers: { auth: org.token },
      payload: {},
    });
    expect(cancel.statusCode).toBe(202);
    await runJobs();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe(BOOKING_STATUS.cancelled);
    expect(await stockOf(db(), tickets[0].id)).toMatchObject({ held: 0, sold: 0 });
    expect((await recordPayment(org.token, id, { amount: 10 })).json().data.code).toBe('payment.booking_released');
  });

  it('is refused for an event that does not offer it, too close to the start, or without a company', async () => {
    const off = await anOrganiser({ days: 0 });
    const res = await book(t.app, {
      event_id: off.event.id,
      tickets: [{ id: off.tickets[0].id, qty: 1 }],
      payment_method: 'invoice',
      company: COMPANY,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.code).toBe('invoice.not_offered');
    const soon = await anOrganiser({ days: 7, startsInDays: 1 });
    const late = await book(t.app, {
      event_id: soon.event.id,
      tickets: [{ id: soon.tickets[0].id, qty: 1 }],
      payment_method: 'invoice',
      company: COMPANY,
    });
    expect(late.json().data.code).toBe('invoice.not_offered');
    const noCompany = await book(t.app, {
      event_id: soon.event.id,
      tickets: [{ id: soon.tickets[0].id, qty: 1 }],
      payment_method: 'invoice',
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().data.errors).toEqual([expect.objectContaining({ path: 'company' })]);
    // The due date is never later than 2 days before the start.
    const near = await anOrganiser({ days: 14, startsInDays: 5 });
    const { data } = await byInvoice(near.event.id, [{ id: near.tickets[0].id, qty: 1 }]);
    const start = near.event.startTime.getTime();
    expect(Date.parse(data.due_at)).toBe(start - 2 * 86_400_000);
  });
});

/** Daraja's C2B body for an account and amount. */
function c2b(account: string, amount: number, transId = `R${Math.random().toString(36).slice(2, 11).toUpperCase()}`) {
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: '20261127120000',
    TransAmount: amount.toFixed(2),
    BusinessShortCode: '600000',
    BillRefNumber: account,
    MSISDN: '254712345678',
    FirstName: 'John',
  };
}

const post = (url: string, payload: unknown, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

describe('M-Pesa paybill (C2B)', () => {
  it('validation refuses an unknown account and an over-payment, and accepts what is owed', async () => {
    const { event, tickets } = await anOrganiser();
    const { data } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const validate = (body: unknown) => post('/v1/payments/mpesa/c2b/validation', body);
    expect((await validate(c2b('TK-NOPE999', 100))).json()).toMatchObject({
      ResultCode: C2B_RESULT_CODES.invalidAccountNumber,
    });
    expect((await validate(c2b(data.booking_reference, 2334))).json()).toMatchObject({
      ResultCode: C2B_RESULT_CODES.invalidAmount,
    });
    expect((await validate({ ...c2b(data.booking_reference, 10), BusinessShortCode: '123456' })).json()).toMatchObject({
      ResultCode: C2B_RESULT_CODES.invalidShortcode,
    });
    expect((await validate(c2b(data.booking_reference.toLowerCase(), 2333))).json()).toEqual({
      ResultCode: '0',
      ResultDesc: 'Accepted',
    });
  });

  it('a repeated confirmation (same TransID) adds nothing; the covering one settles the booking', async () => {
    const { event, tickets } = await anOrganiser();
    const { id, data } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const first = c2b(data.booking_reference, 1000, 'RKT1000AAA');
    for (let i = 0; i < 3; i++) {
      expect((await post('/v1/payments/mpesa/c2b/confirmation', first)).json()).toMatchObject({ ResultCode: '0' });
    }
    const paid = await db().select().from(invoicePayments).where(eq(invoicePayments.bookingId, id));
    expect(paid.map((p) => [p.amountMinor, p.reference, p.method])).toEqual([[100000, 'RKT1000AAA', 'mpesa']]);
    await post('/v1/payments/mpesa/c2b/confirmation', c2b(data.booking_reference, 1333, 'RKT1333BBB'));
    await runJobs();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe(BOOKING_STATUS.paid);
  });

  it('settles 30 bookings from 30 confirmations arriving at once', async () => {
    const { event, tickets } = await anOrganiser();
    const made = await Promise.all(
      Array.from({ length: 30 }, () => byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }])),
    );
    const answers = await Promise.all(
      made.map((m) => post('/v1/payments/mpesa/c2b/confirmation', c2b(m.data.booking_reference, 2333))),
    );
    expect(answers.every((a) => a.json().ResultCode === '0')).toBe(true);
    await runJobs();
    await runJobs();
    const rows = await queryRows<{ status: number; n: number }>(
      db(),
      sql`SELECT status, count(*)::int AS n FROM bookings WHERE event_id = ${event.id} GROUP BY status`,
    );
    expect(rows).toEqual([{ status: BOOKING_STATUS.paid, n: 30 }]);
    const invoices = await db()
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.eventId, event.id), eq(taxDocuments.kind, 'invoice')));
    expect(invoices).toHaveLength(30);
    expect(await stockOf(db(), tickets[0].id)).toMatchObject({ held: 0, sold: 30 });
  });

  it('keeps a payment for a released booking unmatched, for its organiser to assign', async () => {
    const { org, event, tickets } = await anOrganiser();
    const released = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    await db().execute(sql`UPDATE invoice_bookings SET released_at = now() WHERE booking_id = ${released.id}`);
    await db().execute(sql`UPDATE bookings SET status = 3 WHERE id = ${released.id}`);
    await post('/v1/payments/mpesa/c2b/confirmation', c2b(released.data.booking_reference, 2333, 'RUNMATCH01'));
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/client/payments/unmatched',
      headers: { auth: org.token },
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ trans_id: 'RUNMATCH01', amount: 2333, reason: expect.stringContaining('released') }),
    ]);
    const other = await createOrganiser(db());
    const paymentId = list.json().data[0].id as number;
    const fresh = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const assign = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/client/payments/unmatched/${paymentId}/assign`,
        headers: { auth: token },
        payload: { booking_reference: fresh.data.booking_reference },
      });
    expect((await assign(other.token)).statusCode).toBe(404);
    const ok = await assign(org.token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data).toMatchObject({ covered: true, amount_owed: 0 });
    expect((await assign(org.token)).json().data.code).toBe('payment.already_assigned');
  });

  it("is paid from the simulator's Pay bill screen, through the same C2B URLs", async () => {
    const { event, tickets } = await anOrganiser();
    const { id, data } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const page = await t.app.inject({ method: 'GET', url: '/dev/mpesa?screen=paybill' });
    expect(page.body).toContain('Business number');
    expect(page.body).toContain('value="600000"');
    const pay = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/dev/mpesa/paybill', payload: body, remoteAddress: '127.0.0.1' });
    const unknown = await pay({ business_number: '600000', account: 'TK-NOPE999', amount: 2333, pin: '1234' });
    expect(unknown.json().data).toMatchObject({ trans_id: null, result_code: C2B_RESULT_CODES.invalidAccountNumber });
    const form = await t.app.inject({
      method: 'POST',
      url: '/dev/mpesa/paybill/form',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `business_number=600000&account=${data.booking_reference}&amount=2333&pin=12`,
    });
    expect(form.body).toContain('Enter the 4-digit PIN');
    const ok = await pay({ business_number: '600000', account: data.booking_reference, amount: 2333, pin: '1234' });
    expect(ok.json().data).toMatchObject({ result_code: '0', trans_id: expect.stringMatching(/^S\w{9}$/) });
    await runJobs();
    const [row] = await db().select().from(bookings).where(eq(bookings.id, id));
    expect(row!.status).toBe(BOOKING_STATUS.paid);
  });

  it('refuses a forged confirmation from an address outside the allow-list', async () => {
    const guarded = await createTestApp({ MPESA_C2B_ALLOWED_IPS: '196.201.214.200, 196.201.214.206' });
    try {
      const forged = await guarded.app.inject({
        method: 'POST',
        url: '/v1/payments/mpesa/c2b/confirmation',
        payload: c2b('TK-ANY1234', 100),
        remoteAddress: '203.0.113.9',
      });
      expect(forged.statusCode).toBe(403);
      expect(forged.json().data.code).toBe('c2b.address_not_allowed');
      const rows = await queryRows<{ n: number }>(
        guarded.database.db,
        sql`SELECT count(*)::int AS n FROM c2b_payments`,
      );
      expect(rows[0]!.n).toBe(0);
      const safaricom = await guarded.app.inject({
        method: 'POST',
        url: '/v1/payments/mpesa/c2b/confirmation',
        payload: c2b('TK-ANY1234', 100),
        remoteAddress: '196.201.214.206',
      });
      expect(safaricom.statusCode).toBe(200);
    } finally {
      await guarded.close();
    }
  });
});

describe('who may do what', () => {
  it('refuses every new organiser call to another organisation (404), a buyer (406), no token (401) and a door-only teammate (403)', async () => {
    const { org, event, tickets } = await anOrganiser();
    const { id } = await byInvoice(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const paid = await paidByCard(event.id, [{ id: tickets[0].id, qty: 1 }]);
    const [doc] = await documentsOf(await bookingIdOf(paid.reference));
    const other = await createOrganiser(db());
    const buyer = await createBuyer(db());
    const door = await createOrganiser(db(), { organisationId: org.organisationId, role: 'checkin' });
    const day = new Date().toISOString().slice(0, 10);
    const calls = [
      { method: 'GET', url: '/v1/client/organisation/tax' },
      { method: 'PUT', url: '/v1/client/organisation/tax', payload: profile() },
      { method: 'GET', url: `/v1/client/invoices?from=${day}&to=${day}` },
      { method: 'GET', url: `/v1/client/invoices.csv?from=${day}&to=${day}` },
      { method: 'GET', url: `/v1/client/invoices/${doc!.id}/pdf`, scoped: true },
      { method: 'GET', url: `/v1/client/booking/${id}/payments`, scoped: true },
      {
        method: 'POST',
        url: `/v1/client/booking/${id}/payments`,
        payload: { amount: 1, paid_on: day, method: 'bank', reference: 'X' },
        scoped: true,
      },
      { method: 'GET', url: '/v1/client/payments/unmatched' },
      { method: 'POST', url: '/v1/client/payments/unmatched/999999/assign', payload: { booking_reference: 'TK-X' } },
    ] as const;
    for (const c of calls) {
      const send = (token?: string) =>
        t.app.inject({
          method: c.method,
          url: c.url,
          headers: token ? { auth: token } : {},
          remoteAddress: nextIp(),
          ...('payload' in c ? { payload: c.payload } : {}),
        });
      expect((await send()).statusCode, `${c.method} ${c.url} without a token`).toBe(401);
      expect((await send(buyer.token)).statusCode, `${c.method} ${c.url} as a buyer`).toBe(406);
      expect((await send(door.token)).statusCode, `${c.method} ${c.url} door-only`).toBe(403);
      if ('scoped' in c) expect((await send(other.token)).statusCode, `${c.method} ${c.url} other org`).toBe(404);
    }
    // A forged or missing signature on the buyer's documents is a 404.
    expect((await t.app.inject({ method: 'GET', url: `/v1/booking/${paid.reference}/invoice.pdf` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${paid.invoice_url!.replace(/sig=\d+\./, 'sig=9999999999999.')}` }))
        .statusCode,
    ).toBe(404);
  });
});
