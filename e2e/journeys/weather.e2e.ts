import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORM, startWeatherStandIn, type WeatherStandIn } from '../../apps/server/test/stand-in-weather.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Weather go or no-go (issue 24) on a phone, in English and Italian. The journey's server asks a stand-in for
 * Open-Meteo started here on 127.0.0.1, which forecasts a storm: the page shows the forecast and the warning;
 * the organiser moves the activity; a participant sees the decision on the page and in the notifications.
 */
let standIn: WeatherStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  standIn = await startWeatherStandIn();
  standIn.weather = () => STORM;
  env.WEATHER_URL = standIn.url;
});
afterAll(() => standIn?.close());
const suite = journeySuite(env);
const contexts = contextsClosedAfterEach('weather');

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let oscar: Account;
let paola: Account;
const ids: Record<string, string> = {};

beforeAll(async () => {
  const url = suite.server.url;
  oscar = await newAccount(url, { firstName: 'Oscar', lastName: 'Riva' });
  paola = await newAccount(url, { firstName: 'Paola', lastName: 'Conti' });
  for (const locale of locales) {
    const { activity } = await call(
      url,
      'activity/create-new',
      pointsActivity({ name: locale === 'en' ? 'Ridge run' : 'Corsa in cresta', date: inDays(2) }),
      oscar.jwt,
    );
    ids[locale] = activity.activityId;
    await call(url, 'activity/participate', { activityId: activity.activityId }, paola.jwt);
  }
});

const texts = {
  en: {
    warning: 'The forecast is over the limits',
    gusts: /^Gusts 85 km\/h at \d\d:\d\d \(limit 70 km\/h\)$/,
    decision: 'Moved by the organiser because of the weather.',
    notification: /^Ridge run is moved because of the weather: now .+, 10:00$/,
  },
  it: {
    warning: 'Le previsioni superano i limiti',
    gusts: /^Raffiche a 85 km\/h alle \d\d:\d\d \(limite 70 km\/h\)$/,
    decision: 'Spostata da chi organizza per il meteo.',
    notification: /^Corsa in cresta è spostata per il meteo: ora .+, 10:00$/,
  },
};

describe('weather go or no-go', () => {
  for (const locale of locales) {
    it(`shows the forecast and the warning, the organiser moves it, a participant sees it (${locale})`, async () => {
      const id = ids[locale]!;
      const page = await openPhone(
        suite.browser,
        suite.server.url,
        contexts,
        locale,
        `/view-activity/${id}`,
        oscar.jwt,
      );
      const warning = await page.waitForSelector(testId('weather-warning'));
      expect(await warning.textContent()).toContain(texts[locale].warning);
      expect(await page.textContent(testId('weather-breach-GUSTS'))).toMatch(texts[locale].gusts);
      expect(await page.locator(testId('weather-hour')).count()).toBe(3);
      expect(await page.textContent(testId('weather-credit'))).toContain('Open-Meteo');
      await page.locator(testId('weather')).scrollIntoViewIfNeeded();
      await screenshot(page, `weather-warning-${locale}`);

      await page.click(testId('weather-move'));
      await page.fill(`${testId('weather-move-form')} input[type="date"]`, inDays(4));
      const times = page.locator(`${testId('weather-move-form')} input[type="time"]`);
      await times.nth(0).fill('10:00');
      await times.nth(1).fill('12:00');
      await screenshot(page, `weather-move-${locale}`);
      await page.click(testId('weather-move-submit'));
      await page.waitForSelector(testId('weather-decision'));
      expect(await page.textContent(testId('weather-decision'))).toBe(texts[locale].decision);
      await page.waitForFunction(
        (sel) => document.querySelector(sel)?.textContent?.includes('10:00'),
        testId('activity-when'),
      );

      const phone = await openPhone(
        suite.browser,
        suite.server.url,
        contexts,
        locale,
        `/view-activity/${id}`,
        paola.jwt,
      );
      await phone.waitForSelector(testId('weather-decision'));
      expect(await phone.textContent(testId('weather-decision'))).toBe(texts[locale].decision);
      expect(await phone.textContent(testId('activity-when'))).toContain('10:00');
      expect(await phone.locator(testId('weather-actions')).count()).toBe(0);
      await phone.locator(testId('weather')).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await phone.evaluate(() => window.scrollBy(0, -80));
      await screenshot(phone, `weather-participant-${locale}`);

      await phone.goto(`${suite.server.url}/notifications`);
      const item = phone.locator(testId('notification-text')).filter({ hasText: texts[locale].notification });
      await item.first().waitFor();
      await screenshot(phone, `weather-notification-${locale}`);
    });
  }
});
