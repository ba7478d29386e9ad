import {
  CODE_LIMITS,
  formatTime,
  isWholeUnitCurrency,
  parseCurrency,
  toMajor,
  toMinor,
  type AppliedCode,
  type CodeBody,
  type CodeDiscount,
  type DiscountCode,
  type ErrorCodeOf,
} from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, conflict, invalidField, notFound } from '../../http/errors.js';
import { recordAudit, type AuditActor } from '../audit/index.js';
import {
  codeSales,
  countEventCodes,
  deleteCode,
  eventTypeIds,
  findCodeByText,
  findOwnCodeEvent,
  insertCode,
  listEventCodes,
  lockEventCode,
  updateCode,
  type CodeRow,
  type NewCodeRow,
} from './codes.repo.js';

/** A buyer's code refused, on the field `code`, with the code that says why (docs/product.md#discount-codes). */
export const codeRefusal = (message: string, code: ErrorCodeOf<400>) =>
  badRequest(message, [{ path: 'code', message }], code);

/**
 * The code a buyer gave for this event, checked (docs/product.md#discount-codes): known to this
 * event (another event's code is unknown here), within its dates, with uses left. The uses are
 * taken for good only with the seats, by book_tickets().
 */
export async function checkBuyerCode(db: Db | Tx, eventId: number, text: string, now = new Date()): Promise<CodeRow> {
  const code = await findCodeByText(db, eventId, text);
  if (!code) throw codeRefusal(`${text} is not a code for this event`, 'code.unknown');
  if (code.startsAt && code.startsAt > now) {
    throw codeRefusal(
      `Code ${code.code} can be used from ${formatTime(code.startsAt.toISOString())}`,
      'code.not_started',
    );
  }
  if (code.endsAt && code.endsAt <= now) {
    throw codeRefusal(`Code ${code.code} has expired`, 'code.expired');
  }
  if (code.maxUses !== null && code.used >= code.maxUses) {
    throw codeRefusal(`Code ${code.code} has been used up`, 'code.used_up');
  }
  return code;
}

/** The used-up refusal when the uses ran out between the check and the hold (book_tickets()'s TK429). */
export const codeUsedUp = (code: string, left: number) =>
  codeRefusal(
    left > 0
      ? `Code ${code} has been used up: it covers only ${left} more ${left === 1 ? 'ticket' : 'tickets'}`
      : `Code ${code} has been used up`,
    'code.used_up',
  );

/** What the code does to prices, for the contract's `priceBooking`. */
export const codeDiscountOf = (code: CodeRow): CodeDiscount => ({
  percent_off: code.percentOff,
  amount_off_minor: code.amountOffMinor,
  ticket_type_ids: code.ticketTypeIds,
});

/**
 * The hidden ticket types an access code reveals, among the event's hidden ones
 * (docs/product.md#hidden-ticket-types): those it names, or all of them when it names none. A
 * discount code reveals none; nothing reveals another event's types.
 */
export function revealedBy(code: CodeRow | null, hiddenTypeIds: readonly number[]): number[] {
  if (!code || code.kind !== 'access') return [];
  return code.ticketTypeIds.length === 0
    ? [...hiddenTypeIds]
    : hiddenTypeIds.filter((id) => code.ticketTypeIds.includes(id));
}

/** The buyer's view of a code, as event details carry it. */
export function appliedCodeOf(code: CodeRow, currency: string): AppliedCode {
  const c = parseCurrency(currency);
  return {
    code: code.code,
    kind: code.kind,
    percent_off: code.percentOff,
    amount_off: code.amountOffMinor === null ? null : toMajor(code.amountOffMinor, c),
    ticket_type_ids: code.ticketTypeIds,
    max_per_booking: code.maxPerBooking,
    uses_left: code.maxUses === null ? null : Math.max(0, code.maxUses - code.used),
  };
}

async function ownEvent(db: Db | Tx, organisationId: number, eventId: number) {
  const event = await findOwnCodeEvent(db, organisationId, eventId);
  if (!event) throw notFound('Event');
  return event;
}

function columnsOf(body: CodeBody, currency: string): Omit<NewCodeRow, 'eventId'> {
  const c = parseCurrency(currency);
  if (body.amount_off !== null && isWholeUnitCurrency(c) && !Number.isInteger(body.amount_off)) {
    throw invalidField('amount_off', `${c} amounts are whole, such as 500`);
  }
  return {
    code: body.code,
    kind: body.kind,
    percentOff: body.percent_off,
    amountOffMinor: body.amount_off === null ? null : toMinor(body.amount_off, c),
    ticketTypeIds: [...new Set(body.ticket_type_ids)].sort((a, b) => a - b),
    maxUses: body.max_uses,
    maxPerBooking: body.max_per_booking,
    startsAt: body.starts_at ? new Date(body.starts_at) : null,
    endsAt: body.ends_at ? new Date(body.ends_at) : null,
  };
}

/** Every type a code names must be one of the event's own. */
async function refuseOtherTypes(db: Db | Tx, eventId: number, ids: readonly number[]) {
  if (ids.length === 0) return;
  const own = new Set(await eventTypeIds(db, eventId));
  const i = ids.findIndex((id) => !own.has(id));
  if (i >= 0) throw invalidField(`ticket_type_ids.${i}`, 'Not a ticket type of this event');
}

function viewOf(
  code: CodeRow,
  currency: string,
  sales: { bookings: number; revenue_minor: number; discount_minor: number } | undefined,
): DiscountCode {
  const c = parseCurrency(currency);
  return {
    id: code.id,
    code: code.code,
    kind: code.kind,
    percent_off: code.percentOff,
    amount_off: code.amountOffMinor === null ? null : toMajor(code.amountOffMinor, c),
    currency: c,
    ticket_type_ids: code.ticketTypeIds,
    max_uses: code.maxUses,
    max_per_booking: code.maxPerBooking,
    starts_at: code.startsAt?.toISOString() ?? null,
    ends_at: code.endsAt?.toISOString() ?? null,
    uses: code.used,
    bookings: sales?.bookings ?? 0,
    revenue: toMajor(sales?.revenue_minor ?? 0, c),
    discount_given: toMajor(sales?.discount_minor ?? 0, c),
    created_at: code.createdAt.toISOString(),
  };
}

const duplicate = (code: string) =>
  conflict(
    `This event has a code ${code} already`,
    [{ path: 'code', message: `This event has a code ${code} already` }],
    'code.duplicate',
  );

/** GET v1/client/event/{id}/codes: every code of the organisation's event, with its uses and revenue. */
export async function listCodes(db: Db, organisationId: number, eventId: number): Promise<DiscountCode[]> {
  const event = await ownEvent(db, organisationId, eventId);
  const [codes, sales] = await Promise.all([listEventCodes(db, eventId), codeSales(db, eventId)]);
  const byCode = new Map(sales.map((s) => [s.code_id, s]));
  return codes.map((c) => viewOf(c, event.currency, byCode.get(c.id)));
}

/** POST v1/client/event/{id}/codes. */
export async function createCode(
  db: Db,
  actor: AuditActor & { organisationId: number },
  eventId: number,
  body: CodeBody,
): Promise<DiscountCode> {
  const created = await db.transaction(async (tx) => {
    const event = await ownEvent(tx, actor.organisationId, eventId);
    await refuseOtherTypes(tx, eventId, body.ticket_type_ids);
    if ((await countEventCodes(tx, eventId)) >= CODE_LIMITS.perEventMax) {
      throw badRequest(`An event has at most ${CODE_LIMITS.perEventMax} codes`);
    }
    const row = await insertCode(tx, { ...columnsOf(body, event.currency), eventId });
    if (!row) throw duplicate(body.code);
    await recordAudit(tx, actor, {
      action: 'code.created',
      target: { type: 'event', id: eventId, label: event.title },
      details: { code: row.code, kind: row.kind },
    });
    return viewOf(row, event.currency, undefined);
  });
  return created;
}

/** PUT v1/client/event/{id}/codes/{code_id}: its uses so far stay; `max_uses` may not fall below them. */
export async function changeCode(
  db: Db,
  actor: AuditActor & { organisationId: number },
  eventId: number,
  codeId: number,
  body: CodeBody,
): Promise<DiscountCode> {
  const changed = await db.transaction(async (tx) => {
    const event = await ownEvent(tx, actor.organisationId, eventId);
    const current = await lockEventCode(tx, eventId, codeId);
    if (!current) throw notFound('Code');
    await refuseOtherTypes(tx, eventId, body.ticket_type_ids);
    if (body.max_uses !== null && body.max_uses < current.used) {
      throw invalidField('max_uses', `At least ${current.used}: that many tickets use it already`);
    }
    if (body.code !== current.code && (await findCodeByText(tx, eventId, body.code))) throw duplicate(body.code);
    const row = await updateCode(tx, codeId, columnsOf(body, event.currency));
    await recordAudit(tx, actor, {
      action: 'code.updated',
      target: { type: 'event', id: eventId, label: event.title },
      details: { code: row!.code },
    });
    const sales = (await codeSales(tx, eventId)).find((s) => s.code_id === codeId);
    return viewOf(row!, event.currency, sales);
  });
  return changed;
}

/**
 * DELETE v1/client/event/{id}/codes/{code_id}: buyers can no longer use it; bookings made with it
 * keep its text and their prices.
 */
export async function removeCode(
  db: Db,
  actor: AuditActor & { organisationId: number },
  eventId: number,
  codeId: number,
): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const event = await ownEvent(tx, actor.organisationId, eventId);
    const current = await lockEventCode(tx, eventId, codeId);
    if (!current) throw notFound('Code');
    await deleteCode(tx, codeId);
    await recordAudit(tx, actor, {
      action: 'code.deleted',
      target: { type: 'event', id: eventId, label: event.title },
      details: { code: current.code },
    });
  });
  return { id: codeId };
}
