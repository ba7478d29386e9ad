import { and, count, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { AuditAction } from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { auditEntries } from '../../db/schema/index.js';

export type NewAuditEntry = typeof auditEntries.$inferInsert;
export type AuditRow = typeof auditEntries.$inferSelect;

/** The one write of the log: an INSERT. There is no UPDATE or DELETE of it anywhere (a trigger refuses both). */
export async function insertAuditEntry(db: Db | Tx, entry: NewAuditEntry) {
  await db.insert(auditEntries).values(entry);
}

export interface AuditFilter {
  organisationId: number;
  actorId?: number;
  action?: AuditAction;
  /** From this instant, included. */
  since?: Date;
  /** Before this instant. */
  before?: Date;
}

function whereOf(f: AuditFilter) {
  const conditions: SQL[] = [eq(auditEntries.organisationId, f.organisationId)];
  if (f.actorId !== undefined) conditions.push(eq(auditEntries.actorAccountId, f.actorId));
  if (f.action) conditions.push(eq(auditEntries.action, f.action));
  if (f.since) conditions.push(gte(auditEntries.createdAt, f.since));
  if (f.before) conditions.push(lt(auditEntries.createdAt, f.before));
  return and(...conditions);
}

/** One page of an organisation's log, newest first; `limit` null for every match (the CSV). */
export async function listAuditEntries(db: Db, f: AuditFilter, page: { offset: number; limit: number | null }) {
  const query = db
    .select()
    .from(auditEntries)
    .where(whereOf(f))
    .orderBy(desc(auditEntries.createdAt), desc(auditEntries.id))
    .offset(page.offset);
  const [rows, [total]] = await Promise.all([
    page.limit === null ? query : query.limit(page.limit),
    db.select({ n: count() }).from(auditEntries).where(whereOf(f)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Everyone who acted in an organisation's log, with the name of their latest entry. */
export async function listAuditActors(db: Db, organisationId: number) {
  return db
    .selectDistinctOn([auditEntries.actorAccountId], { id: auditEntries.actorAccountId, name: auditEntries.actorName })
    .from(auditEntries)
    .where(and(eq(auditEntries.organisationId, organisationId), isNotNull(auditEntries.actorAccountId)))
    .orderBy(auditEntries.actorAccountId, desc(auditEntries.createdAt), desc(auditEntries.id));
}
