import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandIn, startStandInElevation } from '../../apps/server/src/modules/elevation/elevation.test-helpers.ts';
import { earthTile, pmtilesArchive } from '../../apps/server/src/modules/maps/pmtiles-fixture.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, type Locale, locales, phoneContext, screenshot, testId } from '../support/browser.ts';
import { postgresAdminUrl, postgresAvailable } from '../support/postgres.ts';
import { deviceKeyRegistered, moveUnderWay, safetyClock, settled, tapBackOffline } from '../support/safety.ts';
import { seedToken } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 38, the outing pack (docs/offline.md): Bruno, taking part in an outing under way, saves it for offline (its
 * size asked first). The network is cut and the page reloaded: the app shell comes from the service worker, the page
 * from the pack: the basemap's tiles (the server's PMTiles cut around the route, drawn from the stored file), the
 * route, its elevation profile, the meeting point, the check-in pass and the chat as it was, with "Offline · saved …".
 * Then "I'm back" tapped offline is sent when the network returns, and the organiser sees it at the time he tapped it.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the offline pack journey is skipped.`);

const dir = mkdtempSync(join(tmpdir(), 'cordata-pack-'));
const basemap = join(dir, 'world.pmtiles');
writeFileSync(basemap, pmtilesArchive([{ z: 0, x: 0, y: 0, data: earthTile() }], { vector_layers: [{ id: 'earth' }] }));

let dem: StandIn;
const env: Record<string, string> = { MAP_STYLE_URL: '', MAP_PMTILES_PATH: basemap };
beforeAll(async () => {
  dem = await startStandInElevation();
  env.ELEVATION_URL = dem.url;
  env.ELEVATION_KIND = 'open-meteo';
});
afterAll(() => dem?.close());

const contexts = contextsClosedAfterEach('offline-pack');

const text = {
  en: { notice: 'Offline · saved ', backAt: 'Back at', confirm: 'Save for offline?' },
  it: { notice: 'Offline · salvata ', backAt: 'Rientrato alle', confirm: 'Salvare per l’uso offline?' },
};

describe.skipIf(!hasPostgres)('the outing pack', () => {
  const suite = journeySuite(env, { database: 'offline_pack' });

  async function phone(account: Account, locale: Locale, path: string) {
    const context = await phoneContext(suite.browser, locale, suite.server.url);
    contexts.push(context);
    await seedToken(context, account.jwt);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  it.each(locales)('saved, then opened with no network; "I\'m back" sent when it returns (%s)', async (locale) => {
    dem.behaviour = 'ok';
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const { activity } = await call(
      url,
      'activity/create-new',
      pointsActivity({
        name: 'Grigna ridge',
        sportId: 'hiking',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.9, longitude: 9.38, address: 'Piani dei Resinelli' },
          destination: { latitude: 45.93, longitude: 9.39 },
          routeSteps: [
            { latitude: 45.9, longitude: 9.38 },
            { latitude: 45.91, longitude: 9.383 },
            { latitude: 45.92, longitude: 9.387 },
            { latitude: 45.93, longitude: 9.39 },
          ],
        },
      }),
      anna.jwt,
    );
    const { activityId } = activity;
    await call(url, 'activity/participate', { activityId }, bruno.jwt);
    const said = locale === 'en' ? 'Meet at the fountain at 8:50' : 'Ci vediamo alla fontana alle 8:50';
    await call(
      url,
      'chat/send-message',
      { chatId: activity.chatId!, text: said, clientMessageId: `m-${locale}` },
      anna.jwt,
    );
    await moveUnderWay(suite.database.url, activityId);

    // Bruno saves it for offline: the size first, then the download.
    const page = await phone(bruno, locale, `/view-activity/${activityId}`);
    await page.waitForSelector(testId('attendance-pass'));
    await deviceKeyRegistered(page);
    await page.click(testId('offline-pack-save'));
    await page.waitForSelector(testId('feedback-modal'));
    expect(await page.textContent(testId('feedback-modal'))).toContain(text[locale].confirm);
    await page.click(testId('feedback-button'));
    await page.waitForSelector(testId('offline-pack-saved'), { timeout: 30_000 });
    // The app shell is kept by the service worker before the network goes.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 });
    await page.waitForFunction(async () => (await (await caches.open('cordata-assets-v1')).keys()).length > 5, null, {
      timeout: 30_000,
    });

    // No network: the page reloads from the app shell and the pack.
    await page.context().setOffline(true);
    await page.reload();
    const notice = await page.waitForSelector(testId('offline-pack-notice'), { timeout: 30_000 });
    expect(await notice.textContent()).toContain(text[locale].notice);
    expect(await page.textContent(testId('activity-name'))).toBe('Grigna ridge');
    expect(await page.textContent(testId('activity-where'))).toContain('Piani dei Resinelli');
    await page.waitForSelector(`${testId('activity-map')} .map-canvas[data-basemap="pack"]`, { timeout: 30_000 });
    await page.waitForSelector(testId('elevation-chart'));
    await page.waitForSelector(testId('attendance-pass-code'));
    await page.locator(testId('activity-map')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `offline-pack-1-map-${locale}`);
    await page.locator(testId('attendance-pass')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `offline-pack-2-pass-${locale}`);

    // The chat as it was, read-only.
    await page.click(testId('activity-chat'));
    await page.waitForSelector(`text=${said}`, { timeout: 30_000 });
    await settled(page);
    await screenshot(page, `offline-pack-3-chat-${locale}`);
    await page.keyboard.press('Escape');

    // "I'm back" with no network: kept with its time, sent when the network returns.
    const tappedAt = await tapBackOffline(page);
    await screenshot(page, `offline-pack-4-back-queued-${locale}`);
    await new Promise((r) => setTimeout(r, 1000));
    await page.context().setOffline(false);
    await page.waitForSelector(testId('safety-you-are-back'), { timeout: 30_000 });
    const annaPage = await phone(anna, locale, `/view-activity/${activityId}`);
    const brunoRow = `${testId('safety-person')}[data-user-id="${bruno.userId}"][data-back="true"]`;
    await annaPage.waitForSelector(brunoRow);
    expect(await annaPage.textContent(brunoRow)).toContain(
      `${text[locale].backAt} ${safetyClock(locale, activity.timeZone).format(new Date(tappedAt))}`,
    );
  });
});
