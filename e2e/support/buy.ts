import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Event, TicketType } from '@tikiti/contract';
import { openPage } from './browser.js';

/**
 * A guest buys `qty` of one ticket type on the event's page with the sandbox's 4242 4242 4242
 * 4242 and lands on the success page: the purchase the e-tickets and door journeys start from.
 */
export async function buyAsGuest(page: Page, event: Event, ticket: TicketType, qty: number, email: string) {
  await openPage(page, `/details/${event.id}/${event.slug}`);
  await page.getByRole('heading', { level: 1, name: event.title }).waitFor();
  const panel = page.getByRole('region', { name: 'Tickets' });
  const row = panel.getByRole('listitem').filter({ has: page.getByText(ticket.name, { exact: true }) });
  for (let i = 0; i < qty; i++) await row.getByRole('button', { name: /One more/ }).click();
  await expect.poll(() => row.getByRole('spinbutton').inputValue()).toBe(String(qty));
  await panel.getByLabel('Full name', { exact: true }).fill('Wanjiku Kamau');
  await panel.getByLabel('Email', { exact: true }).fill(email);
  await panel.getByLabel('Phone', { exact: true }).fill('0712 345 678');
  await page.getByRole('button', { name: 'Credit / Debit' }).click();
  await page.waitForURL('**/payment/method');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByTestId('sticky-pay-bar').getByRole('button', { name: 'Pay now' }).click();
  await page.waitForURL(/\/payment\/success\?payment_intent_client_secret=/);
  await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 30_000 });
}
