import type { Page } from 'playwright-core';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD } from '../../apps/api/src/db/seed/seed.js';

/** Signs the demo organiser in through the sign-in page and waits for the dashboard. */
export async function signInDemoOrganiser(page: Page) {
  await page.goto('/organizer/login');
  await page.getByLabel('Username').fill(DEMO_ORGANISER_EMAIL);
  await page.getByLabel('Password').fill(DEMO_ORGANISER_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/organizer/dashboard');
}
