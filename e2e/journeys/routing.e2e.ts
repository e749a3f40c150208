import { pointsRouteDistance } from '@cordata/geo';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInRouter, startStandInRouter } from '../../apps/server/test/stand-in-router.ts';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 20, routes that follow trails: the journey's server snaps drawn legs through a stand-in routing engine
 * started here on 127.0.0.1 (OSRM's format), so no outside host is reached. One leg is drawn while the engine finds
 * no path: it stays straight and the wizard says why; the published activity stores and measures the snapped line.
 */
let router: StandInRouter;
const env: Record<string, string> = {};
beforeAll(async () => {
  router = await startStandInRouter();
  env.ROUTER_KIND = 'osrm';
  env.ROUTER_URL = router.url;
});
afterAll(() => router?.close());
const suite = journeySuite(env);
const contexts = contextsClosedAfterEach('routing');

let alice: Account;
beforeAll(async () => {
  alice = await newAccount(suite.server.url, { firstName: 'Alice', lastName: 'Bianchi' });
});

const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString().slice(0, 10);

async function fillInfo(page: Page, name: string) {
  await page.waitForSelector(testId('wizard-info'));
  await page.fill(testId('activity-name-input'), name);
  await page.waitForSelector(`${testId('activity-sport-input')} option[value="hiking"]`, { state: 'attached' });
  await page.selectOption(testId('activity-sport-input'), 'hiking');
  await page.fill(testId('activity-date-input'), tomorrow());
  await page.fill(testId('activity-start-input'), '09:00');
  await page.fill(testId('activity-end-input'), '13:30');
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-path'));
}

const snapState = (page: Page) => page.getAttribute(testId('route-snap'), 'data-state');

describe.each(locales)('routes that follow trails (%s)', (locale: Locale) => {
  it('draws a route whose legs follow paths, one kept straight with its reason, and publishes it', async () => {
    router.behaviour = 'ok';
    const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', alice.jwt);
    await page.waitForSelector(testId('home-screen'));
    await page.click(testId('create-activity'));
    await fillInfo(page, locale === 'en' ? 'Ridge on paths' : 'Cresta sui sentieri');
    await page.click(testId('path-route'));
    await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
    const map = page.locator(`${testId('wizard-map')} canvas`);

    // A → 2: the engine answers with a path.
    await map.click({ position: { x: 60, y: 80 } });
    await map.click({ position: { x: 160, y: 150 } });
    await page.waitForSelector(`${testId('route-snap')}[data-state="snapped"]`);
    expect(await page.textContent(testId('route-snap-status'))).toBe(
      locale === 'en' ? 'The route follows paths.' : 'Il percorso segue i sentieri.',
    );
    expect(Number(await page.getAttribute(testId('route-snap'), 'data-line-points'))).toBeGreaterThan(2);
    expect(await page.textContent(testId('route-attribution'))).toContain('OpenStreetMap');

    // 2 → 3 drawn while the engine finds no path: that leg stays straight, and the wizard says why.
    router.behaviour = 'no-route';
    await map.click({ position: { x: 250, y: 110 } });
    await page.waitForSelector(`${testId('route-snap')}[data-state="partial"]`);
    router.behaviour = 'ok';
    // 3 → B follows paths again; the straight leg is remembered, not asked again.
    await map.click({ position: { x: 300, y: 220 } });
    // The stand-in's path has 17 points a leg: 17 + 1 (the straight leg) + 16.
    await page.waitForSelector(`${testId('route-snap')}[data-state="partial"][data-line-points="34"]`);
    expect(await snapState(page)).toBe('partial');
    const straight = page.locator(testId('route-straight-leg'));
    expect(await straight.count()).toBe(1);
    expect(await straight.getAttribute('data-reason')).toBe('NO_ROUTE');
    expect(await straight.textContent()).toBe(
      locale === 'en'
        ? 'Leg 2 of 3 stays straight: no path joins these two points.'
        : 'Il tratto 2 di 3 resta in linea retta: nessun sentiero unisce questi due punti.',
    );
    const shownPoints = Number(await page.getAttribute(testId('route-snap'), 'data-line-points'));
    const shownDistance = await page.textContent(testId('wizard-distance'));
    await screenshot(page, `routing-wizard-snapped-${locale}`);

    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.click(testId('choice-difficulty-MEDIUM'));
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('wizard-publish-button'));
    await expectToast(page, /Invitation notifications will be sent|notifiche di invito saranno inviate/);
    await page.waitForURL(/\/view-activity\//);
    const activityId = page.url().split('/view-activity/')[1]!;
    await page.waitForSelector(`${testId('activity-map')} [data-map-ready]`);
    await screenshot(page, `routing-activity-${locale}`);

    // What is stored is the snapped line the wizard showed, measured with the spec's formula.
    const { activity } = await call(suite.server.url, 'activity/read-info', { activityId }, alice.jwt);
    expect(shownPoints).toBe(34);
    expect(activity.route.routeSteps).toHaveLength(shownPoints);
    expect(activity.totalDistance).toBe(pointsRouteDistance(activity.route.routeSteps));
    const taps = [0, 16, 17, 33].map((i) => activity.route.routeSteps[i]!);
    expect(activity.totalDistance).toBeGreaterThan(pointsRouteDistance(taps));
    expect(shownDistance).toBeTruthy();
    expect(router.seen.some((r) => r.url.startsWith('/route/v1/foot/'))).toBe(true);
  });
});
