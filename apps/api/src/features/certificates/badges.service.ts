import type { BadgeSummary, BadgesQuery } from '@tikiti/contract';
import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../http/errors.js';
import { recordAudit } from '../audit/index.js';
import { badgesPdf } from './badge-pdf.js';
import { badgeCounts, findBadgeHolders, findOwnEvent, markBadgesPrinted } from './certificates.repo.js';
import type { Organiser } from './certificates.service.js';

/** The bands' colours, by the ticket type's place among the event's types (docs/product.md#name-badges). */
const BAND_COLOURS = ['#0F766E', '#1D4ED8', '#B45309', '#7C3AED', '#BE123C', '#15803D', '#0E7490', '#4D7C0F'];

async function ownEvent(ctx: AppContext, caller: Organiser, eventId: number) {
  const event = await findOwnEvent(ctx.db, caller.organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

async function coloursOf(ctx: AppContext, eventId: number) {
  const counts = await badgeCounts(ctx.db, eventId);
  const colours = new Map(counts.map((c, i) => [c.id, BAND_COLOURS[i % BAND_COLOURS.length]!]));
  return { counts, colours };
}

/** GET v1/client/event/{id}/badges. */
export async function badgeSummary(ctx: AppContext, caller: Organiser, eventId: number): Promise<BadgeSummary> {
  await ownEvent(ctx, caller, eventId);
  const { counts, colours } = await coloursOf(ctx, eventId);
  return {
    total: counts.reduce((n, c) => n + c.total, 0),
    not_printed: counts.reduce((n, c) => n + c.notPrinted, 0),
    ticket_types: counts.map((c) => ({
      id: c.id,
      name: c.name,
      colour: colours.get(c.id)!,
      total: c.total,
      not_printed: c.notPrinted,
    })),
  };
}

/** GET v1/client/event/{id}/badges.pdf: draws them, marks them printed, and records the download. */
export async function badgesFile(
  ctx: AppContext,
  caller: Organiser,
  eventId: number,
  q: BadgesQuery,
  now = new Date(),
) {
  const event = await ownEvent(ctx, caller, eventId);
  const holders = await findBadgeHolders(ctx.db, eventId, {
    ticketTypeId: q.ticket_type_id,
    notPrinted: q.not_printed,
  });
  if (holders.length === 0) {
    throw conflict('No badges to print with these filters', undefined, 'badge.nothing_to_print');
  }
  const { colours } = await coloursOf(ctx, eventId);
  const pdf = await badgesPdf(
    q.layout,
    holders.map((h) => ({
      name: h.holderName,
      company: h.company,
      jobTitle: h.jobTitle,
      ticketType: h.ticketType,
      colour: colours.get(h.ticketTypeId) ?? BAND_COLOURS[0]!,
      eventTitle: event.title,
      code: h.code,
    })),
  );
  await ctx.db.transaction(async (tx) => {
    await markBadgesPrinted(
      tx,
      holders.map((h) => h.ticketId),
      caller.accountId,
      now,
    );
    await recordAudit(tx, caller, {
      action: 'export.badges',
      target: { type: 'event', id: eventId, label: event.title },
      details: { badges: holders.length, layout: q.layout },
    });
  });
  return { pdf, fileName: `badges-event-${eventId}-${q.layout}.pdf`, count: holders.length };
}
