import { z } from 'zod';
import { idSchema, text } from '../common.js';

/**
 * Messages to an event's attendees (docs/product.md#messages-to-attendees): who gets one, by
 * which channel, and the limits against misuse.
 */
export const MESSAGE_AUDIENCES = [
  'everyone',
  'ticket_type',
  'checked_in',
  'not_checked_in',
  'awaiting_payment',
] as const;
export type MessageAudience = (typeof MESSAGE_AUDIENCES)[number];
export const MESSAGE_AUDIENCE_WORDS: Record<MessageAudience, string> = {
  everyone: 'Everyone with a ticket',
  ticket_type: 'Holders of one ticket type',
  checked_in: 'Checked in',
  not_checked_in: 'Not checked in',
  awaiting_payment: 'Bookings awaiting payment',
};

export const MESSAGE_CHANNELS = ['mail', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * `operational`: about the event itself (a room change, the doors' time), sent to everyone in
 * the audience. `marketing`: anything else, sent only to attendees who agreed to news.
 */
export const MESSAGE_PURPOSES = ['operational', 'marketing'] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

/** `scheduled` waits for `send_at`; `sending` has recipients queued; `sent` has none left queued. */
export const MESSAGE_STATUSES = ['scheduled', 'sending', 'sent'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** One recipient's delivery on one channel. `skipped`: on the organiser's stop list (or an erased address). */
export const RECIPIENT_STATES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

export const MESSAGE_LIMITS = {
  subjectMax: 150,
  bodyMax: 5000,
  /** Messages (not tests) an event may get per Nairobi day; the next is refused (`message.daily_limit`). */
  perEventPerDay: 5,
  /** How far ahead a message may be scheduled. */
  scheduleMaxDays: 90,
  /** Characters of one SMS part; the SMS carries the subject and the body, cut to `smsMax`. */
  smsMax: 459,
} as const;

/** The placeholders a body (and subject) may use; anything else in braces stays as typed. */
export const MESSAGE_PLACEHOLDERS = ['{first_name}', '{event_title}'] as const;

/** Replaces the placeholders with one attendee's values (the API and the web's preview use it). */
export function fillMessage(template: string, values: { first_name: string; event_title: string }): string {
  return template.replaceAll('{first_name}', values.first_name).replaceAll('{event_title}', values.event_title);
}

export const messageAudienceSchema = z
  .object({
    kind: z.enum(MESSAGE_AUDIENCES),
    /** Required with `ticket_type`, refused otherwise. */
    ticket_type_id: idSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.kind === 'ticket_type' && a.ticket_type_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['ticket_type_id'], message: 'Choose a ticket type' });
    }
    if (a.kind !== 'ticket_type' && a.ticket_type_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['ticket_type_id'], message: 'Only for the audience "ticket type"' });
    }
  });
export type MessageAudienceInput = z.infer<typeof messageAudienceSchema>;

/** What the organiser writes: the same shape for sending, previewing and a test to themselves. */
export const messageDraftSchema = z.object({
  subject: text().trim().min(1, 'Write a subject').max(MESSAGE_LIMITS.subjectMax),
  body: text().trim().min(1, 'Write the message').max(MESSAGE_LIMITS.bodyMax),
  audience: messageAudienceSchema,
  channels: z
    .array(z.enum(MESSAGE_CHANNELS))
    .min(1, 'Choose mail, SMS or both')
    .max(2)
    .refine((c) => new Set(c).size === c.length, 'Each channel once'),
  purpose: z.enum(MESSAGE_PURPOSES).default('operational'),
});
export type MessageDraft = z.input<typeof messageDraftSchema>;

export const messageCountsSchema = z.object({
  /** Deliveries (one per recipient and channel). */
  recipients: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MessageCounts = z.infer<typeof messageCountsSchema>;

export const messageSchema = z.object({
  id: z.number().int(),
  event_id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  audience: z.enum(MESSAGE_AUDIENCES),
  ticket_type_id: z.number().int().nullable(),
  channels: z.array(z.enum(MESSAGE_CHANNELS)),
  purpose: z.enum(MESSAGE_PURPOSES),
  status: z.enum(MESSAGE_STATUSES),
  /** When it goes (or went) out: the time asked for, or when it was sent now. */
  send_at: z.string(),
  created_at: z.string(),
  /** Who wrote it. */
  created_by: z.string(),
  counts: messageCountsSchema,
});
export type Message = z.infer<typeof messageSchema>;

export const messageRecipientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  /** The email address or the phone (+254…) it went to. */
  address: z.string(),
  state: z.enum(RECIPIENT_STATES),
  /** Why it failed (the last attempt's error, shortened); null otherwise. */
  error: z.string().nullable(),
  sent_at: z.string().nullable(),
});
export type MessageRecipient = z.infer<typeof messageRecipientSchema>;
