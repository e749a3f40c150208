import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, locales, phoneContext, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  server = await startServer({ webMode: 'store' });
  browser = await launchBrowser();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(locales)('WEB_MODE=store (%s)', (locale) => {
  it('shows only the store prompt, except on the legal pages and the admin area', async () => {
    context = await phoneContext(browser, locale, server.url);
    const page = await context.newPage();
    for (const path of ['/', '/home', '/welcome', '/login', '/somewhere']) {
      await page.goto(path);
      await page.waitForSelector(testId('store-prompt'));
      expect(await page.locator(testId('entry-screen')).count()).toBe(0);
    }
    expect(await page.getAttribute(testId('app-store-link'), 'href')).toMatch(/^https:\/\//);
    expect(await page.getAttribute(testId('play-store-link'), 'href')).toMatch(/^https:\/\//);
    expect(await page.getAttribute(testId('support-link'), 'href')).toMatch(/^mailto:/);
    await screenshot(page, `store-${locale}`);

    await page.goto('/privacy');
    await page.waitForSelector(testId('legal-privacy'));
    await page.goto('/terms');
    await page.waitForSelector(testId('legal-terms'));
    await page.goto('/admin');
    await page.waitForSelector(testId('admin-area'));
    await screenshot(page, `admin-${locale}`);
  });
});
