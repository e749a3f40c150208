import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, newAccount } from '../support/accounts.ts';
import { inDays } from '../support/activities.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { contextsClosedAfterEach, locales, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 19: axe-core finds no serious or critical WCAG 2.1 A/AA violation on any main screen, signed out
 * and signed in, on a phone, in English and Italian. Each screen is checked once it has its data.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('accessibility');

/** Every screen is checked before the test fails, so one run lists all that is wrong. */
function checker(page: Page) {
  const found: Record<string, unknown> = {};
  return {
    check: async (screen: string) => {
      const violations = await seriousA11yViolations(page);
      if (violations.length) found[screen] = violations;
    },
    expectNone: () => expect(found).toEqual({}),
  };
}

describe('accessibility of the main screens', () => {
  for (const locale of locales) {
    it(`has no serious or critical violations, signed out (${locale})`, async () => {
      const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/welcome');
      const a11y = checker(page);
      await page.waitForSelector(testId('welcome-screen'));
      await a11y.check('welcome');
      for (const [path, screen] of [
        ['/sign-up', 'sign-up-screen'],
        ['/login', 'login-screen'],
        ['/forgot-password', 'forgot-password-screen'],
      ] as const) {
        await page.goto(path);
        await page.waitForSelector(testId(screen));
        await a11y.check(screen);
      }
      a11y.expectNone();
    });

    it(`has no serious or critical violations, signed in (${locale})`, async () => {
      const url = suite.server.url;
      const ada = await newAccount(url, { firstName: 'Ada', lastName: 'Lovelace' });
      const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Rossi' });
      const { group } = await call(url, 'group/create-new', { name: 'Trail club', type: 'OPEN' }, ada.jwt);
      const { activity } = await call(
        url,
        'activity/create-new',
        {
          name: 'Morning run',
          sportId: 'running',
          date: inDays(2),
          startTime: '09:00',
          endTime: '11:00',
          access: 'OPEN',
          visibility: 'PUBLIC',
          difficulty: 'MEDIUM',
          groupId: group.groupId,
          route: {
            mode: 'POINTS',
            start: { latitude: 45.4642, longitude: 9.19, address: 'Piazza del Duomo, Milano' },
            destination: { latitude: 45.4728, longitude: 9.1797 },
            routeSteps: [{ latitude: 45.468, longitude: 9.185 }],
          },
        },
        ada.jwt,
      );
      await call(url, 'group/participate', { groupId: group.groupId }, bruno.jwt);
      await call(url, 'activity/participate', { activityId: activity.activityId }, bruno.jwt);
      await call(url, 'user/request-connection', { userId: ada.userId }, bruno.jwt);

      const page = await openPhone(suite.browser, url, contexts, locale, '/home', ada.jwt);
      const a11y = checker(page);
      const screens: [path: string, ready: string][] = [
        ['/home', testId('home-screen')],
        [`/view-activity/${activity.activityId}`, `${testId('activity-map')} [data-map-ready]`],
        ['/groups', testId('groups-screen')],
        [`/view-group/${group.groupId}`, testId('view-group-screen')],
        ['/contacts', testId('contacts-screen')],
        ['/calendar', testId('calendar-screen')],
        ['/chats', testId('chats-screen')],
        ['/notifications', testId('notifications-screen')],
        [`/profile/${bruno.userId}`, testId('profile-screen')],
      ];
      for (const [path, ready] of screens) {
        await page.goto(path);
        await page.waitForSelector(ready);
        await page.waitForLoadState('networkidle');
        await a11y.check(path);
      }

      // The activity's menu, and the settings sheet.
      await page.goto(`/view-activity/${activity.activityId}`);
      await page.click(testId('activity-menu'));
      await page.waitForSelector('[role="menu"]');
      await a11y.check('activity menu');
      await page.goto('/home');
      await page.click(testId('open-account'));
      await page.click(testId('account-settings'));
      await page.waitForSelector(testId('settings-calendar-feed'));
      await a11y.check('settings');
      a11y.expectNone();
    });
  }
});
