import { copyFileSync, mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandIn, startStandInElevation } from '../../apps/server/src/modules/elevation/elevation.test-helpers.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 20, honest elevation and time: the journey's server measures drawn routes through a stand-in elevation
 * service started here on 127.0.0.1 (Open-Meteo's format: its ground rises 100 m for every 0.01° north), so no
 * outside host is reached. A route drawn in the wizard shows its climb and estimated moving time on the time step,
 * which pre-fills the required time; the page shows the same figures, and scrubbing the elevation chart shows the
 * place on the map. With the service failing, the climb is "—", never 0 m.
 */
let dem: StandIn;
const env: Record<string, string> = {};
beforeAll(async () => {
  dem = await startStandInElevation();
  env.ELEVATION_URL = dem.url;
  env.ELEVATION_KIND = 'open-meteo';
  env.ELEVATION_TIMEOUT_MS = '2000';
});
afterAll(() => dem?.close());
const suite = journeySuite(env);
const contexts = contextsClosedAfterEach('elevation');

let alice: Account;
beforeAll(async () => {
  alice = await newAccount(suite.server.url, { firstName: 'Alice', lastName: 'Bianchi' });
});

const SHOTS = '/tmp/shots-elevation';
async function shot(page: Page, name: string) {
  const path = await screenshot(page, name);
  mkdirSync(SHOTS, { recursive: true });
  copyFileSync(path, `${SHOTS}/${name}.png`);
}

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

describe.each(locales)('honest elevation and time (%s)', (locale: Locale) => {
  it('shows the climb and the moving time of a drawn route, pre-fills the required time, and scrubs the chart', async () => {
    dem.behaviour = 'ok';
    const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', alice.jwt);
    await page.waitForSelector(testId('home-screen'));
    await page.click(testId('create-activity'));
    await page.waitForSelector(testId('wizard-info'));
    await page.fill(testId('activity-name-input'), locale === 'en' ? 'Up the ridge' : 'Su per la cresta');
    await page.waitForSelector(`${testId('activity-sport-input')} option[value="hiking"]`, { state: 'attached' });
    await page.selectOption(testId('activity-sport-input'), 'hiking');
    await page.fill(testId('activity-date-input'), tomorrow());
    await page.fill(testId('activity-start-input'), '09:00');
    await page.fill(testId('activity-end-input'), '15:00');
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-path'));
    await page.click(testId('path-route'));
    await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
    const map = page.locator(`${testId('wizard-map')} canvas`);
    // South to north and back a little: a climb and a descent on the stand-in's ground.
    await map.click({ position: { x: 120, y: 220 } });
    await map.click({ position: { x: 200, y: 40 } });
    await map.click({ position: { x: 280, y: 120 } });
    await page.waitForSelector(`${testId('route-point-count')}:has-text("3")`);
    // Before the elevation service has measured it, a drawn line's climb is unknown: "—", not 0 m.
    expect(await page.textContent(testId('wizard-gain'))).toBe('—');
    await page.click(testId('wizard-next'));

    // The time step: climb, descent and moving time from the service, and the required time filled in from it.
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.waitForSelector(`${testId('wizard-estimate')}[aria-busy="false"]`);
    const gain = await page.textContent(testId('wizard-estimate-gain'));
    expect(gain).toMatch(/^[\d.,]+ m$/);
    const movingTime = (await page.textContent(testId('wizard-moving-time')))!;
    expect(movingTime).toMatch(locale === 'en' ? /^about (\d+ h)?( ?\d+ min)?$/ : /^circa (\d+ h)?( ?\d+ min)?$/);
    const hours = await page.inputValue(testId('required-hours'));
    const minutes = await page.inputValue(testId('required-minutes'));
    expect(Number(hours) * 60 + Number(minutes)).toBeGreaterThan(0);
    expect(await page.textContent(testId('required-from-estimate'))).toBe(
      locale === 'en'
        ? 'Filled in from the estimated moving time: change it if you like.'
        : 'Compilato con il tempo in movimento stimato: puoi cambiarlo.',
    );
    await page.click(testId('choice-difficulty-MEDIUM'));
    await page.locator(testId('wizard-estimate')).scrollIntoViewIfNeeded();
    await shot(page, `elevation-wizard-time-${locale}`);

    // The person's own value is never overwritten.
    await page.fill(testId('required-hours'), '5');
    await page.fill(testId('required-minutes'), '15');
    expect(await page.locator(testId('required-from-estimate')).count()).toBe(0);
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('wizard-publish-button'));
    await expectToast(page, /Invitation notifications will be sent|notifiche di invito saranno inviate/);
    await page.waitForURL(/\/view-activity\//);
    const activityId = page.url().split('/view-activity/')[1]!;
    const { activity } = await call(suite.server.url, 'activity/read-info', { activityId }, alice.jwt);
    expect(activity.totalElevationGain).toBeGreaterThan(0);
    expect(activity.requiredTime).toBe(315);
    expect(activity.estimatedMovingTime?.includesClimb).toBe(true);

    // The page: the same gain and moving time.
    await page.waitForSelector(testId('stat-gain'));
    expect(await page.textContent(testId('stat-gain'))).toBe(gain);
    expect(await page.textContent(testId('stat-moving-time'))).toBe(movingTime);
    expect(await page.textContent(testId('stat-moving-time-note'))).toContain('DIN 33466');
    await page.waitForSelector(`${testId('activity-map')} [data-map-ready]`);
    await shot(page, `elevation-page-${locale}`);

    // Scrubbing: a finger (touch) on the chart shows the distance and altitude there, and the place on the map.
    const slider = page.locator(testId('elevation-scrub'));
    // In the middle of the screen: at its bottom edge the action bar would take the tap.
    await slider.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await slider.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width * 0.6, box.y + box.height / 2);
    await page.waitForSelector(testId('elevation-cursor'));
    const readout = (await page.textContent(testId('elevation-readout')))!;
    expect(readout).toMatch(locale === 'en' ? /^At [\d.,]+ k?m: [\d.,]+ m$/ : /^A [\d.,]+ k?m: [\d.,]+ m$/);
    expect(await slider.getAttribute('aria-valuetext')).toBe(readout);
    const cursor = page.locator(`${testId('activity-map')} ${testId('map-cursor')}`);
    await cursor.waitFor({ state: 'attached' });
    const first = await cursor.getAttribute('data-latitude');
    // The keyboard moves it along the route: End is the finish.
    await slider.focus();
    await page.keyboard.press('End');
    await page.waitForFunction(
      ([sel, before]) => document.querySelector(sel!)?.getAttribute('data-latitude') !== before,
      [`[data-testid="activity-map"] [data-testid="map-cursor"]`, first] as const,
    );
    const finish = activity.route.routeSteps.at(-1)!;
    expect(Number(await cursor.getAttribute('data-latitude'))).toBeCloseTo(finish.latitude, 4);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    // The chart sits right under the map: a phone shows both.
    await slider.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await page.evaluate(() => window.scrollBy(0, 120));
    await shot(page, `elevation-scrubbed-${locale}`);
    // The chart as a slider, its readout and the figures pass axe with nothing serious.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await cursor.waitFor({ state: 'detached' });
  });

  it('says "—" for the climb, never 0 m, when the elevation service fails', async () => {
    dem.behaviour = 'http-500';
    const { activity } = await call(
      suite.server.url,
      'activity/create-new',
      {
        name: locale === 'en' ? 'No DEM today' : 'Niente quote oggi',
        sportId: 'hiking',
        date: tomorrow(),
        startTime: '09:00',
        endTime: '12:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.46, longitude: 9.19 },
          destination: { latitude: 45.48, longitude: 9.2 },
          routeSteps: [],
        },
      },
      alice.jwt,
    );
    dem.behaviour = 'ok';
    expect(activity.totalElevationGain).toBeNull();
    const page = await openPhone(
      suite.browser,
      suite.server.url,
      contexts,
      locale,
      `/view-activity/${activity.activityId}`,
      alice.jwt,
    );
    await page.waitForSelector(testId('stat-gain'));
    await page.waitForSelector(`${testId('activity-map')} [data-map-ready]`);
    expect(await page.locator(`${testId('stat-gain')} [aria-hidden="true"]`).textContent()).toBe('—');
    expect(await page.textContent(testId('activity-stats'))).not.toMatch(/\b0 m\b/);
    expect(await page.textContent(testId('stat-moving-time-note'))).toContain(
      locale === 'en' ? 'Climb not known for this route' : 'Dislivello non noto per questo percorso',
    );
    await shot(page, `elevation-unknown-${locale}`);
  });
});
