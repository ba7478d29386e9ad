import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Category, Event, ListEventsData } from '@tikiti/contract';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';

/**
 * The buyer's browsing journey on the built app with its demo data: home → filter by
 * category → all events → search → Load More → details → quantities, subtotals and total
 * → the 'Credit / Debit' checks → the booking handed to the payment page.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

const money = (amount: number, currency = 'USD') =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: currency === 'KES' ? 0 : 2, maximumFractionDigits: currency === 'KES' ? 0 : 2 })}`;

/** The cards of an event list, by the list's accessible name. */
const cards = (page: Page, list: string) => page.getByRole('list', { name: list, exact: true }).getByRole('listitem');

const cardTitles = (page: Page, list: string) => cards(page, list).getByRole('heading').allInnerTexts();

/** Waits until no event list is dimmed as refreshing. */
async function settled(page: Page) {
  await page.locator('ul[aria-busy="true"]').waitFor({ state: 'detached' });
}

const isEventList = (url: string, has: Record<string, string | number>) => {
  if (!url.includes('/v1/event/view')) return false;
  const params = new URL(url).searchParams;
  return Object.entries(has).every(([k, v]) => params.get(k) === String(v));
};

async function openNav(page: Page, phone: boolean, name: string) {
  if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
  const nav = page.getByRole('navigation', { name: phone ? 'Mobile' : 'Main' });
  await nav.getByRole('link', { name, exact: true }).click();
}

/**
 * A full-page screenshot as the visitor would see the page from the top: scrolled up, web
 * font and every image (lazy ones too) loaded. The page must never scroll sideways.
 * (The e2e project has no DOM types, hence the scripts as strings.)
 */
async function capture(page: Page, name: string) {
  await page.evaluate(`(async () => {
    window.scrollTo(0, 0);
    await document.fonts.ready;
    await Promise.all([...document.images].map((img) => {
      img.loading = 'eager';
      return img.complete ? null : new Promise((done) => { img.onload = img.onerror = done; });
    }));
  })()`);
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
  await screenshot(page, name);
}

async function quantityOf(row: Locator) {
  return Number(await row.getByRole('spinbutton').inputValue());
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('catalogue journey', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    const phone = size === 'phone';

    it(`browses, filters, searches, loads more and picks tickets (${viewport.width} px)`, async () => {
      const categories = await apiData<Category[]>('category/view');
      const all = await apiData<ListEventsData>('event/view?limit=100');
      expect(categories.length).toBeGreaterThanOrEqual(6);
      expect(all.total).toBeGreaterThan(12);

      const context = await browser.newContext({ viewport, baseURL: baseUrl });
      const page = await context.newPage();
      const failures: string[] = [];
      page.on('pageerror', (err) => failures.push(err.message));
      page.on('response', (res) => {
        if (res.url().includes('/v1/') && res.status() >= 500) failures.push(`${res.status()} ${res.url()}`);
      });

      // Home: the hero and the first six cards, soonest first.
      await openPage(page, '/');
      await expect.poll(() => page.title()).toContain('Tikiti');
      await page.getByRole('heading', { level: 1, name: 'Online Event Ticketing, Simplified.' }).waitFor();
      await page.getByText('Your ticketing made easy').waitFor();
      await expect.poll(() => cards(page, 'Events').count()).toBe(6);
      await expect.poll(() => cardTitles(page, 'Events')).toEqual(all.data.slice(0, 6).map((e) => e.title));
      await capture(page, `catalogue-home-${viewport.width}`);

      // Filter by category: every card shown belongs to it, as many as the server has (up to 6).
      const category = categories.find((c) => all.data.some((e) => e.category_id === c.id))!;
      const inCategory = all.data.filter((e) => e.category_id === category.id);
      const filtered = page.waitForResponse((r) => isEventList(r.url(), { category_id: category.id }));
      await page.getByLabel('Category').selectOption(String(category.id));
      await filtered;
      await settled(page);
      await expect.poll(() => cardTitles(page, 'Events')).toEqual(inCategory.slice(0, 6).map((e) => e.title));

      // A date preset narrows further; 'All' clears it again.
      const presetRequest = page.waitForResponse(
        (r) => isEventList(r.url(), { category_id: category.id }) && r.url().includes('start='),
      );
      await page.getByLabel('Date').selectOption('nextMonth');
      const presetUrl = new URL((await presetRequest).url());
      expect(presetUrl.searchParams.get('start')).toMatch(/^\d{4}-\d{2}-01$/);
      await page.getByLabel('Date').selectOption('');
      await page.getByLabel('Category').selectOption('');
      await settled(page);
      await expect.poll(() => cardTitles(page, 'Events')).toEqual(all.data.slice(0, 6).map((e) => e.title));

      // All events: heading, 'All events' selected, category buttons filter.
      await openNav(page, phone, 'Browse Events');
      await page.waitForURL('**/all-events');
      await page.getByRole('heading', { level: 1, name: 'Upcoming Events' }).waitFor();
      const allButton = page.getByRole('button', { name: 'All events', exact: true });
      await expect.poll(() => allButton.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => cards(page, 'Upcoming events').count()).toBe(6);

      const categoryButton = page
        .getByRole('group', { name: 'Categories' })
        .getByRole('button', { name: category.name, exact: true });
      await categoryButton.click();
      await expect.poll(() => categoryButton.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => allButton.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => cardTitles(page, 'Upcoming events')).toEqual(inCategory.slice(0, 6).map((e) => e.title));
      await allButton.click();
      await expect.poll(() => cards(page, 'Upcoming events').count()).toBe(6);

      // Search: a word from one event's title, sent once typing pauses, finds that event. The
      // word must pick out at most one page of events: other journeys add events with the same
      // words while this one runs, so the latest event's word may match more than six.
      const longestWord = (title: string) =>
        title
          .split(/\s+/)
          .filter((w) => /^[A-Za-z]{5,}$/.test(w))
          .sort((a, b) => b.length - a.length)[0];
      let target: Event | undefined;
      let word = '';
      let searched: ListEventsData | undefined;
      for (const candidate of [...all.data].reverse()) {
        const w = longestWord(candidate.title);
        if (!w) continue;
        const s = await apiData<ListEventsData>(`event/view?limit=6&filter=${encodeURIComponent(w)}`);
        if (s.total <= 6 && s.data.some((e) => e.id === candidate.id)) {
          [target, word, searched] = [candidate, w, s];
          break;
        }
      }
      if (!target || !searched) throw new Error('no event has a title word that picks out one page of events');
      const searchRequest = page.waitForResponse((r) => isEventList(r.url(), { filter: word }));
      await page.getByRole('searchbox', { name: 'Search events' }).pressSequentially(word, { delay: 40 });
      await searchRequest;
      await settled(page);
      const found = await cardTitles(page, 'Upcoming events');
      expect(found).toContain(target.title);
      expect(found).toEqual(searched.data.map((e) => e.title));
      expect(new URL(page.url()).searchParams.get('q')).toBe(word);

      // Nothing matches: the empty state says so and clears the search.
      await page.getByRole('searchbox', { name: 'Search events' }).fill('zzqxnothingmatches');
      await page.getByText('No events match “zzqxnothingmatches”').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect.poll(() => cards(page, 'Upcoming events').count()).toBe(6);
      await expect.poll(() => page.getByRole('searchbox', { name: 'Search events' }).inputValue()).toBe('');

      // Load More: +6, reading 'Loading...' while the next page is on its way. Only the next
      // page is fetched (page 2 of 6, cards only), not the first 12 again.
      const nextPage = { page: 2, limit: 6, fields: 'card' };
      const nextPageAsked = page.waitForRequest((r) => isEventList(r.url(), nextPage));
      const isNextPage = (url: URL) => isEventList(url.href, nextPage);
      await page.route(isNextPage, async (route) => {
        await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      });
      await page.getByRole('button', { name: 'Load More' }).click();
      await page.getByRole('button', { name: 'Loading...' }).waitFor();
      expect(new URL((await nextPageAsked).url()).searchParams.get('category_id')).toBeNull();
      await expect.poll(() => cards(page, 'Upcoming events').count()).toBe(12);
      await expect.poll(() => cardTitles(page, 'Upcoming events')).toEqual(all.data.slice(0, 12).map((e) => e.title));
      await page.unroute(isNextPage);
      await settled(page);
      await capture(page, `catalogue-all-events-${viewport.width}`);

      // Details of an event with at least two open ticket types.
      const withTickets = all.data
        .slice(0, 12)
        .find((e) => e.tickets.filter((t) => t.status === 1 && t.available > 1).length >= 2);
      expect(withTickets, 'a listed demo event should have two ticket types on sale').toBeTruthy();
      const event = await apiData<Event>(`event/details/${withTickets!.id}`);
      await cards(page, 'Upcoming events').getByRole('link', { name: event.title, exact: true }).click();
      await page.waitForURL(`**/details/${event.id}/${event.slug}`);
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      await page.getByText(/EAT$/).first().waitFor();
      await expect
        .poll(() => page.getByRole('link', { name: /See on map/ }).getAttribute('href'))
        .toContain('google.com/maps/search');
      await expect
        .poll(() => page.getByRole('img', { name: event.title }).first().getAttribute('src'))
        .toBe(event.image);

      const tickets = page.getByRole('region', { name: 'Tickets' });
      const [first, second] = event.tickets.filter((t) => t.available > 1);
      expect(first && second, 'the demo event should have two ticket types on sale').toBeTruthy();
      const rowOf = (name: string) =>
        tickets.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
      const row1 = rowOf(first!.name);
      const row2 = rowOf(second!.name);
      await row1.getByText(`Admits ${first!.no_of_persons}`).waitFor();
      await row1.getByText('Open', { exact: true }).waitFor();
      await expect.poll(() => row1.getByRole('button', { name: /One fewer/ }).isDisabled()).toBe(true);
      const total = page.getByTestId('order-total');
      await expect.poll(() => total.innerText()).toBe(money(0, event.currency));

      // Nothing picked: the 'Error!' dialog says so.
      await tickets.getByRole('button', { name: 'Credit / Debit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Error!' });
      await dialog.getByText('Pick a ticket to book this event').waitFor();
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'detached' });

      // Plus twice on the first type, type 3 into the second; subtotals and total follow.
      await row1.getByRole('button', { name: /One more/ }).click();
      await row1.getByRole('button', { name: /One more/ }).click();
      await expect.poll(() => quantityOf(row1)).toBe(2);
      await expect
        .poll(() => page.getByTestId(`subtotal-${first!.id}`).innerText())
        .toBe(money(2 * first!.price_per_ticket, event.currency));
      const want2 = Math.min(3, second!.available);
      await row2.getByRole('spinbutton').fill(String(want2));
      await expect
        .poll(() => page.getByTestId(`subtotal-${second!.id}`).innerText())
        .toBe(money(want2 * second!.price_per_ticket, event.currency));
      await expect
        .poll(() => total.innerText())
        .toBe(money(2 * first!.price_per_ticket + want2 * second!.price_per_ticket, event.currency));
      await row1.getByRole('button', { name: /One fewer/ }).click();
      await expect.poll(() => quantityOf(row1)).toBe(1);
      const expectedTotal = first!.price_per_ticket + want2 * second!.price_per_ticket;
      await expect.poll(() => total.innerText()).toBe(money(expectedTotal, event.currency));
      // The input never goes below 0 or above what is left.
      await row2.getByRole('spinbutton').fill('-4');
      await expect.poll(() => quantityOf(row2)).toBe(0);
      await row2.getByRole('spinbutton').fill(String(want2));

      // A guest without details is stopped; with them, the booking goes to the payment page.
      await tickets.getByRole('button', { name: 'Credit / Debit' }).click();
      await dialog.getByText('Personal details is required to proceed with payment').waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await capture(page, `catalogue-details-${viewport.width}`);

      await tickets.getByLabel('Full name', { exact: true }).fill('Wanjiku Kamau');
      // A guest of their own per run: the API refuses a second checkout's copy of a pending order (409).
      const guestEmail = `wanjiku.${viewport.width}.${Date.now()}@example.co.ke`;
      await tickets.getByLabel('Email', { exact: true }).fill(guestEmail);
      await tickets.getByLabel('Phone', { exact: true }).fill('+254712345678');
      await tickets.getByRole('button', { name: 'Credit / Debit' }).click();
      await page.waitForURL('**/payment/method');
      const persisted = await page.evaluate<string | null>("localStorage.getItem('tikiti')");
      const stored = JSON.parse(persisted ?? '{}').state?.booking;
      expect(stored).toMatchObject({
        event_id: event.id,
        payment_method: 'card',
        total_price: expectedTotal,
        currency: event.currency,
        details: { full_name: 'Wanjiku Kamau', email_address: guestEmail, msisdn: '+254712345678' },
      });
      expect(stored.tickets).toEqual([
        expect.objectContaining({ id: first!.id, qty: 1, price: first!.price_per_ticket }),
        expect.objectContaining({ id: second!.id, qty: want2, price: second!.price_per_ticket }),
      ]);

      // Related events of the same category; opening one reloads the page for the new id.
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
      const related = page.getByRole('region', { name: /^More .* events$/ });
      const relatedInCategory = all.data.filter((e) => e.category_id === event.category_id && e.id !== event.id);
      if (relatedInCategory.length > 0) {
        const relatedLink = related.getByRole('listitem').first().getByRole('link');
        const relatedTitle = await relatedLink.innerText();
        expect(relatedInCategory.map((e) => e.title)).toContain(relatedTitle);
        await relatedLink.click();
        await page.getByRole('heading', { level: 1, name: relatedTitle }).waitFor();
        await expect.poll(() => page.getByTestId('order-total').innerText()).toMatch(/ 0\.00$/);
      }

      // An unknown id is a friendly not-found page.
      await openPage(page, '/details/99999999/nothing-here');
      await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
      await page.getByRole('link', { name: 'Browse all events' }).waitFor();

      expect(failures).toEqual([]);
      await context.close();
    });
  }
});

/** The newest sign-in code the local mailbox (development only) holds for an address. */
async function latestCode(email: string): Promise<string | undefined> {
  const res = await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const mails = ((await res.json()) as { data: { id: number; text: string }[] }).data;
  const newest = mails.sort((a, b) => b.id - a.id)[0];
  return newest?.text.match(/\b(\d{6})\b/)?.[1];
}

describe('buyer pages', () => {
  it('signs a buyer in by email code, sends a contact message, toggles the FAQ, opens a blog post and ends the blog honestly', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));

    // Sign-in: email → mailed code → signed in as a buyer, back home, My Tickets in the menu.
    const email = `journey.${Date.now()}@example.co.ke`;
    await page.goto('/login');
    await page.getByRole('link', { name: 'Sign In to your Host Account' }).waitFor();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Email me a sign-in code' }).click();
    await page.getByText('Check your inbox').waitFor();
    await page.getByLabel('Sign-in code').fill('12345');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Enter the 6-digit code').waitFor();
    await expect.poll(() => latestCode(email), { timeout: 20_000 }).toMatch(/^\d{6}$/);
    await page.getByLabel('Sign-in code').fill((await latestCode(email))!);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/`);
    const session = JSON.parse((await page.evaluate<string | null>("localStorage.getItem('tikiti')")) ?? '{}').state;
    expect(session.accountType).toBe('user');
    expect(session.token).toBeTruthy();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await menu.getByRole('link', { name: 'My Tickets' }).waitFor();
    // Signed in as a buyer, the details page asks for no personal details.
    const [first] = (await apiData<ListEventsData>('event/view?limit=1')).data;
    await openPage(page, `/details/${first!.id}/${first!.slug}`);
    await page.getByRole('region', { name: 'Tickets' }).waitFor();
    await expect.poll(() => page.getByLabel('Full name', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Login / Register' }).waitFor();

    // Contact: the contract's checks on the fields, then the message is sent.
    await page.goto('/talk-to-us');
    await page.getByRole('main').getByText('Mon-Fri 9am-6pm').waitFor();
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Message is required').waitFor();
    await page.getByLabel('Name').fill('Achieng Otieno');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('textbox', { name: 'Message' }).fill('Do you take group bookings for 40 people?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page.getByLabel('Email', { exact: true }).fill('achieng@example.co.ke');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you, your message has been sent').waitFor();
    await expect.poll(() => page.getByLabel('Name').inputValue()).toBe('');

    // About: FAQ items open and close on click.
    await page.goto('/about-us');
    const question = page.getByRole('button', { name: 'Do I need an account to buy tickets?' });
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('false');
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('You can book as a guest').waitFor();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('false');

    // Blog: six articles, and LOAD MORE says there are no more.
    await page.goto('/blog');
    await expect.poll(() => page.getByRole('article').count()).toBe(6);
    await page.getByRole('button', { name: 'LOAD MORE' }).click();
    await page.getByText('there are no more posts yet').waitFor();
    // A card opens its post; the post links back to the blog.
    const firstTitle = (await page.getByRole('article').first().getByRole('heading').textContent())!;
    await page.getByRole('article').first().click();
    await page.getByRole('heading', { level: 1, name: firstTitle }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/blog\/[a-z0-9-]+$/);
    await capture(page, 'blog-post-390');
    await page.getByRole('link', { name: 'All posts' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/blog');

    // Privacy policy: the subjects of docs/security.md#your-data.
    await page.goto('/privacy-policy');
    for (const text of [
      'What we keep, why, and for how long',
      'Who else receives your data',
      'Your rights, and how to use them',
    ]) {
      await page.getByText(text).first().waitFor();
    }

    expect(failures).toEqual([]);
    await context.close();
  });
});
