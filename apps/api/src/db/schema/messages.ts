import { customType, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * The local mailbox transport: every message "sent" without SMTP lands here (/dev/mailbox).
 * Mail waiting to be sent is a `mail.send` job (jobs.ts), not a table of its own.
 */
export const mailboxMessages = pgTable('mailbox_messages', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  /** Who the message was copied to (a delegate's ticket copies the buyer), if anyone. */
  cc: text('cc'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; size: number }[]>(),
  /** The sender, as the message's From header says. */
  from: text('from'),
  /** The whole message exactly as it would have gone out (RFC 5322, CRLF), offered as .eml. */
  raw: bytea('raw'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages from the Contact page. */
export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Secrets the application makes for itself once and shares between its instances: the key
 * that signs private image URLs, and later the ticket-signing key (docs/security.md).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
