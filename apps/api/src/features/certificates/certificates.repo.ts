import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { BOOKING_STATUS, EVENT_STATUS, type CertificateStatus } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  badgePrints,
  bookingAttendees,
  bookingLines,
  bookings,
  certificateSettings,
  certificates,
  checkIns,
  doorScans,
  eTickets,
  events,
  organisations,
} from '../../db/schema/index.js';

type Executor = Db | Tx;

const toDate = (v: Date | string | null) => (v === null ? null : v instanceof Date ? v : new Date(v));

/** What certificates and badges show of an event, with its organiser. */
const EVENT_COLUMNS = {
  id: events.id,
  organisationId: events.organisationId,
  title: events.title,
  location: events.location,
  startTime: events.startTime,
  endTime: events.endTime,
  status: events.status,
  organiser: organisations.displayName,
};
export type CertificateEvent = {
  id: number;
  organisationId: number;
  title: string;
  location: string;
  startTime: Date;
  endTime: Date;
  status: number;
  organiser: string;
};

function eventQuery(db: Executor) {
  return db.select(EVENT_COLUMNS).from(events).innerJoin(organisations, eq(organisations.id, events.organisationId));
}

/** One of the organisation's events, or undefined (another organisation's event looks missing). */
export async function findOwnEvent(db: Executor, organisationId: number, eventId: number) {
  const [row] = await eventQuery(db).where(and(eq(events.id, eventId), eq(events.organisationId, organisationId)));
  return row as CertificateEvent | undefined;
}

export async function findEvent(db: Executor, eventId: number) {
  const [row] = await eventQuery(db).where(eq(events.id, eventId));
  return row as CertificateEvent | undefined;
}

export type SettingsRow = typeof certificateSettings.$inferSelect;

export async function findSettings(db: Executor, eventId: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(certificateSettings).where(eq(certificateSettings.eventId, eventId));
  return row;
}

/** The settings row locked for this transaction (made first when missing), so two issuing runs take turns. */
export async function lockSettings(tx: Tx, eventId: number): Promise<SettingsRow | undefined> {
  const [row] = await tx
    .select()
    .from(certificateSettings)
    .where(eq(certificateSettings.eventId, eventId))
    .for('update');
  return row;
}

export async function upsertSettings(
  db: Executor,
  eventId: number,
  s: Pick<
    SettingsRow,
    'enabled' | 'cpdHalfPoints' | 'accreditingBody' | 'signatoryName' | 'signatoryTitle' | 'minDays'
  >,
) {
  const [row] = await db
    .insert(certificateSettings)
    .values({ eventId, ...s })
    .onConflictDoUpdate({ target: certificateSettings.eventId, set: { ...s, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function markAutoIssued(tx: Tx, eventId: number, at: Date) {
  await tx.update(certificateSettings).set({ autoIssuedAt: at }).where(eq(certificateSettings.eventId, eventId));
}

/** Events whose certificates are on, that have ended, and whose certificates the job has not issued yet. */
export async function findEventsDue(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: events.id })
    .from(certificateSettings)
    .innerJoin(events, eq(events.id, certificateSettings.eventId))
    .where(
      and(
        eq(certificateSettings.enabled, true),
        isNull(certificateSettings.autoIssuedAt),
        lte(events.endTime, now),
        eq(events.status, EVENT_STATUS.published),
      ),
    );
  return rows.map((r) => r.id);
}

export async function countCertificates(db: Executor, eventId: number) {
  const [row] = await db
    .select({
      issued: sql<number>`count(*) FILTER (WHERE ${certificates.revokedAt} IS NULL)::integer`,
      revoked: sql<number>`count(*) FILTER (WHERE ${certificates.revokedAt} IS NOT NULL)::integer`,
    })
    .from(certificates)
    .where(eq(certificates.eventId, eventId));
  return { issued: Number(row?.issued ?? 0), revoked: Number(row?.revoked ?? 0) };
}

/** A live e-ticket: not revoked, not replaced, its booking paid. */
const liveTicket = and(
  isNull(eTickets.revokedAt),
  isNull(eTickets.reissuedAt),
  eq(bookings.status, BOOKING_STATUS.paid),
) as SQL;

/** Who an e-ticket is for, as a certificate or a badge prints it. */
const HOLDER_COLUMNS = {
  ticketId: eTickets.id,
  eventId: eTickets.eventId,
  holderName: eTickets.holderName,
  company: bookingAttendees.company,
  jobTitle: bookingAttendees.jobTitle,
  email: sql<string>`coalesce(${bookingAttendees.email}, ${bookings.email})`,
  ticketType: bookingLines.name,
  ticketTypeId: bookingLines.ticketTypeId,
  bookingReference: bookings.reference,
  code: eTickets.code,
};
export type HolderRow = {
  ticketId: number;
  eventId: number;
  holderName: string;
  company: string | null;
  jobTitle: string | null;
  email: string;
  ticketType: string;
  ticketTypeId: number;
  bookingReference: string;
  code: string;
};

function holders(db: Executor) {
  return db
    .select(HOLDER_COLUMNS)
    .from(eTickets)
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .leftJoin(
      bookingAttendees,
      and(eq(bookingAttendees.bookingLineId, eTickets.bookingLineId), eq(bookingAttendees.seq, eTickets.seq)),
    )
    .$dynamic();
}

/** A live e-ticket of this event, or undefined; `live` false finds a refunded or replaced one too. */
export async function findTicketHolder(db: Executor, eventId: number, ticketId: number, live = true) {
  const [row] = await holders(db).where(
    and(eq(eTickets.id, ticketId), eq(eTickets.eventId, eventId), live ? liveTicket : undefined),
  );
  return row as HolderRow | undefined;
}

/**
 * The live e-tickets of an event that qualify for a certificate and have none yet (live or
 * revoked: a revoked certificate is not issued again by the job): checked in, and for
 * `minDays` above 1, seen at the door on that many distinct Nairobi days (the check-in and every
 * later scan recorded in `door_scans`).
 */
export async function findQualifyingHolders(tx: Tx, eventId: number, minDays: number): Promise<HolderRow[]> {
  const days = sql<number>`(
    SELECT count(DISTINCT (d.at AT TIME ZONE 'Africa/Nairobi')::date)::integer FROM (
      SELECT ${checkIns.checkedInAt} AS at FROM ${checkIns} WHERE ${checkIns.eTicketId} = ${eTickets.id}
      UNION ALL
      SELECT ${doorScans.scannedAt} AS at FROM ${doorScans} WHERE ${doorScans.eTicketId} = ${eTickets.id}
    ) d
  )`;
  const rows = await holders(tx)
    .where(
      and(
        eq(eTickets.eventId, eventId),
        liveTicket,
        sql`EXISTS (SELECT 1 FROM ${checkIns} WHERE ${checkIns.eTicketId} = ${eTickets.id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${certificates} WHERE ${certificates.eTicketId} = ${eTickets.id})`,
        minDays > 1 ? sql`${days} >= ${minDays}` : undefined,
      ),
    )
    .orderBy(asc(eTickets.holderName), asc(eTickets.id));
  return rows as HolderRow[];
}

export type NewCertificate = typeof certificates.$inferInsert;

/** The next number in the event's numbering (call inside the transaction that locked the settings row). */
export async function nextSeq(tx: Tx, eventId: number): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${certificates.seq}), 0)::integer` })
    .from(certificates)
    .where(eq(certificates.eventId, eventId));
  return Number(row?.max ?? 0) + 1;
}

export async function insertCertificate(tx: Tx, c: NewCertificate) {
  const [row] = await tx.insert(certificates).values(c).returning();
  return row!;
}

export type CertificateRecord = typeof certificates.$inferSelect;

export async function findCertificate(db: Executor, eventId: number, id: number) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), eq(certificates.eventId, eventId)));
  return row;
}

export async function findCertificateById(db: Executor, id: number) {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row;
}

export async function findLiveCertificateOfTicket(db: Executor, ticketId: number) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.eTicketId, ticketId), isNull(certificates.revokedAt)));
  return row;
}

/** Revokes it unless it is revoked already; answers whether this call did. */
export async function revokeCertificate(tx: Tx, id: number, at: Date, replacedBy: number | null = null) {
  const rows = await tx
    .update(certificates)
    .set({ revokedAt: at, replacedBy })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return rows.length === 1;
}

export async function setReplacedBy(tx: Tx, id: number, replacedBy: number) {
  await tx.update(certificates).set({ replacedBy }).where(eq(certificates.id, id));
}

export async function markEmailed(db: Executor, id: number, at: Date) {
  await db
    .update(certificates)
    .set({ emailedAt: at })
    .where(and(eq(certificates.id, id), isNull(certificates.emailedAt)));
}

export interface CertificatesFilter {
  q?: string;
  status?: CertificateStatus;
  offset: number;
  limit: number | null;
}

const LIST_COLUMNS = {
  certificate: certificates,
  ticketType: bookingLines.name,
  bookingReference: bookings.reference,
};

/** An event's certificates, newest first, with their ticket's type and booking. */
export async function listCertificates(db: Executor, eventId: number, f: CertificatesFilter) {
  const like = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(certificates.eventId, eventId),
    f.status === 'issued' ? isNull(certificates.revokedAt) : undefined,
    f.status === 'revoked' ? isNotNull(certificates.revokedAt) : undefined,
    like
      ? or(
          ilike(certificates.holderName, like),
          ilike(certificates.email, like),
          ilike(certificates.company, like),
          ilike(certificates.number, like),
        )
      : undefined,
  );
  const base = db
    .select(LIST_COLUMNS)
    .from(certificates)
    .innerJoin(eTickets, eq(eTickets.id, certificates.eTicketId))
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .where(where)
    .orderBy(desc(certificates.issuedAt), desc(certificates.id))
    .$dynamic();
  const rows = f.limit === null ? await base : await base.limit(f.limit).offset(f.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::integer` })
    .from(certificates)
    .where(where);
  return { rows, total: Number(count?.n ?? 0) };
}
export type ListedCertificate = Awaited<ReturnType<typeof listCertificates>>['rows'][number];

/** The live certificates of these e-tickets (for the E-tickets page). */
export async function findLiveCertificatesOfTickets(db: Executor, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select()
    .from(certificates)
    .where(and(inArray(certificates.eTicketId, ticketIds), isNull(certificates.revokedAt)));
}

/** The badges to print: the event's live e-tickets, by name, filtered. */
export async function findBadgeHolders(
  db: Executor,
  eventId: number,
  f: { ticketTypeId?: number; notPrinted: boolean },
): Promise<HolderRow[]> {
  const rows = await holders(db)
    .leftJoin(badgePrints, eq(badgePrints.eTicketId, eTickets.id))
    .where(
      and(
        eq(eTickets.eventId, eventId),
        liveTicket,
        f.ticketTypeId ? eq(bookingLines.ticketTypeId, f.ticketTypeId) : undefined,
        f.notPrinted ? isNull(badgePrints.eTicketId) : undefined,
      ),
    )
    .orderBy(asc(eTickets.holderName), asc(eTickets.id));
  return rows as HolderRow[];
}

export async function markBadgesPrinted(db: Executor, ticketIds: number[], accountId: number, at: Date) {
  if (ticketIds.length === 0) return;
  await db
    .insert(badgePrints)
    .values(ticketIds.map((id) => ({ eTicketId: id, printedBy: accountId, printedAt: at })))
    .onConflictDoUpdate({ target: badgePrints.eTicketId, set: { printedAt: at, printedBy: accountId } });
}

/** Badge counts per ticket type (the type's id and name as sold). */
export async function badgeCounts(db: Executor, eventId: number) {
  const rows = await db
    .select({
      id: bookingLines.ticketTypeId,
      name: sql<string>`min(${bookingLines.name})`,
      total: sql<number>`count(*)::integer`,
      notPrinted: sql<number>`count(*) FILTER (WHERE ${badgePrints.eTicketId} IS NULL)::integer`,
    })
    .from(eTickets)
    .innerJoin(bookings, eq(bookings.id, eTickets.bookingId))
    .innerJoin(bookingLines, eq(bookingLines.id, eTickets.bookingLineId))
    .leftJoin(badgePrints, eq(badgePrints.eTicketId, eTickets.id))
    .where(and(eq(eTickets.eventId, eventId), liveTicket))
    .groupBy(bookingLines.ticketTypeId)
    .orderBy(asc(bookingLines.ticketTypeId));
  return rows.map((r) => ({ ...r, total: Number(r.total), notPrinted: Number(r.notPrinted) }));
}

export { toDate };
