import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, newAccount } from '../support/accounts.ts';
import { contextsClosedAfterEach, expectToast, locales, screenshot, testId } from '../support/browser.ts';
import { GPX_UPLOADED } from '../support/gpx.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Standard grades (issue 24) on a phone: Dario grades a hike SAC T3 with exposure in the wizard; Carla filters home
 * by maximum grade T2 (the hike disappears) and T4 (it shows), and sees the grade and the hazard on the page, in
 * English and Italian.
 */
const suite = journeySuite();
let dario: Account;
let carla: Account;
let hikeId = '';
const contexts = contextsClosedAfterEach('grades');

/** A KML line just north of the Duomo (the home's default centre), climbing 600 m. */
function writeKml(): string {
  const coordinates = Array.from({ length: 60 }, (_, i) => {
    const f = i / 59;
    return `${(9.19 + 0.03 * f).toFixed(6)},${(45.47 + 0.01 * Math.sin(f * Math.PI)).toFixed(6)},${(200 + 600 * f).toFixed(1)}`;
  }).join(' ');
  const kml = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Cresta</name>
<Placemark><name>Cresta</name><LineString><coordinates>${coordinates}</coordinates></LineString></Placemark>
</Document></kml>`;
  const path = join(mkdtempSync(join(tmpdir(), 'cordata-grades-')), 'cresta.kml');
  writeFileSync(path, kml);
  return path;
}

const dayAfterTomorrow = () => {
  const d = new Date(Date.now() + 2 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

beforeAll(async () => {
  dario = await newAccount(suite.server.url, { firstName: 'Dario', lastName: 'Galli' });
  carla = await newAccount(suite.server.url, { firstName: 'Carla', lastName: 'Neri' });
});

const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

const card = (id: string) => `${testId('activity-card')}[data-activity-id="${id}"]`;

async function maxGrade(page: Page, grade: string) {
  await page.click(testId('open-home-filters'));
  await page.waitForSelector(testId('filters-max-grade-SAC'));
  await page.selectOption(testId('filters-max-grade-SAC'), grade);
  await page.locator(testId('filters-max-grade-SAC')).scrollIntoViewIfNeeded();
  return page;
}

describe('standard grades', () => {
  it('the organiser grades a hike T3 with exposure in the wizard', async () => {
    const page = await openPhone(suite.browser, suite.server.url, contexts, 'en', '/home', dario.jwt);
    await page.click(testId('create-activity'));
    await page.waitForSelector(testId('wizard-info'));
    await page.fill(testId('activity-name-input'), 'Cresta hike');
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
    // A hike takes the SAC scale only; no stairs or unpaved for walkers.
    expect(await page.locator(testId('wizard-grade-STS')).count()).toBe(0);
    expect(await page.locator(testId('wizard-hazard-STAIRS')).count()).toBe(0);
    await page.selectOption(testId('wizard-grade-SAC'), 'T3');
    await page.check(`${testId('wizard-hazard-EXPOSURE')} input`);
    await page.locator(testId('wizard-hazards')).scrollIntoViewIfNeeded();
    await screenshot(page, 'grades-wizard-en');
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('wizard-publish-button'));
    await expectToast(page);
    await page.waitForURL(/\/view-activity\//);
    hikeId = page.url().split('/view-activity/')[1]!;
    expect(await page.textContent(testId('activity-grade-SAC'))).toContain('T3');
  });

  for (const locale of locales) {
    it(`another person filters home by maximum grade and sees the grade and hazard (${locale})`, async () => {
      expect(hikeId).not.toBe('');
      const page = await openPhone(suite.browser, suite.server.url, contexts, locale, '/home', carla.jwt);
      await page.waitForSelector(card(hikeId));
      expect(await page.textContent(`${card(hikeId)} ${testId('activity-card-grade-SAC')}`)).toBe('SAC T3');
      await maxGrade(page, 'T2');
      await screenshot(page, `grades-filters-${locale}`);
      await page.click(testId('filters-apply'));
      await page.waitForSelector(card(hikeId), { state: 'detached' });
      const chip = await page.waitForSelector(testId('home-filter-grade'));
      expect(await chip.textContent()).toContain(locale === 'en' ? 'SAC up to T2' : 'SAC fino a T2');
      await settled(page);
      await screenshot(page, `grades-home-t2-${locale}`);

      await maxGrade(page, 'T4');
      await page.click(testId('filters-apply'));
      await page.waitForSelector(card(hikeId));
      await settled(page);
      await screenshot(page, `grades-home-t4-${locale}`);

      await page.click(card(hikeId));
      const grade = await page.waitForSelector(testId('activity-grade-SAC'));
      expect(await grade.textContent()).toBe(
        locale === 'en'
          ? 'SAC hiking scale T3 · Demanding mountain hiking'
          : 'Scala escursionistica SAC T3 · Escursionismo di montagna impegnativo',
      );
      expect(await page.textContent(testId('activity-hazard-EXPOSURE'))).toBe(
        locale === 'en' ? '⚠ Exposure' : '⚠ Tratti esposti',
      );
      await page.locator(testId('activity-grades')).evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await settled(page);
      await screenshot(page, `grades-page-${locale}`);
    });
  }
});
