import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, newAccount, PASSWORD } from '../support/accounts.ts';
import { inDays } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 19, the activity page: a person opens an activity and finds when and where to meet at the top and
 * the action bar at the bottom without scrolling; joins; opens the chat from the page; adds the activity to
 * their calendar (the .ics file is checked); shares the link; and subscribes to their own calendar feed from
 * the settings. Phone viewport, English and Italian.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('coordination');

/** The share sheet, recorded: headless Chromium has none of its own. */
async function recordShares(page: Page) {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { shared });
    Object.defineProperty(navigator, 'share', { value: async (data: unknown) => void shared.push(data) });
  });
}

describe('the activity page: find, join, coordinate', () => {
  for (const locale of locales) {
    it(`joins from the bar, opens the chat, adds to the calendar and shares (${locale})`, async () => {
      const url = suite.server.url;
      const ada = await newAccount(url, { firstName: 'Ada', lastName: 'Guida' });
      const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Corsa' });
      const name = locale === 'en' ? 'Lakeside run' : 'Corsa sul lago';
      const { activity } = await call(
        url,
        'activity/create-new',
        {
          name,
          sportId: 'running',
          date: inDays(3),
          startTime: '18:30',
          endTime: '20:00',
          timeZone: 'Europe/Rome',
          access: 'OPEN',
          visibility: 'PUBLIC',
          difficulty: 'MEDIUM',
          description: locale === 'en' ? 'Easy pace, all welcome.' : 'Ritmo tranquillo, tutti benvenuti.',
          route: {
            mode: 'POINTS',
            start: { latitude: 45.8566, longitude: 9.3977, address: 'Lungolago, Lecco' },
            destination: { latitude: 45.8421, longitude: 9.3905 },
            routeSteps: [{ latitude: 45.85, longitude: 9.395 }],
          },
        },
        ada.jwt,
      );

      const context = await (async () => {
        const page = await openPhone(suite.browser, url, contexts, locale, '/home', bruno.jwt);
        await page.waitForSelector(testId('home-screen'));
        return page.context();
      })();
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = await context.newPage();
      await recordShares(page);
      await page.goto(`/view-activity/${activity.activityId}`);
      await page.waitForSelector(`${testId('activity-map')} [data-map-ready]`);

      // When and where lead; Join is on screen without scrolling.
      expect(await page.textContent(testId('activity-when'))).toContain('18:30–20:00');
      expect(await page.textContent(testId('activity-where'))).toContain('Lungolago, Lecco');
      const join = page.locator(testId('activity-action-join'));
      const box = (await join.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      await screenshot(page, `coordination-1-activity-${locale}`);

      await join.click();
      await expectToast(page);
      await page.waitForSelector(testId('activity-standing-in'));
      await screenshot(page, `coordination-2-joined-${locale}`);

      // The chat opens from the page.
      await page.click(testId('activity-chat'));
      await page.waitForSelector(`${testId('chat-name')}:has-text("${name}")`);
      await page.click(`${testId('sheet-chat')} ${testId('sheet-back')}`);
      await page.waitForSelector(testId('sheet-chat'), { state: 'detached' });

      // Add to calendar hands over an .ics of this activity, in UTC (18:30 in Rome).
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.click(testId('activity-add-to-calendar')),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      const ics = readFileSync((await download.path())!, 'utf8');
      expect(ics).toContain(`SUMMARY:${name}`);
      expect(ics).toMatch(/DTSTART:\d{8}T1[67]3000Z/);

      // Share hands the activity's own address to the share sheet.
      await page.click(testId('activity-share'));
      await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length === 1);
      const [shared] = await page.evaluate(() => (window as unknown as { shared: { url: string }[] }).shared);
      expect(shared!.url).toBe(`${url}/view-activity/${activity.activityId}`);

      // The rest is one tap away, in the menu: Leave, then Report apart.
      await page.click(testId('activity-menu'));
      await page.waitForSelector(testId('activity-action-leave'));
      expect(await page.locator(testId('report-open')).count()).toBe(1);
      await screenshot(page, `coordination-3-menu-${locale}`);
      await page.keyboard.press('Escape');

      // The organiser is not offered Report on her own activity.
      const adaPage = await openPhone(
        suite.browser,
        url,
        contexts,
        locale,
        `/view-activity/${activity.activityId}`,
        ada.jwt,
      );
      await adaPage.click(testId('activity-menu'));
      await adaPage.waitForSelector(testId('activity-action-edit'));
      expect(await adaPage.locator(testId('report-open')).count()).toBe(0);
      await screenshot(adaPage, `coordination-4-organiser-menu-${locale}`);

      // Bruno subscribes to his own calendar feed from the settings; a calendar app reads it without a token.
      await page.goto('/home');
      await page.click(testId('open-account'));
      await page.click(testId('account-settings'));
      await page.click(testId('settings-calendar-feed'));
      const subscribe = await page.waitForSelector(testId('calendar-feed-subscribe'));
      expect(await subscribe.getAttribute('href')).toMatch(/^webcal:/);
      await screenshot(page, `coordination-5-calendar-feed-${locale}`);
      const feed = await fetch((await subscribe.getAttribute('data-feed-url'))!);
      expect(feed.status).toBe(200);
      expect(await feed.text()).toContain(`SUMMARY:${name}`);
    });
  }

  it('continues to a shared activity after signing in', async () => {
    const url = suite.server.url;
    const ada = await newAccount(url, { firstName: 'Ada', lastName: 'Guida' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Corsa' });
    const { activity } = await call(
      url,
      'activity/create-new',
      {
        name: 'Shared link run',
        sportId: 'running',
        date: inDays(4),
        startTime: '08:00',
        endTime: '09:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.8566, longitude: 9.3977 },
          destination: { latitude: 45.8421, longitude: 9.3905 },
          routeSteps: [],
        },
      },
      ada.jwt,
    );
    const page = await openPhone(suite.browser, url, contexts, 'en', `/view-activity/${activity.activityId}`);
    await page.click(testId('entry-screen'));
    await page.waitForURL(/\/(welcome|sign-up)$/);
    await page.goto('/login');
    await page.fill(testId('login-email'), bruno.email);
    await page.fill(testId('login-password'), PASSWORD);
    await page.click(testId('login-submit'));
    await page.waitForURL(`**/view-activity/${activity.activityId}`);
    await page.waitForSelector(`${testId('activity-name')}:has-text("Shared link run")`);
  });
});
