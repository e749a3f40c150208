import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OverpassStandIn, startOverpassStandIn, waysAlong } from '../../apps/server/test/stand-in-overpass.ts';
import { type Account, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { GPX_UPLOADED } from '../support/gpx.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Grades suggested from OpenStreetMap (issue 24) on a phone, in English and Italian. The journey's server asks a
 * stand-in Overpass started here on 127.0.0.1, whose ways along the route are a T2 path, then a T3 path up to 86 %
 * of it, then a secondary road without a sidewalk. Dario uploads the route in the wizard, sees "T3 (86 % of the
 * route)" and the road hazard with the OpenStreetMap credit, accepts both, and the published page shows SAC T3 and
 * the hazard. When Overpass is rate-limited the wizard says the grade is unknown and offers nothing to accept.
 */
let overpass: OverpassStandIn;
const env: Record<string, string> = {};

/** 60 points due east of the Duomo (the home's default centre), evenly spaced: 2.3 km. */
const line = Array.from({ length: 60 }, (_, i) => ({ latitude: 45.47, longitude: 9.19 + (0.03 * i) / 59 }));

beforeAll(async () => {
  overpass = await startOverpassStandIn();
  overpass.ways = waysAlong(line, [
    { until: 0.5, tags: { highway: 'path', sac_scale: 'mountain_hiking' } },
    { until: 0.86, tags: { highway: 'path', sac_scale: 'demanding_mountain_hiking' } },
    { until: 1, tags: { highway: 'secondary', name: 'Strada provinciale' } },
  ]);
  env.OVERPASS_URL = overpass.url;
});
afterAll(() => overpass?.close());
const suite = journeySuite(env);
const contexts = contextsClosedAfterEach('grade-suggestion');

function writeKml(): string {
  const coordinates = line.map((p, i) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)},${200 + 10 * i}`);
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Sentiero</name>
<Placemark><name>Sentiero</name><LineString><coordinates>${coordinates.join(' ')}</coordinates></LineString></Placemark>
</Document></kml>`;
  const path = join(mkdtempSync(join(tmpdir(), 'cordata-osm-')), 'sentiero.kml');
  writeFileSync(path, kml);
  return path;
}

const dayAfterTomorrow = () => {
  const d = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

let dario: Account;
beforeAll(async () => {
  dario = await newAccount(suite.server.url, { firstName: 'Dario', lastName: 'Galli' });
});

/** Through the wizard's first two steps with the route file, to the difficulty step. */
async function toDifficultyStep(locale: Locale, name: string): Promise<Page> {
  const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', dario.jwt);
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
  await page.waitForSelector(GPX_UPLOADED);
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-difficulty'));
  await page.click(testId('choice-difficulty-MEDIUM'));
  return page;
}

const texts = {
  en: {
    suggested: 'Suggested from OpenStreetMap: T3 (86\u00a0% of the route)',
    hazards: 'OpenStreetMap shows: Road without a path',
    accepted: '✓ Accepted',
    added: '✓ Added',
    grade: 'SAC hiking scale T3 · Demanding mountain hiking',
    hazard: '⚠ Road without a path',
    unavailable: 'OpenStreetMap did not answer: grade unknown.',
  },
  it: {
    suggested: 'Suggerito da OpenStreetMap: T3 (86\u00a0% del percorso)',
    hazards: 'OpenStreetMap segnala: Strada senza marciapiede né pista',
    accepted: '✓ Accettato',
    added: '✓ Aggiunti',
    grade: 'Scala escursionistica SAC T3 · Escursionismo di montagna impegnativo',
    hazard: '⚠ Strada senza marciapiede né pista',
    unavailable: 'OpenStreetMap non ha risposto: grado sconosciuto.',
  },
};

describe('grades suggested from OpenStreetMap', () => {
  for (const locale of locales) {
    it(`the organiser accepts the suggested grade and hazard in the wizard (${locale})`, async () => {
      overpass.behaviour = 'ok';
      const page = await toDifficultyStep(locale, locale === 'en' ? 'Ridge path' : 'Sentiero di cresta');
      const suggested = await page.waitForSelector(testId('osm-grade-text-SAC'));
      expect(await suggested.textContent()).toBe(texts[locale].suggested);
      expect(await page.textContent(testId('osm-hazards'))).toContain(texts[locale].hazards);
      expect(await page.textContent(testId('osm-attribution'))).toBe('© OpenStreetMap contributors');
      // Only a suggestion: nothing is declared until the organiser accepts.
      expect(await page.inputValue(testId('wizard-grade-SAC'))).toBe('');
      await page.locator(testId('osm-grade-SAC')).scrollIntoViewIfNeeded();
      await screenshot(page, `grade-suggestion-wizard-${locale}`);

      await page.click(testId('osm-accept-SAC'));
      expect(await page.inputValue(testId('wizard-grade-SAC'))).toBe('T3');
      expect(await page.textContent(testId('osm-accepted-SAC'))).toBe(texts[locale].accepted);
      await page.click(testId('osm-hazards-add'));
      expect(await page.textContent(testId('osm-hazards-added'))).toBe(texts[locale].added);
      expect(await page.isChecked(`${testId('wizard-hazard-ROAD_WITHOUT_PATH')} input`)).toBe(true);
      await page.locator(testId('osm-hazards')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await screenshot(page, `grade-suggestion-accepted-${locale}`);

      await page.click(testId('wizard-next'));
      await page.waitForSelector(testId('wizard-publish'));
      await page.click(testId('wizard-publish-button'));
      await expectToast(page);
      await page.waitForURL(/\/view-activity\//);
      expect(await page.textContent(testId('activity-grade-SAC'))).toBe(texts[locale].grade);
      expect(await page.textContent(testId('activity-hazard-ROAD_WITHOUT_PATH'))).toBe(texts[locale].hazard);
    });
  }

  it('says the grade is unknown when Overpass is rate-limited, and offers nothing to accept', async () => {
    overpass.behaviour = 'rate-limited';
    try {
      const page = await toDifficultyStep('en', 'Busy day');
      const text = await page.waitForSelector(testId('osm-grade-text-SAC'));
      expect(await text.textContent()).toBe(texts.en.unavailable);
      expect(await page.locator(testId('osm-accept-SAC')).count()).toBe(0);
      expect(await page.locator(testId('osm-hazards')).count()).toBe(0);
      await page.locator(testId('osm-grade-SAC')).scrollIntoViewIfNeeded();
      await screenshot(page, 'grade-suggestion-unavailable-en');
    } finally {
      overpass.behaviour = 'ok';
    }
  });
});
