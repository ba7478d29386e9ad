import { z } from 'zod';
import { idParamsSchema, text } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * Daraja's Customer-to-Business result codes (docs/operations.md#m-pesa-paybill-c2b): the answer
 * of the validation URL. `0` accepts; the others refuse the payment before the customer is
 * charged.
 */
export const C2B_RESULT_CODES = {
  accepted: '0',
  invalidMsisdn: 'C2B00011',
  invalidAccountNumber: 'C2B00012',
  invalidAmount: 'C2B00013',
  invalidKyc: 'C2B00014',
  invalidShortcode: 'C2B00015',
  otherError: 'C2B00016',
} as const;
export type C2BResultCode = (typeof C2B_RESULT_CODES)[keyof typeof C2B_RESULT_CODES];

/**
 * The body Safaricom posts to POST v1/payments/mpesa/c2b/validation and …/confirmation (and the
 * simulator's Pay bill screen, the same). Amounts arrive as text ("1500.00") or numbers.
 */
export const c2bNotificationSchema = z.object({
  TransactionType: z.string().max(40).optional(),
  TransID: text().trim().min(1).max(40),
  TransTime: z.string().max(20).optional(),
  TransAmount: z.union([z.string().max(20), z.number()]),
  BusinessShortCode: z.union([z.string().max(20), z.number()]),
  BillRefNumber: z.string().max(40).default(''),
  InvoiceNumber: z.string().max(40).optional(),
  OrgAccountBalance: z.union([z.string().max(40), z.number()]).optional(),
  ThirdPartyTransID: z.string().max(40).optional(),
  MSISDN: z.union([z.string().max(40), z.number()]).optional(),
  FirstName: z.string().max(100).optional(),
  MiddleName: z.string().max(100).optional(),
  LastName: z.string().max(100).optional(),
});
export type C2BNotification = z.infer<typeof c2bNotificationSchema>;

/** What the validation and confirmation URLs answer (Daraja's form, not the envelope). */
export const c2bResultSchema = z.object({ ResultCode: z.string(), ResultDesc: z.string() });
export type C2BResult = z.infer<typeof c2bResultSchema>;

/**
 * A paybill payment that matched no booking awaiting payment (its booking was released or paid
 * already, or it was more than owed). Listed to the organisation whose booking reference it
 * names; one naming no booking at all is kept for the operators (docs/operations.md).
 */
export const unmatchedPaymentSchema = z.object({
  id: z.number().int(),
  trans_id: z.string(),
  /** The account number the payer typed (BillRefNumber). */
  account: z.string(),
  amount: z.number(),
  currency: z.string(),
  msisdn: z.string().nullable(),
  payer_name: z.string().nullable(),
  received_at: z.string(),
  /** Why it was not applied, in words ("The booking was released on 12 Dec 2026"). */
  reason: z.string(),
  /** Set once assigned: the booking it went to. */
  assigned_booking_reference: z.string().nullable(),
  assigned_at: z.string().nullable(),
});
export type UnmatchedPayment = z.infer<typeof unmatchedPaymentSchema>;

/** GET v1/client/payments/unmatched: the organisation's unmatched paybill payments, newest first. */
export const listUnmatchedPaymentsResponseSchema = envelope(z.array(unmatchedPaymentSchema));

/**
 * POST v1/client/payments/unmatched/{id}/assign: the organiser applies an unmatched payment to
 * one of its bookings awaiting payment (same currency; at most what is owed). Answers the
 * booking's payments, like recording a payment.
 */
export const assignUnmatchedParamsSchema = idParamsSchema;
export const assignUnmatchedBodySchema = z.object({
  booking_reference: text({ message: 'Enter the booking reference' })
    .trim()
    .toUpperCase()
    .min(1, 'Enter the booking reference')
    .max(20),
});
export type AssignUnmatchedBody = z.infer<typeof assignUnmatchedBodySchema>;

/**
 * POST /dev/mpesa/paybill (the simulator's "Pay bill" screen, development only): what a phone
 * sends; the simulator posts Daraja's validation then confirmation to the same URLs as Safaricom.
 */
export const simulatorPaybillBodySchema = z.object({
  business_number: text().trim().min(1, 'Enter the business number').max(20),
  account: text().trim().min(1, 'Enter the account number').max(40),
  amount: z.number({ error: 'Enter an amount' }).int('Whole shillings').positive('Enter an amount above 0'),
  pin: text()
    .trim()
    .regex(/^\d{4}$/, 'Enter the 4-digit PIN'),
  msisdn: text().trim().max(20).optional(),
});
export type SimulatorPaybillBody = z.infer<typeof simulatorPaybillBodySchema>;
export const simulatorPaybillResultSchema = z.object({
  /** The M-Pesa transaction id (TransID) when accepted. */
  trans_id: z.string().nullable(),
  result_code: z.string(),
  message: z.string(),
});
export type SimulatorPaybillResult = z.infer<typeof simulatorPaybillResultSchema>;
export const simulatorPaybillResponseSchema = envelope(simulatorPaybillResultSchema);
