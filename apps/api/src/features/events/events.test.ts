import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS, eventSchema, LIMITS, ticketTypeSchema } from '@tikiti/contract';
import { events, media, ticketTypes } from '../../db/schema/index.js';
import { createCategory, createOrganiser } from '../../test-support/fixtures.js';
import { eventFields, jpegImage, pngImage, sendEventForm } from '../../test-support/organiser-events.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let organiser: Awaited<ReturnType<typeof createOrganiser>>;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  organiser = await createOrganiser(t.database.db);
  categoryId = (await createCategory(t.database.db, 'Technology')).id;
  otherCategoryId = (await createCategory(t.database.db, 'Finance')).id;
});
afterAll(() => t.close());

const auth = () => ({ auth: organiser.token });

async function createDraft(overrides: Record<string, string | number> = {}) {
  const res = await sendEventForm(t.app, {
    method: 'POST',
    url: '/v1/event/register',
    token: organiser.token,
    fields: eventFields(categoryId, overrides),
    file: { name: 'banner.png', bytes: await pngImage(), type: 'image/png' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as number;
}

const eventRow = async (id: number) => (await t.database.db.select().from(events).where(eq(events.id, id)))[0];
const eventCount = async () => (await t.database.db.select({ id: events.id }).from(events)).length;

describe('the organiser flow: create → tickets → published → edit → tickets → list', () => {
  it('runs end to end and buyers see what the organiser made', async () => {
    // Categories for the form.
    const categoriesRes = await t.app.inject({ method: 'GET', url: '/v1/client/category/view', headers: auth() });
    expect(categoriesRes.statusCode).toBe(200);
    expect(categoriesRes.json().data).toEqual([
      { id: otherCategoryId, name: 'Finance' },
      { id: categoryId, name: 'Technology' },
    ]);

    // Step 2: create (multipart) → 201 with the id and a friendly message; a draft.
    const fields = eventFields(categoryId, { start_time: '2031-03-12T09:00', end_time: '2031-03-12T17:00' });
    const created = await sendEventForm(t.app, {
      method: 'POST',
      url: '/v1/event/register',
      token: organiser.token,
      fields,
      file: { name: 'banner.png', bytes: await pngImage(3000, 1500), type: 'image/png' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.status).toBe(201);
    expect(body.status_description).toBe('Event created. Add tickets to publish it.');
    const id = body.data as number;
    expect(Number.isInteger(id)).toBe(true);

    const row = (await eventRow(id))!;
    expect(row.status).toBe(EVENT_STATUS.draft);
    expect(row.organisationId).toBe(organiser.organisationId);
    // Nairobi wall time 09:00 is 06:00 UTC; the descriptions land in their own columns.
    expect(row.startTime.toISOString()).toBe('2031-03-12T06:00:00.000Z');
    expect(row.endTime.toISOString()).toBe('2031-03-12T14:00:00.000Z');
    expect(row.shortDescription).toBe(fields.short_description);
    expect(row.fullDescription).toBe(fields.full_description);
    expect(row.imageId).not.toBeNull();
    // A draft's image is not public: only the signed address of the organiser's own view serves it.
    const own = eventSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/v1/client/event/${id}`, headers: auth() })).json().data,
    );
    expect(own.image).toMatch(/^\/media\/[\w-]{22}\.jpg\?sig=/);
    expect((await t.app.inject({ method: 'GET', url: own.image!.split('?')[0]! })).statusCode).toBe(404);
    const image = await t.app.inject({ method: 'GET', url: own.image! });
    expect(image.statusCode).toBe(200);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(2160);

    // A draft is not public.
    expect((await t.app.inject({ method: 'GET', url: `/v1/event/details/${id}` })).statusCode).toBe(404);

    // Step 3: the first ticket types publish the event.
    const tickets = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${id}/ticket/register`,
      headers: auth(),
      payload: [
        { name: 'Early bird', price_per_ticket: 25.5, no_of_persons: 1, max_tickets: 50 },
        { name: 'Group of 4', price_per_ticket: 90, no_of_persons: 4, max_tickets: 10 },
      ],
    });
    expect(tickets.statusCode, tickets.body).toBe(201);
    const saved = tickets.json().data;
    expect(saved).toHaveLength(2);
    for (const ticket of saved) ticketTypeSchema.parse(ticket);
    expect(
      saved.map((x: { name: string; price_per_ticket: number; no_of_persons: number; max_tickets: number }) => [
        x.name,
        x.price_per_ticket,
        x.no_of_persons,
        x.max_tickets,
      ]),
    ).toEqual([
      ['Early bird', 25.5, 1, 50],
      ['Group of 4', 90, 4, 10],
    ]);
    expect((await eventRow(id))!.status).toBe(EVENT_STATUS.published);
    const priceRows = await t.database.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, id));
    expect(priceRows.map((r) => r.priceMinor).sort((a, b) => a - b)).toEqual([2550, 9000]);

    // Buyers see it.
    const details = await t.app.inject({ method: 'GET', url: `/v1/event/details/${id}` });
    expect(details.statusCode).toBe(200);
    const publicEvent = eventSchema.parse(details.json().data);
    expect(publicEvent).toMatchObject({
      id,
      title: fields.title,
      status: 1,
      max_tickets: 60,
      tickets_bought: 0,
      price_from: 25.5,
    });
    expect(publicEvent.tickets.map((x) => x.name)).toEqual(['Early bird', 'Group of 4']);

    // Edit: new title, category and image; the replaced image is deleted, not left behind.
    const oldImage = publicEvent.image;
    const mediaBefore = (await t.database.db.select({ id: media.id }).from(media)).length;
    const updated = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: { ...fields, id, title: 'Nairobi Fintech Summit 2031', category_id: otherCategoryId },
      file: { name: 'new.jpg', bytes: await jpegImage(800, 400), type: 'image/jpeg' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const updatedEvent = eventSchema.parse(updated.json().data);
    expect(updatedEvent).toMatchObject({
      id,
      title: 'Nairobi Fintech Summit 2031',
      category_id: otherCategoryId,
      status: 1,
    });
    expect(updatedEvent.image).not.toBe(oldImage);
    expect((await t.app.inject({ method: 'GET', url: oldImage! })).statusCode).toBe(404);
    expect(await t.database.db.select().from(media).where(eq(media.id, row.imageId!))).toEqual([]);
    expect((await t.database.db.select({ id: media.id }).from(media)).length).toBe(mediaBefore);
    expect((await t.app.inject({ method: 'GET', url: updatedEvent.image! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: updatedEvent.image_card! })).statusCode).toBe(200);

    // Edit without a new file keeps the image.
    const noFile = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: { ...fields, title: 'Nairobi Fintech Summit 2031', short_description: 'Changed' },
    });
    expect(noFile.statusCode, noFile.body).toBe(200);
    expect(noFile.json().data).toMatchObject({ image: updatedEvent.image, short_description: 'Changed' });

    // Ticket update: change one, add one.
    const [early, group] = saved;
    const ticketUpdate = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${id}/ticket/update`,
      headers: auth(),
      payload: [
        { ...early, price_per_ticket: 30, max_tickets: 80 },
        { ...group, status: 3 },
        { id: -1, name: 'VIP', price_per_ticket: 150, no_of_persons: 1, max_tickets: 5, status: 1 },
      ],
    });
    expect(ticketUpdate.statusCode, ticketUpdate.body).toBe(200);
    expect(
      ticketUpdate
        .json()
        .data.map((x: { name: string; price_per_ticket: number; max_tickets: number }) => [
          x.name,
          x.price_per_ticket,
          x.max_tickets,
        ]),
    ).toEqual([
      ['Early bird', 30, 80],
      ['VIP', 150, 5],
    ]);

    // The list shows the event with its totals over open ticket types.
    const list = await t.app.inject({ method: 'GET', url: '/v1/client/event/view', headers: auth() });
    expect(list.statusCode).toBe(200);
    const listed = list.json().data;
    expect(listed.total).toBeGreaterThanOrEqual(1);
    const mine = listed.data.find((e: { id: number }) => e.id === id);
    expect(mine).toMatchObject({ title: 'Nairobi Fintech Summit 2031', tickets_bought: 0, max_tickets: 85 });

    // And buyers see the edited event.
    const after = (await t.app.inject({ method: 'GET', url: `/v1/event/details/${id}` })).json().data;
    expect(after).toMatchObject({
      title: 'Nairobi Fintech Summit 2031',
      short_description: 'Changed',
      max_tickets: 85,
    });
  });

  it('prices an event in KES in whole shillings, and keeps one currency once tickets are sold', async () => {
    const id = await createDraft({ currency: 'KES' });
    expect((await eventRow(id))!.currency).toBe('KES');
    const register = (price: number) =>
      t.app.inject({
        method: 'POST',
        url: `/v1/event/${id}/ticket/register`,
        headers: auth(),
        payload: [{ name: 'Regular', price_per_ticket: price, no_of_persons: 1, max_tickets: 100 }],
      });
    const cents = await register(2500.5);
    expect(cents.statusCode).toBe(400);
    expect(cents.json().status_description).toBe('0.price_per_ticket: KES prices are whole amounts, such as 2500');
    expect((await register(2500)).statusCode).toBe(201);
    const details = await t.app.inject({ method: 'GET', url: `/v1/client/event/${id}`, headers: auth() });
    expect(details.json().data).toMatchObject({ currency: 'KES', tickets: [{ price_per_ticket: 2500 }] });

    await t.database.db.execute(sql`UPDATE ticket_types SET sold = 1 WHERE event_id = ${id}`);
    const toUsd = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { currency: 'USD' }),
    });
    expect(toUsd.statusCode).toBe(400);
    expect(toUsd.json().status_description).toMatch(/^currency: Tickets are already sold in KES/);
    expect((await eventRow(id))!.currency).toBe('KES');
  });

  it('starts a new event in KES, then in the currency of the organisation’s newest event', async () => {
    const fresh = await createOrganiser(t.database.db);
    const defaults = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/v1/client/event/defaults', headers: { auth: token } })).json();
    expect(await defaults(fresh.token)).toMatchObject({ status: 200, data: { currency: 'KES' } });
    const create = async (currency: string) => {
      const res = await sendEventForm(t.app, {
        method: 'POST',
        url: '/v1/event/register',
        token: fresh.token,
        fields: eventFields(categoryId, { currency }),
        file: { name: 'banner.png', bytes: await pngImage(), type: 'image/png' },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await create('USD');
    expect((await defaults(fresh.token)).data).toEqual({ currency: 'USD' });
    await create('KES');
    expect((await defaults(fresh.token)).data).toEqual({ currency: 'KES' });
    await create('USD');
    // Another organisation's choice is its own.
    const other = await createOrganiser(t.database.db);
    expect((await defaults(other.token)).data).toEqual({ currency: 'KES' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/client/event/defaults' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('switches an event back to draft and publishes it again from the edit form', async () => {
    const id = await createDraft();
    // Publishing without ticket types is refused and changes nothing.
    const refused = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { status: 1, title: 'Should not stick' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().status_description).toMatch(/^status: /);
    expect(await eventRow(id)).toMatchObject({ status: 2, title: 'Nairobi Fintech Summit' });

    const saved = await t.app.inject({
      method: 'POST',
      url: `/v1/event/${id}/ticket/register`,
      headers: auth(),
      payload: [{ name: 'Regular', price_per_ticket: 10, no_of_persons: 1, max_tickets: 100 }],
    });
    expect(saved.statusCode).toBe(201);
    expect((await eventRow(id))!.status).toBe(1);

    const toDraft = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { status: 2 }),
    });
    expect(toDraft.statusCode).toBe(200);
    expect(toDraft.json().data.status).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/v1/event/details/${id}` })).statusCode).toBe(404);

    // Saving more ticket types does not publish a draft that already had some.
    await t.app.inject({
      method: 'POST',
      url: `/v1/event/${id}/ticket/register`,
      headers: auth(),
      payload: [{ name: 'Student', price_per_ticket: 5, no_of_persons: 1, max_tickets: 20 }],
    });
    expect((await eventRow(id))!.status).toBe(2);

    const republish = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { status: 1 }),
    });
    expect(republish.statusCode).toBe(200);
    expect(republish.json().data.status).toBe(1);
    expect((await t.app.inject({ method: 'GET', url: `/v1/event/details/${id}` })).statusCode).toBe(200);
  });
});

describe('event form validation (400 naming the field, nothing stored)', () => {
  const cases: [string, (categoryId: number) => Record<string, string | number>, string][] = [
    [
      'missing title',
      (c) => {
        const { title: _omit, ...rest } = eventFields(c);
        return rest;
      },
      'title',
    ],
    ['blank title', (c) => eventFields(c, { title: '   ' }), 'title'],
    ['a title that is too long', (c) => eventFields(c, { title: 'x'.repeat(LIMITS.titleMax + 1) }), 'title'],
    ['missing location', (c) => eventFields(c, { location: '' }), 'location'],
    [
      'end before start',
      (c) => eventFields(c, { start_time: '2031-03-12T17:00', end_time: '2031-03-12T09:00' }),
      'end_time',
    ],
    [
      'end equal to start',
      (c) => eventFields(c, { start_time: '2031-03-12T09:00', end_time: '2031-03-12T09:00' }),
      'end_time',
    ],
    [
      'an event that has already ended',
      (c) => eventFields(c, { start_time: '2020-03-12T09:00', end_time: '2020-03-12T17:00' }),
      'end_time',
    ],
    ['a date that does not exist', (c) => eventFields(c, { start_time: '2031-02-30T09:00' }), 'start_time'],
    ['a date that is not a date', (c) => eventFields(c, { start_time: 'next tuesday' }), 'start_time'],
    ['currency EUR', (c) => eventFields(c, { currency: 'EUR' }), 'currency'],
    ['category 9999', (c) => eventFields(c, { category_id: 9999 }), 'category_id'],
    ['no category', (c) => eventFields(c, { category_id: '' }), 'category_id'],
    ['category not a number', (c) => eventFields(c, { category_id: 'abc' }), 'category_id'],
    [
      'a short description that is too long',
      (c) => eventFields(c, { short_description: 'x'.repeat(LIMITS.shortDescriptionMax + 1) }),
      'short_description',
    ],
    ['names required "always"', (c) => eventFields(c, { attendee_names: 'always' }), 'attendee_names'],
    ['a lock of 169 hours', (c) => eventFields(c, { changes_lock_hours: 169 }), 'changes_lock_hours'],
    ['a lock of 1.5 hours', (c) => eventFields(c, { changes_lock_hours: '1.5' }), 'changes_lock_hours'],
  ];

  it.each(cases)('refuses %s', async (_label, build, field) => {
    const before = await eventCount();
    const res = await sendEventForm(t.app, {
      method: 'POST',
      url: '/v1/event/register',
      token: organiser.token,
      fields: build(categoryId),
      file: { name: 'banner.png', bytes: await pngImage(), type: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.status).toBe(400);
    expect(body.status_description.startsWith(`${field}: `)).toBe(true);
    expect(body.data.errors[0].path).toBe(field);
    expect(await eventCount()).toBe(before);
  });

  it('validates the update form the same way and leaves the event unchanged', async () => {
    const id = await createDraft();
    const before = await eventRow(id);
    for (const [fields, field] of [
      [eventFields(categoryId, { title: '' }), 'title'],
      [eventFields(categoryId, { start_time: '2031-03-12T17:00', end_time: '2031-03-12T09:00' }), 'end_time'],
      [eventFields(categoryId, { currency: 'EUR' }), 'currency'],
      [eventFields(categoryId, { category_id: 9999 }), 'category_id'],
      [eventFields(categoryId, { status: 5 }), 'status'],
    ] as const) {
      const res = await sendEventForm(t.app, {
        method: 'PUT',
        url: `/v1/event/update/${id}`,
        token: organiser.token,
        fields,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().status_description.startsWith(`${field}: `)).toBe(true);
    }
    expect(await eventRow(id)).toEqual(before);
  });

  it('keeps the delegates’ rules the form sets (names at checkout, a lock in hours), else the defaults', async () => {
    const id = await createDraft({ attendee_names: 'at_checkout', changes_lock_hours: 48 });
    const own = (await t.app.inject({ method: 'GET', url: `/v1/client/event/${id}`, headers: auth() })).json().data;
    expect([own.attendee_names, own.changes_lock_hours]).toEqual(['at_checkout', 48]);
    const updated = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { attendee_names: 'later', changes_lock_hours: 0 }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect([updated.json().data.attendee_names, updated.json().data.changes_lock_hours]).toEqual(['later', 0]);
    const plain = (await eventRow(await createDraft()))!;
    expect([plain.attendeeNames, plain.changesLockHours]).toEqual(['later', 24]);
  });

  it('accepts an instant with an explicit offset', async () => {
    const id = await createDraft({ start_time: '2031-05-01T09:00:00+03:00', end_time: '2031-05-01T15:00:00Z' });
    const row = (await eventRow(id))!;
    expect(row.startTime.toISOString()).toBe('2031-05-01T06:00:00.000Z');
    expect(row.endTime.toISOString()).toBe('2031-05-01T15:00:00.000Z');
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await sendEventForm(t.app, {
      method: 'PUT',
      url: '/v1/event/update/999999',
      token: organiser.token,
      fields: eventFields(categoryId),
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a body that is not multipart with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/event/register',
      headers: auth(),
      payload: eventFields(categoryId),
    });
    expect(res.statusCode).toBe(415);
  });
});

describe('image uploads', () => {
  const mediaCount = async () => (await t.database.db.select({ id: media.id }).from(media)).length;

  async function upload(
    file: { name: string; bytes: Buffer; type?: string } | undefined,
    overrides: Record<string, string> = {},
  ) {
    return sendEventForm(t.app, {
      method: 'POST',
      url: '/v1/event/register',
      token: organiser.token,
      fields: eventFields(categoryId, overrides),
      file,
    });
  }

  it('refuses a text file named .png with 415', async () => {
    const before = [await eventCount(), await mediaCount()];
    const res = await upload({
      name: 'photo.png',
      bytes: Buffer.from('this is plain text, not a picture'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, data: { code: 'image.wrong_type' } });
    expect([await eventCount(), await mediaCount()]).toEqual(before);
  });

  it('refuses an 11 MB file with 413', async () => {
    const before = [await eventCount(), await mediaCount()];
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    (await pngImage()).copy(big);
    const res = await upload({ name: 'huge.png', bytes: big, type: 'image/png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().status_description).toMatch(/^file: /);
    expect([await eventCount(), await mediaCount()]).toEqual(before);
  });

  it('refuses an empty file with 400', async () => {
    const before = await eventCount();
    const res = await upload({ name: 'empty.png', bytes: Buffer.alloc(0), type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe('file: The file is empty');
    expect(await eventCount()).toBe(before);
  });

  it('requires a file on create', async () => {
    const before = await eventCount();
    const res = await upload(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe('file: Image is required');
    expect(await eventCount()).toBe(before);
  });

  it('treats an empty file input (no name, no bytes) as no file', async () => {
    const res = await upload({ name: '', bytes: Buffer.alloc(0) });
    expect(res.statusCode).toBe(400);
    expect(res.json().status_description).toBe('file: Image is required');
  });

  it('refuses two files with 400 and a field longer than the form allows with 400', async () => {
    const before = [await eventCount(), await mediaCount()];
    const png = new Blob([new Uint8Array(await pngImage())], { type: 'image/png' });
    const form = new FormData();
    for (const [k, v] of Object.entries(eventFields(categoryId))) form.append(k, String(v));
    form.append('file', png, 'one.png');
    form.append('file', png, 'two.png');
    const encoded = new Response(form);
    const twoFiles = await t.app.inject({
      method: 'POST',
      url: '/v1/event/register',
      headers: { ...auth(), 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(twoFiles.statusCode, twoFiles.body).toBe(400);
    expect(twoFiles.json().status_description).toBe('file: Send one image only');

    // Over the form's 64 KB per field: refused, never silently cut short and stored.
    const long = await upload(
      { name: 'ok.png', bytes: await pngImage(), type: 'image/png' },
      { full_description: 'x'.repeat(70_000) },
    );
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json().status_description).toBe('full_description: Too long');
    expect([await eventCount(), await mediaCount()]).toEqual(before);
  });

  it('refuses a bad image on update and keeps the old one', async () => {
    const id = await createDraft();
    const before = (await eventRow(id))!;
    const res = await sendEventForm(t.app, {
      method: 'PUT',
      url: `/v1/event/update/${id}`,
      token: organiser.token,
      fields: eventFields(categoryId, { title: 'Changed' }),
      file: { name: 'fake.jpg', bytes: Buffer.from('GIF89a not really'), type: 'image/jpeg' },
    });
    expect(res.statusCode).toBe(415);
    expect(await eventRow(id)).toEqual(before);
  });
});
