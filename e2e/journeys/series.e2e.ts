import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { inDays } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 22, series: an organiser creates a weekly series in the wizard ("Repeats": every week on its day, 8 dates),
 * reads the rule back before publishing, and lands on its first date with the series panel; someone else joins the
 * whole series from a date's page, skips one date, and sees it; the organiser's edit of all dates asks which dates.
 */

const suite = journeySuite();
const contexts = contextsClosedAfterEach('series');

const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

const WEEKDAY = {
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  it: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'],
};
const text = {
  en: (day: string) => `Every ${day} at 18:30, 8\u00a0times`,
  it: (day: string) => `Ogni ${day} alle 18:30, 8\u00a0volte`,
};

const cancelText = {
  en: { confirm: 'Cancel this date and every later one?', badge: 'Cancelled' },
  it: { confirm: 'Annullare questa data e tutte le successive?', badge: 'Annullata' },
};

describe.each(locales)('series (%s)', (locale) => {
  it('creates a weekly series in the wizard, and another person joins it and skips one date', async () => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const first = inDays(2);
    const weekday = WEEKDAY[locale][new Date(`${first}T12:00:00`).getDay()]!;

    // Step 1: the usual fields, then Repeats: every week (on the first date's day), after 8 dates.
    const page = await signedIn(anna, locale, '/home');
    await page.click(testId('create-activity'));
    await page.waitForSelector(testId('wizard-info'));
    await page.fill(testId('activity-name-input'), locale === 'en' ? 'Tuesday intervals' : 'Ripetute serali');
    await page.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
    await page.selectOption(testId('activity-sport-input'), { index: 1 });
    await page.fill(testId('activity-date-input'), first);
    await page.fill(testId('activity-start-input'), '18:30');
    await page.fill(testId('activity-end-input'), '20:00');
    await page.selectOption(testId('repeat-freq'), 'WEEKLY');
    await page.selectOption(testId('repeat-ends'), 'COUNT');
    await page.fill(testId('repeat-count'), '8');
    const summary = await page.waitForSelector(testId('repeat-summary'));
    expect(await summary.textContent()).toBe(text[locale](weekday));
    await page.locator(testId('wizard-repeat')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `series-1-repeats-${locale}`);
    await page.click(testId('wizard-next'));

    // Step 2: a drawn route of two points.
    await page.waitForSelector(testId('wizard-path'));
    await page.click(testId('path-route'));
    await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
    const map = page.locator(`${testId('wizard-map')} canvas`);
    await map.click({ position: { x: 80, y: 100 } });
    await map.click({ position: { x: 260, y: 200 } });
    await page.waitForSelector(testId('wizard-stats'));
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.click(testId('choice-difficulty-MEDIUM'));
    await page.click(testId('wizard-next'));

    // Step 4: the summary says how it repeats; published, the page is the first date with its series.
    await page.waitForSelector(testId('wizard-publish'));
    expect(await page.textContent(testId('wizard-repeat-summary'))).toBe(text[locale](weekday));
    await screenshot(page, `series-2-publish-${locale}`);
    await page.click(testId('wizard-publish-button'));
    await expectToast(page);
    await page.waitForURL(/\/view-activity\//);
    const firstId = page.url().split('/view-activity/')[1]!;
    await page.waitForSelector(testId('series-panel'));
    expect(await page.textContent(testId('series-rule'))).toBe(text[locale](weekday));
    expect(await page.locator(`${testId('series-dates')} li`).count()).toBe(8);
    const { series } = await call(url, 'series/read-info', { activityId: firstId }, anna.jwt);
    expect(series).toMatchObject({ rule: expect.stringMatching(/^FREQ=WEEKLY;BYDAY=..;COUNT=8$/), isAdmin: true });
    expect(series.nextDates.every((d) => d.activityId)).toBe(true);
    await page.locator(testId('series-panel')).scrollIntoViewIfNeeded();
    await screenshot(page, `series-3-organiser-${locale}`);

    // Bruno opens the third date and joins the whole series, then skips the second date.
    const third = series.nextDates[2]!;
    const brunoPage = await signedIn(bruno, locale, `/view-activity/${third.activityId}`);
    await brunoPage.waitForSelector(testId('series-join'));
    // Two ways in: the bar's join button for this date, the panel's for every date.
    await brunoPage.locator(testId('series-panel')).scrollIntoViewIfNeeded();
    await settled(brunoPage);
    await screenshot(brunoPage, `series-4-join-${locale}`);
    await brunoPage.click(testId('series-join'));
    await expectToast(brunoPage);
    await brunoPage.waitForSelector(testId('series-joined'));
    const second = series.nextDates[1]!.date;
    await brunoPage.click(testId(`series-skip-${second}`));
    await brunoPage.waitForSelector(`${testId(`series-date-${second}`)} .tag-muted`);
    const after = (await call(url, 'series/read-info', { activityId: firstId }, bruno.jwt)).series;
    expect(after.joined).toBe(true);
    expect(after.nextDates.map((d) => d.status)).toEqual(
      after.nextDates.map((d) => (d.date === second ? 'NONE' : 'PARTICIPATING')),
    );
    expect(after.nextDates.find((d) => d.date === second)?.skipped).toBe(true);
    await brunoPage.locator(testId('series-dates')).scrollIntoViewIfNeeded();
    await settled(brunoPage);
    await screenshot(brunoPage, `series-5-joined-skipped-${locale}`);

    // The organiser edits the third date: the wizard asks which dates change; "all" renames every coming date.
    await page.goto(`/view-activity/${third.activityId}`);
    await page.click(testId('activity-menu'));
    await page.click(testId('activity-action-edit'));
    await page.waitForSelector(testId('wizard-info'));
    expect(await page.locator(testId('wizard-repeat')).count()).toBe(0);
    await page.fill(testId('activity-name-input'), locale === 'en' ? 'Track night' : 'Serata in pista');
    await page.click(testId('wizard-next'));
    await page.click(testId('wizard-keep-route'));
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('choice-scope-ALL'));
    await page.locator(testId('choice-scope-ALL')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `series-6-edit-scope-${locale}`);
    await page.click(testId('wizard-publish-button'));
    await expectToast(page);
    const renamed = await call(url, 'series/read-info', { activityId: firstId }, anna.jwt);
    const names = await Promise.all(
      renamed.series.nextDates.map(
        async (d) => (await call(url, 'activity/read-info', { activityId: d.activityId! }, anna.jwt)).activity.name,
      ),
    );
    expect(new Set(names)).toEqual(new Set([locale === 'en' ? 'Track night' : 'Serata in pista']));

    // A new rule from the third date on: also the day after, every week. The series splits: the third date and
    // the following ones stay (their day is still a day of the rule), with Bruno in them; the new days are made.
    const thirdDay = third.date;
    const nextWeekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][
      (new Date(`${thirdDay}T12:00:00Z`).getUTCDay() + 1) % 7
    ]!;
    await page.goto(`/view-activity/${third.activityId}`);
    await page.click(testId('activity-menu'));
    await page.click(testId('activity-action-edit'));
    await page.waitForSelector(testId('wizard-info'));
    await page.click(testId('wizard-next'));
    await page.click(testId('wizard-keep-route'));
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('choice-scope-FOLLOWING'));
    await page.click(`${testId('wizard-change-rule')} input`);
    await page.click(`${testId(`repeat-day-${nextWeekday}`)} input`);
    await page.waitForSelector(testId('wizard-rule-note'));
    await page.locator(testId('wizard-repeat')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `series-7-new-rule-${locale}`);
    await page.click(testId('wizard-publish-button'));
    await expectToast(page);
    const split = (await call(url, 'activity/read-info', { activityId: third.activityId! }, anna.jwt)).activity;
    expect(split.series!.rule).toContain(nextWeekday);
    expect(split.series!.seriesId).not.toBe(series.seriesId);
    const { series: after2 } = await call(url, 'series/read-info', { activityId: third.activityId! }, bruno.jwt);
    expect(after2.joined).toBe(true);
    expect(after2.nextDates.some((d) => d.date === addDay(thirdDay))).toBe(true);
    await page.waitForSelector(testId('series-panel'));
    await page.locator(testId('series-panel')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `series-8-split-${locale}`);

    // The organiser cancels this and the following dates from the third date of the new rule on: asked first.
    const { series: current } = await call(url, 'series/read-info', { activityId: third.activityId! }, anna.jwt);
    const from = current.nextDates.filter((d) => d.activityId)[2]!;
    await page.goto(`/view-activity/${from.activityId}`);
    await page.waitForSelector(testId('series-cancel-following'));
    await page.locator(testId('series-cancel-following')).scrollIntoViewIfNeeded();
    await page.click(testId('series-cancel-following'));
    const ask = await page.waitForSelector(testId('feedback-modal'));
    expect(await ask.textContent()).toContain(cancelText[locale].confirm);
    await settled(page);
    await screenshot(page, `series-9-cancel-following-${locale}`);
    await page.click(testId('feedback-button'));
    await expectToast(page);
    const left = (await call(url, 'series/read-info', { activityId: third.activityId! }, anna.jwt)).series;
    expect(left.ended).toBe(true);
    expect(left.nextDates.map((d) => d.date)).toEqual(
      current.nextDates.filter((d) => d.activityId && d.date < from.date).map((d) => d.date),
    );
    await page.goto(`/view-activity/${third.activityId}`);
    await page.waitForSelector(testId('series-panel'));
    await page.locator(testId('series-dates')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `series-10-cancelled-following-${locale}`);

    // Bruno, in those dates, was told of the new rule and of the cancellation; the cancellation opens its date,
    // which says it was cancelled.
    const { notifications } = await call(
      url,
      'notification/list-by-user',
      { pagination: { page: 1, limit: 20 } },
      bruno.jwt,
    );
    const told = notifications.find((n) => n.type === 'ACTIVITY_CANCELLED' && n.targetId === from.activityId);
    expect(told).toBeDefined();
    expect(notifications.some((n) => n.type === 'ACTIVITY_EDIT' && n.reason === 'RULE')).toBe(true);
    await brunoPage.goto('/notifications');
    await brunoPage.waitForSelector(testId(`notification-${told!.notificationId}`));
    await settled(brunoPage);
    await screenshot(brunoPage, `series-11-notifications-${locale}`);
    await brunoPage.click(testId(`notification-${told!.notificationId}`));
    await brunoPage.waitForSelector(testId('activity-cancelled'));
    expect(await brunoPage.textContent(testId('activity-cancelled'))).toContain(cancelText[locale].badge);
    expect(await brunoPage.locator(testId('activity-not-found')).count()).toBe(0);
    await settled(brunoPage);
    await screenshot(brunoPage, `series-12-cancelled-date-${locale}`);
  });
});

const addDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
