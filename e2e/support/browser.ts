import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

/** The launch flags docs/architecture.md#browser-journeys requires; the browser is Debian's Chromium, never a download. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error('Chromium not found: install it with `apt-get install -y chromium`');
  return found;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const shotsDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * Saves a screenshot as a test artifact: test-results/screenshots/<name>.png. The full page
 * unless `fullPage` is false (a dialog over the page: the viewport is what the user sees).
 */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}) {
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage });
}

/**
 * Opens `url` and waits until its page works. Home, all events and an event's page arrive drawn
 * by the server (docs/decisions/0021-first-screen.md): their text is there at once, but a click
 * does nothing until the app has taken the HTML over, which the app marks on `<html>`.
 */
export async function openPage(page: Page, url: string) {
  await page.goto(url);
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}
