import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Event, ListEventsData } from '@tikiti/contract';
import { launchBrowser, openPage, screenshot, VIEWPORTS } from './support/browser.js';
import { apiData } from './support/api.js';

/**
 * Home, all events and an event's page arrive with their first screen drawn by the server
 * (docs/decisions/0021-first-screen.md): readable before any script runs, then taken over by
 * the app without an error, without drawing the page again and without asking the API again
 * for what came with it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Everything the page reports as wrong: script errors, console errors (a hydration mismatch, a refused script). */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/v1/')) calls.push(new URL(req.url()).pathname);
  });
  return { problems, calls };
}

describe('the first screen', () => {
  it('is there without JavaScript: home’s events, the search in the address, an event’s tickets', async () => {
    const { data } = await apiData<ListEventsData>('event/view?limit=6&fields=card');
    const details = await apiData<Event>(`event/details/${data[0]!.id}`);
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();

    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Online Event Ticketing, Simplified.' }).waitFor();
    const titles = page.getByRole('list', { name: 'Events', exact: true }).getByRole('heading');
    expect(await titles.allInnerTexts()).toEqual(data.map((e) => e.title));
    await screenshot(page, 'first-screen-home-no-js-390');

    // Searching before the app has taken over (a slow phone): the form itself puts the words in
    // the address, and the server answers with the results.
    const word = data[0]!.title.split(/\W+/).sort((a, b) => b.length - a.length)[0]!;
    await page.goto('/all-events');
    await page.getByRole('searchbox', { name: 'Search events' }).fill(word);
    await page.getByRole('searchbox', { name: 'Search events' }).press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === word);
    expect(await page.getByRole('searchbox', { name: 'Search events' }).inputValue()).toBe(word);
    const found = await page
      .getByRole('list', { name: 'Upcoming events', exact: true })
      .getByRole('heading')
      .allInnerTexts();
    expect(found).toContain(data[0]!.title);

    // A category, tapped before the app has taken over: the address keeps the search and adds
    // the category, and the server answers with the category's matches.
    const category = data[0]!.category!;
    await page.getByRole('group', { name: 'Categories' }).getByRole('button', { name: category.name }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('category') === String(category.id) && url.searchParams.get('q') === word,
    );
    const inCategory = await apiData<ListEventsData>(
      `event/view?limit=50&fields=card&category_id=${category.id}&filter=${encodeURIComponent(word)}`,
    );
    expect(
      await page.getByRole('list', { name: 'Upcoming events', exact: true }).getByRole('heading').allInnerTexts(),
    ).toEqual(inCategory.data.slice(0, 6).map((e) => e.title));

    await page.goto(`/details/${details.id}/${details.slug}`);
    await page.getByRole('heading', { level: 1, name: details.title }).waitFor();
    const tickets = page.getByRole('region', { name: 'Tickets' });
    for (const t of details.tickets) await tickets.getByText(t.name, { exact: true }).first().waitFor();
    await context.close();
  });

  it('is taken over by the app without an error and without asking the API again', async () => {
    const { data } = await apiData<ListEventsData>('event/view?limit=1&fields=card');
    const details = await apiData<Event>(`event/details/${data[0]!.id}`);
    const ticket = details.tickets.find((t) => t.available > 0)!;
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, baseURL: baseUrl });
    const page = await context.newPage();
    const { problems, calls } = watch(page);

    await openPage(page, '/');
    // The events came with the page: the list is not asked for again.
    expect(calls.filter((c) => c === '/v1/event/view')).toEqual([]);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Browse Events' }).waitFor();

    await openPage(page, `/details/${details.id}/${details.slug}`);
    expect(calls.filter((c) => c.startsWith('/v1/event/details/'))).toEqual([]);
    // The picker works: one more ticket is counted.
    const quantity = page.getByLabel(`Number of ${ticket.name} tickets`);
    expect(await quantity.inputValue()).toBe('0');
    await page.getByRole('button', { name: `One more ${ticket.name} ticket` }).click();
    await expect.poll(() => quantity.inputValue()).toBe('1');

    await openPage(page, '/all-events');
    await page.getByRole('button', { name: 'All events', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
