import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEventCardsDataSchema, nairobiDay, type Event } from '@tikiti/contract';
import { events, organisations, ticketTypes } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { storeImage } from '../media/index.js';

let t: TestApp;
const HOUR = 3_600_000;

/** The fixed marketplace of this file; every list test reads it. */
let ids: {
  catTech: number;
  catAgri: number;
  catEmpty: number;
  orgZawadi: number;
  orgAcacia: number;
  orgDraftsOnly: number;
  ongoing: number;
  fintech: number;
  agri: number;
  leadership: number;
  leadershipTwin: number;
  past: number;
  draft: number;
};
let fintechTicketIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const catTech = await createCategory(db, 'Technology & Innovation');
  const catAgri = await createCategory(db, 'Agribusiness');
  const catEmpty = await createCategory(db, 'Legal & Compliance');
  const zawadi = await createOrganiser(db);
  const acacia = await createOrganiser(db);
  const draftsOnly = await createOrganiser(db);
  // Renamed as if registered under these names: the slug is made once, at registration.
  await db
    .update(organisations)
    .set({ displayName: 'Zawadi Events', slug: 'zawadi-events' })
    .where(eq(organisations.id, zawadi.organisationId));
  await db
    .update(organisations)
    .set({ displayName: 'acacia Conferences', slug: 'acacia-conferences' })
    .where(eq(organisations.id, acacia.organisationId));
  await db
    .update(organisations)
    .set({ displayName: 'Hidden Drafts Ltd' })
    .where(eq(organisations.id, draftsOnly.organisationId));

  const ongoing = await createEvent(db, {
    organisationId: acacia.organisationId,
    categoryId: catAgri.id,
    title: 'Dairy Value Chain Workshop',
    location: 'Nakuru Sarova Woodlands, Nakuru',
    startsInHours: -2,
    durationHours: 8,
  });
  const fintech = await createEvent(db, {
    organisationId: zawadi.organisationId,
    categoryId: catTech.id,
    title: 'Nairobi Fintech Summit 2026',
    location: 'KICC, Nairobi',
    shortDescription: 'Payments, lending and regulation in East Africa.',
    fullDescription: 'Day one covers mobile money.\n\nDay two covers open banking.',
    startsInHours: 48,
    tickets: [
      { name: 'Early Bird', price: 25, max: 100, sold: 10 },
      { name: 'Removed Tier', price: 5, max: 10, status: 3 },
      { name: 'VIP', price: 150.5, max: 20, sold: 20 },
      { name: 'Group of 5', price: 400, persons: 5, max: 10, sold: 1 },
    ],
  });
  const agri = await createEvent(db, {
    organisationId: acacia.organisationId,
    categoryId: catAgri.id,
    title: 'Agritech Forum',
    location: 'Enashipai Resort, Naivasha',
    shortDescription: '100% practical sessions on irrigation.',
    fullDescription: 'Hands-on demonstrations of drip irrigation and FINTECH for farmers.',
    startsInHours: 24 * 10,
  });
  const leadership = await createEvent(db, {
    organisationId: acacia.organisationId,
    categoryId: catTech.id,
    title: 'CTO Roundtable',
    location: 'Radisson Blu Upper Hill, Nairobi',
    shortDescription: 'Engineering Leadership for growing teams.',
    startsInHours: 24 * 20,
  });
  const leadershipTwin = await createEvent(db, {
    organisationId: zawadi.organisationId,
    categoryId: catTech.id,
    title: 'Product Leadership Breakfast',
    location: 'Villa Rosa Kempinski, Nairobi',
    startsInHours: 24 * 20,
  });
  // Same start and end as the roundtable: the id decides the order.
  await db
    .update(events)
    .set({ startTime: leadership.event.startTime, endTime: leadership.event.endTime })
    .where(eq(events.id, leadershipTwin.event.id));
  const past = await createEvent(db, {
    organisationId: zawadi.organisationId,
    categoryId: catTech.id,
    title: 'Past Fintech Meetup',
    startsInHours: -24 * 5,
  });
  const draft = await createEvent(db, {
    organisationId: draftsOnly.organisationId,
    categoryId: catTech.id,
    title: 'Unannounced Fintech Gala',
    status: 2,
    startsInHours: 24,
  });
  await createEvent(db, {
    organisationId: zawadi.organisationId,
    categoryId: catTech.id,
    title: 'Draft of Zawadi',
    status: 2,
  });

  ids = {
    catTech: catTech.id,
    catAgri: catAgri.id,
    catEmpty: catEmpty.id,
    orgZawadi: zawadi.organisationId,
    orgAcacia: acacia.organisationId,
    orgDraftsOnly: draftsOnly.organisationId,
    ongoing: ongoing.event.id,
    fintech: fintech.event.id,
    agri: agri.event.id,
    leadership: leadership.event.id,
    leadershipTwin: leadershipTwin.event.id,
    past: past.event.id,
    draft: draft.event.id,
  };
  fintechTicketIds = fintech.tickets.map((x) => x.id);
  // Two Early Bird tickets are held by a pending booking: not bought, not available either.
  await db.update(ticketTypes).set({ held: 2 }).where(eq(ticketTypes.id, fintechTicketIds[0]!));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
async function list(query = ''): Promise<{ ids: number[]; total: number; data: Event[] }> {
  const res = await get(`/v1/event/view${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body).toMatchObject({ status: 200, status_description: 'OK' });
  return { ids: body.data.data.map((e: Event) => e.id), total: body.data.total, data: body.data.data };
}
const upcomingInOrder = () => [ids.ongoing, ids.fintech, ids.agri, ids.leadership, ids.leadershipTwin];

describe('GET v1/event/view', () => {
  it('lists published events that have not ended, soonest first with id as tie-break, 6 by default', async () => {
    const r = await list();
    expect(r.ids).toEqual(upcomingInOrder());
    expect(r.total).toBe(5);
    expect(r.ids).not.toContain(ids.past);
    expect(r.ids).not.toContain(ids.draft);
  });

  it('pages with page and limit and reports the total of all matches', async () => {
    expect(await list('limit=2')).toMatchObject({ ids: upcomingInOrder().slice(0, 2), total: 5 });
    expect(await list('limit=2&page=2')).toMatchObject({ ids: upcomingInOrder().slice(2, 4), total: 5 });
    expect(await list('limit=2&page=3')).toMatchObject({ ids: upcomingInOrder().slice(4), total: 5 });
    expect(await list('limit=2&page=4')).toMatchObject({ ids: [], total: 5 });
    expect(await list('limit=3&page=1&category_id=' + ids.catTech)).toMatchObject({ total: 3 });
  });

  it('gives only what a card shows with fields=card, paged the same way', async () => {
    const full = await list('limit=2&page=2');
    const res = await get('/v1/event/view?limit=2&page=2&fields=card');
    expect(res.statusCode).toBe(200);
    const cards = listEventCardsDataSchema.parse(res.json().data);
    expect(cards.total).toBe(5);
    expect(cards.data.map((e) => e.id)).toEqual(full.ids);
    for (const [i, card] of cards.data.entries()) {
      expect(card).not.toHaveProperty('full_description');
      expect(card).not.toHaveProperty('tickets');
      expect(card).not.toHaveProperty('attendee_names');
      // A card leaves out the event's delegate rules too (docs/product.md#delegates-and-questions).
      // …and whether it offers pay by invoice (docs/product.md#pay-by-invoice).
      const {
        full_description,
        tickets,
        attendee_names,
        changes_lock_hours,
        invoice_payment_days,
        invoice_payment_until,
        service_fee,
        ...rest
      } = full.data[i]!;
      expect(full_description.length + tickets.length).toBeGreaterThan(0);
      expect([attendee_names, changes_lock_hours, invoice_payment_days, invoice_payment_until, service_fee]).toEqual([
        'later',
        24,
        0,
        null,
        'absorb',
      ]);
      expect(card).toEqual(rest);
    }
    expect(res.body.length).toBeLessThan(JSON.stringify(full.data).length);
    expect((await get('/v1/event/view?fields=everything')).statusCode).toBe(400);
  });

  it('treats empty query values as not given', async () => {
    expect((await list('page=&limit=&start=&end=&category_id=&organizer_id=&filter=')).ids).toEqual(upcomingInOrder());
  });

  it('filters by category', async () => {
    expect((await list(`category_id=${ids.catAgri}`)).ids).toEqual([ids.ongoing, ids.agri]);
    expect(await list(`category_id=${ids.catEmpty}`)).toMatchObject({ ids: [], total: 0 });
    expect(await list('category_id=999999')).toMatchObject({ ids: [], total: 0 });
  });

  it('filters by organiser', async () => {
    expect((await list(`organizer_id=${ids.orgZawadi}`)).ids).toEqual([ids.fintech, ids.leadershipTwin]);
    expect((await list(`organizer_id=${ids.orgDraftsOnly}`)).ids).toEqual([]);
  });

  it('searches title, descriptions and location, case-insensitively', async () => {
    expect((await list('filter=fintech')).ids).toEqual([ids.fintech, ids.agri]); // title; full description
    expect((await list('filter=OPEN%20BANKING')).ids).toEqual([ids.fintech]); // full description
    expect((await list('filter=leadership')).ids).toEqual([ids.leadership, ids.leadershipTwin]); // short; title
    expect((await list('filter=naivasha')).ids).toEqual([ids.agri]); // location
    expect((await list('filter=nowhere-to-be-found')).total).toBe(0);
  });

  it('needs every word of a search to match somewhere', async () => {
    expect((await list('filter=nairobi%20summit')).ids).toEqual([ids.fintech]);
    expect((await list('filter=%20%20kempinski%20%20breakfast%20')).ids).toEqual([ids.leadershipTwin]);
    expect((await list('filter=kempinski%20fintech')).ids).toEqual([]);
  });

  it('takes % and _ in a search literally', async () => {
    expect((await list('filter=100%25')).ids).toEqual([ids.agri]);
    expect((await list('filter=%25')).ids).toEqual([ids.agri]);
    expect((await list('filter=_')).ids).toEqual([]);
  });

  it('never finds drafts or ended events by search', async () => {
    const r = await list('filter=gala');
    expect(r.ids).toEqual([]);
    expect((await list('filter=meetup')).ids).toEqual([]);
  });

  it('filters by Nairobi days: events overlapping [start 00:00, end+1 00:00)', async () => {
    const fintechDay = nairobiDay(new Date(Date.now() + 48 * HOUR));
    const r = await list(`start=${fintechDay}&end=${fintechDay}`);
    expect(r.ids).toContain(ids.fintech);
    expect(r.ids).not.toContain(ids.agri);
    // Ended events leave the public lists, even for a day in the past (their page stays, marked ended).
    const pastDay = nairobiDay(new Date(Date.now() - 24 * 5 * HOUR));
    expect((await list(`start=${pastDay}&end=${pastDay}`)).ids).not.toContain(ids.past);
    // Only a start: everything from that day on.
    const startOnly = await list(`start=${nairobiDay(new Date(Date.now() + 24 * 9 * HOUR))}`);
    expect(startOnly.ids).toEqual([ids.agri, ids.leadership, ids.leadershipTwin]);
    // Only an end: what has not ended, up to that day.
    const endOnly = await list(`end=${nairobiDay(new Date(Date.now() + 24 * 11 * HOUR))}`);
    expect(endOnly.ids).toEqual([ids.ongoing, ids.fintech, ids.agri]);
  });

  it('combines every filter', async () => {
    const from = nairobiDay(new Date(Date.now() + 24 * HOUR));
    const to = nairobiDay(new Date(Date.now() + 24 * 30 * HOUR));
    const base = `start=${from}&end=${to}&category_id=${ids.catTech}`;
    expect((await list(base)).ids).toEqual([ids.fintech, ids.leadership, ids.leadershipTwin]);
    expect((await list(`${base}&organizer_id=${ids.orgAcacia}`)).ids).toEqual([ids.leadership]);
    expect((await list(`${base}&organizer_id=${ids.orgZawadi}&filter=breakfast`)).ids).toEqual([ids.leadershipTwin]);
    expect(await list(`${base}&organizer_id=${ids.orgZawadi}&filter=breakfast&limit=1&page=2`)).toMatchObject({
      ids: [],
      total: 1,
    });
  });

  it('shows each event with its open tickets, totals, slug and organiser', async () => {
    const event = (await list('filter=Fintech%20Summit')).data[0]!;
    expect(event).toMatchObject({
      id: ids.fintech,
      title: 'Nairobi Fintech Summit 2026',
      slug: 'nairobi-fintech-summit-2026',
      image: null,
      image_card: null,
      location: 'KICC, Nairobi',
      currency: 'USD',
      category_id: ids.catTech,
      category: { id: ids.catTech, name: 'Technology & Innovation' },
      organizer: { id: ids.orgZawadi, display_name: 'Zawadi Events' },
      status: 1,
      tickets_bought: 31,
      max_tickets: 130,
      price_from: 25,
    });
    expect(event.tickets.map((x) => x.name)).toEqual(['Early Bird', 'VIP', 'Group of 5']);
    expect(new Date(event.start_time).getTime()).toBeGreaterThan(Date.now());
    expect(event.end_time > event.start_time).toBe(true);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['page=0', 'page'],
    ['page=1.5', 'page'],
    ['start=2026-13-01', 'start'],
    ['start=2026-02-30', 'start'],
    ['end=tomorrow', 'end'],
    ['start=2026-05-10&end=2026-05-09', 'end'],
    ['category_id=abc', 'category_id'],
    ['organizer_id=-1', 'organizer_id'],
    [`filter=${'x'.repeat(101)}`, 'filter'],
  ])('answers %s with a 400 envelope naming %s', async (query, field) => {
    const res = await get(`/v1/event/view?${query}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.status_description).toContain(field);
    expect(body.data.errors.map((e: { path: string }) => e.path)).toContain(field);
  });
});

describe('GET v1/event/details/{id}', () => {
  it('shows a published event with its open ticket types in their order', async () => {
    const res = await get(`/v1/event/details/${ids.fintech}`);
    expect(res.statusCode).toBe(200);
    const event: Event = res.json().data;
    expect(event.full_description).toBe('Day one covers mobile money.\n\nDay two covers open banking.');
    expect(event.tickets).toEqual([
      {
        id: fintechTicketIds[0],
        name: 'Early Bird',
        no_of_persons: 1,
        price_per_ticket: 25,
        max_tickets: 100,
        status: 1,
        tickets_bought: 10,
        available: 88,
        hidden: false,
        tiers: [],
        waitlist: false,
      },
      {
        id: fintechTicketIds[2],
        name: 'VIP',
        no_of_persons: 1,
        price_per_ticket: 150.5,
        max_tickets: 20,
        status: 1,
        tickets_bought: 20,
        available: 0,
        hidden: false,
        tiers: [],
        waitlist: true,
      },
      {
        id: fintechTicketIds[3],
        name: 'Group of 5',
        no_of_persons: 5,
        price_per_ticket: 400,
        max_tickets: 10,
        status: 1,
        tickets_bought: 1,
        available: 9,
        hidden: false,
        tiers: [],
        waitlist: false,
      },
    ]);
  });

  it('shows an ended published event, marked ended', async () => {
    const res = await get(`/v1/event/details/${ids.past}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ended: true });
    expect((await get(`/v1/event/details/${ids.fintech}`)).json().data).toMatchObject({ ended: false });
  });

  it('prices "From" at the lowest type still on sale, and marks an event whose every type is gone sold out', async () => {
    // An app of its own, so the organiser and category made here stay out of the other lists.
    const own = await createTestApp();
    const db = own.database.db;
    const get = (url: string) => own.app.inject({ method: 'GET', url });
    const org = await createOrganiser(db);
    const category = await createCategory(db);
    const { event } = await createEvent(db, {
      organisationId: org.organisationId,
      categoryId: category.id,
      tickets: [
        { name: 'Early bird', price: 10, max: 5, sold: 5 },
        { name: 'Regular', price: 40, max: 50 },
      ],
    });
    expect((await get(`/v1/event/details/${event.id}`)).json().data).toMatchObject({ price_from: 40, sold_out: false });
    await db.execute(sql`UPDATE ticket_types SET sold = max_tickets WHERE event_id = ${event.id}`);
    expect((await get(`/v1/event/details/${event.id}`)).json().data).toMatchObject({
      price_from: null,
      sold_out: true,
    });
  });

  it('gives each card the totals, "From" price and sold-out mark of the full event, whatever its tickets', async () => {
    // Cards are summed up by PostgreSQL, full events from their ticket types in Node: both must agree.
    const own = await createTestApp();
    const db = own.database.db;
    const get = (url: string) => own.app.inject({ method: 'GET', url });
    const org = await createOrganiser(db);
    const category = await createCategory(db);
    const shapes: Pick<Parameters<typeof createEvent>[1], 'currency' | 'tickets'>[] = [
      { tickets: [] },
      { tickets: [{ name: 'Gone', price: 10, max: 5, status: 3 }] },
      { tickets: [{ name: 'Free', price: 0, max: 20, sold: 3 }] },
      {
        tickets: [
          { name: 'Early bird', price: 10, max: 5, sold: 5 },
          { name: 'Regular', price: 40.5, max: 50, sold: 7 },
          { name: 'Deleted cheap', price: 1, max: 50, status: 3 },
        ],
      },
      {
        tickets: [
          { name: 'A', price: 15, max: 4, sold: 4 },
          { name: 'B', price: 25, max: 2, sold: 2 },
        ],
      },
      // Seats held by a pending booking are not on sale either (set below).
      {
        tickets: [
          { name: 'Held', price: 30, max: 6, sold: 2 },
          { name: 'Dear', price: 90, max: 10 },
        ],
      },
      {
        currency: 'KES',
        tickets: [
          { name: 'Kawaida', price: 1500, max: 100, sold: 99 },
          { name: 'VIP', price: 5000, max: 10 },
        ],
      },
    ];
    for (const [i, shape] of shapes.entries()) {
      const { tickets } = await createEvent(db, {
        organisationId: org.organisationId,
        categoryId: category.id,
        startsInHours: 24 + i,
        ...shape,
      });
      if (tickets[0]?.name === 'Held')
        await db.update(ticketTypes).set({ held: 4 }).where(eq(ticketTypes.id, tickets[0].id));
    }
    const query = `limit=${shapes.length}&organizer_id=${org.organisationId}`;
    const full: Event[] = (await get(`/v1/event/view?${query}`)).json().data.data;
    const cards = listEventCardsDataSchema.parse((await get(`/v1/event/view?${query}&fields=card`)).json().data);
    expect(cards.data).toHaveLength(shapes.length);
    expect(cards.data.map((c) => [c.sold_out, c.price_from])).toEqual([
      [false, null],
      [false, null],
      [false, 0],
      [false, 40.5],
      [true, null],
      [false, 90],
      [false, 1500],
    ]);
    for (const [i, card] of cards.data.entries()) {
      const {
        full_description: _f,
        tickets: _t,
        attendee_names: _a,
        changes_lock_hours: _h,
        invoice_payment_days: _d,
        invoice_payment_until: _u,
        service_fee: _s,
        ...rest
      } = full[i]!;
      expect(card).toEqual(rest);
    }
    await own.close();
  });

  it('answers 404 for a draft or a missing event', async () => {
    for (const id of [ids.draft, 987654]) {
      const res = await get(`/v1/event/details/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, status_description: 'Event not found', data: { code: 'not_found' } });
    }
  });

  it('answers 400 for an id that is not a positive number', async () => {
    for (const id of ['abc', '0', '1.5', '99999999999']) {
      const res = await get(`/v1/event/details/${id}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors[0].path).toBe('id');
    }
  });

  it('gives image URLs that serve the image and its card', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0f766e' } })
      .png()
      .toBuffer();
    const { id: imageId, key } = await storeImage({ config: t.config, db: t.database.db }, png);
    await t.database.db.update(events).set({ imageId }).where(eq(events.id, ids.agri));
    const event: Event = (await get(`/v1/event/details/${ids.agri}`)).json().data;
    expect(event.image).toBe(`/media/${key}.jpg`);
    expect(event.image_card).toBe(`/media/${key}/card.jpg`);
    for (const url of [event.image!, event.image_card!]) {
      const img = await get(url);
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await list(`filter=agritech`)).data[0]!.image_card).toBe(`/media/${key}/card.jpg`);
  });

  it('shows no tickets and no price for an event whose ticket types are all deleted', async () => {
    const { event } = await createEvent(t.database.db, {
      organisationId: ids.orgZawadi,
      categoryId: ids.catEmpty,
      tickets: [{ name: 'Gone', price: 10, max: 5, status: 3 }],
    });
    const body: Event = (await get(`/v1/event/details/${event.id}`)).json().data;
    expect(body).toMatchObject({ tickets: [], tickets_bought: 0, max_tickets: 0, price_from: null });
    await t.database.db.delete(events).where(eq(events.id, event.id));
  });
});

describe('GET v1/event/{id}/tickets', () => {
  it('lists the open ticket types of a published event', async () => {
    const res = await get(`/v1/event/${ids.fintech}/tickets`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((x: { id: number }) => x.id)).toEqual([
      fintechTicketIds[0],
      fintechTicketIds[2],
      fintechTicketIds[3],
    ]);
  });

  it('answers 404 for a draft or missing event and 400 for a bad id', async () => {
    expect((await get(`/v1/event/${ids.draft}/tickets`)).json()).toMatchObject({
      status: 404,
      data: { code: 'not_found' },
    });
    expect((await get('/v1/event/424242/tickets')).statusCode).toBe(404);
    expect((await get('/v1/event/x/tickets')).statusCode).toBe(400);
  });
});

describe('GET v1/client/view', () => {
  it('lists organisers with a published event, by name, without drafts-only ones', async () => {
    const res = await get('/v1/client/view');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: ids.orgAcacia, display_name: 'acacia Conferences', slug: 'acacia-conferences' },
      { id: ids.orgZawadi, display_name: 'Zawadi Events', slug: 'zawadi-events' },
    ]);
  });
});

describe('GET v1/category/view', () => {
  it('lists every category by name', async () => {
    const res = await get('/v1/category/view');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 200,
      data: [
        { id: ids.catAgri, name: 'Agribusiness' },
        { id: ids.catEmpty, name: 'Legal & Compliance' },
        { id: ids.catTech, name: 'Technology & Innovation' },
      ],
    });
  });
});
