import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { BADGE_LAYOUTS } from '@tikiti/contract';
import { bookingAttendees } from '../../db/schema/index.js';
import { asCaller, paidBookingWithTickets } from '../../test-support/door.js';
import { createCategory, createEvent, createOrganiser } from '../../test-support/fixtures.js';
import { pdfQrCodes } from '../../test-support/pdf-images.js';
import { pdfPages } from '../../test-support/pdf-text.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { badgeBoxes, badgeGeometry } from './badge-pdf.js';
import { FONT_BOLD, withTikitiFonts } from '../../lib/pdf-fonts.js';

/** Name badges (docs/product.md#name-badges): layouts, fitting names, QR codes that admit, printed marks. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof createOrganiser>>;
let door: Awaited<ReturnType<typeof createOrganiser>>;
let eventId: number;
let codes: string[];
let vipTypeId: number;

/** 60 characters, with letters that carry diacritics. */
const LONG_NAME = 'Wanjirū Nyambura-Kariūki Ñúñez Ôkonkwo Élisabeth Müller Østb';

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  owner = await createOrganiser(db);
  door = await createOrganiser(db, { organisationId: owner.organisationId, role: 'checkin' });
  const categoryId = (await createCategory(db)).id;
  const { event, tickets } = await createEvent(db, {
    organisationId: owner.organisationId,
    categoryId,
    title: 'East Africa Engineering Summit',
    tickets: [
      { name: 'Delegate', price: 33.33, max: 100 },
      { name: 'VIP', price: 19.99, max: 10 },
    ],
  });
  eventId = event.id;
  vipTypeId = tickets[1]!.id;
  codes = [];
  const delegates = await paidBookingWithTickets(t, {
    eventId,
    fullName: LONG_NAME,
    lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 20 }],
  });
  const more = await paidBookingWithTickets(t, {
    eventId,
    lines: [{ ticketTypeId: tickets[0]!.id, name: 'Delegate', quantity: 20 }],
  });
  const vips = await paidBookingWithTickets(t, {
    eventId,
    lines: [{ ticketTypeId: tickets[1]!.id, name: 'VIP', quantity: 10 }],
  });
  const first = delegates.tickets[0]!;
  await db.insert(bookingAttendees).values({
    bookingId: first.bookingId,
    bookingLineId: first.bookingLineId,
    seq: first.seq,
    fullName: LONG_NAME,
    company: 'Kenya Power & Lighting Company',
    jobTitle: 'Principal Engineer',
    named: true,
  });
  codes = [...delegates.tickets, ...more.tickets, ...vips.tickets].map((x) => x.code);
});
afterAll(() => t.close());

const badges = (query: string) =>
  asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/badges.pdf?${query}` }, owner.token);

describe('badges', () => {
  it('fit a 60-character name with diacritics inside the badge box, in every layout', () => {
    expect([...LONG_NAME]).toHaveLength(60);
    const doc = withTikitiFonts(new PDFDocument({ autoFirstPage: false }));
    for (const layout of BADGE_LAYOUTS) {
      const box = badgeBoxes(layout)[0]!;
      const g = badgeGeometry(doc, { name: LONG_NAME }, box);
      expect(g.nameWidth).toBeLessThan(box.w);
      expect(g.name.lines.length, layout).toBeLessThanOrEqual(3);
      doc.font(FONT_BOLD).fontSize(g.name.size);
      for (const line of g.name.lines)
        expect(doc.widthOfString(line), `${layout}: ${line}`).toBeLessThanOrEqual(g.nameWidth);
      // Nothing cut: every letter is on the badge with its accents, as typed.
      expect(g.name.lines.join(' ')).toBe(LONG_NAME);
      // Measured: 17 pt on two lines in a6, 15.5 in a4-2x2, 11.5 on three in a4-2x4, 12 on the label.
      expect(g.name.size).toBeGreaterThanOrEqual(11);
    }
  });

  it('put 50 attendees on 7 pages of a4-2x4, each QR code admitting its ticket at the door once', async () => {
    const summary = await asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/badges` }, owner.token);
    expect(summary.json().data).toMatchObject({ total: 50, not_printed: 50 });
    const res = await badges('layout=a4-2x4');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(7);
    expect(pages[0]).toContain('East Africa Engineering Summit');
    expect(pages.join(' ')).toContain('Kenya Power & Lighting Company');
    const qrs = (await pdfQrCodes(res.rawPayload)).flat();
    expect(qrs.sort()).toEqual([...codes].sort());
    for (const code of qrs.slice(0, 5)) {
      const admit = () =>
        asCaller(
          t,
          { method: 'POST', url: `/v1/client/event/${eventId}/checkin`, payload: { code, device_id: 'Door 1' } },
          door.token,
        );
      expect((await admit()).json().data.verdict.result).toBe('admitted');
      expect((await admit()).json().data.verdict.result).toBe('already_checked_in');
    }
  });

  it('are marked printed; "not yet printed" then finds none, and a type filter keeps its own', async () => {
    const none = await badges('layout=a6&not_printed=true');
    expect(none.statusCode).toBe(409);
    expect(none.json().data.code).toBe('badge.nothing_to_print');
    const vip = await badges(`layout=label-4x3in&ticket_type_id=${vipTypeId}`);
    expect(vip.statusCode).toBe(200);
    expect(vip.headers['x-badge-count']).toBe('10');
    expect(await pdfPages(vip.rawPayload)).toHaveLength(10);
    const twoByTwo = await badges('layout=a4-2x2');
    expect(await pdfPages(twoByTwo.rawPayload)).toHaveLength(13);
    const summary = await asCaller(t, { method: 'GET', url: `/v1/client/event/${eventId}/badges` }, owner.token);
    expect(summary.json().data.not_printed).toBe(0);
  });
});
