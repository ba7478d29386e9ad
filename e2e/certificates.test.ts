import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import type { CertificateRow, DoorEvent, ETicket, Event, TicketType } from '@tikiti/contract';
import { startPostgres, type PostgresServer } from '../apps/api/src/test-support/postgres-server.js';
import { pdfQrCodes } from '../apps/api/src/test-support/pdf-images.js';
import { openPostgres } from '../apps/api/src/db/client.js';
import { enqueueJob } from '../apps/api/src/jobs/queue.js';
import { CERTIFICATES_SWEEP_JOB } from '../apps/api/src/features/certificates/certificates.service.js';
import { startBuiltApp } from './support/built-app.js';
import { launchBrowser, VIEWPORTS } from './support/browser.js';
import { buyAsGuest } from './support/buy.js';
import { signInDemoOrganiser } from './support/organiser.js';
import type { Mail } from './support/mail.js';

/**
 * Certificates of attendance on the built app (docs/product.md#certificates-of-attendance). This
 * journey reaches the database directly to end the event, so it runs its own copy of the built
 * app on a throwaway PostgreSQL server (the shared app's embedded database belongs to its
 * process). The organiser turns certificates on; a guest buys three tickets; the door finds two
 * of the three delegates by their booking reference and admits them; the event ends (its times
 * moved into the past in the database); the periodic sweep runs (queued as the worker queues it);
 * two certificates arrive in the mailbox, and the verification address read off the PDF's QR
 * code shows "Valid certificate".
 */
let postgres: PostgresServer;
let app: Awaited<ReturnType<typeof startBuiltApp>>;
let browser: Browser;

beforeAll(async () => {
  postgres = await startPostgres();
  app = await startBuiltApp({ NODE_ENV: 'development', DATABASE_URL: postgres.url() });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  postgres?.stop();
});

async function get<T>(url: string, token?: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}/v1/${url}`, { headers: token ? { Auth: token } : {} });
  expect(res.status, url).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** What this app's local mailbox holds for an address, newest first. */
async function mailbox(email: string): Promise<Mail[]> {
  const res = await fetch(`${app.baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { data: Mail[] }).data.sort((a, b) => b.id - a.id);
}

const tokenOf = async (page: Page) => {
  const state = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state;
  return (state?.token ?? state?.checkoutKey) as string;
};

async function newPage(viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: app.baseUrl });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (err) => failures.push(err.message));
  page.on('response', (res) => {
    if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
  });
  return { context, page, failures };
}

/** One of the organiser's door events, not cancelled, with an open paid ticket type that has `left` tickets. */
async function doorEventWith(token: string, left: number): Promise<{ event: Event; ticket: TicketType }> {
  for (const door of await get<DoorEvent[]>('client/checkin/events', token)) {
    if (door.status !== 1) continue;
    const event = await get<Event>(`event/details/${door.id}`);
    if (event.sold_out || event.ended) continue;
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= left && t.price_per_ticket > 0);
    if (ticket) return { event, ticket };
  }
  throw new Error(`no door event of the demo organiser has a ticket type with ${left} tickets left`);
}

const shotsDir = path.resolve(import.meta.dirname, '../test-results/screenshots');
async function shot(page: Page, name: string) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

describe('certificates of attendance', () => {
  it('turned on → two of three admitted at the door → the event ends → the job issues two, mailed; the QR opens a valid check', async () => {
    const { page, context, failures } = await newPage(VIEWPORTS.phone);
    await signInDemoOrganiser(page);
    const organiserToken = await tokenOf(page);
    const { event, ticket } = await doorEventWith(organiserToken, 3);

    // The organiser turns certificates on from the event's card.
    await page.goto('/organizer/events');
    await page.getByRole('link', { name: 'Certificates' }).first().waitFor();
    await page.goto(`/organizer/event/${event.id}/certificates`);
    await page.getByRole('heading', { level: 1, name: 'Certificates' }).waitFor();
    await page.getByRole('checkbox', { name: /Issue certificates of attendance/ }).check();
    await page.getByLabel('CPD points').fill('6.5');
    await page.getByLabel('Accrediting body').fill('ICPAK');
    await page.getByLabel('Signatory name (optional)').fill('Dr Achieng Oduya');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Certificates are on: they are issued when the event ends.').waitFor();
    await shot(page, 'certificates-on-390');

    // A guest buys three tickets.
    const buyer = await newPage(VIEWPORTS.phone);
    const email = `cpd.${Date.now()}@example.co.ke`;
    await buyAsGuest(buyer.page, event, ticket, 3, email);
    const guestToken = await tokenOf(buyer.page);
    const [booking] = (await get<ETicket[]>('tickets/view', guestToken)).filter((b) => b.event_id === event.id);
    await buyer.context.close();
    expect(booking?.tickets).toHaveLength(3);
    const reference = booking!.booking.booking_id;

    // The door finds the booking's delegates and admits two of the three.
    await page.goto(`/organizer/checkin/${event.id}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    await page.getByLabel('Name, phone, email, company or booking reference').fill(reference);
    const found = page.getByRole('list', { name: 'People found' });
    await expect.poll(() => found.getByRole('listitem').count()).toBe(3);
    for (const n of [1, 2]) {
      const row = found.getByRole('listitem').filter({ hasText: `${reference}-${n}` });
      await row.getByRole('button', { name: /^Admit/ }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      expect(await dialog.getAttribute('data-result')).toBe('admitted');
      await dialog.getByRole('button', { name: 'Next' }).click();
      await dialog.waitFor({ state: 'detached' });
      await row.getByText(/^Checked in/).waitFor();
    }
    await shot(page, 'certificates-door-search-390');

    // The event ends: its times move into the past, and the sweep runs as the worker queues it.
    const database = await openPostgres(postgres.url());
    try {
      const sql = new pg.Client({ connectionString: postgres.url() });
      await sql.connect();
      await sql.query(
        `UPDATE events SET start_time = now() - interval '3 hours', end_time = now() - interval '1 minute' WHERE id = $1`,
        [event.id],
      );
      await sql.end();
      await enqueueJob(database.db, CERTIFICATES_SWEEP_JOB, {});
    } finally {
      await database.close();
    }

    // Two certificates are issued, and mailed.
    await expect
      .poll(async () => (await get<{ total: number }>(`client/event/${event.id}/certificates`, organiserToken)).total, {
        timeout: 60_000,
      })
      .toBe(2);
    const register = await get<{ data: CertificateRow[] }>(`client/event/${event.id}/certificates`, organiserToken);
    expect(register.data.map((c) => c.booking_reference)).toEqual([reference, reference]);
    const certificateMails = async () => (await mailbox(email)).filter((m) => m.subject.startsWith('Your certificate'));
    await expect.poll(async () => (await certificateMails()).length, { timeout: 60_000 }).toBe(2);

    // The register on the page shows them.
    await page.goto(`/organizer/event/${event.id}/certificates`);
    await expect.poll(() => page.getByRole('list', { name: 'Certificates' }).getByRole('listitem').count()).toBe(2);
    await shot(page, 'certificates-register-390');

    // The PDF attached to a mail carries a QR code whose address shows the certificate valid.
    const [mail] = await certificateMails();
    const raw = await fetch(`${app.baseUrl}${mail!.raw_url}`);
    const parsed = await simpleParser(Buffer.from(await raw.arrayBuffer()));
    const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'the certificate PDF is attached').toBeTruthy();
    const [[address]] = (await pdfQrCodes(pdf!.content)) as [[string]];
    const verifyPath = new URL(address).pathname;
    expect(verifyPath).toMatch(/^\/verify\/TC1\./);

    const visitor = await newPage(VIEWPORTS.phone);
    await visitor.page.goto(verifyPath);
    await visitor.page.getByRole('heading', { name: 'Valid certificate' }).waitFor();
    await visitor.page.getByText('ICPAK').waitFor();
    await visitor.page.getByText(event.title).waitFor();
    await shot(visitor.page, 'certificates-verify-390');
    await visitor.context.close();

    expect(failures).toEqual([]);
    await context.close();
  });
});
