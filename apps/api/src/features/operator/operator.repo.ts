import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { accounts, organisations } from '../../db/schema/index.js';

type Executor = Db | Tx;

/** The operator's list of organisations (docs/product.md#the-operator): reads `organisations` and its owners. */
export interface OrganisationFilter {
  q?: string;
  state?: 'verified' | 'unverified' | 'suspended';
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(f: OrganisationFilter) {
  const conditions: SQL[] = [];
  if (f.q) {
    const pattern = likePattern(f.q);
    conditions.push(
      or(
        ilike(organisations.organizationName, pattern),
        ilike(organisations.displayName, pattern),
        ilike(organisations.email, pattern),
        ilike(organisations.msisdn, pattern),
        sql`EXISTS (SELECT 1 FROM ${accounts} a WHERE a.organisation_id = ${organisations.id} AND a.email ILIKE ${pattern})`,
      )!,
    );
  }
  if (f.state === 'verified') conditions.push(isNotNull(organisations.verifiedAt));
  if (f.state === 'unverified') conditions.push(isNull(organisations.verifiedAt));
  if (f.state === 'suspended') conditions.push(isNotNull(organisations.suspendedAt));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export async function listOrganisations(db: Db, f: OrganisationFilter, page: { offset: number; limit: number }) {
  const where = whereOf(f);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(organisations)
      .where(where)
      .orderBy(desc(organisations.createdAt), desc(organisations.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(organisations).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findOrganisationRow(db: Executor, id: number) {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id)).limit(1);
  return row;
}

export type OrganisationRow = typeof organisations.$inferSelect;

/** The owners of these organisations, for the list and the mails. */
export async function listOwners(db: Executor, organisationIds: number[]) {
  if (organisationIds.length === 0) return [];
  return db
    .select({
      organisationId: accounts.organisationId,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      email: accounts.email,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.type, 'organizer'),
        eq(accounts.role, 'owner'),
        inArray(accounts.organisationId, organisationIds),
      ),
    )
    .orderBy(accounts.id);
}

/** Verifies (a time) or withdraws the verification (null); false when there is no such organisation. */
export async function setVerified(tx: Executor, id: number, at: Date | null) {
  const rows = await tx
    .update(organisations)
    .set({ verifiedAt: at })
    .where(eq(organisations.id, id))
    .returning({ id: organisations.id });
  return rows.length > 0;
}

/** Suspends (a time and a reason) or lifts the suspension (nulls). */
export async function setSuspended(tx: Executor, id: number, at: Date | null, reason: string | null) {
  const rows = await tx
    .update(organisations)
    .set({ suspendedAt: at, suspensionReason: reason })
    .where(eq(organisations.id, id))
    .returning({ id: organisations.id });
  return rows.length > 0;
}
