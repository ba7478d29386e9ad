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
/** The page at a phone's width and a laptop's (no sideways scrolling at either), then back to the phone. */
async function shot(page: Page, name: string, { full = true } = {}) {
  fs.mkdirSync(shotsDir, { recursive: true });
  for (const [width, viewport] of [
    [390, VIEWPORTS.phone],
    [1280, VIEWPORTS.desktop],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate('document.fonts.ready');
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: path.join(shotsDir, `${name}-${width}.png`),
      fullPage: full,
      animations: 'disabled',
    });
  }
  await page.setViewportSize(VIEWPORTS.phone);
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
    await shot(page, 'certificates-on');

    // A guest buys three tickets.
    const buyer = await newPage(VIEWPORTS.phone);
    const email = `cpd.${Date.now()}@example.co.ke`;
    await buyAsGuest(buyer.page, event, ticket, 3, email);
    const guestToken = await tokenOf(buyer.page);
    const [booking] = (await get<ETicket[]>('tickets/view', guestToken)).filter((b) => b.event_id === event.id);
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
    await shot(page, 'certificates-door-search');
    // The third delegate has no phone: the organiser shows the ticket's QR for a second scanner.
    const third = found.getByRole('listitem').filter({ hasText: `${reference}-3` });
    await third.getByRole('button', { name: /^Show QR/ }).click();
    await page.getByTestId('door-ticket-qr').waitFor();
    await shot(page, 'certificates-door-qr', { full: false });
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await page.getByTestId('door-ticket-qr').waitFor({ state: 'detached' });

    // Badges: the count of what will print, and the PDF (which marks them printed).
    await page.goto(`/organizer/event/${event.id}/badges`);
    await page.getByRole('heading', { name: 'Print badges' }).waitFor();
    await shot(page, 'badges');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^badges-event-\d+-a4-2x4\.pdf$/);
    await page.getByText(/badges? downloaded and marked printed/).waitFor();

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
    await shot(page, 'certificates-register');
    await page.getByRole('button', { name: 'Issue by hand' }).click();
    await page
      .getByRole('dialog', { name: 'Issue a certificate by hand' })
      .getByRole('list', { name: 'Attendees' })
      .waitFor();
    await shot(page, 'certificates-issue-dialog', { full: false });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

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
    await shot(visitor.page, 'certificates-verify');

    // The other certificate, revoked by the organiser, checks as revoked.
    const other = register.data.find((c) => new URL(c.verify_url).pathname !== verifyPath)!;
    await page.getByRole('button', { name: `Revoke ${other.number}` }).click();
    await page
      .getByRole('dialog', { name: `Revoke ${other.number}?` })
      .getByRole('button', { name: 'Revoke certificate' })
      .click();
    await page.getByText(`${other.number} revoked: its QR code now shows it as revoked.`).waitFor();
    await visitor.page.goto(new URL(other.verify_url).pathname);
    await visitor.page.getByRole('heading', { name: 'Revoked certificate' }).waitFor();
    await shot(visitor.page, 'certificates-verify-revoked');
    await visitor.page.goto('/verify/TC1.AwEC.forged');
    await visitor.page.getByRole('heading', { name: 'Not a valid certificate' }).waitFor();
    await shot(visitor.page, 'certificates-verify-not-valid');
    await visitor.context.close();

    // The buyer's E-tickets page links the certificate still valid.
    const valid = register.data.find((c) => c.id !== other.id)!;
    await buyer.page.goto('/account/tickets');
    await buyer.page.getByRole('link', { name: `Certificate ${valid.number}` }).waitFor();
    expect(await buyer.page.getByRole('link', { name: /^Certificate CPD-/ }).count()).toBe(1);
    await shot(buyer.page, 'certificates-etickets');
    await buyer.context.close();

    expect(failures).toEqual([]);
    await context.close();
  });
});
