import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORM, startWeatherStandIn, type WeatherStandIn } from '../../apps/server/test/stand-in-weather.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, locales, screenshot, testId } from '../support/browser.ts';
import { GPX_UPLOADED, writeGpx } from '../support/gpx.ts';
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
/** The activities whose organiser adds a backup route and switches to it. */
const switched: Record<string, string> = {};
/** The backup: a valley path along the lake, about 4.5 km, imported as a GPX file. */
const valleyPath = writeGpx(
  'valley-path.gpx',
  'Valley path',
  Array.from({ length: 41 }, (_, i) => ({ lat: 45.85 + i * 0.001, lon: 9.39 + i * 0.0006, ele: 210 + (i % 5) * 3 })),
);

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
    const { activity: other } = await call(
      url,
      'activity/create-new',
      pointsActivity({ name: locale === 'en' ? 'Col loop' : 'Giro del colle', date: inDays(2) }),
      oscar.jwt,
    );
    switched[locale] = other.activityId;
    await call(url, 'activity/participate', { activityId: other.activityId }, paola.jwt);
  }
});

const texts = {
  en: {
    warning: 'The forecast is over the limits',
    gusts: /^Gusts 85\skm\/h at \d\d:\d\d \(limit 70\skm\/h\)$/,
    decision: 'Moved by the organiser because of the weather.',
    notification: /^Ridge run is moved because of the weather: now .+, 10:00$/,
    backup: 'Backup route',
    switched: 'The organiser switched to the backup route because of the weather.',
    switchedNotification: 'Col loop takes the backup route because of the weather: check the new route',
  },
  it: {
    warning: 'Le previsioni superano i limiti',
    gusts: /^Raffiche a 85\skm\/h alle \d\d:\d\d \(limite 70\skm\/h\)$/,
    decision: 'Spostata da chi organizza per il meteo.',
    notification: /^Corsa in cresta è spostata per il meteo: ora .+, 10:00$/,
    backup: 'Percorso di riserva',
    switched: 'Chi organizza è passato al percorso di riserva per il meteo.',
    switchedNotification: 'Giro del colle passa al percorso di riserva per il meteo: guarda il nuovo percorso',
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

  for (const locale of locales) {
    it(`the organiser adds a backup route, switches to it from the push's button, a participant sees it (${locale})`, async () => {
      const id = switched[locale]!;
      const page = await openPhone(
        suite.browser,
        suite.server.url,
        contexts,
        locale,
        `/view-activity/${id}`,
        oscar.jwt,
      );
      // The backup route, imported from a GPX file with the wizard's route screens.
      await page.waitForSelector(testId('weather-warning'));
      const originalDistance = await page.textContent(testId('stat-distance'));
      await page.click(testId('backup-edit'));
      await page.click(testId('path-gpx'));
      await page.setInputFiles(testId('gpx-input'), valleyPath);
      await page.waitForSelector(GPX_UPLOADED);
      await page.click(testId('wizard-next'));
      await page.waitForSelector(testId('wizard-backup-summary'));
      await screenshot(page, `weather-backup-save-${locale}`);
      await page.click(testId('wizard-backup-save'));
      await page.waitForSelector(testId('backup-distance'));
      const backupDistance = await page.textContent(testId('backup-distance'));
      expect(backupDistance).not.toBe(originalDistance);
      expect(await page.textContent(`${testId('backup-route')} h3`)).toBe(texts[locale].backup);
      await page.locator(testId('backup-route')).scrollIntoViewIfNeeded();
      await screenshot(page, `weather-backup-route-${locale}`);

      // The push's "Backup route" button opens the page with that answer chosen, waiting for a confirming tap.
      await page.goto(`${suite.server.url}/view-activity/${id}?weather=SWITCH_BACKUP`);
      await page.waitForSelector(testId('weather-switch-confirm'));
      await screenshot(page, `weather-switch-confirm-${locale}`);
      await page.click(testId('weather-switch-submit'));
      await page.waitForSelector(testId('weather-decision'));
      expect(await page.textContent(testId('weather-decision'))).toBe(texts[locale].switched);
      await page.waitForFunction(([sel, text]) => document.querySelector(sel!)?.textContent === text, [
        testId('stat-distance'),
        backupDistance,
      ] as const);
      expect(await page.textContent(testId('backup-distance'))).toBe(originalDistance);

      const phone = await openPhone(
        suite.browser,
        suite.server.url,
        contexts,
        locale,
        `/view-activity/${id}`,
        paola.jwt,
      );
      await phone.waitForSelector(testId('weather-decision'));
      expect(await phone.textContent(testId('weather-decision'))).toBe(texts[locale].switched);
      expect(await phone.textContent(testId('stat-distance'))).toBe(backupDistance);
      expect(await phone.textContent(testId('backup-distance'))).toBe(originalDistance);
      expect(await phone.locator(testId('backup-edit')).count()).toBe(0);
      await phone.locator(testId('weather')).evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await phone.evaluate(() => window.scrollBy(0, -80));
      await screenshot(phone, `weather-switched-participant-${locale}`);
      await phone.goto(`${suite.server.url}/view-activity/${id}`);
      await phone.waitForSelector(`${testId('activity-map')} [data-map-ready]`);
      await screenshot(phone, `weather-switched-route-${locale}`);

      await phone.goto(`${suite.server.url}/notifications`);
      const item = phone.locator(testId('notification-text')).filter({ hasText: texts[locale].switchedNotification });
      await item.first().waitFor();
      await screenshot(phone, `weather-switched-notification-${locale}`);
    });
  }
});
