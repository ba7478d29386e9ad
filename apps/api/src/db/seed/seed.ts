import { sql } from 'drizzle-orm';
import { addDays, nairobiDay, startOfNairobiDay } from '@tikiti/contract';
import { queryRows, type Db } from '../client.js';
import { accounts, categories, events, organisations, ticketTypes } from '../schema/index.js';
import { hashPassword } from '../../features/accounts/passwords.js';
import { prepareImage, savePreparedImage } from '../../features/media/media.service.js';
import { toMinor } from '../../lib/money.js';
import { DEMO_CATEGORIES, DEMO_EVENTS, DEMO_ORGANISERS, type CategoryKey } from './demo-data.js';
import { renderCover } from './demo-images.js';

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
 * Loads the demo marketplace (DESIGN.md §2) into an empty database: categories, five
 * organisers (the first with the demo sign-in), upcoming, past and draft events with
 * ticket types and a generated cover each. A database that has any category is left
 * alone. Returns whether it seeded.
 */
export async function seedDemoData(db: Db, now = new Date()): Promise<boolean> {
  if (await hasCategories(db)) return false;

  // CPU work first, outside the transaction: covers go through the same checks and
  // resizing as an organiser's upload.
  const [covers, demoPasswordHash] = await Promise.all([
    Promise.all(
      DEMO_EVENTS.map(async (e, i) =>
        prepareImage(
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

    for (const [i, e] of DEMO_EVENTS.entries()) {
      const { id: imageId } = await savePreparedImage(tx, covers[i]!);
      const startTime = new Date(startOfNairobiDay(addDays(today, e.day)).getTime() + e.start * HOUR_MS);
      const [event] = await tx
        .insert(events)
        .values({
          organisationId: organisationIds[e.organiser]!,
          categoryId: categoryId[e.category],
          title: e.title,
          location: e.venue,
          shortDescription: e.short,
          fullDescription: [...e.about, practicalDetails(e.venue, e.start, e.hours)].join('\n\n'),
          currency: 'USD',
          startTime,
          endTime: new Date(startTime.getTime() + e.hours * HOUR_MS),
          status: e.status,
          imageId,
          // Announced between a day and a few weeks before the seed, and never after the event.
          createdAt: new Date(Math.min(now.getTime(), startTime.getTime()) - (1 + ((i * 5) % 30)) * 24 * HOUR_MS),
        })
        .returning({ id: events.id });
      await tx.insert(ticketTypes).values(
        e.tickets.map((t, order) => ({
          eventId: event!.id,
          name: t.name,
          priceMinor: toMinor(t.price),
          noOfPersons: t.persons ?? 1,
          maxTickets: t.max,
          sold: t.sold,
          sortOrder: order,
        })),
      );
    }
    return true;
  });
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
