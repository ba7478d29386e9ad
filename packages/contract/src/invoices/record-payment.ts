import { z } from 'zod';
import { daySchema, idParamsSchema, moneySchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/** How the money of a booking paid by invoice came (`mpesa`: to the paybill, by C2B). */
export const RECORDED_PAYMENT_METHODS = ['bank', 'cheque'] as const;
export const INVOICE_PAYMENT_METHODS = ['bank', 'cheque', 'mpesa'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];

/**
 * POST v1/client/booking/{id}/payments: the organiser records money received for a booking
 * awaiting payment (status 6). `amount` in major units of the booking's currency, above 0 and at
 * most what is owed; `paid_on` the day it arrived (not in the future); `reference` the bank's or
 * the cheque's. Payments add up; once they cover the total the booking is settled (e-tickets,
 * tax invoice, mails), once.
 */
export const recordPaymentBodySchema = z.object({
  amount: moneySchema.refine((n) => n > 0, 'Enter an amount above 0'),
  paid_on: daySchema,
  method: z.enum(RECORDED_PAYMENT_METHODS, { message: 'Bank transfer or cheque' }),
  reference: text({ message: 'Enter the bank or cheque reference' })
    .trim()
    .min(1, 'Enter the bank or cheque reference')
    .max(100),
});
export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;
export const recordPaymentParamsSchema = idParamsSchema;

export const bookingPaymentSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  paid_on: z.string(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  reference: z.string(),
  recorded_at: z.string(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

/**
 * The answer of POST (201) and GET v1/client/booking/{id}/payments: where the booking's money
 * stands. `covered`: the payments now cover the total, and the booking is being settled by the
 * same settlement job as cards and M-Pesa (within moments `status` turns from 6 to 2, with
 * e-tickets, tax invoice and mails).
 */
export const bookingPaymentsSchema = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  status: z.number().int(),
  currency: z.string(),
  total: z.number(),
  amount_paid: z.number(),
  amount_owed: z.number(),
  due_at: z.string().nullable(),
  covered: z.boolean(),
  payments: z.array(bookingPaymentSchema),
});
export type BookingPayments = z.infer<typeof bookingPaymentsSchema>;
export const bookingPaymentsResponseSchema = envelope(bookingPaymentsSchema);
