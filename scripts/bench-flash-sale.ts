/**
 * The flash sale of `npm run bench` (docs/decisions/0009-inventory.md): guests buying one
 * ticket each of one hot ticket type through the API, at 100 connections, against the raw
 * limit of the same database at the same concurrency: the statement that reserves a seat in
 * our design, `book_tickets()` (the booking, its line, the payment record and the hold, in one
 * call), run straight through pg by as many clients. Both after a 3 s warm-up.
 * Their ratio is what HTTP, validation and Node cost. The bare conditional UPDATE of the hot
 * row is printed too, as the floor nothing can beat. Oversold must be 0.
 */
import pg from 'pg';
import autocannon from 'autocannon';
import { saleEvent, startServer } from './bench-support.js';

const connections = Number(process.env.BENCH_SALE_CONNECTIONS ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const RESERVE = 'UPDATE ticket_types SET held = held + 1 WHERE id = $1 AND sold + held + 1 <= max_tickets';

/** The body of one guest's booking, as the API hands it to book_tickets(). */
function bookingJson(eventId: number, ticketTypeId: number, n: number) {
  const id = `raw-${n}-${Math.random().toString(36).slice(2)}`;
  return JSON.stringify({
    event_id: eventId,
    account_id: null,
    checkout_key_hash: id,
    full_name: 'Flash Buyer',
    email: `${id}@bench.example`,
    msisdn: '+254712345678',
    payment_method: 'card',
    reference: id.slice(0, 30),
    dedupe_key: id,
    hold_minutes: 15,
    lines: [{ id: ticketTypeId, qty: 1 }],
    payment: { provider: 'sandbox', intent_id: `pi_${id}`, client_secret: `pi_${id}_secret` },
  });
}

/** The raw limit: `connections` pg clients running a statement as fast as they can. */
async function rawLoad(url: string, run: (c: pg.Client, n: number) => Promise<unknown>) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await run(c, ++n);
        latencies.push(performance.now() - started);
      }
    }),
  );
  await Promise.all(clients.map((c) => c.end()));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

export async function flashSale(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const rows: unknown[] = [];
  // The shipped pool size (DATABASE_POOL_SIZE 10): a hot row serves a few sessions best.
  const server = await startServer(url, {
    BOOKINGS_PER_ADDRESS: '0',
    DATABASE_POOL_SIZE: process.env.BENCH_SALE_POOL_SIZE ?? '10',
  });
  try {
    // Capacity above what the run can sell, so the rate is measured, not the sell-out.
    const capacity = 1_000_000;
    const sale = await saleEvent(admin, capacity);
    let n = 0;
    const guestBooking = (duration: number, eventId: number, ticketId: number, prefix: string) =>
      autocannon({
        url: `http://127.0.0.1:${server.port}`,
        connections,
        duration,
        requests: [
          {
            method: 'POST',
            path: '/v1/event/book',
            headers: { 'content-type': 'application/json' },
            setupRequest: (req) => ({
              ...req,
              body: JSON.stringify({
                event_id: eventId,
                tickets: [{ id: ticketId, qty: 1 }],
                payment_method: 'card',
                details: {
                  full_name: 'Flash Buyer',
                  email_address: `${prefix}-${++n}@bench.example`,
                  msisdn: '0712345678',
                },
              }),
            }),
          },
        ],
      });
    // Warm-up on an event of its own: JIT, plans and caches, as a running server has them.
    const warm = await saleEvent(admin, capacity);
    await guestBooking(3, warm.id, warm.ticket, 'warm');
    const result = await guestBooking(seconds, sale.id, sale.ticket, 'buyer');
    const stock = (
      await admin.query<{ sold: number; held: number; max: number }>(
        'SELECT sold, held, max_tickets AS max FROM ticket_types WHERE id = $1',
        [sale.ticket],
      )
    ).rows[0]!;
    const booked = (
      await admin.query<{ n: string }>('SELECT count(*) AS n FROM bookings WHERE event_id = $1', [sale.id])
    ).rows[0]!;

    // Sell-out check: 500 seats, the same load for 3 s; never more than 500 held.
    const small = await saleEvent(admin, 500);
    const sellOut = await guestBooking(3, small.id, small.ticket, 'late');
    const smallStock = (
      await admin.query<{ taken: number }>('SELECT sold + held AS taken FROM ticket_types WHERE id = $1', [
        small.ticket,
      ])
    ).rows[0]!;

    const rawSale = await saleEvent(admin, capacity);
    const raw = await rawLoad(url, (c, k) =>
      c.query('SELECT * FROM book_tickets($1::jsonb)', [bookingJson(rawSale.id, rawSale.ticket, k)]),
    );
    const bareSale = await saleEvent(admin, capacity);
    const bare = await rawLoad(url, (c) => c.query(RESERVE, [bareSale.ticket]));
    const bookingsPerSecond = Number(booked.n) / seconds;
    const row = {
      mode: 'flash sale',
      route: 'POST /v1/event/book (guests, sandbox)',
      rps: bookingsPerSecond,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
      baselineRps: raw.rps,
      ratio: bookingsPerSecond / raw.rps,
      bareUpdateRps: bare.rps,
      held: stock.held,
      capacity: stock.max,
      oversold: Math.max(0, stock.sold + stock.held - stock.max),
      sellOut: {
        capacity: 500,
        taken: smallStock.taken,
        oversold: Math.max(0, smallStock.taken - 500),
        refused409: sellOut['4xx'],
        errors5xx: sellOut['5xx'],
      },
    };
    rows.push(row);
    console.log(
      `\nFlash sale: ${connections} connections for ${seconds} s, one hot ticket type, guests, sandbox payments`,
    );
    console.log(
      `  POST /v1/event/book  ${bookingsPerSecond.toFixed(0)} bookings/s  p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  ` +
        `errors ${row.errors}  (target ≥ 1000/s, p99 < 500 ms)`,
    );
    console.log(
      `  raw: book_tickets() straight through pg: ${raw.rps.toFixed(0)} /s  p50 ${raw.p50.toFixed(1)} ms  p99 ${raw.p99.toFixed(1)} ms  ` +
        `ratio ${row.ratio.toFixed(2)} (target ≥ 0.50)`,
    );
    console.log(
      `  floor: the bare conditional UPDATE of the hot row: ${bare.rps.toFixed(0)} /s  p50 ${bare.p50.toFixed(1)} ms  ` +
        `p99 ${bare.p99.toFixed(1)} ms  (API at ${(bookingsPerSecond / bare.rps).toFixed(2)} of it)`,
    );
    console.log(`  held ${stock.held} of ${stock.max}, oversold ${row.oversold}`);
    console.log(
      `  sell-out of 500 seats: taken ${smallStock.taken}, oversold ${row.sellOut.oversold}, ` +
        `refused (409) ${sellOut['4xx']}, 5xx ${sellOut['5xx']}`,
    );
  } finally {
    await server.stop();
    await admin.end();
  }
  return rows;
}
