import { z } from 'zod';
import { daySchema, emptyToUndefined, pageQuerySchema, queryInt } from '../common.js';
import { envelope } from '../envelope.js';

/**
 * What the activity log records (docs/product.md#activity): every action that changes money,
 * people or access. A fixed list: the database refuses any other kind.
 */
export const AUDIT_ACTIONS = [
  'account.signed_in',
  'account.password_changed',
  'account.password_reset',
  'account.sessions_ended',
  'account.totp_enabled',
  'account.totp_disabled',
  'team.invited',
  'team.invite_resent',
  'team.role_changed',
  'team.removed',
  'booking.refunded',
  'booking.payment_recorded',
  'booking.payment_assigned',
  'organisation.tax_profile_updated',
  'booking.cancelled_by_buyer',
  'event.published',
  'event.unpublished',
  'event.cancelled',
  'export.orders',
  'export.attendees',
  'certificate.issued',
  'certificate.reissued',
  'certificate.revoked',
  'export.certificates',
  'export.badges',
  // Issue 27: codes and the waiting list (docs/product.md#discount-codes, #waiting-list).
  'code.created',
  'code.updated',
  'code.deleted',
  'waitlist.removed',
  'waitlist.turned_off',
  'waitlist.turned_on',
  // Payouts and the operator (docs/product.md#payouts): entries with no organisation are the operator's own.
  'payout.method_set',
  'payout.requested',
  'payout.approved',
  'payout.rejected',
  'payout.paid',
  'payout.failed',
  'payout.batch_created',
  'operator.organisation_verified',
  'operator.organisation_unverified',
  'operator.organisation_suspended',
  'operator.organisation_unsuspended',
  'operator.fees_set',
  'operator.adjustment',
  'operator.settings_changed',
  'operator.account_created',
  'message.sent',
  'webhook.created',
  'webhook.deleted',
  'webhook.enabled',
  // Issue 29: the organiser's public page (docs/product.md#organiser-page).
  'organisation.page_updated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** How the log names each action to people (the Activity page, the CSV). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'account.signed_in': 'Signed in',
  'account.password_changed': 'Changed their password',
  'account.password_reset': 'Set a password with a mailed code',
  'account.sessions_ended': 'Ended sessions',
  'account.totp_enabled': 'Turned on two-factor sign-in',
  'account.totp_disabled': 'Turned off two-factor sign-in',
  'team.invited': 'Invited a teammate',
  'team.invite_resent': 'Sent an invite again',
  'team.role_changed': "Changed a teammate's role",
  'team.removed': 'Removed a teammate',
  'booking.refunded': 'Refunded a booking',
  'booking.payment_recorded': 'Recorded a payment on an invoice',
  'booking.payment_assigned': 'Assigned a paybill payment to a booking',
  'organisation.tax_profile_updated': 'Changed the tax profile',
  'booking.cancelled_by_buyer': 'Cancelled their booking and deleted their account',
  'event.published': 'Published an event',
  'event.unpublished': 'Made an event a draft',
  'event.cancelled': 'Cancelled an event',
  'export.orders': 'Downloaded the orders (CSV)',
  'export.attendees': 'Downloaded the attendees (CSV)',
  'certificate.issued': 'Issued a certificate by hand',
  'certificate.reissued': 'Re-issued a certificate',
  'certificate.revoked': 'Revoked a certificate',
  'export.certificates': 'Downloaded the certificate register (CSV)',
  'export.badges': 'Downloaded name badges (PDF)',
  'code.created': 'Created a code',
  'code.updated': 'Changed a code',
  'code.deleted': 'Deleted a code',
  'waitlist.removed': 'Removed a person from a waiting list',
  'waitlist.turned_off': 'Turned off a waiting list',
  'waitlist.turned_on': 'Turned on a waiting list',
  'payout.method_set': 'Set the payout method',
  'payout.requested': 'Requested a payout',
  'payout.approved': 'Approved a payout',
  'payout.rejected': 'Rejected a payout',
  'payout.paid': 'Marked a payout paid',
  'payout.failed': 'Marked a payout failed',
  'payout.batch_created': 'Exported a bank batch',
  'operator.organisation_verified': 'Verified an organisation',
  'operator.organisation_unverified': "Withdrew an organisation's verification",
  'operator.organisation_suspended': 'Suspended an organisation',
  'operator.organisation_unsuspended': "Lifted an organisation's suspension",
  'operator.fees_set': "Set an organisation's service fee",
  'operator.adjustment': 'Made a ledger adjustment',
  'operator.settings_changed': 'Changed the payout settings',
  'operator.account_created': 'Made an operator account',
  'message.sent': 'Sent a message to attendees',
  'webhook.created': 'Added a webhook endpoint',
  'webhook.deleted': 'Removed a webhook endpoint',
  'webhook.enabled': 'Turned a webhook endpoint back on',
  'organisation.page_updated': 'Changed the public organiser page',
};

/** What an entry's action was done to. */
export const AUDIT_TARGET_TYPES = [
  'account',
  'booking',
  'event',
  'organisation',
  'payout',
  'payout_batch',
  'webhook',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/**
 * GET v1/client/activity (and .csv): the organisation's log, newest first; `actor_id` one
 * person's actions, `action` one kind, `from`/`to` Nairobi days (both included).
 */
export const listActivityQuerySchema = pageQuerySchema
  .extend({
    actor_id: queryInt(1, 2_147_483_647),
    action: z.preprocess(emptyToUndefined, z.enum(AUDIT_ACTIONS).optional()),
    from: z.preprocess(emptyToUndefined, daySchema.optional()),
    to: z.preprocess(emptyToUndefined, daySchema.optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end day is before the start day' });
export type ListActivityQuery = z.infer<typeof listActivityQuerySchema>;

/** One entry: who (and their name and role then), what, to what, from where, when. */
export const activityEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), name: z.string(), role: z.string().nullable() }),
  action: z.enum(AUDIT_ACTIONS),
  target: z.object({ type: z.enum(AUDIT_TARGET_TYPES), id: z.string(), label: z.string().nullable() }).nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  address: z.string(),
  device: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

/** A person who appears in the log, for the filter (removed teammates included). */
export const activityPersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const listActivitySchema = z.object({
  data: z.array(activityEntrySchema),
  total: z.number().int(),
  people: z.array(activityPersonSchema),
});
export type ListActivity = z.infer<typeof listActivitySchema>;
export const listActivityResponseSchema = envelope(listActivitySchema);
