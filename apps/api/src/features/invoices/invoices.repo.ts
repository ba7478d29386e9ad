import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  bookingCompanies,
  c2bPayments,
  documentCounters,
  invoiceBookings,
  invoicePayments,
  taxDocuments,
  taxProfiles,
} from '../../db/schema/index.js';

/** Every query of the invoices feature's tables (docs/architecture.md#invoices). */

export type TaxProfileRow = typeof taxProfiles.$inferSelect;
export type InvoiceBookingRow = typeof invoiceBookings.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type TaxDocumentRow = typeof taxDocuments.$inferSelect;
export type C2BPaymentRow = typeof c2bPayments.$inferSelect;
export type BookingCompanyRow = typeof bookingCompanies.$inferSelect;

export async function findTaxProfile(db: Db | Tx, organisationId: number): Promise<TaxProfileRow | undefined> {
  const [row] = await db.select().from(taxProfiles).where(eq(taxProfiles.organisationId, organisationId)).limit(1);
  return row;
}

export async function upsertTaxProfile(
  tx: Tx,
  row: Omit<typeof taxProfiles.$inferInsert, 'createdAt' | 'updatedAt'>,
): Promise<TaxProfileRow> {
  const { organisationId: _organisationId, ...changes } = row;
  const [saved] = await tx
    .insert(taxProfiles)
    .values(row)
    .onConflictDoUpdate({ target: taxProfiles.organisationId, set: { ...changes, updatedAt: sql`now()` } })
    .returning();
  return saved!;
}

export async function saveBookingCompany(tx: Tx, row: typeof bookingCompanies.$inferInsert) {
  const { bookingId: _bookingId, ...changes } = row;
  await tx
    .insert(bookingCompanies)
    .values(row)
    .onConflictDoUpdate({ target: bookingCompanies.bookingId, set: changes });
}

export async function findBookingCompanies(db: Db | Tx, bookingIds: number[]): Promise<BookingCompanyRow[]> {
  if (bookingIds.length === 0) return [];
  return db.select().from(bookingCompanies).where(inArray(bookingCompanies.bookingId, bookingIds));
}

export async function insertInvoiceBooking(tx: Tx, row: typeof invoiceBookings.$inferInsert) {
  await tx.insert(invoiceBookings).values(row).onConflictDoNothing();
}

/** The booking's pay-by-invoice row, locked for the rest of the transaction. */
export async function lockInvoiceBooking(tx: Tx, bookingId: number): Promise<InvoiceBookingRow | undefined> {
  const [row] = await tx.select().from(invoiceBookings).where(eq(invoiceBookings.bookingId, bookingId)).for('update');
  return row;
}

export async function findInvoiceBooking(db: Db | Tx, bookingId: number): Promise<InvoiceBookingRow | undefined> {
  const [row] = await db.select().from(invoiceBookings).where(eq(invoiceBookings.bookingId, bookingId)).limit(1);
  return row;
}

export async function findInvoiceBookingByReference(
  db: Db | Tx,
  reference: string,
): Promise<InvoiceBookingRow | undefined> {
  const [row] = await db.select().from(invoiceBookings).where(eq(invoiceBookings.reference, reference)).limit(1);
  return row;
}

export async function paidMinorOf(db: Db | Tx, bookingId: number): Promise<number> {
  const [row] = await queryRows<{ paid: number }>(
    db,
    sql`SELECT coalesce(sum(amount_minor), 0)::integer AS paid FROM invoice_payments WHERE booking_id = ${bookingId}`,
  );
  return row?.paid ?? 0;
}

export async function insertInvoicePayment(tx: Tx, row: typeof invoicePayments.$inferInsert) {
  const [saved] = await tx.insert(invoicePayments).values(row).returning();
  return saved!;
}

export function listInvoicePayments(db: Db | Tx, bookingId: number): Promise<InvoicePaymentRow[]> {
  return db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.bookingId, bookingId))
    .orderBy(asc(invoicePayments.recordedAt), asc(invoicePayments.id));
}

export async function markInvoiceBooking(tx: Tx, bookingId: number, change: { releasedAt?: Date; coveredAt?: Date }) {
  await tx.update(invoiceBookings).set(change).where(eq(invoiceBookings.bookingId, bookingId));
}

/** What the orders list shows of the bookings paid by invoice among `bookingIds`. */
export async function invoiceBookingFacts(db: Db | Tx, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return queryRows<{ booking_id: number; due_at: Date | string; paid_minor: number; total_minor: number }>(
    db,
    sql`SELECT ib.booking_id, ib.due_at, ib.total_minor,
               coalesce((SELECT sum(p.amount_minor) FROM invoice_payments p WHERE p.booking_id = ib.booking_id), 0)::integer AS paid_minor
          FROM invoice_bookings ib
         WHERE ib.booking_id IN (${sql.join(
           bookingIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
}

/**
 * The next number of a sequence: the counter row is created or incremented in the caller's
 * transaction and stays locked until it ends, so two settlements never take the same number, and
 * a rolled-back one gives its number back (docs/product.md#numbering).
 */
export async function takeNextNumber(
  tx: Tx,
  organisationId: number,
  sequence: 'invoice' | 'credit_note',
  year: number,
): Promise<number> {
  const [row] = await tx
    .insert(documentCounters)
    .values({ organisationId, sequence, year, last: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.organisationId, documentCounters.sequence, documentCounters.year],
      set: { last: sql`${documentCounters.last} + 1` },
    })
    .returning({ last: documentCounters.last });
  return row!.last;
}

export async function insertDocument(tx: Tx, row: typeof taxDocuments.$inferInsert): Promise<TaxDocumentRow> {
  const [saved] = await tx.insert(taxDocuments).values(row).returning();
  return saved!;
}

/** The booking's invoice or receipt, if issued. */
export async function findInvoiceOfBooking(db: Db | Tx, bookingId: number): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingId, bookingId), inArray(taxDocuments.kind, ['invoice', 'receipt'])))
    .limit(1);
  return row;
}

export async function findCreditNoteOf(db: Db | Tx, invoiceId: number): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.refersToId, invoiceId), eq(taxDocuments.kind, 'credit_note')))
    .limit(1);
  return row;
}

export async function findDocument(db: Db | Tx, id: number): Promise<TaxDocumentRow | undefined> {
  const [row] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, id)).limit(1);
  return row;
}

export async function findDocumentsByIds(db: Db | Tx, ids: number[]): Promise<TaxDocumentRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(taxDocuments).where(inArray(taxDocuments.id, ids));
}

export async function invoicesOfBookings(db: Db | Tx, bookingIds: number[]) {
  if (bookingIds.length === 0) return [];
  return db
    .select({ id: taxDocuments.id, bookingId: taxDocuments.bookingId, number: taxDocuments.number })
    .from(taxDocuments)
    .where(and(inArray(taxDocuments.bookingId, bookingIds), inArray(taxDocuments.kind, ['invoice', 'receipt'])));
}

export async function setTransmission(
  db: Db | Tx,
  id: number,
  state: { transmission: 'not_transmitted' | 'transmitted' | 'failed'; transmissionRef: string | null },
) {
  await db.update(taxDocuments).set(state).where(eq(taxDocuments.id, id));
}

export function listDocuments(
  db: Db,
  f: {
    organisationId: number;
    since: Date;
    before: Date;
    eventId?: number;
    kind?: 'invoice' | 'receipt' | 'credit_note';
  },
): Promise<TaxDocumentRow[]> {
  return db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.organisationId, f.organisationId),
        gte(taxDocuments.issuedAt, f.since),
        lt(taxDocuments.issuedAt, f.before),
        f.eventId ? eq(taxDocuments.eventId, f.eventId) : undefined,
        f.kind ? eq(taxDocuments.kind, f.kind) : undefined,
      ),
    )
    .orderBy(desc(taxDocuments.issuedAt), desc(taxDocuments.id));
}

/** A C2B confirmation, kept once per TransID: null when that TransID was recorded already. */
export async function insertC2BPayment(tx: Tx, row: typeof c2bPayments.$inferInsert): Promise<C2BPaymentRow | null> {
  const [saved] = await tx.insert(c2bPayments).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function lockC2BPayment(tx: Tx, id: number): Promise<C2BPaymentRow | undefined> {
  const [row] = await tx.select().from(c2bPayments).where(eq(c2bPayments.id, id)).for('update');
  return row;
}

export async function setC2BApplied(
  tx: Tx,
  id: number,
  change: { bookingId: number; assignedAt?: Date; assignedBy?: number },
) {
  await tx
    .update(c2bPayments)
    .set({ ...change, reason: null })
    .where(eq(c2bPayments.id, id));
}

/** The organisation's paybill payments that were not applied, and those assigned by hand. */
export function listUnmatchedC2B(db: Db, organisationId: number) {
  return db
    .select({
      id: c2bPayments.id,
      transId: c2bPayments.transId,
      account: c2bPayments.account,
      amountMinor: c2bPayments.amountMinor,
      currency: c2bPayments.currency,
      msisdn: c2bPayments.msisdn,
      payerName: c2bPayments.payerName,
      receivedAt: c2bPayments.receivedAt,
      reason: c2bPayments.reason,
      assignedAt: c2bPayments.assignedAt,
      assignedReference: invoiceBookings.reference,
    })
    .from(c2bPayments)
    .leftJoin(invoiceBookings, eq(invoiceBookings.bookingId, c2bPayments.bookingId))
    .where(
      and(
        eq(c2bPayments.organisationId, organisationId),
        sql`(${c2bPayments.bookingId} IS NULL OR ${c2bPayments.assignedAt} IS NOT NULL)`,
      ),
    )
    .orderBy(desc(c2bPayments.receivedAt), desc(c2bPayments.id));
}

/** The invoice (or receipt) of the booking with this reference. */
export async function findInvoiceByReference(db: Db | Tx, reference: string): Promise<TaxDocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.bookingReference, reference), inArray(taxDocuments.kind, ['invoice', 'receipt'])))
    .limit(1);
  return row;
}

/** Which of these bookings have an invoice, and which are paid by invoice. */
export async function documentsOfBookings(db: Db | Tx, bookingIds: number[]) {
  if (bookingIds.length === 0) return { invoices: [], invoiceBookings: [] };
  const [invoices, pending] = await Promise.all([
    db
      .select({ bookingId: taxDocuments.bookingId, number: taxDocuments.number })
      .from(taxDocuments)
      .where(and(inArray(taxDocuments.bookingId, bookingIds), inArray(taxDocuments.kind, ['invoice', 'receipt']))),
    db
      .select({
        bookingId: invoiceBookings.bookingId,
        dueAt: invoiceBookings.dueAt,
        releasedAt: invoiceBookings.releasedAt,
        totalMinor: invoiceBookings.totalMinor,
      })
      .from(invoiceBookings)
      .where(inArray(invoiceBookings.bookingId, bookingIds)),
  ]);
  return { invoices, invoiceBookings: pending };
}
