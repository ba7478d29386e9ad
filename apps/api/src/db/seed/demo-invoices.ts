import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { BOOKING_STATUS, invoiceDueAt } from '@tikiti/contract';
import { queryRows, type Tx } from '../client.js';
import { bookingLines, bookings, payments, taxProfiles } from '../schema/index.js';
import { enqueueJob } from '../../jobs/queue.js';
import { INVOICE_RELEASE_JOB } from '../../features/checkout/index.js';
import {
  issueBookingInvoice,
  issueCreditNote,
  openInvoiceBooking,
  saveCompany,
} from '../../features/invoices/index.js';

/** The simulator's paybill (config.ts): the demo proforma's M-Pesa instructions. */
const DEMO_PAYBILL = '600000';
const DAY_MS = 86_400_000;

/**
 * The demo organiser's tax documents (docs/product.md#tax-documents): a tax profile, pay by invoice
 * offered on its upcoming events, tax invoices for its latest paid bookings (one for a company),
 * one of them refunded with its credit note, and a company's booking awaiting payment. Answers the
 * refunded booking, whose tickets are not issued.
 */
export async function seedDemoInvoices(tx: Tx, organisationId: number, legalName: string, now: Date) {
  await tx.insert(taxProfiles).values({
    organisationId,
    legalName,
    kraPin: 'P051234567X',
    physicalAddress: 'Kenyatta Avenue, Nairobi',
    vatRegistered: true,
    invoicePrefix: 'INV',
    bankName: 'KCB Bank Kenya',
    bankBranch: 'Moi Avenue',
    bankAccountName: legalName,
    bankAccountNumber: '1107654321',
  });
  await tx.execute(
    sql`UPDATE events SET invoice_payment_days = 7
         WHERE organisation_id = ${organisationId} AND status = 1 AND start_time > ${new Date(now.getTime() + 10 * DAY_MS).toISOString()}::timestamptz`,
  );

  const latest = await queryRows<{
    id: number;
    reference: string;
    event_id: number;
    full_name: string;
    email: string;
    currency: string;
    total_minor: number;
    paid_at: Date | string;
    title: string;
    start_time: Date | string;
  }>(
    tx,
    sql`SELECT b.id, b.reference, b.event_id, b.full_name, b.email, b.currency, b.total_minor, b.paid_at, e.title, e.start_time
          FROM bookings b JOIN events e ON e.id = b.event_id
         WHERE e.organisation_id = ${organisationId} AND b.status = ${BOOKING_STATUS.paid}
         ORDER BY b.paid_at DESC, b.id DESC LIMIT 6`,
  );
  const linesOf = (bookingId: number) =>
    tx
      .select({
        name: bookingLines.name,
        quantity: bookingLines.quantity,
        unitPriceMinor: bookingLines.unitPriceMinor,
        ticketTypeId: bookingLines.ticketTypeId,
      })
      .from(bookingLines)
      .where(sql`${bookingLines.bookingId} = ${bookingId}`);
  const invoiced = latest.reverse();
  for (const [i, b] of invoiced.entries()) {
    if (i === 0) {
      await saveCompany(tx, b.id, {
        name: 'Safari Logistics Ltd',
        kra_pin: 'A123456789B',
        address: 'Mombasa Road, Nairobi',
        po_number: 'LPO-2026-0142',
      });
    }
    await issueBookingInvoice(
      tx,
      {
        bookingId: b.id,
        reference: b.reference,
        organisationId,
        organiserName: legalName,
        eventId: b.event_id,
        eventTitle: b.title,
        eventStart: new Date(b.start_time),
        fullName: b.full_name,
        email: b.email,
        currency: b.currency,
        totalMinor: b.total_minor,
        paymentMethod: 'card',
        paymentReference: `pi_sbx_demo_${b.reference}`,
        lines: await linesOf(b.id),
      },
      new Date(b.paid_at),
    );
  }

  // The newest invoiced booking was refunded: its seats went back on sale, and a credit note.
  const refunded = invoiced.at(-1);
  if (refunded) {
    await tx.execute(
      sql`UPDATE bookings SET status = ${BOOKING_STATUS.refunded}, refund_requested_at = ${now.toISOString()}::timestamptz WHERE id = ${refunded.id}`,
    );
    await tx.execute(
      sql`UPDATE payments SET refunded_at = ${now.toISOString()}::timestamptz WHERE booking_id = ${refunded.id}`,
    );
    for (const l of await linesOf(refunded.id)) {
      await tx.execute(sql`UPDATE ticket_types SET sold = sold - ${l.quantity} WHERE id = ${l.ticketTypeId}`);
    }
    await issueCreditNote(tx, refunded.id, now);
  }

  // A company's booking awaiting payment, on the first event that offers pay by invoice.
  const [offering] = await queryRows<{
    id: number;
    title: string;
    start_time: Date | string;
    currency: string;
    days: number;
  }>(
    tx,
    sql`SELECT e.id, e.title, e.start_time, e.currency, e.invoice_payment_days AS days FROM events e
         WHERE e.organisation_id = ${organisationId} AND e.invoice_payment_days > 0 ORDER BY e.start_time LIMIT 1`,
  );
  if (!offering) return refunded?.id ?? null;
  const dueAt = invoiceDueAt(offering.days, offering.start_time, now.getTime());
  const [type] = await queryRows<{ id: number; name: string; price_minor: number }>(
    tx,
    sql`SELECT id, name, price_minor FROM ticket_types WHERE event_id = ${offering.id} AND status = 1
         AND max_tickets - sold - held >= 3 ORDER BY sort_order LIMIT 1`,
  );
  if (!dueAt || !type) return refunded?.id ?? null;
  const reference = `TK-${Array.from(randomBytes(7), (n) => '23456789ABCDEFGHJKMNPQRSTUVWXYZ'[n % 31]).join('')}`;
  const totalMinor = type.price_minor * 3;
  const [booking] = await tx
    .insert(bookings)
    .values({
      reference,
      eventId: offering.id,
      fullName: 'Akinyi Odhiambo',
      email: 'finance@safarilogistics.co.ke',
      msisdn: '+254722000333',
      currency: offering.currency,
      totalMinor,
      status: BOOKING_STATUS.awaiting_payment,
      paymentMethod: 'invoice',
      holdExpiresAt: dueAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: bookings.id });
  const lines = [
    { ticketTypeId: type.id, name: type.name, unitPriceMinor: type.price_minor, noOfPersons: 1, quantity: 3 },
  ];
  await tx.insert(bookingLines).values(lines.map((l) => ({ ...l, bookingId: booking!.id })));
  await tx.execute(sql`UPDATE ticket_types SET held = held + 3 WHERE id = ${type.id}`);
  const intentId = `booking-${reference}`;
  await tx.insert(payments).values({
    bookingId: booking!.id,
    provider: 'invoice',
    intentId,
    clientSecret: `${intentId}_secret_${randomBytes(16).toString('base64url')}`,
    status: 'requires_payment_method',
    amountMinor: totalMinor,
    currency: offering.currency,
  });
  await saveCompany(tx, booking!.id, {
    name: 'Safari Logistics Ltd',
    kra_pin: 'A123456789B',
    address: 'Mombasa Road, Nairobi',
    po_number: 'LPO-2026-0188',
  });
  await openInvoiceBooking(
    tx,
    {
      bookingId: booking!.id,
      reference,
      organisationId,
      organiserName: legalName,
      eventId: offering.id,
      eventTitle: offering.title,
      eventStart: new Date(offering.start_time),
      fullName: 'Akinyi Odhiambo',
      email: 'finance@safarilogistics.co.ke',
      currency: offering.currency,
      totalMinor,
      lines,
      dueAt,
    },
    DEMO_PAYBILL,
    now,
  );
  await enqueueJob(
    tx,
    INVOICE_RELEASE_JOB,
    { bookingId: booking!.id },
    { runAt: dueAt, dedupeKey: `invoice-release-${booking!.id}` },
  );
  return refunded?.id ?? null;
}
