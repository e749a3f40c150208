import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGUAGES, type Language } from '@cordata/contract/enums';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount, PASSWORD } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, screenshot, testId } from '../support/browser.ts';
import { cutOrOverflowing } from '../support/layout.ts';
import { settled } from '../support/safety.ts';
import { mailedCode, repoRoot } from '../support/server.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Every language of the app on the narrowest common phone, 360 px (issue 41): a newcomer whose phone speaks it
 * signs up from the entry screen, completes the profile and joins an activity, and on every screen on the way
 * nothing of the app's own words is cut or pushed off the screen.
 */
const NARROW = 360;

/** A text of the app in a language, from the translation files the app is built from. */
function appText(locale: Language, namespace: string, path: string): string {
  const texts = JSON.parse(
    readFileSync(join(repoRoot, `apps/web/src/i18n/locales/${locale}/${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], texts) as string;
}

describe('every language on a 360 px phone', () => {
  const suite = journeySuite();
  const contexts = contextsClosedAfterEach('languages');
  let organiser: Account;
  let activityId: string;
  beforeAll(async () => {
    organiser = await newAccount(suite.server.url, { firstName: 'Anna', lastName: 'Ferri' });
    const { activity } = await call(suite.server.url, 'activity/create-new', pointsActivity(), organiser.jwt);
    activityId = activity.activityId;
  });

  it.each(LANGUAGES)('signs up, completes the profile and joins an activity (%s)', async (locale) => {
    const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/', undefined, NARROW);
    const shot = (name: string) => screenshot(page, `languages-${name}-${locale}`);
    /** The screen shows whole: nothing cut, nothing off the screen. */
    const whole = async (where: string) => {
      await settled(page);
      expect(await cutOrOverflowing(page), where).toEqual([]);
    };

    // The app follows the phone's language.
    await page.click(testId('entry-screen'));
    await page.waitForSelector(testId('welcome-screen'));
    expect(await page.getAttribute('html', 'lang')).toBe(locale);
    for (let i = 0; i < 3; i++) {
      await whole(`welcome ${i + 1}`);
      await page.click(testId('welcome-next'));
    }

    await page.waitForSelector(testId('sign-up-screen'));
    expect((await page.textContent(testId('sign-up-submit')))?.trim()).toBe(appText(locale, 'auth', 'signUp.submit'));
    // Longer than a 360 px line, whatever the time in it: the screens that name the address must wrap it.
    const email = `languages.${locale}.${Date.now().toString(36)}.andaverylongaddress@example.test`;
    await page.fill(testId('sign-up-email'), email);
    await page.fill(testId('sign-up-password'), PASSWORD);
    await page.fill(testId('sign-up-repeat'), PASSWORD);
    for (const type of ['terms', 'privacy']) {
      await page.click(testId(`accept-${type}`));
      // Measured once the sheet is there and has slid in (it was once measured mid-slide, off the screen).
      await page.waitForSelector(testId('sheet-legal-info'));
      await whole(`the ${type} sheet`);
      await page.click(testId('legal-accept'));
      await page.waitForSelector(testId('sheet-legal-info'), { state: 'detached' });
    }
    await whole('sign-up');
    await shot('1-sign-up');
    await page.click(testId('sign-up-submit'));
    await page.waitForSelector(testId('confirm-email-screen'));
    await whole('confirm e-mail');
    await page.fill(testId('code-digit-0'), await mailedCode(suite.server.url, email));

    await page.waitForSelector(testId('profile-step-intro'));
    await whole('profile: intro');
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-picture'));
    await whole('profile: picture');
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-personal'));
    await page.fill(testId('profile-first-name'), 'Lea');
    await page.fill(testId('profile-last-name'), 'Moser');
    await page.fill(testId('profile-username'), `lea${locale}${Date.now().toString(36)}`.slice(0, 20));
    await page.fill(testId('profile-birth-date'), '1993-06-21');
    await page.selectOption(testId('profile-gender'), 'FEMALE');
    await page.fill(testId('profile-country'), 'Italia');
    await page.fill(testId('profile-city'), 'Lecco');
    await whole('profile: personal');
    await shot('2-profile');
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('sport-running'));
    await page.click(testId('sport-running'));
    await whole('profile: sports');
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-intensity'));
    await whole('profile: level');
    await shot('3-level');
    await page.click(testId('profile-submit'));
    await page.waitForSelector(testId('profile-step-done'));
    await whole('profile: done');
    await page.click(testId('profile-done'));
    await page.waitForSelector(testId('home-screen'));
    await whole('home');
    await shot('4-home');

    await joinTheActivity(page);
    await whole('the activity, joined');
    await shot('5-joined');
    const jwt = JSON.parse((await page.evaluate(() => localStorage.getItem('cordata:auth')))!).state.jwt as string;
    const { user } = await call(suite.server.url, 'user/own-profile', undefined, jwt);
    expect(user.language).toBe(locale);
    const { activity } = await call(suite.server.url, 'activity/read-info', { activityId }, jwt);
    expect(activity.status).toBe('PARTICIPATING');
  });

  async function joinTheActivity(page: Page) {
    await page.goto(`/view-activity/${activityId}`);
    await page.waitForSelector(testId('activity-action-join'));
    await page.click(testId('activity-action-join'));
    await expectToast(page);
    await page.waitForSelector(testId('activity-action-join'), { state: 'detached' });
  }
});
