import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../../app-context.js';
import { insertMailboxMessage } from './mail.repo.js';

export interface OutgoingAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface OutgoingMail {
  to: string;
  cc?: string;
  subject: string;
  text: string;
  html: string;
  attachments: OutgoingAttachment[];
}

/** Where a message goes when the worker sends it: SMTP, or the local mailbox. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** One nodemailer transporter per SMTP URL, reused across sends (it opens a connection per message). */
const smtpTransporters = new Map<string, Transporter>();

function smtpTransport(url: string, from: string): MailTransport {
  let transporter = smtpTransporters.get(url);
  if (!transporter) {
    transporter = nodemailer.createTransport({
      url,
      // A dead server must not hold the worker for minutes: fail fast and let back-off retry.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    smtpTransporters.set(url, transporter);
  }
  const t = transporter;
  return {
    async send(mail) {
      await t.sendMail(messageOptions(from, mail));
    },
  };
}

/** Builds messages exactly as the SMTP transport would send them, without sending. */
const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

/** The message nodemailer builds for `mail` (the same options the SMTP transport gets). */
function messageOptions(from: string, mail: OutgoingMail) {
  return {
    from,
    to: mail.to,
    ...(mail.cc ? { cc: mail.cc } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    attachments: mail.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/**
 * Without SMTP every message is kept in the database and shown at /dev/mailbox
 * (docs/product.md#mail): the parts for the page, and the whole raw message (RFC 5322, CRLF,
 * with its From), built by the same nodemailer code that SMTP would use, offered as `.eml`.
 */
function mailboxTransport(ctx: AppContext): MailTransport {
  const { from } = ctx.config.mail;
  return {
    async send(mail) {
      const built = await composer.sendMail(messageOptions(from, mail));
      await insertMailboxMessage(ctx.db, {
        to: mail.to,
        cc: mail.cc ?? null,
        from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        raw: built.message as Buffer,
        attachments: mail.attachments.length
          ? mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }))
          : null,
      });
    },
  };
}

export function transportFor(ctx: AppContext): MailTransport {
  const { smtpUrl, from } = ctx.config.mail;
  return smtpUrl ? smtpTransport(smtpUrl, from) : mailboxTransport(ctx);
}
