import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ETicket, Event, ListEventsData, Question, TicketType } from '@tikiti/contract';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';
import { mailbox, pdfText, rawMail } from './support/mail.js';

/**
 * Delegates on the built app with its demo data and the sandbox card provider
 * (docs/product.md#delegates-and-questions), at a phone's width: a guest books three tickets,
 * names two delegates at checkout and leaves the third "to be named", names the third later on
 * the E-tickets page, and the third delegate's own mail (read raw, through mailparser) carries a
 * PDF with their name; their link opens their ticket alone. Nothing scrolls sideways on the way.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** A demo event, not over, whose names may come later, with a paid ticket type that has `left` tickets. */
async function eventForDelegates(left: number): Promise<{ event: Event; ticket: TicketType }> {
  const { data } = await apiData<ListEventsData>('event/view?limit=100');
  for (const listed of data) {
    if (listed.sold_out || listed.ended) continue;
    const event = await apiData<Event>(`event/details/${listed.id}`);
    if (event.attendee_names !== 'later') continue;
    const ticket = event.tickets.find((t) => t.status === 1 && t.available >= left && t.price_per_ticket > 0);
    if (ticket) return { event, ticket };
  }
  throw new Error(`no demo event lets names come later with a ticket type with ${left} tickets left`);
}

/** Answers every required question of `questions` inside `scope`, as a person would for its kind. */
async function answerRequired(scope: Locator, questions: Question[]) {
  for (const q of questions.filter((x) => x.required)) {
    switch (q.kind) {
      case 'single_choice':
        if (q.options.length > 6) await scope.getByLabel(q.label).selectOption(q.options[0]!);
        else await scope.getByRole('group', { name: q.label }).getByLabel(q.options[0]!, { exact: true }).check();
        break;
      case 'multi_choice':
        await scope.getByRole('group', { name: q.label }).getByLabel(q.options[0]!, { exact: true }).check();
        break;
      case 'checkbox':
        await scope.getByRole('group', { name: q.label }).getByLabel('Yes', { exact: true }).check();
        break;
      case 'email':
        await scope.getByLabel(q.label, { exact: true }).fill('answers@example.co.ke');
        break;
      case 'phone':
        await scope.getByLabel(q.label, { exact: true }).fill('0712 345 678');
        break;
      case 'number':
        await scope.getByLabel(q.label, { exact: true }).fill('2');
        break;
      case 'date':
        await scope.getByLabel(q.label, { exact: true }).fill('2026-01-15');
        break;
      case 'text':
      case 'long_text':
        await scope.getByLabel(q.label, { exact: true }).fill('None');
        break;
    }
  }
}

/** The attendee questions a ticket of this type asks. */
const askedOf = (event: Event, ticketTypeId: number) =>
  (event.questions ?? []).filter(
    (q) => q.scope === 'attendee' && (q.ticket_type_ids.length === 0 || q.ticket_type_ids.includes(ticketTypeId)),
  );

async function noSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

describe('delegates journey', () => {
  it('a buyer books 3 tickets naming two delegates and leaving one to be named, names the third later, and the third’s mail carries a PDF with their name (390 px)', async () => {
    const { event, ticket } = await eventForDelegates(3);
    const asked = askedOf(event, ticket.id);
    const stamp = Date.now();
    const buyer = `delegates.buyer.${stamp}@example.co.ke`;
    const third = { name: 'Brian Kiprop', email: `delegates.third.${stamp}@example.co.ke` };
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    page.on('response', (res) => {
      if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
    });

    // The event's page: three tickets, the buyer's details, then a card per ticket.
    await openPage(page, `/details/${event.id}/${event.slug}`);
    await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
    const panel = page.getByRole('region', { name: 'Tickets' });
    const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
    for (let i = 0; i < 3; i++) await row.getByRole('button', { name: /One more/ }).click();
    await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe('3');
    await panel.getByLabel('Full name', { exact: true }).fill('Wanjiku Kamau');
    await panel.getByLabel('Email', { exact: true }).fill(buyer);
    await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');

    const card = (n: number) => panel.getByRole('group', { name: `Ticket ${n} of 3 · ${ticket.name}` });
    await card(3).waitFor();
    await card(1).getByLabel('Delegate’s full name').fill('Amina Njeri');
    await card(1)
      .getByLabel(/Delegate’s email/)
      .fill(`delegates.first.${stamp}@example.co.ke`);
    await card(1).getByLabel('Company (optional)').fill('Safaricom PLC');
    await answerRequired(card(1), asked);
    await card(2).getByLabel('Delegate’s full name').fill('Otieno Ouma');
    await card(2).getByLabel('Job title (optional)').fill('Head of Payments');
    await answerRequired(card(2), asked);
    await card(3).getByRole('button', { name: 'Name later' }).click();
    await card(3).getByText('To be named').waitFor();
    const orderQuestions = (event.questions ?? []).filter((q) => q.scope === 'order');
    if (orderQuestions.length > 0) {
      await answerRequired(panel.getByRole('group', { name: 'Questions from the organiser' }), orderQuestions);
    }
    await noSidewaysScroll(page, 'the event’s page with the delegate cards');
    await screenshot(page, 'delegates-checkout-390');

    // The payment page says whom each ticket is for; the sandbox's test card pays.
    await page.getByRole('button', { name: 'Credit / Debit' }).click();
    await page.waitForURL('**/payment/method');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Amina Njeri').waitFor();
    await summary.getByText('Otieno Ouma').waitFor();
    await summary.getByText('To be named').waitFor();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByTestId('sticky-pay-bar').getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });

    // The E-tickets page: two named delegates, one to be named.
    await page.getByRole('link', { name: 'View E-tickets' }).click();
    await page.waitForURL('**/account/tickets');
    const bookingCard = page.getByRole('article', { name: event.title });
    await bookingCard.waitFor();
    const key = (JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state ?? {})
      .checkoutKey as string;
    const [booking] = (await apiData<ETicket[]>('tickets/view', key)).filter((b) => b.event_id === event.id);
    const reference = booking!.booking.booking_id;
    expect(booking!.tickets.map((t) => (t.attendee.named ? t.attendee.full_name : null)).sort()).toEqual([
      'Amina Njeri',
      'Otieno Ouma',
      null,
    ]);
    const tickets = bookingCard.getByRole('region', { name: `Tickets of ${reference}` });
    await expect.poll(() => tickets.getByRole('listitem').count()).toBe(3);
    await tickets.getByText('Amina Njeri').waitFor();
    await tickets.getByText('Safaricom PLC').waitFor();
    await tickets.getByText('Otieno Ouma').waitFor();
    const unnamed = tickets.getByRole('listitem').filter({ hasText: 'To be named' });
    await expect.poll(() => unnamed.count()).toBe(1);
    const oldId = booking!.tickets.find((t) => !t.attendee.named)!.id;

    // Name the third delegate.
    await unnamed.getByRole('button', { name: /^Name the delegate of Ticket \d of 3$/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Name the delegate' });
    await dialog.waitFor();
    await dialog.getByLabel('Delegate’s full name').fill(third.name);
    await dialog.getByLabel(/Delegate’s email/).fill(third.email);
    await answerRequired(dialog, asked);
    await noSidewaysScroll(page, 'the naming form');
    await screenshot(page, 'delegates-name-later-390', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save delegate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tickets.getByText(third.name, { exact: true }).waitFor();
    await expect.poll(() => tickets.getByText('To be named').count()).toBe(0);
    await noSidewaysScroll(page, 'the E-tickets page');
    await screenshot(page, 'delegates-etickets-390');
    // Re-issued: the ticket has a new code, the old one is gone from the booking.
    await expect
      .poll(async () => {
        const [now] = (await apiData<ETicket[]>('tickets/view', key)).filter((b) => b.event_id === event.id);
        return now!.tickets.find((t) => t.attendee.full_name === third.name)?.id ?? null;
      })
      .not.toBe(null);
    const [after] = (await apiData<ETicket[]>('tickets/view', key)).filter((b) => b.event_id === event.id);
    const renamed = after!.tickets.find((t) => t.attendee.full_name === third.name)!;
    expect(renamed.attendee.named).toBe(true);
    expect(after!.tickets.map((t) => t.id)).not.toContain(oldId);

    // The third delegate's own mail: raw, through mailparser, a PDF with their name.
    await expect
      .poll(
        async () =>
          (await mailbox(third.email)).filter((m) => m.attachments.some((a) => a.filename.endsWith('.pdf'))).length,
        {
          timeout: 30_000,
        },
      )
      .toBeGreaterThan(0);
    const [mail] = (await mailbox(third.email)).filter((m) => m.attachments.some((a) => a.filename.endsWith('.pdf')));
    const parsed = await rawMail(mail!);
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toContain(third.email);
    const pdf = parsed.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf, 'a PDF attached').toBeTruthy();
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(new Uint8Array(pdf!.content));
    expect(text).toContain(third.name);
    expect(text).toContain(renamed.reference);
    expect(text).not.toContain('Amina Njeri');

    // Their link opens their ticket alone, without signing in.
    const link = /\/ticket\/\d+\?sig=[^\s"'<>)]+/.exec(`${parsed.text ?? ''} ${parsed.html || ''}`)?.[0];
    expect(link, 'the delegate’s link in their mail').toBeTruthy();
    const delegatePage = await (await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl })).newPage();
    await openPage(delegatePage, link!.replace(/&amp;/g, '&'));
    const own = delegatePage.getByRole('article', { name: event.title });
    await own.getByText(third.name).waitFor();
    await own.getByText(renamed.reference).waitFor();
    expect(await delegatePage.getByText('Amina Njeri').count()).toBe(0);
    await noSidewaysScroll(delegatePage, 'the delegate’s ticket page');
    await screenshot(delegatePage, 'delegates-ticket-page-390');
    await delegatePage.context().close();

    expect(failures).toEqual([]);
    await context.close();
  });
});
