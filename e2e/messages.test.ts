import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { SimulatedSms } from '@tikiti/contract';
import { launchBrowser, screenshot, VIEWPORTS } from './support/browser.js';
import { signInDemoOrganiser } from './support/organiser.js';

/**
 * A message to an event's attendees on the built app (docs/product.md#messages-to-attendees): the
 * demo organiser writes one with a placeholder, by mail and SMS, previews it with a real
 * attendee's values and sends it now; the list counts its deliveries, and the local SMS simulator
 * (/dev/sms.json) holds the text as an attendee's phone got it.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function simulatedSms(): Promise<SimulatedSms[]> {
  const res = await fetch(`${baseUrl}/dev/sms.json`);
  return ((await res.json()) as { data: SimulatedSms[] }).data;
}

describe('messages to attendees', () => {
  it('sends a message by mail and SMS, and the SMS reaches the simulator', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: baseUrl });
    const page = await context.newPage();
    const failures: string[] = [];
    page.on('pageerror', (err) => failures.push(err.message));
    await signInDemoOrganiser(page);
    // The demo organiser's event with the most tickets sold: it has attendees to write to.
    const eventId = await page.evaluate<number>(`fetch('/v1/client/event/view?limit=50', {
        headers: { Auth: JSON.parse(localStorage.getItem('tikiti')).state.token },
      }).then((r) => r.json()).then((j) => [...j.data.data].sort((a, b) => b.tickets_bought - a.tickets_bought)[0].id)`);
    await page.goto(`/organizer/event/${eventId}/messages`);
    const subject = `Room change ${Date.now()}`;
    await page.getByLabel('Subject', { exact: true }).fill(subject);
    await page.getByLabel('Message', { exact: true }).fill('Hello {first_name}, the plenary has moved to Hall B.');
    await page.getByRole('checkbox', { name: /SMS/ }).check();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('message-preview');
    await preview.waitFor();
    // Filled with a real attendee's first name, never the placeholder.
    expect(await preview.textContent()).not.toContain('{first_name}');
    await page.getByRole('button', { name: 'Send now' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: subject }) });
    await row.waitFor();
    await expect
      .poll(async () => Number(await row.locator('dt', { hasText: 'Sent' }).locator('+ dd').textContent()), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await simulatedSms()).filter((s) => s.text.includes(subject)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const sms = (await simulatedSms()).find((s) => s.text.includes(subject))!;
    expect(sms.to).toMatch(/^\+254\d{9}$/);
    expect(sms.text).toContain('the plenary has moved to Hall B.');
    expect(sms.text).not.toContain('{first_name}');
    await row.getByRole('button', { name: /Recipients/ }).click();
    await row.getByRole('table').waitFor();
    await screenshot(page, 'messages-sent-1280');
    expect(failures).toEqual([]);
    await context.close();
  });
});
