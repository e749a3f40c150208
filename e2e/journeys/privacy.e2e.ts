import type { LatLng } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 23, privacy zones and the approximate meeting point (docs/privacy.md). Anna adds a zone around a place in
 * Settings › Privacy zones, then organises a closed outing whose route passes through it. Bruno, an outsider, sees
 * only a 500 m area for the meeting point and the route in two pieces, with nothing inside the zone; once accepted he
 * sees the exact meeting point, and still not the zone's stretch. Anna draws the circle again and deletes it: Bruno
 * then sees the whole route. Screenshots in both languages.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('privacy');

const text = {
  en: { place: 'Lecco', label: 'Home', added: 'The zone is added', deleteTitle: 'Delete the privacy zone' },
  it: { place: 'Lecco', label: 'Casa', added: 'Zona aggiunta', deleteTitle: 'Elimina la zona di privacy' },
};

/** A point `metres` east (negative: west) of `p`. */
const east = (p: LatLng, metres: number): LatLng => ({
  latitude: p.latitude,
  longitude: p.longitude + metres / (111_320 * Math.cos((p.latitude * Math.PI) / 180)),
});

async function openZones(page: Page) {
  await page.click(testId('open-account'));
  await page.click(testId('account-settings'));
  await page.click(testId('settings-privacy-zones'));
  await page.waitForSelector(testId('privacy-zones'));
}

/** Waits for the map to be laid out (MapLibre's canvas), so the screenshot shows it. */
const mapDrawn = (page: Page, id: string) => page.waitForSelector(`${testId(id)} canvas`, { timeout: 20_000 });

describe('privacy zones and the approximate meeting point', () => {
  for (const locale of locales) {
    it(`hides the zone's stretch and the exact meeting point from others (${locale})`, async () => {
      const url = suite.server.url;
      const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Riservata' });
      const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Curioso' });

      // Anna adds a 500 m zone at a searched place, named.
      const annaPage = await openPhone(suite.browser, url, contexts, locale, '/home', anna.jwt);
      await openZones(annaPage);
      await annaPage.waitForSelector(testId('privacy-zones-empty'));
      await annaPage.fill(testId('privacy-zone-place-input'), text[locale].place);
      await annaPage.click(testId('privacy-zone-place-option-0'));
      await annaPage.fill(testId('privacy-zone-label'), text[locale].label);
      await annaPage.click(testId('privacy-zone-add'));
      await expectToast(annaPage, text[locale].added);
      expect(await annaPage.textContent(testId('privacy-zone'))).toContain(text[locale].label);
      await mapDrawn(annaPage, 'privacy-zones-map');
      await annaPage.locator(testId('privacy-zones-map')).evaluate((map) => map.scrollIntoView({ block: 'start' }));
      await screenshot(annaPage, `privacy-zones-${locale}`);

      const [zone] = (await call(url, 'privacy/list-zones', undefined, anna.jwt)).zones;
      if (!zone) throw new Error('the zone was not added');
      expect(zone.radiusMetres).toBe(500);
      // The circle is not centred on the chosen point.
      expect(haversineMetres(zone, zone.chosen)).toBeGreaterThan(0);
      const inside = (p: LatLng) => haversineMetres(p, zone) < zone.radiusMetres;

      // A closed outing from 3 km west of the point, through it, to 3 km east.
      const line = [-3000, -1500, -500, 0, 500, 1500, 3000].map((m) => east(zone.chosen, m));
      const { activity } = await call(
        url,
        'activity/create-new',
        pointsActivity({
          name: locale === 'en' ? 'Through the village' : 'Attraverso il paese',
          access: 'CLOSED',
          route: { mode: 'POINTS', start: line[0]!, destination: line.at(-1)!, routeSteps: line },
        }),
        anna.jwt,
      );
      const { activityId } = activity;

      // Bruno, outside: an area for the meeting point, the route in two pieces, no point in the zone.
      const outside = (await call(url, 'activity/read-info', { activityId }, bruno.jwt)).activity;
      expect(outside.start).toBeNull();
      expect(outside.meetingArea?.radiusMetres).toBe(500);
      expect(haversineMetres(outside.meetingArea!, line[0]!)).toBeGreaterThan(0);
      expect(outside.route.routeBreaks).toHaveLength(1);
      expect(outside.route.routeSteps.filter(inside)).toEqual([]);
      const brunoPage = await openPhone(
        suite.browser,
        url,
        contexts,
        locale,
        `/view-activity/${activityId}`,
        bruno.jwt,
      );
      await brunoPage.waitForSelector(testId('activity-meeting-area'));
      expect(await brunoPage.locator(testId('activity-where')).count()).toBe(0);
      expect(await brunoPage.getAttribute(testId('activity-map'), 'data-route-pieces')).toBe('2');
      await mapDrawn(brunoPage, 'activity-map');
      // No A where the visible line begins: that is the edge of the area, not the start.
      expect(await brunoPage.locator(testId('map-marker-start')).count()).toBe(0);
      await screenshot(brunoPage, `privacy-outsider-${locale}`);

      // Accepted: the exact meeting point; the zone still hides its stretch.
      await call(url, 'activity/request-access', { activityId }, bruno.jwt);
      await call(url, 'activity/accept-request', { activityId, userId: bruno.userId }, anna.jwt);
      const accepted = (await call(url, 'activity/read-info', { activityId }, bruno.jwt)).activity;
      expect(accepted.start).toMatchObject(line[0]!);
      expect(accepted.meetingArea).toBeNull();
      expect(accepted.route.routeSteps.filter(inside)).toEqual([]);
      await brunoPage.reload();
      await brunoPage.waitForSelector(testId('activity-where'));
      expect(await brunoPage.locator(testId('activity-meeting-area')).count()).toBe(0);
      expect(await brunoPage.getAttribute(testId('activity-map'), 'data-route-pieces')).toBe('2');
      await mapDrawn(brunoPage, 'activity-map');
      await brunoPage.waitForSelector(testId('map-marker-start'));
      await screenshot(brunoPage, `privacy-accepted-${locale}`);

      // The organiser sees her whole route, with her zone drawn on it and what it hides from everyone else.
      const own = (await call(url, 'activity/read-info', { activityId }, anna.jwt)).activity;
      expect(own.route.routeBreaks).toEqual([]);
      expect(own.route.routeSteps.some(inside)).toBe(true);
      const annaActivity = await openPhone(
        suite.browser,
        url,
        contexts,
        locale,
        `/view-activity/${activityId}`,
        anna.jwt,
      );
      await annaActivity.waitForSelector(testId('activity-own-zones'));
      expect(await annaActivity.getAttribute(testId('activity-map'), 'data-route-pieces')).toBe('1');
      await annaActivity.waitForSelector(`${testId('activity-map')} [data-areas="1"]`);
      await mapDrawn(annaActivity, 'activity-map');
      await screenshot(annaActivity, `privacy-own-zone-${locale}`);

      // Anna draws the circle again (same point, new centre), then deletes the zone.
      await annaPage.click(testId('privacy-zone-regenerate'));
      await expectToast(annaPage);
      const [redrawn] = (await call(url, 'privacy/list-zones', undefined, anna.jwt)).zones;
      expect(redrawn?.chosen).toEqual(zone.chosen);
      expect([redrawn?.latitude, redrawn?.longitude]).not.toEqual([zone.latitude, zone.longitude]);
      await annaPage.click(testId('privacy-zone-delete'));
      await annaPage.waitForSelector(testId('feedback-modal'));
      expect(await annaPage.textContent(testId('feedback-modal'))).toContain(text[locale].deleteTitle);
      await annaPage.click(testId('feedback-button'));
      await annaPage.waitForSelector(testId('privacy-zones-empty'));
      const whole = (await call(url, 'activity/read-info', { activityId }, bruno.jwt)).activity;
      expect(whole.route.routeBreaks).toEqual([]);
      expect(whole.route.routeSteps).toEqual(own.route.routeSteps);
    });
  }
});
