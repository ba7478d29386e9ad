/**
 * The mixed load of `npm run bench` (`--only=mixed`): two API instances (the production build,
 * NODE_ENV=production, each with its job worker) on one PostgreSQL, as compose.yaml runs api1
 * and api2, loaded for BENCH_MIXED_SECONDS (60) by BENCH_MIXED_CONNECTIONS (200) keep-alive
 * connections spread over both, each playing one part:
 *
 * - browsing (11 in 20): home list, categories, a category, a search, two events' details;
 * - buying (5 in 20): the event's details, then a guest's whole checkout: book, pay with the
 *   sandbox's test card, retrieve (which settles the booking and issues its e-tickets), and the
 *   e-tickets page, whose codes go into the door's queue;
 * - at the door (4 in 20): a door device scanning a distinct valid ticket each time (bought
 *   before the run, then those bought during it); when the queue runs dry it scans one already
 *   admitted again, which must answer "already checked in" (a repeat, not an error).
 *
 * Every buyer comes from an address of its own (X-Forwarded-For through TRUST_PROXY, as behind
 * a load balancer), so the shipped per-address limits stay on and are never reached. Prints per
 * call p50/p99/requests/errors, the in-memory baseline route at the same connections in the
 * same run, each instance's resident memory before and after, and the invariants afterwards
 * (sold + held ≤ capacity, every ticket admitted once, every paid ticket issued). Any error or
 * broken invariant fails the run.
 */
import autocannon, { type Client, type Request } from 'autocannon';
import pg from 'pg';
import type { BookingCreated, CheckInAnswer, ETicket, StoredBooking } from '@tikiti/contract';
import { readConfig } from '../apps/api/src/config.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { postJson } from '../apps/api/src/test-support/api-process.js';
import { paidBookingWithTickets } from '../apps/api/src/test-support/door.js';
import { memoryOf, saleEvent, startServer, type BenchServer } from './bench-support.js';

const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
const connections = Number(process.env.BENCH_MIXED_CONNECTIONS ?? 200);
const baselineSeconds = Number(process.env.BENCH_MIXED_BASELINE_SECONDS ?? 10);
/** A request unanswered this long counts as an error (a browser waits longer; the API's own database limits are 10 s). */
const timeoutSeconds = Number(process.env.BENCH_MIXED_TIMEOUT_SECONDS ?? 30);
/** Tickets paid for (20 a booking) before the run, for the door to scan. */
const ticketsBefore = Number(process.env.BENCH_MIXED_TICKETS ?? 6000);

/** The demo organiser (README), who opens the door of the bench's event. */
const ORGANISER = { username: 'demo@tikiti.co.ke', password: 'TikitiDemo2026!' };
const HOME = '/v1/event/view?limit=6&fields=card';
const CARD = { card_number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
/** Parts, in turn, of every 20 connections (each pair: one connection to each instance). */
const PARTS = 'BUBDBUBBDBUBBDBUBDBU';

const CALLS = {
  home: `GET  ${HOME}`,
  categories: 'GET  /v1/category/view',
  category: 'GET  /v1/event/view?…&category_id={id}',
  search: 'GET  /v1/event/view?…&filter={word}',
  details: 'GET  /v1/event/details/{id}',
  book: 'POST /v1/event/book (guest, card)',
  confirm: 'POST /v1/payments/sandbox/confirm',
  retrieve: 'POST /v1/booking/retrieve (settles)',
  tickets: 'GET  /v1/tickets/view',
  checkin: 'POST /v1/client/event/{id}/checkin',
} as const;
type Call = keyof typeof CALLS;

interface CallStats {
  latencies: number[];
  errors: number;
  /** Why, for the first errors of each kind: status and the start of the body. */
  reasons: Map<string, number>;
}

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

function percentile(sorted: number[], q: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
}

function header(headers: Record<string, string>, name: string) {
  for (const [k, v] of Object.entries(headers)) if (k.toLowerCase() === name) return v;
  return undefined;
}

function dataOf<T>(body: string): T | undefined {
  try {
    return (JSON.parse(body) as { data: T }).data;
  } catch {
    return undefined;
  }
}

/** A new client address for each buyer: 10.x.y.z. */
let addresses = 0;
function nextAddress() {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** What the run needs from the database and the instances. */
interface Stage {
  eventId: number;
  ticketTypeId: number;
  organiserToken: string;
  categoryIds: number[];
  eventIds: number[];
  words: string[];
}

/**
 * Paid bookings of 20 tickets each on a ticket type of their own, written straight into the
 * database with their e-tickets signed as settlement signs them (the door tests' helper), so
 * the door has `count` tickets from the start. Through the API they would also queue `count / 20`
 * confirmation mails of 20-page PDFs for the workers to render during the run.
 */
async function ticketsForTheDoor(url: string, admin: pg.Client, stage: Stage, count: number) {
  const { rows } = await admin.query<{ id: number }>(
    `INSERT INTO ticket_types (event_id, name, price_minor, max_tickets) VALUES ($1, 'Door', 2000, $2) RETURNING id`,
    [stage.eventId, count],
  );
  const ticketTypeId = rows[0]!.id;
  const config = readConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: url });
  const database = await openPostgres(url, { poolSize: 4 });
  try {
    const bookings = Math.max(1, Math.ceil(count / 20));
    let made = 0;
    const issuer = async () => {
      while (made < bookings) {
        made++;
        await paidBookingWithTickets(
          { config, database },
          { eventId: stage.eventId, fullName: 'Door Guest', lines: [{ ticketTypeId, name: 'Door', quantity: 20 }] },
        );
      }
    };
    await Promise.all(Array.from({ length: 4 }, issuer));
  } finally {
    await database.close();
  }
  // Sold as checkout would have sold them.
  await admin.query(
    `UPDATE ticket_types SET sold = (SELECT count(*) FROM e_tickets t JOIN booking_lines l ON l.id = t.booking_line_id
                                      WHERE l.ticket_type_id = $1), max_tickets = greatest(max_tickets, $2)
      WHERE id = $1`,
    [ticketTypeId, Math.max(1, Math.ceil(count / 20)) * 20],
  );
  const { rows: codes } = await admin.query<{ code: string }>(
    `SELECT t.code FROM e_tickets t JOIN booking_lines l ON l.id = t.booking_line_id WHERE l.ticket_type_id = $1 ORDER BY t.id`,
    [ticketTypeId],
  );
  return codes.map((r) => r.code);
}

/** The data the load draws on: the demo organiser's session, a bench event, the catalogue's ids and words. */
async function stageRun(admin: pg.Client, bases: string[]): Promise<Stage> {
  const signedIn = await postJson(bases[0]!, '/v1/auth/login', ORGANISER);
  if (signedIn.status !== 200 || !signedIn.token)
    throw new Error(`the demo organiser's sign-in answered ${signedIn.status}`);
  const { rows: org } = await admin.query<{ id: number }>(
    `SELECT organisation_id AS id FROM accounts WHERE type = 'organizer' AND email = $1`,
    [ORGANISER.username],
  );
  // Capacity above what the run can sell: the rate is measured, not the sell-out.
  const sale = await saleEvent(admin, 10_000_000, { organisationId: org[0]!.id, title: 'Mixed load' });
  const { rows: cats } = await admin.query<{ id: number }>('SELECT id FROM categories ORDER BY id');
  const { rows: evs } = await admin.query<{ id: number; title: string }>(
    `SELECT id, title FROM events WHERE status = 1 AND end_time > now() ORDER BY start_time LIMIT 40`,
  );
  const words = [
    ...new Set(evs.flatMap((e) => e.title.toLowerCase().match(/[a-z]{5,}/g) ?? []).filter((w) => w !== 'mixed')),
  ].slice(0, 24);
  return {
    eventId: sale.id,
    ticketTypeId: sale.ticket,
    organiserToken: signedIn.token,
    categoryIds: cats.map((c) => c.id),
    eventIds: evs.map((e) => e.id),
    words: [...words, 'nothing-matches-this'],
  };
}

export interface MixedRow {
  mode: 'mixed load';
  connections: number;
  seconds: number;
  calls: { call: string; requests: number; rps: number; p50: number; p99: number; errors: number }[];
  total: { requests: number; rps: number; p50: number; p99: number; errors: number };
  baseline: { route: string; rps: number; p50: number; p99: number; errors: number };
  instances: { pid: number; startRssMb: number; endRssMb: number; peakRssMb: number }[];
  door: { ticketsBefore: number; boughtDuring: number; admitted: number; repeats: number };
  invariants: Record<string, boolean>;
  ok: boolean;
}

export async function mixedLoad(url: string): Promise<MixedRow> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const env = {
    // The shipped pool size, and the load balancer's addresses believed (docs/architecture.md#growing-past-one-machine).
    DATABASE_POOL_SIZE: process.env.BENCH_MIXED_POOL_SIZE ?? '10',
    TRUST_PROXY: '127.0.0.1',
    // The job worker, as server.ts runs it in every instance; BENCH_MIXED_WORKER=false leaves it off.
    BENCH_BACKGROUND: process.env.BENCH_MIXED_WORKER === 'false' ? 'false' : 'true',
  };
  const servers: BenchServer[] = [];
  try {
    // One after the other: the first migrates and loads the demo data (when the database is new).
    for (let i = 0; i < 2; i++) servers.push(await startServer(url, env));
    const bases = servers.map((s) => `http://127.0.0.1:${s.port}`);
    const stage = await stageRun(admin, bases);

    const before = await ticketsForTheDoor(url, admin, stage, ticketsBefore);
    const queue = [...before];

    // The baseline: the home list's body from memory, at the same connections on both instances.
    const baselineRun = await autocannon({
      url: bases.map((b) => `${b}/bench/baseline?path=${encodeURIComponent(HOME)}`),
      connections,
      duration: baselineSeconds,
      timeout: timeoutSeconds,
    });
    const baseline = {
      route: 'GET /bench/baseline (home list from memory)',
      rps: baselineRun.requests.average,
      p50: baselineRun.latency.p50,
      p99: baselineRun.latency.p99,
      errors: baselineRun.errors + baselineRun.non2xx,
    };

    const memoryBefore = servers.map((s) => memoryOf(s.pid));
    const result = await runMixed(bases, stage, queue);
    const memoryAfter = servers.map((s) => memoryOf(s.pid));
    const invariants = await checkInvariants(admin, stage, result);

    const calls = (Object.keys(CALLS) as Call[]).map((c) => {
      const s = result.stats[c];
      const sorted = [...s.latencies].sort((a, b) => a - b);
      return {
        call: CALLS[c],
        requests: s.latencies.length,
        rps: s.latencies.length / seconds,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        errors: s.errors,
      };
    });
    const all = Object.values(result.stats)
      .flatMap((s) => s.latencies)
      .sort((a, b) => a - b);
    const errors = calls.reduce((n, c) => n + c.errors, 0) + result.unattributed;
    const total = {
      requests: all.length,
      rps: all.length / seconds,
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      errors,
    };
    const instances = servers.map((s, i) => ({
      pid: s.pid,
      startRssMb: memoryBefore[i]!.rssMb,
      endRssMb: memoryAfter[i]!.rssMb,
      peakRssMb: memoryAfter[i]!.peakMb,
    }));
    const ok = errors === 0 && baseline.errors === 0 && Object.values(invariants).every(Boolean);
    const row: MixedRow = {
      mode: 'mixed load',
      connections,
      seconds,
      calls,
      total,
      baseline,
      instances,
      door: {
        ticketsBefore: before.length,
        boughtDuring: result.boughtDuring,
        admitted: result.admitted,
        repeats: result.repeats,
      },
      invariants,
      ok,
    };

    const parts = [...PARTS].slice(0, Math.min(PARTS.length, Math.ceil(connections / 2)));
    const share = (p: string) => Math.round((parts.filter((x) => x === p).length / parts.length) * connections);
    console.log(
      `\nMixed load: ${connections} connections (${share('B')} browsing, ${share('U')} buying, ${share('D')} at the door) for ${seconds} s, ` +
        `two instances (production build, job workers ${env.BENCH_BACKGROUND === 'true' ? 'on' : 'off'}) on one PostgreSQL`,
    );
    const num = (n: number, w: number, d = 0) => n.toFixed(d).padStart(w);
    console.log(
      `  ${'call'.padEnd(42)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(6)}`,
    );
    (Object.keys(CALLS) as Call[]).forEach((call, i) => {
      const c = calls[i]!;
      console.log(
        `  ${c.call.padEnd(42)} ${num(c.requests, 8)} ${num(c.rps, 7)} ${num(c.p50, 7, 1)} ${num(c.p99, 7, 1)} ${num(c.errors, 6)}`,
      );
      for (const [reason, n] of result.stats[call].reasons) console.log(`      ${n} × ${reason}`);
    });
    console.log(
      `  ${'all calls'.padEnd(42)} ${num(total.requests, 8)} ${num(total.rps, 7)} ${num(total.p50, 7, 1)} ${num(total.p99, 7, 1)} ${num(total.errors, 6)}`,
    );
    if (result.unattributed) console.log(`  connection errors not tied to a call: ${result.unattributed}`);
    console.log(
      `  baseline, same run: ${baseline.route} at ${connections} connections for ${baselineSeconds} s: ` +
        `${baseline.rps.toFixed(0)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms  errors ${baseline.errors}; ` +
        `the mixed load at ${(total.rps / baseline.rps).toFixed(2)} of its rate`,
    );
    instances.forEach((m, i) =>
      console.log(
        `  instance ${i + 1} (pid ${m.pid}): RSS ${m.startRssMb.toFixed(0)} MB at the start, ${m.endRssMb.toFixed(0)} MB at the end (peak ${m.peakRssMb.toFixed(0)} MB)`,
      ),
    );
    console.log(
      `  door: ${row.door.admitted} admitted (${row.door.ticketsBefore} tickets bought before the run, ${row.door.boughtDuring} during it), ` +
        `${row.door.repeats} repeat scans answered "already checked in"`,
    );
    console.log(
      `  invariants: ${Object.entries(invariants)
        .map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`)
        .join(', ')}`,
    );
    console.log(`  errors: ${errors} (must be 0)${ok ? '' : '  FAILED'}`);
    return row;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await admin.end();
  }
}

/** The run itself: one autocannon over both instances, each connection given its part. */
async function runMixed(bases: string[], stage: Stage, queue: string[]) {
  const stats = {} as Record<Call, CallStats>;
  for (const c of Object.keys(CALLS) as Call[]) stats[c] = { latencies: [], errors: 0, reasons: new Map() };
  const callOf = new WeakMap<Request, Call>();
  const fail = (call: Call, reason: string) => {
    const s = stats[call];
    s.errors++;
    s.reasons.set(reason, (s.reasons.get(reason) ?? 0) + 1);
  };
  const expect = (call: Call, status: number, body: string, wanted = 200) => {
    if (status === wanted) return true;
    fail(call, `${status} ${body.slice(0, 120)}`);
    return false;
  };

  /** The door's queue of unscanned codes, those scanned once (for repeats), and admissions per code. */
  let nextCode = 0;
  const scanned: string[] = [];
  const admissions = new Map<string, number>();
  let boughtDuring = 0;
  let repeats = 0;
  let unattributed = 0;

  const named = (call: Call, req: Request) => (callOf.set(req, call), req);
  const get = (call: Call, path: () => string) =>
    named(call, { method: 'GET', setupRequest: (req) => ({ ...req, path: path() }) });
  const json = { 'content-type': 'application/json' };

  const browsing = (): Request[] => [
    get('home', () => HOME),
    get('categories', () => '/v1/category/view'),
    get('category', () => `${HOME}&category_id=${pick(stage.categoryIds)}`),
    get('search', () => `${HOME}&filter=${encodeURIComponent(pick(stage.words))}`),
    get('details', () => `/v1/event/details/${pick(stage.eventIds)}`),
    get('details', () => `/v1/event/details/${pick(stage.eventIds)}`),
  ];

  let buyers = 0;
  const buying = (): Request[] => [
    get('details', () => `/v1/event/details/${stage.eventId}`),
    named('book', {
      method: 'POST',
      path: '/v1/event/book',
      setupRequest: (req, ctx) => {
        const n = ++buyers;
        ctx.ip = nextAddress();
        return {
          ...req,
          headers: { ...json, 'x-forwarded-for': ctx.ip as string },
          body: JSON.stringify({
            event_id: stage.eventId,
            tickets: [{ id: stage.ticketTypeId, qty: 1 + (n % 2) }],
            payment_method: 'card',
            details: { full_name: 'Mixed Buyer', email_address: `mixed-${n}@bench.example`, msisdn: '0712345678' },
          }),
        };
      },
      onResponse: (status, body, ctx, headers) => {
        if (!expect('book', status, body, 201)) return;
        const created = dataOf<BookingCreated>(body);
        ctx.secret = created?.client_secret;
        ctx.token = header(headers, 'auth');
        if (!ctx.secret || !ctx.token) fail('book', 'no client secret or token');
      },
    }),
    named('confirm', {
      method: 'POST',
      path: '/v1/payments/sandbox/confirm',
      // Without a booking, the rest of this buyer's pass is skipped (the failure is counted).
      setupRequest: (req, ctx) =>
        ctx.secret
          ? {
              ...req,
              headers: { ...json, 'x-forwarded-for': ctx.ip as string },
              body: JSON.stringify({ client_secret: ctx.secret, ...CARD }),
            }
          : null,
      onResponse: (status, body) => {
        if (expect('confirm', status, body) && dataOf<{ status: string }>(body)?.status !== 'succeeded')
          fail('confirm', `not succeeded: ${body.slice(0, 120)}`);
      },
    }),
    named('retrieve', {
      method: 'POST',
      path: '/v1/booking/retrieve',
      setupRequest: (req, ctx) => ({
        ...req,
        headers: { ...json, 'x-forwarded-for': ctx.ip as string, auth: ctx.token as string },
        body: JSON.stringify({ payment_intent: ctx.secret }),
      }),
      onResponse: (status, body, ctx) => {
        if (!expect('retrieve', status, body)) return;
        ctx.paid = dataOf<StoredBooking>(body)?.status === 2;
        if (!ctx.paid) fail('retrieve', `not paid: ${body.slice(0, 120)}`);
      },
    }),
    named('tickets', {
      method: 'GET',
      path: '/v1/tickets/view',
      // Only once paid (a settlement that failed or went unanswered is counted there).
      setupRequest: (req, ctx) => (ctx.paid ? { ...req, headers: { auth: ctx.token as string } } : null),
      onResponse: (status, body) => {
        if (!expect('tickets', status, body)) return;
        const codes = (dataOf<ETicket[]>(body) ?? []).flatMap((b) => b.tickets.map((t) => t.code));
        if (codes.length === 0) return fail('tickets', 'no e-tickets after paying');
        // The buyer will come to the door: their tickets join the queue.
        queue.push(...codes);
        boughtDuring += codes.length;
      },
    }),
  ];

  let doors = 0;
  const atTheDoor = (): Request[] => {
    const device = `Bench door ${++doors}`;
    return [
      named('checkin', {
        method: 'POST',
        path: `/v1/client/event/${stage.eventId}/checkin`,
        setupRequest: (req, ctx) => {
          ctx.repeat = nextCode >= queue.length;
          ctx.code = ctx.repeat ? pick(scanned) : queue[nextCode++];
          return {
            ...req,
            headers: { ...json, auth: stage.organiserToken },
            body: JSON.stringify({ code: ctx.code, device_id: device }),
          };
        },
        onResponse: (status, body, ctx) => {
          if (!expect('checkin', status, body)) return;
          const code = ctx.code as string;
          const result = dataOf<CheckInAnswer>(body)?.verdict.result;
          if (result === 'admitted') admissions.set(code, (admissions.get(code) ?? 0) + 1);
          if (ctx.repeat) repeats++;
          else scanned.push(code);
          const wanted = ctx.repeat ? 'already_checked_in' : 'admitted';
          if (result !== wanted) fail('checkin', `${ctx.repeat ? 'repeat' : 'first'} scan answered ${result}`);
        },
      }),
    ];
  };

  let clients = 0;
  const run = autocannon({
    url: bases,
    connections,
    duration: seconds,
    timeout: timeoutSeconds,
    requests: browsing(),
    setupClient: (client: Client) => {
      // Connections go to the instances in turn, so each pair shares a part.
      const part = PARTS[Math.floor(clients++ / 2) % PARTS.length];
      client.setRequests(part === 'U' ? buying() : part === 'D' ? atTheDoor() : browsing());
      const count = (call: Call | undefined, what: string) => (call ? fail(call, what) : unattributed++);
      // A timeout is told after the connection was made again and the next request sent: the
      // request that timed out is the one current when that request was sent.
      let beforeLastSent: Call | undefined;
      client.on('request', () => (beforeLastSent = callOf.get(client.requestIterator.currentRequest)));
      client.on('timeout', () => count(beforeLastSent, `no answer within ${timeoutSeconds} s`));
      client.on('connError', () => count(callOf.get(client.requestIterator.currentRequest), 'connection error'));
    },
  });
  run.on('response', (client, _status, _bytes, ms) => {
    const call = callOf.get(client.requestIterator.currentRequest);
    if (call) stats[call].latencies.push(ms);
    else unattributed++;
  });
  await run;
  const admitted = [...admissions.values()].reduce((a, b) => a + b, 0);
  const doubleAdmissions = [...admissions.values()].filter((n) => n > 1).length;
  if (doubleAdmissions) fail('checkin', `${doubleAdmissions} tickets admitted twice`);
  return { stats, boughtDuring, repeats, admitted, unattributed, doors };
}

/**
 * What must hold after the run, read from the database. A scan still in flight when the run
 * stopped may admit unseen: at most one per door connection.
 */
async function checkInvariants(admin: pg.Client, stage: Stage, run: { admitted: number; doors: number }) {
  const one = async <T>(sql: string, params: unknown[] = []) =>
    (await admin.query<T & pg.QueryResultRow>(sql, params)).rows[0]!;
  const oversold = await one<{ n: number }>(
    'SELECT count(*)::int AS n FROM ticket_types WHERE sold + held > max_tickets',
  );
  const checkIns = await one<{ rows: number; tickets: number }>(
    `SELECT count(*)::int AS rows, count(DISTINCT c.e_ticket_id)::int AS tickets
       FROM check_ins c JOIN e_tickets t ON t.id = c.e_ticket_id WHERE t.event_id = $1`,
    [stage.eventId],
  );
  const unissued = await one<{ n: number }>(
    `SELECT count(*)::int AS n FROM ticket_types tt WHERE tt.event_id = $1 AND tt.sold <>
       (SELECT count(*) FROM e_tickets t JOIN booking_lines l ON l.id = t.booking_line_id WHERE l.ticket_type_id = tt.id)`,
    [stage.eventId],
  );
  return {
    'sold + held ≤ capacity': oversold.n === 0,
    'no double check-in': checkIns.rows === checkIns.tickets,
    'each admission answered once': checkIns.rows >= run.admitted && checkIns.rows <= run.admitted + run.doors,
    'every ticket sold issued': unissued.n === 0,
  };
}
