import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@tikiti/contract';
import { events } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';

/**
 * Day filters at the edges of Nairobi days (UTC+3): the window of start=D&end=E is
 * [D 00:00 EAT, E+1 00:00 EAT), and an event is in it when its time span overlaps it.
 */
let t: TestApp;
const at: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { organisationId } = await createOrganiser(db);
  const { id: categoryId } = await createCategory(db);
  const place = async (title: string, start: string, end: string) => {
    const { event } = await createEvent(db, { organisationId, categoryId, title });
    await db
      .update(events)
      .set({ startTime: new Date(start), endTime: new Date(end) })
      .where(eq(events.id, event.id));
    at[title] = event.id;
  };
  // 10 Mar 23:00–23:59 EAT, i.e. still 10 March in Nairobi though 20:00Z.
  await place('late-on-10th', '2030-03-10T20:00:00Z', '2030-03-10T20:59:00Z');
  // Ends exactly at 11 Mar 00:00 EAT: belongs to the 10th only.
  await place('ends-at-midnight', '2030-03-10T19:00:00Z', '2030-03-10T21:00:00Z');
  // 11 Mar 00:00–01:00 EAT (10 Mar 21:00Z): the 11th in Nairobi though the 10th in UTC.
  await place('just-after-midnight', '2030-03-10T21:00:00Z', '2030-03-10T22:00:00Z');
  // A three-day congress, 9–12 March.
  await place('congress', '2030-03-09T05:00:00Z', '2030-03-12T14:00:00Z');
});
afterAll(() => t.close());

async function onDays(start: string, end: string) {
  const res = await t.app.inject({ method: 'GET', url: `/v1/event/view?start=${start}&end=${end}&limit=100` });
  expect(res.statusCode).toBe(200);
  return (res.json().data.data as Event[]).map((e) => e.title);
}

describe('GET v1/event/view day filters', () => {
  it('a single day holds the events overlapping that Nairobi day, soonest first', async () => {
    expect(await onDays('2030-03-10', '2030-03-10')).toEqual(['congress', 'ends-at-midnight', 'late-on-10th']);
    expect(await onDays('2030-03-11', '2030-03-11')).toEqual(['congress', 'just-after-midnight']);
  });

  it('a range spans its days and a multi-day event shows on each of them', async () => {
    expect(await onDays('2030-03-10', '2030-03-11')).toEqual([
      'congress',
      'ends-at-midnight',
      'late-on-10th',
      'just-after-midnight',
    ]);
    expect(await onDays('2030-03-12', '2030-03-12')).toEqual(['congress']);
    expect(await onDays('2030-03-13', '2030-03-20')).toEqual([]);
    expect(await onDays('2030-03-01', '2030-03-08')).toEqual([]);
  });
});
