import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { inDays, pointsActivity } from '../support/activities.ts';
import {
  contextsClosedAfterEach,
  type Locale,
  launchBrowser,
  locales,
  screenshot,
  testId,
} from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
const contexts = contextsClosedAfterEach('notifications');

const texts = {
  en: {
    request: 'Bruno Verdi wants to add you as a contact',
    rejected: 'Your request for Giro del lago was declined',
    reason: 'Reason: The group is full',
  },
  it: {
    request: 'Bruno Verdi vuole aggiungerti ai contatti',
    rejected: 'La tua richiesta per Giro del lago è stata rifiutata',
    reason: 'Motivo: The group is full',
  },
};

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

/** Anna asked to join Bruno's closed activity and Bruno said no, with a reason. */
async function rejectedRequest(anna: Account, bruno: Account) {
  const { activity } = await call(
    server.url,
    'activity/create-new',
    pointsActivity({ date: inDays(3), access: 'CLOSED' }),
    bruno.jwt,
  );
  await call(server.url, 'activity/request-access', { activityId: activity.activityId }, anna.jwt);
  await call(
    server.url,
    'activity/reject-request',
    { activityId: activity.activityId, userId: anna.userId, reason: 'The group is full' },
    bruno.jwt,
  );
}

async function signedIn(account: Account, locale: Locale, path: string): Promise<Page> {
  return openPhone(browser, server.url, contexts, locale, path, account.jwt);
}

const badge = (page: Page) => page.locator(`${testId('badge-notifications')} [aria-hidden="true"]`);

describe('notifications', () => {
  for (const locale of locales) {
    it(`a contact request shows up live in the badge and the list, and opens the profile (${locale})`, async () => {
      const anna = await newAccount(server.url, { firstName: 'Anna', lastName: 'Rossi' });
      const bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
      await rejectedRequest(anna, bruno);

      const page = await signedIn(anna, locale, '/home');
      await page.waitForSelector(testId('badge-notifications'));
      expect(await badge(page).textContent()).toBe('1');

      // Bruno asks from his phone: Anna's badge counts it without a reload.
      await call(server.url, 'user/request-connection', { userId: anna.userId }, bruno.jwt);
      await page.waitForFunction(
        (sel) => document.querySelector(sel)?.textContent === '2',
        `${testId('badge-notifications')} [aria-hidden="true"]`,
      );

      await page.click(testId('open-notifications'));
      await page.waitForSelector(testId('notification-list'));
      const items = page.locator(`${testId('notification-list')} > li > button`);
      expect(await items.count()).toBe(2);
      const request = items.nth(0);
      expect(await request.getAttribute('data-type')).toBe('CONTACT_REQUEST');
      expect(await request.getAttribute('data-read')).toBe('false');
      expect(await request.locator(testId('notification-text')).textContent()).toBe(texts[locale].request);
      const rejection = items.nth(1);
      expect(await rejection.locator(testId('notification-text')).textContent()).toBe(texts[locale].rejected);
      expect(await rejection.locator(testId('notification-reason')).textContent()).toBe(texts[locale].reason);
      await screenshot(page, `notifications-list-${locale}`);

      // Tapping the request marks it read and opens Bruno's profile.
      await request.click();
      await page.waitForURL(`**/profile/${bruno.userId}`);
      await page.goBack();
      await page.waitForSelector(
        `${testId('notification-list')} > li > button[data-type="CONTACT_REQUEST"][data-read="true"]`,
      );

      await page.click(testId('mark-all-read'));
      await page.waitForFunction(
        (sel) => [...document.querySelectorAll(sel)].every((b) => b.getAttribute('data-read') === 'true'),
        `${testId('notification-list')} > li > button`,
      );
      await screenshot(page, `notifications-read-${locale}`);
      await page.goBack();
      await page.waitForSelector(testId('open-notifications'));
      expect(await page.locator(testId('badge-notifications')).count()).toBe(0);
    });
  }
});
