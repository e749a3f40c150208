import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, launchBrowser, locales, screenshot, testId } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * Blocking (security review L3, issue 23): Ada blocks Bruno from his profile, finds him in her blocked
 * people, and Bruno no longer finds her; then she unblocks him. Screenshots in both languages.
 */
let server: RunningServer;
let browser: Browser;
const contexts = contextsClosedAfterEach('blocking');

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    env: process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {},
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('blocking a person', () => {
  for (const locale of locales) {
    it(`blocks from the profile, lists and unblocks in the settings (${locale})`, async () => {
      const ada = await newAccount(server.url, { firstName: 'Ada', lastName: 'Quieta' });
      const bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Molesto' });
      const page = await openPhone(browser, server.url, contexts, locale, `/profile/${bruno.userId}`, ada.jwt);

      await page.click(testId('block-person'));
      await page.waitForSelector(testId('feedback-modal'));
      await screenshot(page, `people-block-confirm-${locale}`);
      await page.click(testId('feedback-button'));
      await page.waitForSelector(testId('unblock-person'));
      const found = await call(server.url, 'user/explore-contacts', { query: 'ada quieta' }, bruno.jwt);
      expect(found.users.map((u) => u.userId)).not.toContain(ada.userId);
      expect((await call(server.url, 'user/profile', { userId: bruno.userId }, ada.jwt)).blocked).toBe(true);

      await page.goto('/home');
      await page.click(testId('open-account'));
      await page.click(testId('account-settings'));
      await page.click(testId('settings-blocked'));
      await page.waitForSelector(testId('blocked-list'));
      await screenshot(page, `people-blocked-list-${locale}`);
      await page.click(testId('unblock-person'));
      await page.waitForSelector(testId('blocked-empty'));
      expect(
        (await call(server.url, 'user/list-blocked', { pagination: { page: 1, limit: 10 } }, ada.jwt)).users,
      ).toEqual([]);
    });
  }
});
