import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '@tikiti/contract';
import { organisations } from './accounts.js';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The activity log (docs/product.md#activity, docs/security.md#audit-trail): one row per action
 * that changed money, people or access, written in the action's own transaction. Append-only:
 * the code has no UPDATE or DELETE of it, and a trigger (migration 0014) refuses both, and
 * TRUNCATE, to everyone but a superuser who drops it. The actor is not a foreign key: a removed
 * teammate's account goes, their entries stay, with the name and role they had.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null for an operator's own action (signing in), touching no organisation. */
    organisationId: integer('organisation_id').references(() => organisations.id),
    actorAccountId: integer('actor_account_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role'),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetType: text('target_type', { enum: AUDIT_TARGET_TYPES }),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    address: text('address').notNull(),
    device: text('device').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entries_organisation_idx').on(t.organisationId, t.createdAt),
    index('audit_entries_actor_idx').on(t.organisationId, t.actorAccountId),
    check('audit_entries_action_known', sql`${t.action} IN (${inList(AUDIT_ACTIONS)})`),
    check(
      'audit_entries_target_type_known',
      sql`${t.targetType} IS NULL OR ${t.targetType} IN (${inList(AUDIT_TARGET_TYPES)})`,
    ),
  ],
);
