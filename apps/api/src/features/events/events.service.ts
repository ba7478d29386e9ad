import {
  addDays,
  EVENT_STATUS,
  startOfNairobiDay,
  type DashboardSummary,
  attendeeDataRemovalDate,
  type Event,
  type OwnEvent,
  type EventFields,
  type ListOwnEventsQuery,
  type NewEventDefaults,
  NEW_EVENT_CURRENCY,
  isWholeUnitCurrency,
  parseCurrency,
  toMajor,
} from '@tikiti/contract';
import type { Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../http/errors.js';
import { hasTaxProfile } from '../invoices/index.js';
import { imageUrlSigner, prepareImage, releaseImage, savePreparedImage, type ImageStore } from '../media/index.js';
import { invalidatePublicCatalogue, loadEvent, loadEventPage, toEventView } from '../catalogue/index.js';
import { paidBookingsByCurrency } from '../checkout/index.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  categoryExists,
  countOpenTicketTypes,
  findOwnEvent,
  findRetentionDates,
  insertEvent,
  lockOwnEvent,
  newestEventCurrency,
  ownEvent,
  ownEventsQuery,
  summariseOrganisation,
  updateEventRow,
  type NewEventRow,
} from './events.repo.js';
import { lockTicketTypes } from './ticket-types.repo.js';

/** The columns the event form writes (docs/product.md#where-we-depart-from-the-original-spec-and-why). */
function columnsOf(fields: EventFields) {
  return {
    title: fields.title,
    categoryId: fields.category_id,
    currency: fields.currency,
    startTime: new Date(fields.start_time),
    endTime: new Date(fields.end_time),
    location: fields.location,
    shortDescription: fields.short_description,
    fullDescription: fields.full_description,
    attendeeNames: fields.attendee_names,
    changesLockHours: fields.changes_lock_hours,
    invoicePaymentDays: fields.invoice_payment_days,
    serviceFee: fields.service_fee,
  } satisfies Partial<NewEventRow>;
}

async function requireCategory(db: Db, id: number) {
  if (!(await categoryExists(db, id))) throw invalidField('category_id', 'Pick a category from the list');
}

/** Pay by invoice issues proformas and tax invoices: the organisation needs its tax profile first. */
async function requireTaxProfileFor(db: Db, organisationId: number, fields: EventFields) {
  if (fields.invoice_payment_days > 0 && !(await hasTaxProfile(db, organisationId))) {
    throw invalidField(
      'invoice_payment_days',
      "Save the organisation's tax profile (legal name and KRA PIN) before offering pay by invoice",
    );
  }
}

/**
 * GET v1/client/event/{id}: the organisation's event as buyers would see it (the catalogue's
 * view, open ticket types only), any status. Another organisation's event is not found.
 * Its image comes with a signed address, since a draft's image is not public.
 */
export async function ownEventView(db: Db, organisationId: number, eventId: number): Promise<Event> {
  const event = await loadEvent(db, ownEvent(organisationId, eventId));
  if (!event) throw notFound('Event');
  return toEventView(event, await imageUrlSigner(db));
}

/**
 * GET v1/client/event/{id}: the event as ownEventView gives it, with when its attendees'
 * personal data goes (docs/security.md#retention), so the organiser sees it coming.
 */
export async function ownEventWithRetention(
  db: Db,
  organisationId: number,
  eventId: number,
  retentionMonths: number,
): Promise<OwnEvent> {
  const view = await ownEventView(db, organisationId, eventId);
  const dates = await findRetentionDates(db, eventId);
  if (!dates) throw notFound('Event');
  return {
    ...view,
    removes_personal_data_on: attendeeDataRemovalDate(dates.endTime, retentionMonths).toISOString(),
    personal_data_removed_at: dates.removedAt?.toISOString() ?? null,
  };
}

/**
 * POST v1/event/register: a new event of the caller's organisation, as a draft until its
 * first ticket types are saved (docs/product.md#event-status). Returns the new id.
 */
export async function createEvent(
  db: Db,
  images: ImageStore,
  organisationId: number,
  fields: EventFields,
  image: Buffer,
  now = new Date(),
): Promise<number> {
  await requireCategory(db, fields.category_id);
  await requireTaxProfileFor(db, organisationId, fields);
  if (Date.parse(fields.end_time) <= now.getTime()) throw invalidField('end_time', 'The event must end in the future');
  // Decoding, resizing and storing the bytes happen before the transaction; the image row is
  // written inside it, so an event that fails to save leaves no image behind.
  const prepared = await prepareImage(images, image);
  return db.transaction(async (tx) => {
    const stored = await savePreparedImage(tx, prepared);
    return insertEvent(tx, { ...columnsOf(fields), organisationId, imageId: stored.id, status: EVENT_STATUS.draft });
  });
}

/**
 * PUT v1/event/update/{id}: new details, optionally a new image, and optionally a switch
 * between draft and published. Publishing needs at least one open ticket type.
 */
export async function updateEvent(
  db: Db,
  images: ImageStore,
  organisationId: number,
  eventId: number,
  fields: EventFields,
  image: Buffer | undefined,
  actor: AuditActor,
): Promise<Event> {
  // Checks that need no lock come first, before any image work.
  if (!(await findOwnEvent(db, organisationId, eventId))) throw notFound('Event');
  await requireCategory(db, fields.category_id);
  await requireTaxProfileFor(db, organisationId, fields);
  const prepared = image ? await prepareImage(images, image) : undefined;

  // The new image, the event's change and the old image's removal commit together or not at all.
  await db.transaction(async (tx) => {
    const event = await lockOwnEvent(tx, organisationId, eventId);
    if (!event) throw notFound('Event');
    // A cancelled event's buyers have been refunded: it is never published again.
    if (event.status === EVENT_STATUS.cancelled) throw conflict('This event is cancelled and can no longer be changed');
    if (fields.status === EVENT_STATUS.published && event.status !== EVENT_STATUS.published) {
      if ((await countOpenTicketTypes(tx, eventId)) === 0) {
        throw invalidField('status', 'Add at least one ticket type before publishing');
      }
    }
    if (fields.currency !== event.currency) {
      // One event never mixes currencies: its price list changes currency only before anything is sold or held.
      const types = await lockTicketTypes(tx, eventId);
      if (types.some((t) => t.sold + t.held > 0)) {
        throw invalidField(
          'currency',
          `Tickets are already sold in ${event.currency}; the currency can no longer change`,
        );
      }
      if (isWholeUnitCurrency(fields.currency) && types.some((t) => t.priceMinor % 100 !== 0)) {
        throw invalidField('currency', `${fields.currency} prices are whole amounts; round the ticket prices first`);
      }
    }
    const stored = prepared ? await savePreparedImage(tx, prepared) : undefined;
    await updateEventRow(tx, eventId, {
      ...columnsOf(fields),
      ...(fields.status !== undefined ? { status: fields.status } : {}),
      ...(stored ? { imageId: stored.id } : {}),
    });
    if (stored && event.imageId !== null) await releaseImage(tx, event.imageId, eventId);
    if (fields.status !== undefined && fields.status !== event.status) {
      await recordAudit(tx, actor, {
        action: fields.status === EVENT_STATUS.published ? 'event.published' : 'event.unpublished',
        target: { type: 'event', id: eventId, label: fields.title },
      });
    }
  });
  invalidatePublicCatalogue(db);
  return ownEventView(db, organisationId, eventId);
}

/**
 * GET v1/client/event/view: the organisation's events, latest start first. Day filters are
 * Nairobi days; `start`/`end` keep the events lying inside that window (see the contract).
 */
export async function listOwnEvents(
  db: Db,
  organisationId: number,
  query: ListOwnEventsQuery,
): Promise<{ data: Event[]; total: number }> {
  const dayAfter = (day: string) => startOfNairobiDay(addDays(day, 1));
  const { events, total } = await loadEventPage(db, {
    ...ownEventsQuery(organisationId, {
      startsFrom: query.start ? startOfNairobiDay(query.start) : undefined,
      endsBefore: query.end ? dayAfter(query.end) : undefined,
      createdFrom: query.start_created ? startOfNairobiDay(query.start_created) : undefined,
      createdBefore: query.end_created ? dayAfter(query.end_created) : undefined,
      status: query.status,
    }),
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const sign = await imageUrlSigner(db);
  return { data: events.map((e) => toEventView(e, sign)), total };
}

/** GET v1/client/event/defaults: a new event starts in the currency of the organisation's newest one, else KES. */
export async function newEventDefaults(db: Db, organisationId: number): Promise<NewEventDefaults> {
  const last = await newestEventCurrency(db, organisationId);
  return { currency: last ? parseCurrency(last) : NEW_EVENT_CURRENCY };
}

/** GET v1/client/summary: the dashboard's figures, computed from paid bookings. */
export async function dashboardSummary(db: Db, organisationId: number, now = new Date()): Promise<DashboardSummary> {
  const [figures, sales] = await Promise.all([
    summariseOrganisation(db, organisationId, now),
    paidBookingsByCurrency(db, organisationId),
  ]);
  // Amounts in different currencies never add up: one figure per currency, the spec's single
  // figure being the currency most sold in (before any sale, a new event's currency at zero).
  const byCurrency = sales.map((s) => {
    const currency = parseCurrency(s.currency);
    return { currency, net_sales: toMajor(s.minor, currency) };
  });
  const main = byCurrency[0] ?? { currency: NEW_EVENT_CURRENCY, net_sales: 0 };
  return {
    currency: main.currency,
    net_sales: main.net_sales,
    net_sales_by_currency: byCurrency,
    events: figures.events,
    tickets_sold: figures.ticketsSold,
    upcoming_events: figures.upcoming,
  };
}
