import { and, desc, eq, sql } from 'drizzle-orm';
import type { IntentStatus, PaymentProviderName } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { payments } from '../../db/schema/index.js';

export type PaymentRow = typeof payments.$inferSelect;

/** Records a booking's payment at a provider; the same intent twice is one row. */
export async function insertPayment(
  db: Db | Tx,
  p: {
    bookingId: number;
    provider: PaymentProviderName;
    intentId: string;
    clientSecret: string;
    status: IntentStatus;
    amountMinor: number;
    currency: string;
    phone?: string | null;
  },
) {
  await db.insert(payments).values(p).onConflictDoNothing();
}

export async function findPaymentBySecret(db: Db | Tx, clientSecret: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.clientSecret, clientSecret)).limit(1);
  return row;
}

export async function findPaymentByIntent(
  db: Db | Tx,
  provider: PaymentProviderName,
  intentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.intentId, intentId)))
    .limit(1);
  return row;
}

export async function findPayment(db: Db | Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return row;
}

/** The booking's newest payment the provider took money for (a booking has one per provider attempt). */
export async function findSucceededPayment(db: Db | Tx, bookingId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, 'succeeded')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** The booking's newest payment (a booking has one per provider attempt). */
export async function findLatestPayment(db: Db | Tx, bookingId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.bookingId, bookingId))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function updatePaymentState(
  db: Db | Tx,
  id: number,
  state: { status: IntentStatus; lastError?: string | null; settlesAt?: Date | null },
) {
  await db
    .update(payments)
    .set({ ...state, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/**
 * What an M-Pesa result callback says was paid, and its receipt number when the amount is the
 * one asked (null otherwise: a receipt is never kept for another amount). Once a receipt is
 * kept, later callbacks change nothing.
 */
export async function setPaymentCallback(
  db: Db | Tx,
  id: number,
  c: { receivedMinor: number; receivedCurrency: string; receiptNumber: string | null },
) {
  await db
    .update(payments)
    .set({ ...c, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), sql`${payments.receiptNumber} IS NULL`));
}

/** What the provider says it took, recorded when settlement reads a succeeded payment. */
export async function setPaymentReceived(db: Db | Tx, id: number, receivedMinor: number, receivedCurrency: string) {
  await db
    .update(payments)
    .set({ receivedMinor, receivedCurrency, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** Marks a payment refunded once; false when it already was. */
export async function markPaymentRefunded(db: Db | Tx, id: number): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ refundedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(payments.id, id), sql`${payments.refundedAt} IS NULL`))
    .returning({ id: payments.id });
  return rows.length > 0;
}
