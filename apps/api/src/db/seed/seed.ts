import { randomBytes } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { addDays, BOOKING_STATUS, nairobiDay, startOfNairobiDay, toMinor, type Currency } from '@tikiti/contract';
import { queryRows, type Db, type Tx } from '../client.js';
import {
  accounts,
  bookingAnswers,
  bookingAttendees,
  bookingLines,
  bookings,
  categories,
  eventQuestions,
  events,
  organisations,
  payments,
  ticketTypes,
} from '../schema/index.js';
import { hashPassword } from '../../features/accounts/index.js';
import { databaseImageStore, prepareImage, savePreparedImage, type ImageStore } from '../../features/media/index.js';
import { DEMO_CATEGORIES, DEMO_EVENTS, DEMO_ORGANISERS, type CategoryKey, type DemoDelegates } from './demo-data.js';
import { insertDemoCertificates } from './demo-certificates.js';
import { planDemoDelegates, type DelegatePlace, type SavedQuestion } from './demo-delegates.js';
import { renderCover } from './demo-images.js';
import { planDemoSales, type SaleEvent } from './demo-sales.js';
import { seedDemoInvoices } from './demo-invoices.js';
import { seedDemoLedger } from './demo-ledger.js';
import { seedDemoSellingTools } from './demo-codes.js';
import { seedDemoReach } from './demo-reach.js';

/** The demo organiser's sign-in, printed by the README. */
export const DEMO_ORGANISER_EMAIL = 'demo@tikiti.co.ke';
export const DEMO_ORGANISER_PASSWORD = 'TikitiDemo2026!';

/** Any constant: serialises two API instances seeding the same new database. */
const SEED_LOCK = 7_411_001;
const HOUR_MS = 3_600_000;

async function hasCategories(db: Db): Promise<boolean> {
  const rows = await queryRows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM categories) AS found`);
  return Boolean(rows[0]?.found);
}

/**
 * Loads the demo marketplace (docs/architecture.md#demo-data) into an empty database: categories, five
 * organisers (the first with the demo sign-in), upcoming, past and draft events with
 * ticket types and a generated cover each, and the buyers' paid bookings behind every
 * ticket type's `sold` count, with the e-tickets of every event not yet over (and of the demo
 * organiser's finished event, with its check-ins and certificates) when `issueTickets` is given (the server passes the e-tickets feature's own issuing, signed with the instance's
 * key, so every door and attendee list has people: "Admitted 0 of 118", not "0 of 0").
 * Covers go to `images`, the app's image store (S3 when configured).
 * A database that has any category is left alone. Returns whether it seeded.
 */
export async function seedDemoData(
  db: Db,
  now = new Date(),
  issueTickets?: (tx: Tx, bookingIds: number[]) => Promise<unknown>,
  images: ImageStore = databaseImageStore,
): Promise<boolean> {
  if (await hasCategories(db)) return false;

  // CPU work first, outside the transaction: covers go through the same checks and
  // resizing as an organiser's upload.
  const [covers, demoPasswordHash] = await Promise.all([
    Promise.all(
      DEMO_EVENTS.map(async (e, i) =>
        prepareImage(
          images,
          await renderCover({
            seed: 1000 + i,
            title: e.title,
            label: DEMO_CATEGORIES[e.category].name,
            place: `${e.venue.split(',')[0]}, ${e.venue.split(',').at(-1)!.trim()}`,
            colors: DEMO_CATEGORIES[e.category].colors,
          }),
        ),
      ),
    ),
    hashPassword(DEMO_ORGANISER_PASSWORD),
  ]);
  const today = nairobiDay(now);

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasCategories(tx)) return false;

    const keys = Object.keys(DEMO_CATEGORIES) as CategoryKey[];
    const categoryRows = await tx
      .insert(categories)
      .values(keys.map((k) => ({ name: DEMO_CATEGORIES[k].name })))
      .returning({ id: categories.id, name: categories.name });
    const categoryId = Object.fromEntries(
      keys.map((k) => [k, categoryRows.find((r) => r.name === DEMO_CATEGORIES[k].name)!.id]),
    ) as Record<CategoryKey, number>;

    const organisationIds: number[] = [];
    for (const [i, o] of DEMO_ORGANISERS.entries()) {
      const [org] = await tx
        .insert(organisations)
        .values({
          organizationName: o.organizationName,
          displayName: o.displayName,
          email: o.email,
          msisdn: o.msisdn,
          createdAt: new Date(now.getTime() - (120 - i * 7) * 24 * HOUR_MS),
        })
        .returning({ id: organisations.id });
      organisationIds.push(org!.id);
      const isDemo = i === 0;
      await tx.insert(accounts).values({
        type: 'organizer',
        organisationId: org!.id,
        role: 'owner',
        firstName: o.owner.firstName,
        lastName: o.owner.lastName,
        email: isDemo ? DEMO_ORGANISER_EMAIL : o.owner.email,
        msisdn: o.owner.msisdn,
        // Only the demo organiser can sign in; the others exist to own their events.
        passwordHash: isDemo ? demoPasswordHash : null,
        lastLoginAt: isDemo ? now : null,
      });
    }

    const saleEvents: (SaleEvent & { published: boolean; endTime: Date; delegates?: DemoDelegates })[] = [];
    const currencyOf = new Map<number, Currency>();
    for (const [i, e] of DEMO_EVENTS.entries()) {
      // A demo event is priced in dollars unless it says shillings.
      const currency: Currency = e.currency ?? 'USD';
      const { id: imageId } = await savePreparedImage(tx, covers[i]!);
      const startTime = new Date(startOfNairobiDay(addDays(today, e.day)).getTime() + e.start * HOUR_MS);
      const announcedAt = new Date(Math.min(now.getTime(), startTime.getTime()) - (1 + ((i * 5) % 30)) * 24 * HOUR_MS);
      const endTime = new Date(startTime.getTime() + e.hours * HOUR_MS);
      const [event] = await tx
        .insert(events)
        .values({
          organisationId: organisationIds[e.organiser]!,
          categoryId: categoryId[e.category],
          title: e.title,
          location: e.venue,
          shortDescription: e.short,
          fullDescription: [...e.about, practicalDetails(e.venue, e.start, e.hours)].join('\n\n'),
          currency,
          startTime,
          endTime,
          status: e.status,
          ...(e.delegates ? { attendeeNames: e.delegates.attendeeNames, changesLockHours: e.delegates.lockHours } : {}),
          imageId,
          // Announced between a day and a few weeks before the seed, and never after the event.
          createdAt: announcedAt,
        })
        .returning({ id: events.id });
      const tickets = await tx
        .insert(ticketTypes)
        .values(
          e.tickets.map((t, order) => ({
            eventId: event!.id,
            name: t.name,
            priceMinor: toMinor(t.price, currency),
            noOfPersons: t.persons ?? 1,
            maxTickets: t.max,
            sold: t.sold,
            sortOrder: order,
            hidden: t.hidden ?? false,
            tiers: t.tiers ?? [],
          })),
        )
        .returning({
          id: ticketTypes.id,
          name: ticketTypes.name,
          priceMinor: ticketTypes.priceMinor,
          noOfPersons: ticketTypes.noOfPersons,
          sold: ticketTypes.sold,
        });
      saleEvents.push({
        eventId: event!.id,
        announcedAt,
        startTime,
        endTime,
        tickets,
        published: e.status === 1,
        delegates: e.delegates,
      });
      currencyOf.set(event!.id, currency);
    }

    const sold = await insertSales(tx, planDemoSales(saleEvents, now), currencyOf);
    // Issue 27: codes and a waiting list on the demo organiser's fintech summit.
    await seedDemoSellingTools(tx, saleEvents, now);
    // Before the tickets are issued: they carry their delegates' names.
    await insertDelegates(tx, saleEvents);
    // The demo organiser's tax documents; its refunded booking has no tickets to issue.
    const refunded = await seedDemoInvoices(tx, organisationIds[0]!, DEMO_ORGANISERS[0]!.organizationName, now);
    // Issue 26: the service fee on the demo's sales and their ledger, hence balances.
    await seedDemoLedger(tx);
    if (issueTickets) {
      // Every event a door can still open (published, not over): about 3,000 tickets, issued in
      // one go (a few statements, the signing spread over the crypto threads).
      const open = new Set(saleEvents.filter((e) => e.published && e.endTime > now).map((e) => e.eventId));
      await issueTickets(
        tx,
        sold.filter((b) => open.has(b.eventId) && b.id !== refunded).map((b) => b.id),
      );
      // The demo organiser's finished event keeps its tickets too: the door admitted most of
      // them and certificates were issued (one revoked since), so the certificates pages have
      // something to show (docs/product.md#certificates-of-attendance).
      const finishedIndex = DEMO_EVENTS.findIndex((e) => e.organiser === 0 && e.status === 1 && e.day < 0);
      const finished = saleEvents[finishedIndex];
      if (finished && finished.endTime <= now) {
        await issueTickets(
          tx,
          sold.filter((b) => b.eventId === finished.eventId).map((b) => b.id),
        );
        await insertDemoCertificates(tx, finished, now);
      }
      // Issue 29: the demo organiser's page, a sent message and a webhook endpoint with deliveries.
      await seedDemoReach(tx, organisationIds[0]!, finished && finished.endTime <= now ? finished : undefined, now);
    }
    return true;
  });
}

/**
 * INSERT … RETURNING of many rows through one JSON parameter. Drizzle spends about 8 µs on
 * each bound parameter it builds (0.2 s for 1,700 bookings; the demo sales took 0.8 s that
 * way, measured, against about 0.15 s like this). Rows are keyed by the table's Drizzle
 * property names; the answer by column names.
 */
async function insertRows<R>(tx: Tx, table: PgTable, rows: Record<string, unknown>[], returning: PgColumn[]) {
  if (rows.length === 0) return [];
  const all = getTableColumns(table);
  const keys = Object.keys(rows[0]!);
  const columns = keys.map((k) => all[k]!);
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const json = JSON.stringify(rows.map((r) => Object.fromEntries(keys.map((k, i) => [columns[i]!.name, r[k]]))));
  return queryRows<R>(
    tx,
    sql`INSERT INTO ${table} (${names})
        SELECT ${names} FROM json_to_recordset(${json}::json)
          AS x(${sql.join(
            columns.map((c) => sql`${sql.identifier(c.name)} ${sql.raw(c.getSQLType())}`),
            sql`, `,
          )})
        RETURNING ${sql.join(
          returning.map((c) => sql.identifier(c.name)),
          sql`, `,
        )}`,
  );
}

/**
 * The planned buyers as `user` accounts, then their paid card bookings, the lines, and each
 * booking's succeeded sandbox payment (so a demo booking can be refunded like a real one).
 */
async function insertSales(
  tx: Tx,
  { buyers, bookings: planned }: ReturnType<typeof planDemoSales>,
  currencyOf: Map<number, Currency>,
) {
  const accountRows = await insertRows<{ id: number; email: string }>(
    tx,
    accounts,
    buyers.map((b) => ({ type: 'user', ...b }) satisfies typeof accounts.$inferInsert),
    [accounts.id, accounts.email],
  );
  const accountOf = new Map(accountRows.map((r) => [r.email, r.id]));
  const bookingRows = await insertRows<{ id: number; reference: string }>(
    tx,
    bookings,
    planned.map((b) => {
      const buyer = buyers[b.buyer]!;
      return {
        reference: b.reference,
        eventId: b.eventId,
        accountId: accountOf.get(buyer.email)!,
        fullName: `${buyer.firstName} ${buyer.lastName}`,
        email: buyer.email,
        msisdn: buyer.msisdn,
        currency: currencyOf.get(b.eventId)!,
        totalMinor: b.totalMinor,
        status: BOOKING_STATUS.paid,
        paymentMethod: 'card',
        holdExpiresAt: b.holdExpiresAt,
        paidAt: b.paidAt,
        createdAt: b.createdAt,
        updatedAt: b.paidAt,
      } satisfies typeof bookings.$inferInsert;
    }),
    [bookings.id, bookings.reference],
  );
  const bookingOf = new Map(bookingRows.map((r) => [r.reference, r.id]));
  await insertRows(
    tx,
    bookingLines,
    planned.flatMap((b) =>
      b.lines.map((l) => ({ ...l, bookingId: bookingOf.get(b.reference)! }) satisfies typeof bookingLines.$inferInsert),
    ),
    [bookingLines.id],
  );
  await insertRows(
    tx,
    payments,
    planned.map((b) => {
      const intentId = `pi_sbx_demo_${b.reference}`;
      return {
        bookingId: bookingOf.get(b.reference)!,
        provider: 'sandbox',
        intentId,
        clientSecret: `${intentId}_secret_${randomBytes(12).toString('base64url')}`,
        status: 'succeeded',
        amountMinor: b.totalMinor,
        currency: currencyOf.get(b.eventId)!,
        createdAt: b.createdAt,
        updatedAt: b.paidAt,
      } satisfies typeof payments.$inferInsert;
    }),
    [payments.id],
  );
  const eventOf = new Map(planned.map((b) => [b.reference, b.eventId]));
  return bookingRows.map((r) => ({ id: r.id, eventId: eventOf.get(r.reference)! }));
}

/**
 * The questions of the events that ask for delegates, and the delegates and answers of their
 * bookings (docs/product.md#delegates-and-questions): named colleagues, now and then a ticket left
 * to be named. A few statements whatever the number of tickets.
 */
async function insertDelegates(tx: Tx, saleEvents: { eventId: number; delegates?: DemoDelegates }[]) {
  const asking = saleEvents.filter((e) => e.delegates);
  if (asking.length === 0) return;
  const planned = asking.flatMap((e) =>
    e.delegates!.questions.map((q, position) => ({ ...q, eventId: e.eventId, position })),
  );
  const saved = await insertRows<{ id: number; event_id: number; position: number }>(
    tx,
    eventQuestions,
    planned.map(
      (q) =>
        ({
          eventId: q.eventId,
          position: q.position,
          kind: q.kind,
          label: q.label,
          required: q.required ?? false,
          scope: q.scope,
          options: q.options ?? [],
        }) satisfies typeof eventQuestions.$inferInsert,
    ),
    [eventQuestions.id, eventQuestions.eventId, eventQuestions.position],
  );
  const questions: SavedQuestion[] = planned.map((q) => ({
    ...q,
    id: saved.find((r) => r.event_id === q.eventId && r.position === q.position)!.id,
  }));
  const eventIds = asking.map((e) => e.eventId);
  const lines = await queryRows<{
    booking_id: number;
    event_id: number;
    full_name: string;
    line_id: number;
    quantity: number;
  }>(
    tx,
    sql`SELECT b.id AS booking_id, b.event_id, b.full_name, l.id AS line_id, l.quantity
          FROM bookings b JOIN booking_lines l ON l.booking_id = b.id
         WHERE b.event_id IN (${sql.join(
           eventIds.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY b.id, l.id`,
  );
  const places: DelegatePlace[] = lines.flatMap((l) =>
    Array.from({ length: l.quantity }, (_, i) => ({
      bookingId: l.booking_id,
      eventId: l.event_id,
      buyerName: l.full_name,
      lineId: l.line_id,
      seq: i + 1,
    })),
  );
  const atCheckout = new Set(asking.filter((e) => e.delegates!.attendeeNames === 'at_checkout').map((e) => e.eventId));
  const { delegates, orderAnswers } = planDemoDelegates(places, questions, atCheckout);
  const rows = await insertRows<{ id: number; booking_line_id: number; seq: number }>(
    tx,
    bookingAttendees,
    delegates.map(
      (d) =>
        ({
          bookingId: d.bookingId,
          bookingLineId: d.bookingLineId,
          seq: d.seq,
          fullName: d.fullName,
          email: d.email,
          company: d.company,
          jobTitle: d.jobTitle,
          named: d.named,
        }) satisfies typeof bookingAttendees.$inferInsert,
    ),
    [bookingAttendees.id, bookingAttendees.bookingLineId, bookingAttendees.seq],
  );
  const attendeeId = new Map(rows.map((r) => [`${r.booking_line_id}:${r.seq}`, r.id]));
  await insertRows(
    tx,
    bookingAnswers,
    [
      ...delegates.flatMap((d) =>
        d.answers.map((a) => ({
          bookingId: d.bookingId,
          questionId: a.questionId,
          attendeeId: attendeeId.get(`${d.bookingLineId}:${d.seq}`)!,
          value: a.value,
        })),
      ),
      ...orderAnswers.map((a) => ({
        bookingId: a.bookingId,
        questionId: a.questionId,
        attendeeId: null,
        value: a.value,
      })),
    ],
    [bookingAnswers.id],
  );
}

const clock = (hours: number) =>
  `${String(Math.floor(hours)).padStart(2, '0')}:${String(Math.round((hours % 1) * 60)).padStart(2, '0')}`;

function practicalDetails(venue: string, start: number, hours: number): string {
  return (
    `Practical details: the programme runs from ${clock(start)} to ${clock(start + hours)} EAT at ${venue}. ` +
    'Registration opens 30 minutes before the start; bring your e-ticket on your phone or printed. ' +
    'Refreshments are included, and a certificate of attendance is available on request.'
  );
}
