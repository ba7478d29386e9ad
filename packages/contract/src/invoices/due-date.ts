import { INVOICE_PAYMENT } from '../constants.js';

const DAY_MS = 86_400_000;

/**
 * The latest a pay-by-invoice due date may fall (docs/product.md#pay-by-invoice): 2 days before
 * the event starts. Null when the event does not offer pay by invoice (0 days) or that instant
 * has passed.
 */
export function invoicePaymentUntil(days: number, startTime: Date | string, now = Date.now()): Date | null {
  if (days <= 0) return null;
  const until = new Date(startTime).getTime() - INVOICE_PAYMENT.dueBeforeStartDays * DAY_MS;
  return until > now ? new Date(until) : null;
}

/**
 * A booking's due date if it were made at `now`: `days` later, but never after
 * `invoicePaymentUntil`. Null when pay by invoice cannot be chosen now.
 */
export function invoiceDueAt(days: number, startTime: Date | string, now = Date.now()): Date | null {
  const until = invoicePaymentUntil(days, startTime, now);
  if (!until) return null;
  return new Date(Math.min(now + days * DAY_MS, until.getTime()));
}
