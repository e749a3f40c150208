import { writeFit } from '@cordata/geo';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { along, type RecordedPoint } from '../../apps/server/test/recordings.ts';
import { type StravaStandIn, startStravaStandIn } from '../../apps/server/test/stand-in-strava.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { postgresAdminUrl, postgresAvailable, withDatabase } from '../support/postgres.ts';
import { settled } from '../support/safety.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 42, bring your watch: an outing of three participants has ended (its times moved into the past in the
 * server's database, as the morning would have gone by). Bruno drops the FIT file from his watch on the recap, Carla
 * the GPX from hers; both share their line. The organiser sees both suggested on the attendance sheet and confirms
 * them in one tap (Dario, who recorded nothing, stays unmarked); the recap then shows both real lines and the group's
 * real moving time beside the estimate. Then a person connects Strava from Settings through a stand-in of Strava's
 * consent page on 127.0.0.1 (apps/server/test/stand-in-strava.ts), comes back connected, and disconnects.
 *
 * Strava sends the person back to `http://localhost:<port>/strava/callback` (no PUBLIC_URL), so that phone opens the
 * app at that origin.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the recordings journey is skipped.`);

const contexts = contextsClosedAfterEach('recordings');

const text = {
  en: {
    matched: 'Your recording matches this outing.',
    confirm: 'Confirm 2 suggested',
    realTime: /^Real moving time 1 h 5 min \(2 recordings\) · estimated \d/,
    connected: 'Strava is connected.',
    disconnected: 'Strava is disconnected.',
  },
  it: {
    matched: 'La tua registrazione corrisponde a questa uscita.',
    confirm: 'Conferma 2 presenze proposte',
    realTime: /^Tempo in movimento reale 1 h 5 min \(2 registrazioni\) · stimato \d/,
    connected: 'Strava è collegato.',
    disconnected: 'Strava è scollegato.',
  },
};

const gpxOf = (points: RecordedPoint[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><gpx version="1.1" creator="Watch"><trk><name>Morning run</name><trkseg>${points
    .map(
      (p) =>
        `<trkpt lat="${p.latitude.toFixed(6)}" lon="${p.longitude.toFixed(6)}"><time>${new Date(p.time).toISOString()}</time></trkpt>`,
    )
    .join('')}</trkseg></trk></gpx>`;

let strava: StravaStandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  strava = await startStravaStandIn();
  Object.assign(env, {
    STRAVA_CLIENT_ID: strava.clientId,
    STRAVA_CLIENT_SECRET: strava.clientSecret,
    STRAVA_WEBHOOK_VERIFY_TOKEN: 'journey-verify-token-0123456789',
    STRAVA_BASE_URL: strava.url,
  });
});
afterAll(() => strava?.close());

describe.skipIf(!hasPostgres)('bring your watch', () => {
  const suite = journeySuite(env, { database: 'recordings' });

  const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
    openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

  /** The participant drops the file on the recap, sees it matched, and shares the line. */
  async function addRecording(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, locale: Locale) {
    await page.waitForSelector(testId('recap-recording'));
    await page.setInputFiles(testId('recap-recording-input'), file);
    await page.waitForSelector(testId('recap-recording-time'));
    await page.getByText(text[locale].matched).first().waitFor();
    await page.click(testId('recap-recording-share'));
    await page.waitForFunction(
      (selector) => document.querySelector<HTMLInputElement>(selector)?.checked === true,
      testId('recap-recording-share'),
    );
  }

  it.each(locales)(
    'two recordings, one tap to confirm, both lines and the real time in the recap (%s)',
    async (locale) => {
      const url = suite.server.url;
      const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
      const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
      const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
      const dario = await newAccount(url, { firstName: 'Dario', lastName: 'Sala' });
      const { activity } = await call(
        url,
        'activity/create-new',
        pointsActivity({
          name: 'Anello del Barro',
          sportId: 'hiking',
          route: {
            mode: 'POINTS',
            start: { latitude: 45.85, longitude: 9.39, address: 'Galbiate' },
            destination: { latitude: 45.86, longitude: 9.45 },
            routeSteps: [
              { latitude: 45.862, longitude: 9.41 },
              { latitude: 45.855, longitude: 9.43 },
            ],
          },
        }),
        anna.jwt,
      );
      const { activityId } = activity;
      for (const p of [bruno, carla, dario]) await call(url, 'activity/participate', { activityId }, p.jwt);

      // Yesterday from 09:00 to 11:00 in Rome: it has ended.
      await withDatabase(suite.database.url, (c) =>
        c.query(
          `update activities set date = to_char(current_date - 1, 'YYYY-MM-DD'),
           starts_at = ((current_date - 1) + time '09:00') at time zone time_zone,
           ends_at = ((current_date - 1) + time '11:00') at time zone time_zone
         where id = $1`,
          [activityId],
        ),
      );
      const { activity: ended } = await call(url, 'activity/read-info', { activityId }, bruno.jwt);
      const startsAt = new Date(ended.startsAt).getTime();
      const route = ended.route.routeSteps;

      // Bruno's watch started five minutes late and wrote FIT; Carla's GPX, a little to the side of the line.
      const brunoPage = await phone(bruno, locale, `/view-activity/${activityId}`);
      const fit = writeFit(along(route, startsAt + 5 * 60_000, 70, 12));
      await addRecording(brunoPage, { name: 'Morning_Run.fit', mimeType: '', buffer: Buffer.from(fit) }, locale);
      await brunoPage.locator(testId('recap-recording')).scrollIntoViewIfNeeded();
      await settled(brunoPage);
      await screenshot(brunoPage, `recordings-1-fit-added-${locale}`);

      const carlaPage = await phone(carla, locale, `/view-activity/${activityId}`);
      const gpx = gpxOf(along(route, startsAt + 2 * 60_000, 60, -45));
      await addRecording(
        carlaPage,
        { name: 'activity.gpx', mimeType: 'application/gpx+xml', buffer: Buffer.from(gpx) },
        locale,
      );

      // Anna, the organiser: two suggestions, confirmed in one tap; Dario recorded nothing and stays unmarked.
      const annaPage = await phone(anna, locale, `/view-activity/${activityId}`);
      await annaPage.waitForSelector(testId('attendance-sheet'));
      expect(await annaPage.locator(testId('attendance-suggested')).count()).toBe(2);
      const confirm = annaPage.locator(testId('attendance-confirm-suggested'));
      expect(await confirm.textContent()).toBe(text[locale].confirm);
      await confirm.scrollIntoViewIfNeeded();
      await settled(annaPage);
      await screenshot(annaPage, `recordings-2-suggested-${locale}`);
      await confirm.click();
      const row = (account: Account) =>
        annaPage.locator(`${testId('attendance-entry')}[data-user-id="${account.userId}"]`);
      await row(bruno)
        .locator(`${testId('attendance-status')}[data-status="ATTENDED"]`)
        .waitFor();
      await row(carla)
        .locator(`${testId('attendance-status')}[data-status="ATTENDED"]`)
        .waitFor();
      expect(await row(dario).locator(testId('attendance-status')).count()).toBe(0);
      expect(await annaPage.locator(testId('attendance-confirm-suggested')).count()).toBe(0);
      await row(carla).scrollIntoViewIfNeeded();
      await settled(annaPage);
      await screenshot(annaPage, `recordings-3-confirmed-${locale}`);

      // The recap: both real lines over the planned route, and the group's real moving time beside the estimate.
      await annaPage.reload();
      await annaPage.waitForSelector(`${testId('recap-map')} [data-map-ready]`);
      expect(await annaPage.locator(testId('recap-legend-line')).count()).toBe(2);
      expect(await annaPage.getAttribute(testId('recap-map'), 'data-extra-lines')).toBe('2');
      expect(await annaPage.textContent(testId('recap-legend'))).toMatch(/Bruno.*Carla|Carla.*Bruno/);
      expect(await annaPage.textContent(testId('recap-real-time'))).toMatch(text[locale].realTime);
      await annaPage.locator(testId('recap-route')).scrollIntoViewIfNeeded();
      await settled(annaPage);
      await screenshot(annaPage, `recordings-4-real-lines-${locale}`);
    },
  );

  it.each(locales)('connects Strava from Settings through its consent page, and disconnects (%s)', async (locale) => {
    const elena = await newAccount(suite.server.url, { firstName: 'Elena', lastName: 'Neri' });
    strava.addAthlete({ firstname: 'Elena' });
    const page = await openPhone(
      suite.browser,
      `http://localhost:${suite.server.port}`,
      contexts,
      locale,
      '/home',
      elena.jwt,
    );
    await page.click(testId('open-account'));
    await page.click(testId('account-settings'));
    await page.click(testId('settings-strava'));
    await page.waitForSelector(testId('strava-connect'));
    await settled(page);
    await screenshot(page, `recordings-5-strava-settings-${locale}`);

    // Strava's consent page approves at once and sends her back; the app finishes and opens Settings again.
    await page.click(testId('strava-connect'));
    await expectToast(page, text[locale].connected);
    await page.waitForSelector(`${testId('strava-setting')}[data-connected="true"]`);
    await settled(page);
    await screenshot(page, `recordings-6-strava-connected-${locale}`);
    expect((await call(suite.server.url, 'strava/read-connection', undefined, elena.jwt)).strava.connected).toBe(true);

    await page.click(testId('strava-disconnect'));
    await page.click(testId('feedback-button'));
    await expectToast(page, text[locale].disconnected);
    await page.waitForSelector(testId('strava-connect'));
    expect((await call(suite.server.url, 'strava/read-connection', undefined, elena.jwt)).strava.connected).toBe(false);
  });
});
