import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount, PASSWORD } from '../support/accounts.ts';
import {
  contextsClosedAfterEach,
  expectToast,
  type Locale,
  launchBrowser,
  locales,
  screenshot,
  testId,
} from '../support/browser.ts';
import { GPX_UPLOADED } from '../support/gpx.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * Issue 25 end to end: an organiser imports a KML route, offers seats; a participant asks for one, the
 * organiser accepts and the exact pickup appears for both (live for the rider); gear is claimed; the
 * rider prepares and downloads their data export. Phone viewport, English and Italian.
 */
let server: RunningServer;
let browser: Browser;
const contexts = contextsClosedAfterEach('logistics');

/** A KML line from Lecco up towards the Resegone, as Google Earth writes it. */
function writeKml(): string {
  const coordinates = Array.from({ length: 120 }, (_, i) => {
    const f = i / 119;
    return `${(9.4 + 0.06 * f).toFixed(6)},${(45.855 + 0.02 * Math.sin(f * Math.PI)).toFixed(6)},${(300 + 900 * f).toFixed(1)}`;
  }).join(' ');
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Resegone</name>
<Placemark><name>Lecco – Resegone</name><LineString><coordinates>${coordinates}</coordinates></LineString></Placemark>
</Document></kml>`;
  const path = join(mkdtempSync(join(tmpdir(), 'cordata-kml-')), 'resegone.kml');
  writeFileSync(path, kml);
  return path;
}

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dayAfterTomorrow = () => {
  const d = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** The wizard with a KML file as the route; returns the new activity's id. */
async function createFromKml(page: Page, name: string, locale: Locale): Promise<string> {
  await page.click(testId('create-activity'));
  await page.waitForSelector(testId('wizard-info'));
  await page.fill(testId('activity-name-input'), name);
  await page.waitForSelector(`${testId('activity-sport-input')} option[value="hiking"]`, { state: 'attached' });
  await page.selectOption(testId('activity-sport-input'), 'hiking');
  await page.fill(testId('activity-date-input'), dayAfterTomorrow());
  await page.fill(testId('activity-start-input'), '08:00');
  await page.fill(testId('activity-end-input'), '15:00');
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-path'));
  await page.click(testId('path-gpx'));
  await page.waitForSelector(testId('wizard-gpx'));
  await page.setInputFiles(testId('gpx-input'), writeKml());
  await page.waitForSelector(testId('gpx-file'));
  await page.waitForSelector(GPX_UPLOADED);
  expect(await page.textContent(testId('gpx-file'))).toContain('resegone.kml');
  expect(await page.textContent(testId('wizard-distance'))).toMatch(/km/);
  await screenshot(page, `logistics-1-kml-import-${locale}`);
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-difficulty'));
  await page.click(testId('choice-difficulty-MEDIUM'));
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-publish'));
  await page.click(testId('wizard-publish-button'));
  await expectToast(page);
  await page.waitForURL(/\/view-activity\//);
  return page.url().split('/view-activity/')[1]!;
}

async function pickPlace(page: Page, prefix: string, query: string) {
  await page.fill(testId(`${prefix}-input`), query);
  await page.click(testId(`${prefix}-option-0`));
}

describe.each(locales)('trailhead logistics (%s)', (locale) => {
  it('imports a KML, offers a seat that is requested and accepted, claims gear and downloads the export', async () => {
    const alice: Account = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
    const bruno: Account = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });

    const page = await openPhone(browser, server.url, contexts, locale, '/home', alice.jwt);
    await page.waitForSelector(testId('home-screen'));
    const activityId = await createFromKml(page, locale === 'en' ? 'Resegone hike' : 'Gita al Resegone', locale);
    const { activity } = await call(server.url, 'activity/read-info', { activityId }, alice.jwt);
    expect(activity.totalDistance).toBeGreaterThan(4000);
    await call(server.url, 'activity/participate', { activityId }, bruno.jwt);

    // Alice offers three seats from Monza, with a cost-share note.
    await page.waitForSelector(testId('activity-logistics'));
    await page.click(testId('carpool-offer-open'));
    await page.selectOption(testId('carpool-seats'), '3');
    await pickPlace(page, 'carpool-origin', 'Monza');
    await page.fill(testId('carpool-cost-note'), locale === 'en' ? '5 € each for fuel' : '5 € a testa per la benzina');
    await page.click(testId('carpool-offer-save'));
    await page.waitForSelector(`${testId('carpool-offer')}[data-mine="true"]`);
    expect(await page.textContent(testId('carpool-seats-left'))).toMatch(/3 seats left|3 posti liberi/);

    // Bruno asks for a seat in her car, from Arcore: no pickup point is shown to anyone yet.
    const brunoPage = await openPhone(browser, server.url, contexts, locale, `/view-activity/${activityId}`, bruno.jwt);
    await brunoPage.waitForSelector(testId('carpool-offer'));
    await brunoPage.click(testId('carpool-ask-this'));
    await pickPlace(brunoPage, 'carpool-pickup-search', 'Arcore');
    await brunoPage.click(testId('carpool-ride-send'));
    await brunoPage.waitForSelector(`${testId('carpool-my-request')}[data-status="PENDING"]`);
    expect(await brunoPage.locator(testId('carpool-pickup')).count()).toBe(0);
    await brunoPage.locator(testId('carpool')).scrollIntoViewIfNeeded();
    await screenshot(brunoPage, `logistics-2-ride-requested-${locale}`);

    // The request reaches Alice live; she accepts, and the pickup point appears for both (live for Bruno).
    await page.waitForSelector(`${testId('carpool-request')}[data-status="PENDING"]`);
    await page.locator(testId('carpool-requests')).scrollIntoViewIfNeeded();
    await screenshot(page, `logistics-3-driver-requests-${locale}`);
    await page.click(testId('carpool-accept'));
    await page.waitForSelector(`${testId('carpool-request')}[data-status="ACCEPTED"] ${testId('carpool-pickup')}`);
    expect(await page.textContent(testId('carpool-seats-left'))).toMatch(/2 seats left|2 posti liberi/);
    await page.locator(testId('carpool-requests')).scrollIntoViewIfNeeded();
    await screenshot(page, `logistics-4-driver-accepted-${locale}`);
    await brunoPage.waitForSelector(
      `${testId('carpool-my-request')}[data-status="ACCEPTED"] ${testId('carpool-pickup')}`,
    );
    expect(await brunoPage.textContent(testId('carpool-seats-left'))).toMatch(/2 seats left|2 posti liberi/);
    await brunoPage.locator(testId('carpool-my-request')).scrollIntoViewIfNeeded();
    await screenshot(brunoPage, `logistics-5-rider-accepted-${locale}`);

    // Gear: Alice adds the suggested first aid kit (required); Bruno brings it and keeps a private checklist.
    await page.click(testId('gear-suggest-firstAidKit'));
    await page.waitForSelector(testId('gear-item'));
    await brunoPage.waitForSelector(testId('gear-claim'));
    await brunoPage.click(testId('gear-claim'));
    await brunoPage.waitForSelector(`${testId('gear-item')}[data-claimed="true"]`);
    expect(await brunoPage.textContent(testId('gear-claimed-by'))).toMatch(/Bruno Verdi/);
    await brunoPage.fill(testId('checklist-add-input'), locale === 'en' ? 'Rain jacket' : 'Giacca antipioggia');
    await brunoPage.click(testId('checklist-add'));
    await brunoPage.waitForSelector(testId('checklist-item'));
    await brunoPage.locator(testId('gear')).scrollIntoViewIfNeeded();
    await screenshot(brunoPage, `logistics-6-gear-${locale}`);
    await page.waitForSelector(`${testId('gear-item')}[data-claimed="true"]`);
    expect(await page.locator(testId('checklist-item')).count()).toBe(0);

    // Bruno prepares his data export in the settings, his password entered again, and downloads it.
    await brunoPage.goto('/home');
    await brunoPage.click(testId('open-account'));
    await brunoPage.click(testId('account-settings'));
    await brunoPage.click(testId('settings-data'));
    await brunoPage.fill(testId('export-password'), PASSWORD);
    await brunoPage.click(testId('export-request'));
    await brunoPage.waitForSelector(testId('export-pending'));
    await screenshot(brunoPage, `logistics-7-export-pending-${locale}`);
    await brunoPage.waitForSelector(testId('export-download'), { timeout: 30_000 });
    await screenshot(brunoPage, `logistics-8-export-ready-${locale}`);
    const [download] = await Promise.all([
      brunoPage.waitForEvent('download'),
      brunoPage.click(testId('export-download')),
    ]);
    const saved = join(mkdtempSync(join(tmpdir(), 'cordata-export-')), 'export.zip');
    await download.saveAs(saved);
    const files = unzipSync(new Uint8Array(readFileSync(saved)));
    expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ userId: bruno.userId });
    expect(strFromU8(files['calendar.ics']!)).toContain('BEGIN:VEVENT');
    expect(files[`activities/${activityId}.gpx`]).toBeDefined();
    expect(strFromU8(files['gear.json']!)).toMatch(/Rain jacket|Giacca antipioggia/);
  });
});
