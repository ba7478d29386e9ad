import { z } from 'zod';
import { text } from '../common.js';
import { envelope } from '../envelope.js';

/** docs/product.md#payouts: where an organisation's money is paid. */
export const PAYOUT_METHOD_TYPES = ['mpesa_b2c', 'mpesa_b2b', 'bank'] as const;
export type PayoutMethodType = (typeof PAYOUT_METHOD_TYPES)[number];

const SAFARICOM = /^(?:\+?254|0)?([17]\d{8})$/;
const SAFARICOM_MESSAGE = 'Enter a Safaricom number such as 0712 345 678';

/** A Safaricom number, answered as 2547XXXXXXXX (or 2541…), the form Daraja takes. */
export const safaricomMsisdnSchema = text({ message: SAFARICOM_MESSAGE })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .refine((v) => SAFARICOM.test(v), SAFARICOM_MESSAGE)
  .transform((v) => `254${SAFARICOM.exec(v)![1]}`);

const passwordField = text({ message: 'Enter your password' }).min(1, 'Enter your password').max(128);
const bankText = (label: string) =>
  text({ message: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(100);

/**
 * PUT v1/client/payout-method (the owner only, with two-factor sign-in on): the password typed
 * again, and one of three methods. `mpesa_b2b` with `account` pays a paybill (Daraja's
 * BusinessPayBill, the account as its reference); without, a till (BusinessBuyGoods).
 */
export const putPayoutMethodBodySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mpesa_b2c'), msisdn: safaricomMsisdnSchema, password: passwordField }),
  z.object({
    type: z.literal('mpesa_b2b'),
    shortcode: text({ message: 'Enter the paybill or till number' })
      .trim()
      .regex(/^\d{5,7}$/, 'A paybill or till number has 5 to 7 digits'),
    account: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      text().trim().min(1).max(20, 'At most 20 characters').optional(),
    ),
    password: passwordField,
  }),
  z.object({
    type: z.literal('bank'),
    bank: bankText('bank'),
    branch: bankText('branch'),
    account_name: bankText('account name'),
    account_number: text({ message: 'Enter the account number' })
      .trim()
      .regex(/^[0-9A-Za-z -]{5,30}$/, 'Letters, digits, spaces and dashes, 5 to 30'),
    password: passwordField,
  }),
]);
export type PutPayoutMethodBody = z.input<typeof putPayoutMethodBodySchema>;
export type PayoutMethodInput = z.output<typeof putPayoutMethodBodySchema>;

/**
 * A payout method as it is shown: numbers masked but their last digits (`•••• 5678`), `label`
 * one line for lists ("M-Pesa •••• 678", "Paybill 888880 account •••• 21", "KCB, Moi Avenue •••• 4321").
 */
export const payoutMethodSchema = z.object({
  type: z.enum(PAYOUT_METHOD_TYPES),
  label: z.string(),
  msisdn: z.string().nullable(),
  shortcode: z.string().nullable(),
  account: z.string().nullable(),
  bank: z.string().nullable(),
  branch: z.string().nullable(),
  account_name: z.string().nullable(),
  account_number: z.string().nullable(),
  set_at: z.string(),
  set_by: z.string(),
});
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

/**
 * GET v1/client/payout-method (owner and admins) and PUT's answer: the method (null until one is
 * set) and `held_until`, until when payouts wait after a change (null when not held).
 */
export const payoutMethodStateSchema = z.object({
  method: payoutMethodSchema.nullable(),
  held_until: z.string().nullable(),
});
export type PayoutMethodState = z.infer<typeof payoutMethodStateSchema>;
export const payoutMethodResponseSchema = envelope(payoutMethodStateSchema);
