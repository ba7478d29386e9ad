import { chromium } from 'playwright-core';
import { startBuiltApp } from './e2e/support/built-app.js';
import { CHROMIUM_FLAGS } from './e2e/support/browser.js';
import { DEMO_ORGANISER_EMAIL, DEMO_ORGANISER_PASSWORD } from './apps/api/src/db/seed/seed.js';

const out = '/tmp/reach-shots';
const app = await startBuiltApp({ NODE_ENV: 'development' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS, headless: true });
try {
  const base = app.baseUrl;
  const list = (await (await fetch(`${base}/v1/event/view?limit=100`)).json()) as { data: { data: { id: number; organizer: { slug: string } }[] } | { id: number; organizer: { slug: string } }[] };
  const events = Array.isArray(list.data) ? list.data : list.data.data;
  const slug = events[0]!.organizer.slug;
  const eventId = events[0]!.id;
  console.log('slug', slug, 'event', eventId);
  const hooks = [
    { id: 5, url: 'https://crm.kilimo.example/tikiti/webhooks', events: ['booking.paid', 'booking.refunded', 'attendee.checked_in'], description: 'Sales into our CRM', status: 'active', consecutive_failures: 0, disabled_at: null, created_at: '2026-11-20T06:00:00.000Z' },
    { id: 6, url: 'https://sheets.example.com/hooks/abc123', events: ['booking.paid'], description: '', status: 'disabled', consecutive_failures: 50, disabled_at: '2026-11-25T06:00:00.000Z', created_at: '2026-11-01T06:00:00.000Z' },
  ];
  const deliveries = [
    { id: 91, event_id: 'evt_9f8e7d6c5b4a', type: 'booking.paid', status: 'succeeded', attempts: 1, response_code: 200, error: null, created_at: '2026-11-27T06:00:00.000Z', last_attempt_at: '2026-11-27T06:00:01.000Z', next_attempt_at: null },
    { id: 90, event_id: 'evt_1a2b3c4d5e6f', type: 'attendee.checked_in', status: 'retrying', attempts: 3, response_code: 503, error: 'HTTP 503', created_at: '2026-11-27T05:00:00.000Z', last_attempt_at: '2026-11-27T05:20:00.000Z', next_attempt_at: '2026-11-27T06:20:00.000Z' },
    { id: 89, event_id: 'evt_0f1e2d3c4b5a', type: 'booking.refunded', status: 'failed', attempts: 12, response_code: null, error: 'Timed out after 10 s', created_at: '2026-11-25T05:00:00.000Z', last_attempt_at: '2026-11-26T05:00:00.000Z', next_attempt_at: null },
  ];
  for (const [w, h, tag] of [[390, 844, '390'], [1280, 800, '1280']] as const) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, baseURL: base });
    const page = await context.newPage();
    page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
    await page.goto(`/o/${slug}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/organiser-${tag}.png`, fullPage: true });
    await page.goto('/o/nobody-here');
    await page.getByRole('heading', { name: 'Organiser not found' }).waitFor();
    await page.screenshot({ path: `${out}/organiser-404-${tag}.png` });
    await page.goto('/organizer/login');
    await page.getByLabel('Username').fill(DEMO_ORGANISER_EMAIL);
    await page.getByLabel('Password').fill(DEMO_ORGANISER_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/organizer/dashboard');
    const own = await page.evaluate<number>(`fetch('/v1/client/event/view?limit=10', { headers: { Auth: JSON.parse(localStorage.tikiti).state.token } }).then(r => r.json()).then(j => { const l = (j.data.data ?? j.data); return (l.find(e => e.tickets_sold > 0) ?? l[0])?.id; })`).catch(() => eventId);
    console.log('own event', own);
    await page.goto(`/organizer/event/${own}/messages`);
    await page.getByLabel('Subject', { exact: true }).waitFor();
    if (tag === '390') {
      await page.getByLabel('Subject', { exact: true }).fill('Room change for {event_title}');
      await page.getByLabel('Message', { exact: true }).fill('Hello {first_name},\n\nThe plenary has moved to Hall B, first floor. Doors open at 8:30.');
      await page.getByRole('checkbox', { name: /SMS/ }).check();
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByTestId('message-preview').waitFor({ timeout: 10000 }).catch(() => console.log('no preview'));
      await page.screenshot({ path: `${out}/messages-preview-${tag}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.waitForTimeout(2500);
    }
    const first = page.getByRole('button', { name: /Recipients \(/ }).first();
    if (await first.count()) await first.click();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${out}/messages-${tag}.png`, fullPage: true });
    await page.route('**/v1/client/webhooks**', async (route) => {
      const url = route.request().url();
      const body = url.includes('/deliveries') ? { data: deliveries, total: 3 } : hooks;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ status: 200, status_description: 'OK', data: body }) });
    });
    await page.goto('/organizer/integrations');
    await page.getByRole('button', { name: 'Deliveries' }).first().click();
    await page.getByRole('table').waitFor();
    await page.waitForTimeout(500);
    console.log('WIDE', tag, await page.evaluate<string[]>(`[...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5)).slice(0, 6).map((el) => el.tagName.toLowerCase() + '.' + [...el.classList].join('.') + ' ' + Math.round(el.getBoundingClientRect().right))`));
    await page.screenshot({ path: `${out}/integrations-${tag}.png`, fullPage: true });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
