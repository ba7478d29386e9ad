import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  fillMessage,
  MESSAGE_LIMITS,
  nairobiDay,
  startOfNairobiDay,
  type ListMessages,
  type Message,
  type MessageChannel,
  type MessageDetail,
  type MessageDraft,
  type MessagePreview,
  type MessageRecipient,
  type SendAttendeeMessageBody,
} from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import type { Db } from '../../db/client.js';
import { badRequest, AppError, invalidField, notFound, conflict } from '../../http/errors.js';
import { enqueueJob, type JobHandler } from '../../jobs/queue.js';
import { countHit } from '../../lib/rate-limit.js';
import { appSecret } from '../../lib/app-secrets.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import { hasMarketingConsent } from '../consent/index.js';
import { attendeeMessageMail, isErasedAddress, sendMailNow } from '../mail/index.js';
import { sendSms } from '../sms/index.js';
import {
  claimRecipient,
  countMessagesSince,
  findAudience,
  findEventMessage,
  findMessageRow,
  findOwnEvent,
  findStopped,
  finishRecipient,
  insertMessage,
  insertRecipients,
  insertStop,
  listEventMessages,
  listRecipients,
  lockEvent,
  organisationName,
  startSending,
  ticketTypeOfEvent,
  toDate,
  type AudienceMember,
  type MessageListRow,
  type NewRecipient,
} from './messages.repo.js';

export const DISPATCH_JOB = 'messages.dispatch';
export const DELIVER_JOB = 'messages.deliver';

/**
 * Deliveries one organisation may send a minute, both channels together: past it, a delivery
 * waits for the next minute, so one organiser's big message cannot hold up everyone's mail.
 */
export const DELIVERIES_PER_ORGANISATION_PER_MINUTE = 120;
/** Attempts of one delivery (a mail server or Africa's Talking that refuses): then it is failed. */
const DELIVER_MAX_ATTEMPTS = 6;

type Draft = Omit<MessageDraft, 'purpose'> & { purpose?: MessageDraft['purpose'] };

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

/** The SMS of a message: subject and body, cut to what three SMS parts hold. */
export function smsText(subject: string, body: string, organiser: string): string {
  const full = `${organiser}: ${subject}\n${body}`;
  return full.length <= MESSAGE_LIMITS.smsMax ? full : `${full.slice(0, MESSAGE_LIMITS.smsMax - 1)}…`;
}

// ---- The stop list's link ----

const STOP_SECRET = 'message-stop-link';
const STOP_VERSION = 'm1';
const stopSignature = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(`${STOP_VERSION}:${payload}`).digest('base64url');

/** The stop link's token: the organisation and the address, and an HMAC of both. It never expires. */
async function stopToken(db: Db, organisationId: number, address: string) {
  const payload = `${organisationId}:${address}`;
  const key = await appSecret(db, STOP_SECRET);
  return `${STOP_VERSION}.${Buffer.from(payload, 'utf8').toString('base64url')}.${stopSignature(key, payload)}`;
}

export async function stopUrl(ctx: AppContext, organisationId: number, address: string) {
  return `${ctx.config.publicUrl}/messages/stop?token=${encodeURIComponent(await stopToken(ctx.db, organisationId, address))}`;
}

const linkInvalid = () =>
  badRequest('This link is not valid. Reply to the organiser to ask them to stop.', undefined, 'privacy.link_invalid');

/** POST v1/messages/stop: puts the link's address on its organiser's stop list (twice is the same). */
export async function stopByLink(db: Db, token: string): Promise<{ organizer: string; address: string }> {
  const [version, encoded, sig] = token.split('.');
  if (version !== STOP_VERSION || !encoded || !sig) throw linkInvalid();
  const payload = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(stopSignature(await appSecret(db, STOP_SECRET), payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw linkInvalid();
  const [orgText, ...rest] = payload.split(':');
  const organisationId = Number(orgText);
  const address = rest.join(':');
  const organiser = await organisationName(db, organisationId);
  if (!organiser) throw linkInvalid();
  await insertStop(db, organisationId, address);
  const [local = '', domain = ''] = address.split('@');
  return {
    organizer: organiser,
    address: `${local.slice(0, 1)}${'•'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`,
  };
}

// ---- Writing and sending ----

async function ownEvent(db: Db, organisationId: number, eventId: number) {
  const event = await findOwnEvent(db, organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

async function checkDraft(db: Db, eventId: number, draft: Draft) {
  if (
    draft.audience.kind === 'ticket_type' &&
    !(await ticketTypeOfEvent(db, eventId, draft.audience.ticket_type_id!))
  ) {
    throw invalidField('audience.ticket_type_id', 'This ticket type is not of this event');
  }
}

interface Delivery {
  channel: MessageChannel;
  address: string;
  name: string;
  bookingId: number;
  /** The person's email, which the stop list and consent are kept by. */
  email: string | null;
}

/**
 * The deliveries an audience makes: one per person and channel, each address once however many
 * tickets it holds; SMS only to those with a phone. Marketing goes only to those who agreed to
 * news (docs/security.md#consent).
 */
async function deliveriesOf(
  db: Db,
  members: AudienceMember[],
  channels: MessageChannel[],
  purpose: 'operational' | 'marketing',
): Promise<Delivery[]> {
  const seen = new Set<string>();
  const out: Delivery[] = [];
  const consent = new Map<string, boolean>();
  for (const m of members) {
    const email = m.email?.trim().toLowerCase() || null;
    if (purpose === 'marketing') {
      if (!email) continue;
      if (!consent.has(email)) consent.set(email, await hasMarketingConsent(db, email));
      if (!consent.get(email)) continue;
    }
    for (const channel of channels) {
      const address = channel === 'mail' ? email : m.phone;
      if (!address) continue;
      const key = `${channel}:${address}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ channel, address, name: m.name, bookingId: m.booking_id, email });
    }
  }
  return out;
}

const dailyLimit = () =>
  new AppError(
    429,
    'message.daily_limit',
    `An event can send at most ${MESSAGE_LIMITS.perEventPerDay} messages a day. Try again tomorrow.`,
  );

/**
 * POST v1/client/event/{id}/messages: checks the limits, keeps the message and queues its
 * dispatch for `send_at` (now when absent), in one transaction under the event's lock so two
 * sends at once cannot both be the 5th.
 */
export async function sendMessage(
  ctx: AppContext,
  actor: AuditActor,
  eventId: number,
  body: SendAttendeeMessageBody,
  now = new Date(),
): Promise<Message> {
  const { db } = ctx;
  const event = await ownEvent(db, actor.organisationId, eventId);
  const draft = { ...body, purpose: body.purpose ?? 'operational' };
  await checkDraft(db, eventId, draft);
  const sendAt = body.send_at ? new Date(body.send_at) : now;
  if (sendAt.getTime() < now.getTime() - 60_000) throw invalidField('send_at', 'Choose a time that has not passed');
  if (sendAt.getTime() > now.getTime() + MESSAGE_LIMITS.scheduleMaxDays * 86_400_000) {
    throw invalidField('send_at', `Choose a time within ${MESSAGE_LIMITS.scheduleMaxDays} days`);
  }
  const members = await findAudience(db, eventId, draft.audience.kind, draft.audience.ticket_type_id ?? null);
  if (!(await deliveriesOf(db, members, draft.channels, draft.purpose)).length) {
    throw conflict('Nobody in this audience can get this message yet', undefined, 'message.no_recipients');
  }
  const id = await db.transaction(async (tx) => {
    await lockEvent(tx, eventId);
    const today = startOfNairobiDay(nairobiDay(now));
    if ((await countMessagesSince(tx, eventId, today)) >= MESSAGE_LIMITS.perEventPerDay) throw dailyLimit();
    const message = await insertMessage(tx, {
      organisationId: actor.organisationId,
      eventId,
      subject: draft.subject,
      body: draft.body,
      audience: draft.audience.kind,
      ticketTypeId: draft.audience.ticket_type_id ?? null,
      channels: draft.channels,
      purpose: draft.purpose,
      status: 'scheduled',
      sendAt,
      createdBy: actor.accountId,
      createdByName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
      createdAt: now,
    });
    await enqueueJob(
      tx,
      DISPATCH_JOB,
      { messageId: message.id },
      { runAt: sendAt, dedupeKey: `message:${message.id}` },
    );
    await recordAudit(tx, actor, {
      action: 'message.sent',
      target: { type: 'event', id: eventId, label: event.title },
      details: {
        subject: draft.subject,
        audience: draft.audience.kind,
        channels: draft.channels.join(','),
        scheduled: sendAt > now,
      },
    });
    return message.id;
  });
  return (await getMessage(db, actor.organisationId, eventId, id)).message;
}

function messageView(r: MessageListRow): Message {
  const status = r.status === 'scheduled' ? 'scheduled' : r.queued > 0 ? 'sending' : 'sent';
  return {
    id: r.id,
    event_id: r.event_id,
    subject: r.subject,
    body: r.body,
    audience: r.audience,
    ticket_type_id: r.ticket_type_id,
    channels: r.channels,
    purpose: r.purpose,
    status,
    send_at: toDate(r.send_at).toISOString(),
    created_at: toDate(r.created_at).toISOString(),
    created_by: r.created_by_name,
    counts: { recipients: r.recipients, queued: r.queued, sent: r.sent, failed: r.failed, skipped: r.skipped },
  };
}

/** GET v1/client/event/{id}/messages. */
export async function listMessages(
  db: Db,
  organisationId: number,
  eventId: number,
  now = new Date(),
): Promise<ListMessages> {
  await ownEvent(db, organisationId, eventId);
  const rows = await listEventMessages(db, eventId);
  const today = startOfNairobiDay(nairobiDay(now)).getTime();
  return {
    data: rows.map(messageView),
    sent_today: rows.filter((r) => toDate(r.created_at).getTime() >= today).length,
    daily_limit: MESSAGE_LIMITS.perEventPerDay,
  };
}

async function getMessage(db: Db, organisationId: number, eventId: number, messageId: number) {
  await ownEvent(db, organisationId, eventId);
  const row = await findEventMessage(db, eventId, messageId);
  if (!row) throw notFound('Message');
  return { message: messageView(row) };
}

/** GET v1/client/event/{id}/messages/{message_id}: the message and each delivery's state. */
export async function messageDetail(
  db: Db,
  organisationId: number,
  eventId: number,
  messageId: number,
): Promise<MessageDetail> {
  const { message } = await getMessage(db, organisationId, eventId, messageId);
  const recipients: MessageRecipient[] = (await listRecipients(db, messageId)).map((r) => ({
    id: r.id,
    name: r.name,
    channel: r.channel,
    address: r.address,
    // An attempt in flight shows as queued: it is not sent until the transport said so.
    state: r.state === 'sending' ? 'queued' : (r.state as MessageRecipient['state']),
    error: r.error,
    sent_at: r.sent_at ? toDate(r.sent_at).toISOString() : null,
  }));
  return { ...message, recipients };
}

/** POST v1/client/event/{id}/messages/preview: the draft as its first recipient would get it. */
export async function previewMessage(
  ctx: AppContext,
  caller: { organisationId: number; firstName: string; email: string },
  eventId: number,
  draft: Draft,
): Promise<MessagePreview> {
  const event = await ownEvent(ctx.db, caller.organisationId, eventId);
  await checkDraft(ctx.db, eventId, draft);
  const members = await findAudience(ctx.db, eventId, draft.audience.kind, draft.audience.ticket_type_id ?? null);
  const deliveries = await deliveriesOf(ctx.db, members, draft.channels, draft.purpose ?? 'operational');
  const sample = members[0];
  const values = { first_name: sample ? firstName(sample.name) : caller.firstName, event_title: event.title };
  const subject = fillMessage(draft.subject, values);
  const body = fillMessage(draft.body, values);
  const address = sample?.email?.toLowerCase() ?? caller.email;
  const mail = attendeeMessageMail({
    organiser: event.organiser,
    eventTitle: event.title,
    subject,
    body,
    stopUrl: await stopUrl(ctx, caller.organisationId, address),
  });
  return {
    sample_name: sample?.name ?? null,
    subject,
    mail_text: mail.text,
    sms_text: draft.channels.includes('sms') ? smsText(subject, body, event.organiser) : null,
    recipients: {
      mail: deliveries.filter((d) => d.channel === 'mail').length,
      sms: deliveries.filter((d) => d.channel === 'sms').length,
    },
  };
}

/**
 * POST v1/client/event/{id}/messages/test: the draft with the sender's own values, to the sender
 * (queued mail and SMS jobs; not counted against the daily limit).
 */
export async function sendTestMessage(
  ctx: AppContext,
  caller: { organisationId: number; firstName: string; email: string; msisdn: string | null },
  eventId: number,
  draft: Draft,
): Promise<{ mail: string | null; sms: string | null }> {
  const event = await ownEvent(ctx.db, caller.organisationId, eventId);
  await checkDraft(ctx.db, eventId, draft);
  const values = { first_name: caller.firstName, event_title: event.title };
  const subject = `[Test] ${fillMessage(draft.subject, values)}`;
  const body = fillMessage(draft.body, values);
  const phone = caller.msisdn ? (caller.msisdn.startsWith('+') ? caller.msisdn : `+${caller.msisdn}`) : null;
  const mailTo = draft.channels.includes('mail') ? caller.email : null;
  const smsTo = draft.channels.includes('sms') ? phone : null;
  if (mailTo) {
    const mail = attendeeMessageMail({
      organiser: event.organiser,
      eventTitle: event.title,
      subject,
      body,
      stopUrl: await stopUrl(ctx, caller.organisationId, mailTo),
    });
    await sendMailNow(ctx, { to: mailTo, ...mail });
  }
  if (smsTo) await sendSms(ctx, { to: smsTo, text: smsText(subject, body, event.organiser) });
  return { mail: mailTo, sms: smsTo };
}

// ---- The jobs ----

/**
 * `messages.dispatch`, due at the message's `send_at`: resolves the audience as it is then and
 * queues one `messages.deliver` job per delivery, in one transaction. Moving the message from
 * scheduled to sending is a conditional update, so a second run (another instance, or this job
 * run again after its lease) finds it taken and adds nothing.
 */
export const dispatchMessageJob: JobHandler<{ messageId: number }> = {
  kind: DISPATCH_JOB,
  async run({ messageId }, { ctx }) {
    const m = await findMessageRow(ctx.db, messageId);
    if (!m) return;
    const members = await findAudience(ctx.db, m.event_id, m.audience, m.ticket_type_id);
    const deliveries = await deliveriesOf(ctx.db, members, m.channels, m.purpose);
    const emails = [...new Set(deliveries.map((d) => d.email).filter((e): e is string => e !== null))];
    const stopped = await findStopped(ctx.db, m.organisation_id, emails);
    await ctx.db.transaction(async (tx) => {
      if (!(await startSending(tx, messageId))) return;
      const rows: NewRecipient[] = deliveries.map((d) => {
        const skip = (d.email !== null && stopped.has(d.email)) || (d.channel === 'mail' && isErasedAddress(d.address));
        return {
          messageId,
          channel: d.channel,
          address: d.address,
          name: d.name,
          bookingId: d.bookingId,
          state: skip ? 'skipped' : 'queued',
          error: skip ? 'On the stop list' : null,
        };
      });
      for (const r of await insertRecipients(tx, rows)) {
        if (r.state !== 'queued') continue;
        await enqueueJob(
          tx,
          DELIVER_JOB,
          { recipientId: r.id, organisationId: m.organisation_id },
          { dedupeKey: `recipient:${r.id}`, maxAttempts: DELIVER_MAX_ATTEMPTS },
        );
      }
    });
  },
};

/**
 * `messages.deliver`: one delivery. The claim (queued → sending) lets exactly one run send it;
 * a transport's refusal puts it back to queued for the job's retry, and the last attempt's
 * refusal marks it failed. A run that finds it claimed already (a worker died mid-send) leaves
 * it: not knowing whether it went, it is not sent a second time.
 */
export const deliverMessageJob: JobHandler<{ recipientId: number; organisationId: number }> = {
  kind: DELIVER_JOB,
  async run({ recipientId, organisationId }, { ctx, job }) {
    const minute = Math.floor(Date.now() / 60_000);
    const used = await countHit(ctx.db, `messages:org:${organisationId}`, 60);
    if (used > DELIVERIES_PER_ORGANISATION_PER_MINUTE) {
      // Over the organisation's rate: the same delivery again at the next minute, as a new job.
      await enqueueJob(
        ctx.db,
        DELIVER_JOB,
        { recipientId, organisationId },
        {
          runAt: new Date((minute + 1) * 60_000),
          dedupeKey: `recipient:${recipientId}:after:${job.id}`,
          maxAttempts: DELIVER_MAX_ATTEMPTS,
        },
      );
      return;
    }
    const claimed = await claimRecipient(ctx.db, recipientId);
    if (!claimed) return;
    const m = await findMessageRow(ctx.db, claimed.message_id);
    if (!m) return;
    const values = { first_name: firstName(claimed.name), event_title: m.event_title };
    const subject = fillMessage(m.subject, values);
    const body = fillMessage(m.body, values);
    try {
      if (claimed.channel === 'mail') {
        const mail = attendeeMessageMail({
          organiser: m.organiser,
          eventTitle: m.event_title,
          subject,
          body,
          stopUrl: await stopUrl(ctx, m.organisation_id, claimed.address),
        });
        await sendMailNow(ctx, { to: claimed.address, ...mail });
      } else {
        await sendSms(ctx, { to: claimed.address, text: smsText(subject, body, m.organiser) });
      }
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      const last = job.attempts >= job.maxAttempts;
      await finishRecipient(ctx.db, recipientId, { state: last ? 'failed' : 'queued', error });
      throw err;
    }
    await finishRecipient(ctx.db, recipientId, { state: 'sent' });
  },
};

export const messagesJobs = [dispatchMessageJob, deliverMessageJob] as JobHandler[];
