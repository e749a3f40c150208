import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Language } from '@cordata/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { chromiumPath } from './chromium.ts';
import { repoRoot } from './server.ts';

/** The languages most journeys run in; languages.e2e.ts runs the entry and a join in every one (LANGUAGES). */
export type Locale = 'en' | 'it';
export const locales: Locale[] = ['en', 'it'];
/** The device locale a phone in each language reports (the app follows it at first start). */
const deviceLocales: Record<Language, string> = { en: 'en-US', it: 'it-IT', de: 'de-DE', fr: 'fr-FR', es: 'es-ES' };

export const screenshotDir = join(repoRoot, 'e2e/screenshots');

/** The selector of an element by its data-testid. */
export const testId = (id: string) => `[data-testid="${id}"]`;

/** `extraArgs`: more Chromium switches (a fake camera, for instance). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // Chromium's own swipe-to-go-back would fire on our sheet swipes; a phone's WebView has none.
      '--disable-features=OverscrollHistoryNavigation',
      ...extraArgs,
    ],
  });
}

/** A phone: 390×844 unless told (360 is the narrowest common one), touch, in the given language. */
export function phoneContext(
  browser: Browser,
  locale: Language,
  baseURL: string,
  width = 390,
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: deviceLocales[locale],
  });
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** A real touch swipe to the right, through the DevTools protocol. */
export async function touchSwipe(page: Page, from: { x: number; y: number }, toX: number, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number) => [{ x, y: from.y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from.x) });
  for (let i = 1; i <= steps; i++) {
    const x = from.x + ((toX - from.x) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The background colour of an element, as the browser computed it. */
export const backgroundOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);

/**
 * The browser contexts a test file opens, closed after each test; when the test failed, each page is first
 * saved as `debug-<name>-<n>.png`.
 */
export function contextsClosedAfterEach(name: string): BrowserContext[] {
  const contexts: BrowserContext[] = [];
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      let n = 0;
      for (const c of contexts) for (const p of c.pages()) await screenshot(p, `debug-${name}-${n++}`);
    }
    for (const c of contexts.splice(0)) await c.close();
  });
  return contexts;
}

/**
 * Waits for the success toast (issue 19: successes are toasts, errors and confirmations the feedback modal),
 * optionally one whose text matches, and returns its text. It then closes the toast with its close button if
 * it has not gone by itself, so a later step neither waits behind it nor reads it again.
 */
export async function expectToast(page: Page, expected?: RegExp | string): Promise<string> {
  const toast = page.locator(testId('toast')).filter(expected === undefined ? {} : { hasText: expected });
  await toast.waitFor();
  const text = (await toast.textContent()) ?? '';
  await toast
    .locator(testId('toast-close'))
    .click({ timeout: 2_000 })
    .catch(() => {}); // it went by itself meanwhile: nothing to close
  await toast.waitFor({ state: 'detached' });
  return text;
}
