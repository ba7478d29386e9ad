import { randomBytes } from 'node:crypto';
import { toMinor } from '@tikiti/contract';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.js';
import { eq } from 'drizzle-orm';
import { accounts, categories, events, organisations, sessions, ticketTypes } from '../db/schema/index.js';
import { createSession } from '../features/accounts/index.js';

/**
 * Test data builders. They write rows directly so a test of one feature does not depend on
 * another feature's calls; the calls themselves are tested in their own feature's tests.
 */
const unique = () => randomBytes(4).toString('hex');
export const randomPhone = () => `+2547${String(randomBytes(4).readUInt32BE()).padStart(8, '0').slice(-8)}`;

export async function createOrganiser(
  db: Db,
  opts: {
    password?: string;
    role?: 'owner' | 'admin' | 'checkin';
    organisationId?: number;
    /** The session's password entered again just now, as exporting attendee data asks (POST v1/auth/confirm). */
    confirmed?: boolean;
  } = {},
) {
  const u = unique();
  let organisationId = opts.organisationId;
  if (!organisationId) {
    const [org] = await db
      .insert(organisations)
      .values({
        organizationName: `Org ${u} Ltd`,
        displayName: `Org ${u}`,
        email: `org-${u}@example.com`,
        msisdn: randomPhone(),
      })
      .returning();
    organisationId = org!.id;
  }
  const email = `owner-${u}@example.com`;
  const password = opts.password ?? 'correct horse battery';
  const [account] = await db
    .insert(accounts)
    .values({
      type: 'organizer',
      organisationId,
      role: opts.role ?? 'owner',
      firstName: 'Wanjiku',
      lastName: `Test${u}`,
      email,
      msisdn: randomPhone(),
      passwordHash: await hash(password),
      lastLoginAt: new Date(),
    })
    .returning();
  const token = await createSession(db, account!.id);
  if (opts.confirmed) {
    await db.update(sessions).set({ confirmedAt: new Date() }).where(eq(sessions.accountId, account!.id));
  }
  return { organisationId, accountId: account!.id, email, password, token };
}

export async function createBuyer(db: Db) {
  const u = unique();
  const [account] = await db
    .insert(accounts)
    .values({ type: 'user', firstName: 'Otieno', lastName: `Buyer${u}`, email: `buyer-${u}@example.com` })
    .returning();
  const token = await createSession(db, account!.id);
  return { accountId: account!.id, email: account!.email, token };
}

export async function createCategory(db: Db, name = `Category ${unique()}`) {
  const [row] = await db.insert(categories).values({ name }).returning();
  return row!;
}

export interface EventFixture {
  organisationId: number;
  categoryId: number;
  title?: string;
  location?: string;
  shortDescription?: string;
  fullDescription?: string;
  status?: 1 | 2;
  /** Start, as hours from now (negative for past events). */
  startsInHours?: number;
  durationHours?: number;
  currency?: 'USD' | 'KES';
  tickets?: {
    name: string;
    price: number;
    persons?: number;
    max: number;
    sold?: number;
    status?: 1 | 3;
    /** Issue 27: shown only with an access code; team pricing. */
    hidden?: boolean;
    tiers?: { min_qty: number; percent_off: number }[];
  }[];
}

export async function createEvent(db: Db, f: EventFixture) {
  const start = new Date(Date.now() + (f.startsInHours ?? 24 * 7) * 3_600_000);
  const end = new Date(start.getTime() + (f.durationHours ?? 8) * 3_600_000);
  const [event] = await db
    .insert(events)
    .values({
      organisationId: f.organisationId,
      categoryId: f.categoryId,
      title: f.title ?? `Event ${unique()}`,
      location: f.location ?? 'KICC, Nairobi',
      shortDescription: f.shortDescription ?? 'A short description',
      fullDescription: f.fullDescription ?? 'A full description.\n\nSecond paragraph.',
      currency: f.currency ?? 'USD',
      startTime: start,
      endTime: end,
      status: f.status ?? 1,
    })
    .returning();
  // A price floats get wrong (19.99 × 3 is not 59.97 in floating point): totals must be exact.
  const tickets = f.tickets ?? [{ name: 'Regular', price: 19.99, max: 100 }];
  const rows = tickets.length
    ? await db
        .insert(ticketTypes)
        .values(
          tickets.map((t, i) => ({
            eventId: event!.id,
            name: t.name,
            priceMinor: toMinor(t.price, f.currency ?? 'USD'),
            noOfPersons: t.persons ?? 1,
            maxTickets: t.max,
            sold: t.sold ?? 0,
            status: t.status ?? 1,
            sortOrder: i,
            hidden: t.hidden ?? false,
            tiers: t.tiers ?? [],
          })),
        )
        .returning()
    : [];
  return { event: event!, tickets: rows };
}
