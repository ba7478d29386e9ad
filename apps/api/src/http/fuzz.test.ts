import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { createBuyer, createCategory, createEvent, createOrganiser } from '../test-support/fixtures.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Property-based: thousands of hostile requests to every call the API documents (its OpenAPI
 * document, generated from the contract's zod schemas), with bodies shaped like each call's
 * schema but filled with hostile values, hostile queries, path parameters and tokens. Every
 * answer must be a 4xx envelope (or a 2xx), never a 5xx or a hang, and the data must not
 * change (docs/security.md, "Bad input").
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1500);

let t: TestApp;
let tokens: string[];
let operations: { method: string; path: string; bodyKeys: string[]; queryKeys: string[] }[];

/**
 * Signing out, and ending every other session (which rotates the caller's token), take no input:
 * their one effect, by design, is on the session they are given, the run's own. An empty path
 * parameter can reach them too (`DELETE v1/auth/sessions/` is `DELETE v1/auth/sessions`). Asking
 * to delete one's account takes none either: its one effect is to mail a code (a new verification
 * code), by design (docs/security.md#deleting-an-account).
 */
const ownSessionEnders = new Set(['POST /v1/auth/logout', 'DELETE /v1/auth/sessions', 'POST /v1/account/deletion']);
const endsOwnSession = (method: string, path: string) => ownSessionEnders.has(`${method} ${path.replace(/\/+$/, '')}`);

/** Tables whose rows a refused request must leave alone (rate-limit counters count refusals by design). */
const WATCHED = [
  'accounts',
  'organisations',
  'sessions',
  'events',
  'ticket_types',
  'bookings',
  'booking_lines',
  'payments',
  'media',
  'contact_messages',
  'verification_codes',
];

/**
 * Columns that move on any signed-in call, by design: a session's last use is its idle clock
 * (docs/security.md#sessions), touched by an accepted token whatever the answer.
 */
const CLOCKS: Record<string, string[]> = { sessions: ['last_used_at'] };

async function snapshot() {
  const counts: Record<string, number> = {};
  for (const table of WATCHED) {
    const value = (CLOCKS[table] ?? []).reduce((acc, column) => `${acc} - '${column}'`, 'to_jsonb(t)');
    const [row] = await queryRows<{ n: number; sum: string | null }>(
      t.database.db,
      sql.raw(
        `SELECT count(*)::int AS n, md5(string_agg((${value})::text, ',' ORDER BY (${value})::text)) AS sum FROM ${table} t`,
      ),
    );
    counts[`${table}:${row!.sum ?? ''}`] = row!.n;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const organiser = await createOrganiser(db);
  const buyer = await createBuyer(db);
  const categoryId = (await createCategory(db)).id;
  await createEvent(db, { organisationId: organiser.organisationId, categoryId });
  tokens = [organiser.token, buyer.token];
  const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: { in: string; name: string }[] }>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => !endsOwnSession(method.toUpperCase(), path))
      .map(([method, op]) => {
        const schema = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.[
          'application/json'
        ]?.schema as
          { properties?: Record<string, unknown>; items?: { properties?: Record<string, unknown> } } | undefined;
        const props = schema?.properties ?? schema?.items?.properties ?? {};
        return {
          method: method.toUpperCase(),
          path,
          bodyKeys: Object.keys(props),
          queryKeys: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        };
      }),
  );
});
afterAll(() => t.close());

/** Percent-encoding for any string: a lone surrogate (which encodeURIComponent refuses) becomes U+FFFD. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));

/** Values an attacker or a broken client sends. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    "' OR 1=1 --",
    '"; DROP TABLE events; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '%00',
    '%',
    '0x10',
    '1e308',
    '-0',
    'NaN',
    'Infinity',
    '\uD800',
    '🎟️'.repeat(200),
    'x'.repeat(70_000),
    ' ',
    '',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 2_147_483_648, 1e308),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('hostile requests to every documented call', () => {
  it(`answer a 4xx envelope (or a 2xx), never a 5xx, and change no data (${RUNS} requests)`, async () => {
    const before = await snapshot();
    const statuses: Record<number, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.nat(),
        fc.oneof(fc.constant('keys'), fc.constant('anything'), fc.constant('array')),
        fc.array(fc.tuple(fc.nat(), hostileValue), { maxLength: 6 }),
        hostileValue,
        fc.array(fc.tuple(fc.nat(), hostileString), { maxLength: 3 }),
        fc.oneof(fc.constant(undefined), fc.nat(), hostileString),
        hostileString,
        async (pick, shape, fields, anything, query, auth, param) => {
          const op = operations[pick % operations.length]!;
          const path = op.path.replace(/\{[^}]+\}/g, () => encode(param).slice(0, 2000));
          if (endsOwnSession(op.method, path)) return;
          const qs = query
            .map(([k, v]) => {
              const key = op.queryKeys.length ? op.queryKeys[k % op.queryKeys.length]! : 'x';
              return `${encode(key)}=${encode(v.slice(0, 500))}`;
            })
            .join('&');
          const keyed = Object.fromEntries(
            fields.map(([k, v]) => [op.bodyKeys.length ? op.bodyKeys[k % op.bodyKeys.length]! : 'x', v]),
          );
          const body = shape === 'keys' ? keyed : shape === 'array' ? [keyed] : anything;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (typeof auth === 'number') headers.auth = tokens[auth % tokens.length]!;
          else if (typeof auth === 'string' && auth.length)
            headers.auth = auth.replace(/[^\x20-\x7e]/g, '').slice(0, 300);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url: qs ? `${path}?${qs}` : path,
            headers,
            payload: op.method === 'GET' ? undefined : JSON.stringify(body ?? null),
            remoteAddress: `10.77.${pick % 250}.${(pick >> 8) % 250}`,
          });
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          expect(res.statusCode, `${op.method} ${op.path}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const envelope = res.json();
            expect(envelope.status).toBe(res.statusCode);
            expect(typeof envelope.status_description).toBe('string');
          }
        },
      ),
      { numRuns: RUNS },
    );
    const after = await snapshot();
    const changed = Object.keys(after)
      .filter((k) => !(k in before))
      .map((k) => k.split(':')[0]);
    expect(changed, JSON.stringify(statuses)).toEqual([]);
    // The run reached past validation: not everything was a 400.
    expect(Object.keys(statuses).length).toBeGreaterThan(2);
  }, 240_000);
});
