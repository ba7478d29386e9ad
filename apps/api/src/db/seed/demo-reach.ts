import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { BOOKING_STATUS, parseCurrency, toMajor } from '@tikiti/contract';
import { queryRows, type Tx } from '../client.js';
import {
  appSecrets,
  attendeeMessages,
  messageRecipients,
  messageStops,
  organisations,
  webhookDeliveries,
  webhookEndpoints,
} from '../schema/index.js';
import { sealWithKey, WEBHOOK_SEALING_SECRET } from '../../features/webhooks/index.js';

const HOUR_MS = 3_600_000;

/** The sealing key of webhook secrets, made in the seed's transaction as `appSecret` would. */
async function sealingKeyIn(tx: Tx): Promise<Buffer> {
  await tx
    .insert(appSecrets)
    .values({ name: WEBHOOK_SEALING_SECRET, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await tx
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, WEBHOOK_SEALING_SECRET));
  return Buffer.from(row!.value, 'base64url');
}

/**
 * The demo organiser's reach (issue 29; docs/architecture.md#demo-data): a description for its
 * page (its slug comes from its name), a thank-you message sent to its finished event's attendees
 * the day after (each recipient's state: sent, one failed, one on the stop list), and a webhook
 * endpoint of a CRM with its delivery log (successes, one retried twice before it succeeded, one
 * failed). Written directly and sent to nobody.
 */
export async function seedDemoReach(
  tx: Tx,
  organisationId: number,
  finished: { eventId: number; endTime: Date } | undefined,
  now: Date,
) {
  await tx
    .update(organisations)
    .set({
      description:
        'Nairobi-based organisers of technology conferences, developer meetups and workshops since 2015. We bring builders, founders and policy makers together across East Africa.',
    })
    .where(eq(organisations.id, organisationId));
  if (!finished) return;

  const people = await queryRows<{ booking_id: number; name: string; email: string }>(
    tx,
    sql`SELECT DISTINCT ON (lower(coalesce(a.email, b.email))) b.id AS booking_id, coalesce(a.full_name, t.holder_name) AS name,
            lower(coalesce(a.email, b.email)) AS email
       FROM e_tickets t JOIN bookings b ON b.id = t.booking_id
       LEFT JOIN booking_attendees a ON a.booking_line_id = t.booking_line_id AND a.seq = t.seq
      WHERE t.event_id = ${finished.eventId} AND t.revoked_at IS NULL AND t.reissued_at IS NULL
      ORDER BY lower(coalesce(a.email, b.email)), t.id
      LIMIT 60`,
  );
  const sentAt = new Date(Math.min(now.getTime() - HOUR_MS, finished.endTime.getTime() + 20 * HOUR_MS));
  const [message] = await tx
    .insert(attendeeMessages)
    .values({
      organisationId,
      eventId: finished.eventId,
      subject: 'Thank you for coming to {event_title}',
      body: 'Hello {first_name},\n\nThank you for joining us. The slides and recordings are now on our website, and your certificate of attendance is in your inbox.\n\nSee you at the next one!',
      audience: 'checked_in',
      channels: ['mail'],
      purpose: 'operational',
      status: 'sending',
      sendAt: sentAt,
      createdByName: 'Demo Organiser',
      createdAt: sentAt,
    })
    .returning({ id: attendeeMessages.id });
  if (people.length) {
    const stopped = people[people.length - 1]!;
    await tx
      .insert(messageStops)
      .values({ organisationId, address: stopped.email, createdAt: sentAt })
      .onConflictDoNothing();
    await tx.insert(messageRecipients).values(
      people.map((p, i) => {
        const state: 'skipped' | 'failed' | 'sent' = p === stopped ? 'skipped' : i === 3 ? 'failed' : 'sent';
        return {
          messageId: message!.id,
          channel: 'mail' as const,
          address: p.email,
          name: p.name,
          bookingId: p.booking_id,
          state,
          error: state === 'skipped' ? 'On the stop list' : state === 'failed' ? '550 5.1.1 mailbox unavailable' : null,
          sentAt: state === 'sent' ? new Date(sentAt.getTime() + (i + 1) * 1000) : null,
          createdAt: sentAt,
        };
      }),
    );
  }

  const [endpoint] = await tx
    .insert(webhookEndpoints)
    .values({
      organisationId,
      url: 'https://crm.example.co.ke/hooks/tikiti',
      events: ['booking.paid', 'booking.refunded', 'attendee.checked_in'],
      description: 'Sales into our CRM',
      secretSealed: sealWithKey(await sealingKeyIn(tx), `whsec_${randomBytes(24).toString('base64url')}`),
      createdAt: new Date(finished.endTime.getTime() - 30 * 24 * HOUR_MS),
    })
    .returning({ id: webhookEndpoints.id });
  const paid = await queryRows<{
    id: number;
    reference: string;
    event_id: number;
    currency: string;
    total_minor: number;
    full_name: string;
    email: string;
    paid_at: Date | string;
  }>(
    tx,
    sql`SELECT id, reference, event_id, currency, total_minor, full_name, email, paid_at FROM bookings
      WHERE event_id = ${finished.eventId} AND status = ${BOOKING_STATUS.paid} AND paid_at IS NOT NULL
      ORDER BY paid_at DESC LIMIT 5`,
  );
  await tx.insert(webhookDeliveries).values(
    paid.map((b, i) => {
      const at = new Date(b.paid_at);
      const currency = parseCurrency(b.currency);
      const eventId = `evt_${randomBytes(12).toString('hex')}`;
      const body = JSON.stringify({
        id: eventId,
        type: 'booking.paid',
        created: Math.floor(at.getTime() / 1000),
        data: {
          object: 'booking',
          id: b.id,
          reference: b.reference,
          event_id: b.event_id,
          status: 'paid',
          currency,
          total: toMajor(b.total_minor, currency),
          buyer: { name: b.full_name, email: b.email },
          paid_at: at.toISOString(),
          reason: null,
        },
      });
      const retried = i === 1;
      const failed = i === 4;
      const log = retried
        ? [
            { at: at.toISOString(), response_code: 502, error: 'HTTP 502' },
            { at: new Date(at.getTime() + 10_000).toISOString(), response_code: 502, error: 'HTTP 502' },
            { at: new Date(at.getTime() + 40_000).toISOString(), response_code: 200, error: null },
          ]
        : failed
          ? [{ at: at.toISOString(), response_code: null, error: 'no answer within 10 s' }]
          : [{ at: at.toISOString(), response_code: 200, error: null }];
      const last = log[log.length - 1]!;
      return {
        endpointId: endpoint!.id,
        eventId,
        type: 'booking.paid' as const,
        body,
        orderingKey: `booking:${b.id}`,
        status: failed ? ('failed' as const) : ('succeeded' as const),
        attempts: log.length,
        responseCode: last.response_code,
        error: last.error,
        lastAttemptAt: new Date(last.at),
        createdAt: at,
        log,
      };
    }),
  );
}
