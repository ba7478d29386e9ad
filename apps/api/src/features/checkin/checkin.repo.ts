import {
  and,
  asc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  notExists,
  or,
  sql,
  type AnyColumn,
} from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS } from '@tikiti/contract';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import {
  bookingAttendees,
  bookingLines,
  bookings,
  checkIns,
  doorScans,
  eTickets,
  events,
} from '../../db/schema/index.js';

type Executor = Db | Tx;

/**
 * An e-ticket no longer admits when it was revoked, its booking is no longer paid (refunded,
 * cancelled) or its event is cancelled: the refund path revokes the tickets, and the other two
 * make sure a door never admits on a refund half done.
 */
const revokedSql = sql<boolean>`(${eTickets.revokedAt} IS NOT NULL OR ${bookings.status} <> ${BOOKING_STATUS.paid} OR ${events.status} = ${EVENT_STATUS.cancelled})`;

/** What the door shows of an event. */
const DOOR_EVENT_COLUMNS = {
  id: events.id,
  title: events.title,
  startTime: events.startTime,
  endTime: events.endTime,
  location: events.location,
  status: events.status,
};

/** One of the organisation's events, or undefined (another organisation's event looks missing). */
export async function findOwnEvent(db: Db, organisationId: number, eventId: number) {
  const [row] = await db
    .select(DOOR_EVENT_COLUMNS)
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)));
  return row;
}

/** The organisation's events a door can open: published or cancelled, not ended over a day ago; soonest first. */
export async function findDoorEvents(db: Db, organisationId: number, now: Date) {
  const since = new Date(now.getTime() - 86_400_000);
  return db
    .select(DOOR_EVENT_COLUMNS)
    .from(events)
    .where(
      and(
        eq(events.organisationId, organisationId),
        inArray(events.status, [EVENT_STATUS.published, EVENT_STATUS.cancelled]),
        gt(events.endTime, since),
      ),
    )
    .orderBy(asc(events.startTime), asc(events.id));
}

export interface DoorCountsRow {
  eventId: number;
  ticketsSold: number;
  ticketsAdmitted: number;
  personsSold: number;
  personsAdmitted: number;
}

/**
 * The door's counts of these events as one query (countDoor). The live filter of `revokedSql`,
 * taken apart so that no e-ticket row is read: the event's status once, the tickets not revoked
 * from the partial index `e_tickets_live_event_idx` alone, the event's bookings that are not
 * paid (few) excluded, and check-ins by their unique e-ticket key. scripts/explain-door.ts
 * explains it (docs/scaling.md#first-what-the-mixed-load-shows).
 */
export function countDoorQuery(db: Executor, eventIds: number[]) {
  const admitted = sql`${checkIns.eTicketId} IS NOT NULL`;
  return db
    .select({
      eventId: eTickets.eventId,
      ticketsSold: sql<number>`count(*)::integer`,
      ticketsAdmitted: sql<number>`count(${checkIns.eTicketId})::integer`,
      personsSold: sql<number>`coalesce(sum(${eTickets.admits}), 0)::integer`,
      personsAdmitted: sql<number>`coalesce(sum(${eTickets.admits}) FILTER (WHERE ${admitted}), 0)::integer`,
    })
    .from(eTickets)
    .innerJoin(events, and(eq(events.id, eTickets.eventId), ne(events.status, EVENT_STATUS.cancelled)))
    .leftJoin(checkIns, eq(checkIns.eTicketId, eTickets.id))
    .where(
      and(
        inArray(eTickets.eventId, eventIds),
        isNull(eTickets.revokedAt),
        isNull(eTickets.reissuedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(bookings)
            .where(
              and(
                eq(bookings.eventId, eTickets.eventId),
                eq(bookings.id, eTickets.bookingId),
                ne(bookings.status, BOOKING_STATUS.paid),
              ),
            ),
        ),
      ),
    )
    .groupBy(eTickets.eventId);
}

/** Live (not revoked, not re-issued) e-tickets of these events, and those of them checked in, in tickets and persons. */
export async function countDoor(db: Executor, eventIds: number[]): Promise<Map<number, DoorCountsRow>> {
  const out = new Map<number, DoorCountsRow>();
  for (const id of eventIds)
    out.set(id, { eventId: id, ticketsSold: 0, ticketsAdmitted: 0, personsSold: 0, personsAdmitted: 0 });
  if (eventIds.length === 0) return out;
  const rows = await countDoorQuery(db, eventIds);
  for (const r of rows) {
    out.set(r.eventId, {
      eventId: r.eventId,
      ticketsSold: Number(r.ticketsSold),
      ticketsAdmitted: Number(r.ticketsAdmitted),
      personsSold: Number(r.personsSold),
      personsAdmitted: Number(r.personsAdmitted),
    });
  }
  return out;
}

const doorTicketColumns = {
  id: eTickets.id,
  bookingId: eTickets.bookingId,
  bookingReference: bookings.reference,
  holderName: eTickets.holderName,
  company: bookingAttendees.company,
  email: sql<string>`coalesce(${bookingAttendees.email}, ${bookings.email})`,
  msisdn: sql<string | null>`coalesce(${bookingAttendees.msisdn}, ${bookings.msisdn})`,
  jobTitle: bookingAttendees.jobTitle,
  ticketType: bookingLines.name,
  admits: eTickets.admits,
  revoked: revokedSql,
  reissued: sql<boolean>`(${eTickets.reissuedAt} IS NOT NULL)`,
  checkedInAt: checkIns.checkedInAt,
  checkedInDevice: checkIns.deviceId,
};

export type DoorTicketRow = {
  id: number;
  bookingId: number;
  bookingReference: string;
  holderName: string;
  /** The delegate's company (docs/product.md#delegates-and-questions). */
  company: string | null;
  /** The delegate's email and phone, else the buyer's; the delegate's job title (the door's search). */
  email: string;
  msisdn: string | null;
  jobTitle: string | null;
  ticketType: string;
  admits: number;
  revoked: boolean;
  /** Its delegate was renamed and it has a new row and code: this one no longer admits. */
  reissued: boolean;
  checkedInAt: Date | null;
  checkedInDevice: string | null;
};

/** A select from `e_tickets` joined to what the door's columns read: booking, line, delegate, event and check-in. */
function joinDoor<T extends PgSelect>(query: T) {
  return query
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .leftJoin(
      bookingAttendees,
      and(eq(bookingAttendees.bookingLineId, eTickets.bookingLineId), eq(bookingAttendees.seq, eTickets.seq)),
    )
    .innerJoin(events, eq(events.id, eTickets.eventId))
    .leftJoin(checkIns, eq(checkIns.eTicketId, eTickets.id));
}

const normalise = <R extends DoorTicketRow>(rows: R[]): R[] =>
  rows.map((r) => ({
    ...r,
    revoked: r.revoked === true,
    reissued: r.reissued === true,
    checkedInAt: toDate(r.checkedInAt),
  }));

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/**
 * A ticket's number in its booking, 1 for the first, in the order of the PDF's pages and the
 * E-tickets page: by booking line, then place in the line (docs/ticket-codes.md#typed-references).
 * A re-issued ticket's old rows share its place, so they share its number. Counted over the rows
 * selected, so only a query that selects whole bookings may use it.
 */
const numberInBooking = sql<number>`(dense_rank() OVER (PARTITION BY ${eTickets.bookingId} ORDER BY ${eTickets.bookingLineId}, ${eTickets.seq}))::integer`;

export type NumberedDoorTicketRow = DoorTicketRow & { number: number };

const numbered = (rows: NumberedDoorTicketRow[]): NumberedDoorTicketRow[] =>
  normalise(rows).map((r) => ({ ...r, number: Number(r.number) }));

/**
 * Every e-ticket of an event with its check-in and its number in its booking, in issue order: the
 * old rows of re-issued tickets too, so a door offline refuses their codes.
 */
export async function findEventTickets(db: Executor, eventId: number): Promise<NumberedDoorTicketRow[]> {
  return numbered(
    await joinDoor(
      db
        .select({ ...doorTicketColumns, number: numberInBooking })
        .from(eTickets)
        .$dynamic(),
    )
      .where(eq(eTickets.eventId, eventId))
      .orderBy(asc(eTickets.bookingId), asc(eTickets.bookingLineId), asc(eTickets.seq), asc(eTickets.id)),
  );
}

/**
 * The e-tickets of this event's bookings with these references (and e-tickets issued), with
 * their numbers in their bookings, by booking and in issue order: what a typed reference names.
 */
export async function findTicketsByReferences(
  db: Executor,
  eventId: number,
  references: string[],
): Promise<NumberedDoorTicketRow[]> {
  if (references.length === 0) return [];
  return numbered(
    await joinDoor(
      db
        .select({ ...doorTicketColumns, number: numberInBooking })
        .from(eTickets)
        .$dynamic(),
    )
      .where(
        and(inArray(bookings.reference, references), eq(bookings.eventId, eventId), isNotNull(bookings.bookingCode)),
      )
      .orderBy(asc(eTickets.bookingId), asc(eTickets.bookingLineId), asc(eTickets.seq)),
  );
}

/**
 * The e-tickets of this event that these ticket codes name: by id and the exact code, many in
 * one query.
 */
export async function findTicketsByCodes(db: Executor, eventId: number, named: { ticketId: number; code: string }[]) {
  if (named.length === 0) return [];
  const rows = await joinDoor(
    db
      .select({ ...doorTicketColumns, code: eTickets.code })
      .from(eTickets)
      .$dynamic(),
  )
    .where(
      and(
        eq(eTickets.eventId, eventId),
        inArray(eTickets.id, [...new Set(named.map((n) => n.ticketId))]),
        inArray(eTickets.code, [...new Set(named.map((n) => n.code))]),
      ),
    )
    .orderBy(asc(eTickets.id));
  return normalise(rows);
}

/**
 * The live e-tickets (not the old rows of re-issued ones) of this event's bookings these booking
 * codes name, by id and the exact code, many in one query; each row with its booking's code, by
 * booking and in issue order.
 */
export async function findTicketsByBookingCodes(
  db: Executor,
  eventId: number,
  named: { bookingId: number; code: string }[],
) {
  if (named.length === 0) return [];
  const rows = await joinDoor(
    db
      .select({ ...doorTicketColumns, bookingCode: sql<string>`${bookings.bookingCode}` })
      .from(eTickets)
      .$dynamic(),
  )
    .where(
      and(
        inArray(bookings.id, [...new Set(named.map((n) => n.bookingId))]),
        eq(bookings.eventId, eventId),
        inArray(bookings.bookingCode, [...new Set(named.map((n) => n.code))]),
        isNull(eTickets.reissuedAt),
      ),
    )
    .orderBy(asc(bookings.id), asc(eTickets.bookingLineId), asc(eTickets.seq));
  return normalise(rows);
}

export interface ScanRecord {
  eventId: number;
  ticketIds: number[];
  deviceId: string;
  localId: string | null;
  accountId: number;
  scannedAt: Date;
}

/**
 * Admits these e-tickets if nobody has: one statement against the unique e-ticket id of
 * `check_ins`, so of many devices scanning at once exactly one gets each row. Answers the ids
 * this call admitted.
 */
export async function admitIfFirst(tx: Tx, scan: ScanRecord): Promise<number[]> {
  if (scan.ticketIds.length === 0) return [];
  const rows = await tx
    .insert(checkIns)
    .values(
      scan.ticketIds.map((id) => ({
        eTicketId: id,
        checkedInBy: scan.accountId,
        checkedInAt: scan.scannedAt,
        deviceId: scan.deviceId,
      })),
    )
    .onConflictDoNothing({ target: checkIns.eTicketId })
    .returning({ id: checkIns.eTicketId });
  return rows.map((r) => r.id);
}

/**
 * Records a scan's claim on each e-ticket; a (device, local id, e-ticket) already recorded is left
 * as it was. Answers the scan's time as first recorded, so a batch sent again keeps its first time.
 */
export async function recordScan(tx: Tx, scan: ScanRecord): Promise<Date> {
  if (scan.ticketIds.length === 0) return scan.scannedAt;
  await tx
    .insert(doorScans)
    .values(
      scan.ticketIds.map((id) => ({
        eventId: scan.eventId,
        eTicketId: id,
        deviceId: scan.deviceId,
        localId: scan.localId,
        accountId: scan.accountId,
        scannedAt: scan.scannedAt,
      })),
    )
    .onConflictDoNothing();
  if (scan.localId === null) return scan.scannedAt;
  const [first] = await tx
    .select({ scannedAt: doorScans.scannedAt })
    .from(doorScans)
    .where(
      and(
        eq(doorScans.deviceId, scan.deviceId),
        eq(doorScans.localId, scan.localId),
        inArray(doorScans.eTicketId, scan.ticketIds),
      ),
    )
    .orderBy(asc(doorScans.id))
    .limit(1);
  return toDate(first?.scannedAt ?? scan.scannedAt)!;
}

/** One e-ticket an offline scan claims (recordScans): the scan's device is the call's. */
export interface OfflineClaim {
  eTicketId: number;
  localId: string;
  scannedAt: Date;
}

/**
 * Records a sync's claims as one statement, in the order given (so the first claim of a
 * (device, local id) has the lowest id); a (device, local id, e-ticket) already recorded is left
 * as it was. Answers every recorded row of these local ids and e-tickets, old and new, by id: a
 * scan's time is that of its first row, so a batch sent again keeps its first time.
 */
export async function recordScans(
  tx: Tx,
  scan: { eventId: number; deviceId: string; accountId: number },
  claims: OfflineClaim[],
) {
  if (claims.length === 0) return [];
  const json = JSON.stringify(
    claims.map((c, n) => ({ n, t: c.eTicketId, l: c.localId, at: c.scannedAt.toISOString() })),
  );
  await tx.execute(sql`
    INSERT INTO ${doorScans} (event_id, e_ticket_id, device_id, local_id, account_id, scanned_at)
    SELECT ${scan.eventId}, r.t, ${scan.deviceId}, r.l, ${scan.accountId}, r.at
      FROM jsonb_to_recordset(${json}::jsonb) AS r(n integer, t integer, l text, at timestamptz)
     ORDER BY r.n
    ON CONFLICT DO NOTHING`);
  const rows = await tx
    .select({
      id: doorScans.id,
      eTicketId: doorScans.eTicketId,
      localId: doorScans.localId,
      scannedAt: doorScans.scannedAt,
    })
    .from(doorScans)
    .where(
      and(
        eq(doorScans.deviceId, scan.deviceId),
        inArray(doorScans.localId, [...new Set(claims.map((c) => c.localId))]),
        inArray(doorScans.eTicketId, [...new Set(claims.map((c) => c.eTicketId))]),
      ),
    )
    .orderBy(asc(doorScans.id));
  return rows.map((r) => ({ ...r, localId: r.localId!, scannedAt: toDate(r.scannedAt)! }));
}

/**
 * A sync's claims on check-ins as one upsert, one row per e-ticket at its earliest time in the
 * sync: a check-in where there is none, or in place of a later one (the earliest scan wins; the
 * `WHERE` is evaluated on the row as it is once locked, so concurrent syncs settle on the
 * earliest whatever their order). Every conflicting row stays locked to the end of the
 * transaction, claimed or not; rows are taken in e-ticket order, so two syncs locking the same
 * rows wait for each other rather than deadlock. Answers the e-tickets this statement checked in
 * for the first time.
 */
export async function admitEarliest(
  tx: Tx,
  scan: { deviceId: string; accountId: number },
  earliest: { eTicketId: number; scannedAt: Date }[],
): Promise<number[]> {
  if (earliest.length === 0) return [];
  const json = JSON.stringify(earliest.map((e) => ({ t: e.eTicketId, at: e.scannedAt.toISOString() })));
  const rows = await queryRows<{ e_ticket_id: number; inserted: boolean }>(
    tx,
    sql`
    INSERT INTO ${checkIns} AS c (e_ticket_id, checked_in_by, checked_in_at, device_id)
    SELECT r.t, ${scan.accountId}, r.at, ${scan.deviceId}
      FROM jsonb_to_recordset(${json}::jsonb) AS r(t integer, at timestamptz)
     ORDER BY r.t
    ON CONFLICT (e_ticket_id) DO UPDATE
       SET checked_in_at = excluded.checked_in_at, checked_in_by = excluded.checked_in_by,
           device_id = excluded.device_id, recorded_at = now()
     WHERE c.checked_in_at > excluded.checked_in_at
    RETURNING c.e_ticket_id, (c.xmax = 0) AS inserted`,
  );
  return rows.filter((r) => r.inserted === true || String(r.inserted) === 't').map((r) => Number(r.e_ticket_id));
}

/** The earliest scan of each of these e-tickets by another device than this one (scans a winner overruled). */
export async function findOtherDeviceScans(db: Executor, ticketIds: number[], deviceId: string) {
  const out = new Map<number, { deviceId: string; scannedAt: Date }>();
  if (ticketIds.length === 0) return out;
  const rows = await queryRows<{ e_ticket_id: number; device_id: string; scanned_at: Date | string }>(
    db,
    sql`
    SELECT DISTINCT ON (s.e_ticket_id) s.e_ticket_id, s.device_id, s.scanned_at
      FROM ${doorScans} AS s
     WHERE s.e_ticket_id IN (${sql.join(
       ticketIds.map((id) => sql`${id}`),
       sql`, `,
     )}) AND s.device_id <> ${deviceId}
     ORDER BY s.e_ticket_id, s.scanned_at, s.id`,
  );
  for (const r of rows) out.set(Number(r.e_ticket_id), { deviceId: r.device_id, scannedAt: toDate(r.scanned_at)! });
  return out;
}

/** The check-ins of these e-tickets as they stand. */
export async function findCheckIns(db: Executor, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  const rows = await db
    .select({ eTicketId: checkIns.eTicketId, checkedInAt: checkIns.checkedInAt, deviceId: checkIns.deviceId })
    .from(checkIns)
    .where(inArray(checkIns.eTicketId, ticketIds));
  return rows.map((r) => ({ ...r, checkedInAt: toDate(r.checkedInAt)! }));
}

/** At most this many rows answer the door's search. */
const SEARCH_LIMIT = 20;

/**
 * The door's search (docs/product.md, "Check-in"): the event's tickets, not the old rows of
 * re-issued ones, whose delegate name, email, company or booking reference holds `q` (any case),
 * or whose phone (the delegate's, else the buyer's) holds its digits, a leading 0 or 254 aside.
 * By name; each with its number in its booking. Matches are found first, then numbered over
 * their whole bookings.
 */
/** Lower case without accents, as the door page's offline search folds text: "Wanjirũ" → "wanjiru". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The same folding in SQL: translate() of every Latin letter with a mark (U+00C0–U+024F) whose
 * folded form is one ASCII letter, then lower(). Built from fold() so both sides agree.
 */
const [FOLD_FROM, FOLD_TO] = (() => {
  let from = '';
  let to = '';
  for (let cp = 0xc0; cp <= 0x24f; cp++) {
    const ch = String.fromCodePoint(cp);
    const plain = fold(ch);
    if (/^[a-z]$/.test(plain)) {
      from += ch;
      to += plain;
    }
  }
  return [from, to];
})();
const folded = (column: AnyColumn) => sql`lower(translate(${column}, ${FOLD_FROM}, ${FOLD_TO}))`;

export async function searchEventTickets(db: Executor, eventId: number, q: string): Promise<NumberedDoorTicketRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const foldedLike = `%${fold(q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = q.replace(/[\s+()-]/g, '');
  const phone = /^\d{4,15}$/.test(digits) ? digits.replace(/^(254|0)/, '') : null;
  const matches = await joinDoor(
    db.select({ bookingId: eTickets.bookingId, id: eTickets.id }).from(eTickets).$dynamic(),
  )
    .where(
      and(
        eq(eTickets.eventId, eventId),
        isNull(eTickets.reissuedAt),
        or(
          sql`${folded(eTickets.holderName)} LIKE ${foldedLike}`,
          ilike(bookingAttendees.email, like),
          ilike(bookings.email, like),
          sql`${folded(bookingAttendees.company)} LIKE ${foldedLike}`,
          ilike(bookings.reference, like),
          phone
            ? sql`regexp_replace(coalesce(${bookingAttendees.msisdn}, ${bookings.msisdn}, ''), '\\D', '', 'g') LIKE ${`%${phone}%`}`
            : undefined,
        ),
      ),
    )
    .orderBy(asc(eTickets.holderName), asc(eTickets.id))
    .limit(SEARCH_LIMIT);
  if (matches.length === 0) return [];
  const ids = new Set(matches.map((m) => m.id));
  const rows = numbered(
    await joinDoor(
      db
        .select({ ...doorTicketColumns, number: numberInBooking })
        .from(eTickets)
        .$dynamic(),
    )
      .where(
        and(inArray(eTickets.bookingId, [...new Set(matches.map((m) => m.bookingId))]), eq(eTickets.eventId, eventId)),
      )
      .orderBy(asc(eTickets.bookingId), asc(eTickets.bookingLineId), asc(eTickets.seq), asc(eTickets.id)),
  );
  return rows.filter((r) => ids.has(r.id)).sort((a, b) => a.holderName.localeCompare(b.holderName) || a.id - b.id);
}

/** One e-ticket of the event as the door sees it, with its number in its booking, or undefined. */
export async function findEventTicket(db: Executor, eventId: number, ticketId: number) {
  const [ticket] = await db
    .select({ bookingId: eTickets.bookingId })
    .from(eTickets)
    .where(and(eq(eTickets.id, ticketId), eq(eTickets.eventId, eventId)));
  if (!ticket) return undefined;
  const rows = numbered(
    await joinDoor(
      db
        .select({
          ...doorTicketColumns,
          number: numberInBooking,
          code: eTickets.code,
          bookingLineId: eTickets.bookingLineId,
        })
        .from(eTickets)
        .$dynamic(),
    ).where(eq(eTickets.bookingId, ticket.bookingId)),
  );
  return rows.find((r) => r.id === ticketId) as
    (NumberedDoorTicketRow & { code: string; bookingLineId: number }) | undefined;
}
