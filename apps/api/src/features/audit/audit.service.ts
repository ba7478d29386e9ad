import {
  addDays,
  AUDIT_ACTION_LABELS,
  startOfNairobiDay,
  toNairobiLocal,
  type ActivityEntry,
  type AuditAction,
  type AuditTargetType,
  type ListActivity,
  type ListActivityQuery,
} from '@tikiti/contract';
import type { Db, Tx } from '../../db/client.js';
import { forbidden } from '../../http/errors.js';
import { toCsv, type Cell } from '../../lib/csv.js';
import { insertAuditEntry, listAuditActors, listAuditEntries, type AuditFilter, type AuditRow } from './audit.repo.js';

/**
 * Who did something, and from where (docs/security.md#audit-trail): an organiser's account
 * with the name and role it has now (kept on the entry, so a removed teammate's entries still
 * say who), the caller's address and the device its browser named.
 */
export interface AuditActor {
  organisationId: number;
  accountId: number;
  firstName: string;
  lastName: string;
  email: string;
  role: 'owner' | 'admin' | 'checkin' | null;
  address: string;
  device: string;
}

/**
 * Anyone whose actions are recorded: an organiser, or a Tikiti operator (role `operator`), whose
 * entry names the organisation the action touched, or none (docs/product.md#the-operator).
 */
export type AnyAuditActor = Omit<AuditActor, 'organisationId' | 'role'> & {
  organisationId: number | null;
  role: AuditActor['role'] | 'operator';
};

/**
 * What was done, to what: a fixed kind, a target (a booking by its reference, an event or another
 * person's account by id; none when the actor acted on their own account) and small details.
 */
export interface AuditEvent {
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | number; label?: string | null };
  details?: Record<string, string | number | boolean | null>;
}

const nameOf = (a: Pick<AuditActor, 'firstName' | 'lastName' | 'email'>) =>
  `${a.firstName} ${a.lastName}`.trim() || a.email;

/**
 * Records one action, in the caller's transaction when the action has one, so the entry and the
 * change commit together or not at all (docs/product.md#activity).
 */
export async function recordAudit(db: Db | Tx, actor: AnyAuditActor, event: AuditEvent) {
  await insertAuditEntry(db, {
    organisationId: actor.organisationId,
    actorAccountId: actor.accountId,
    actorName: nameOf(actor),
    actorRole: actor.role,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target ? String(event.target.id) : null,
    targetLabel: event.target?.label ?? null,
    details: event.details ?? {},
    address: actor.address,
    device: actor.device,
  });
}

/** How the log names a buyer who acted on their own booking: never their name, which deletion removes. */
export const BUYER_ACTOR_NAME = 'A buyer';

/**
 * An action a buyer took that changed an organisation's money (docs/security.md#audit-trail):
 * cancelling their booking as they deleted their account. The entry names no person: no account
 * id, name, address or device, since the person has asked to be forgotten; the booking's
 * reference and amount say what happened.
 */
export async function recordBuyerAudit(db: Db | Tx, organisationId: number, event: AuditEvent) {
  await insertAuditEntry(db, {
    organisationId,
    actorAccountId: null,
    actorName: BUYER_ACTOR_NAME,
    actorRole: null,
    action: event.action,
    targetType: event.target?.type ?? null,
    targetId: event.target ? String(event.target.id) : null,
    targetLabel: event.target?.label ?? null,
    details: event.details ?? {},
    address: '',
    device: '',
  });
}

/** Only the organisation's owner reads its log; a teammate (admin or door-only) gets 403. */
function assertOwner(caller: { role: string | null }) {
  if (caller.role !== 'owner') {
    throw forbidden("Only the organisation's owner can see its activity", 'forbidden.owner_only');
  }
}

function filterOf(organisationId: number, q: ListActivityQuery): AuditFilter {
  return {
    organisationId,
    actorId: q.actor_id,
    action: q.action,
    since: q.from ? startOfNairobiDay(q.from) : undefined,
    before: q.to ? startOfNairobiDay(addDays(q.to, 1)) : undefined,
  };
}

function entryOf(r: AuditRow): ActivityEntry {
  return {
    id: r.id,
    at: r.createdAt.toISOString(),
    actor: { id: r.actorAccountId, name: r.actorName, role: r.actorRole },
    action: r.action,
    target: r.targetType && r.targetId !== null ? { type: r.targetType, id: r.targetId, label: r.targetLabel } : null,
    details: r.details,
    address: r.address,
    device: r.device,
  };
}

type Owner = { organisationId: number; role: string | null };

/** GET v1/client/activity: a page of the caller's organisation's log, newest first, and the people in it. */
export async function listActivity(db: Db, caller: Owner, q: ListActivityQuery): Promise<ListActivity> {
  assertOwner(caller);
  const [{ rows, total }, people] = await Promise.all([
    listAuditEntries(db, filterOf(caller.organisationId, q), { offset: (q.page - 1) * q.limit, limit: q.limit }),
    listAuditActors(db, caller.organisationId),
  ]);
  return {
    data: rows.map(entryOf),
    total,
    people: people.flatMap((p) => (p.id === null ? [] : [{ id: p.id, name: p.name }])),
  };
}

const detailsText = (d: ActivityEntry['details']) =>
  Object.entries(d)
    .map(([k, v]) => `${k}: ${v ?? '—'}`)
    .join('; ');

/** GET v1/client/activity.csv: every matching entry, as the other CSVs are written (formulas disarmed). */
export async function activityCsv(db: Db, caller: Owner, q: ListActivityQuery) {
  assertOwner(caller);
  const { rows } = await listAuditEntries(db, filterOf(caller.organisationId, q), { offset: 0, limit: null });
  const headers = ['Time (Nairobi)', 'Person', 'Role', 'Action', 'Target', 'Details', 'Address', 'Device'];
  const body: Cell[][] = rows
    .map(entryOf)
    .map((e) => [
      toNairobiLocal(e.at).replace('T', ' '),
      e.actor.name,
      e.actor.role,
      AUDIT_ACTION_LABELS[e.action],
      e.target ? `${e.target.type} ${e.target.id}${e.target.label ? ` (${e.target.label})` : ''}` : null,
      detailsText(e.details),
      e.address,
      e.device,
    ]);
  return { fileName: 'activity.csv', csv: toCsv(headers, body) };
}
