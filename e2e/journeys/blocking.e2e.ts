import { describe, expect, it } from 'vitest';
import { call, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Blocking (security review L3, issue 23): Ada blocks Bruno from his profile, finds him in her blocked
 * people, and Bruno no longer finds her; then she unblocks him. Screenshots in both languages.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('blocking');

describe('blocking a person', () => {
  for (const locale of locales) {
    it(`blocks from the profile, lists and unblocks in the settings (${locale})`, async () => {
      const ada = await newAccount(suite.server.url, { firstName: 'Ada', lastName: 'Quieta' });
      const bruno = await newAccount(suite.server.url, { firstName: 'Bruno', lastName: 'Molesto' });
      const page = await openPhone(
        suite.browser,
        suite.server.url,
        contexts,
        locale,
        `/profile/${bruno.userId}`,
        ada.jwt,
      );

      await page.click(testId('block-person'));
      await page.waitForSelector(testId('feedback-modal'));
      await screenshot(page, `people-block-confirm-${locale}`);
      await page.click(testId('feedback-button'));
      await page.waitForSelector(testId('unblock-person'));
      const found = await call(suite.server.url, 'user/explore-contacts', { query: 'ada quieta' }, bruno.jwt);
      expect(found.users.map((u) => u.userId)).not.toContain(ada.userId);
      expect((await call(suite.server.url, 'user/profile', { userId: bruno.userId }, ada.jwt)).blocked).toBe(true);

      await page.goto('/home');
      await page.click(testId('open-account'));
      await page.click(testId('account-settings'));
      await page.click(testId('settings-blocked'));
      await page.waitForSelector(testId('blocked-list'));
      await screenshot(page, `people-blocked-list-${locale}`);
      await page.click(testId('unblock-person'));
      await page.waitForSelector(testId('blocked-empty'));
      expect(
        (await call(suite.server.url, 'user/list-blocked', { pagination: { page: 1, limit: 10 } }, ada.jwt)).users,
      ).toEqual([]);
    });
  }
});
