import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { openWizardGpxStep } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { GPX_UPLOADED, writeGpx } from '../support/gpx.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 20, GPX: a route file imported through the wizard goes through the presigned upload with a progress bar
 * (slowed down here so it can be seen, cancelled and sent again), the activity is published from it, and its route
 * comes back out as a GPX download from the activity's menu; a broken file gets the spec's GPX error. In English and
 * Italian, on a phone.
 */
const suite = journeySuite();
let alice: Account;
let bigFile: string;
let brokenFile: string;
const contexts = contextsClosedAfterEach('gpx');

/** Points of the imported recording: about 3.4 MB of GPX with elevation and time, kept as it is by the app. */
const POINTS = 30_000;

beforeAll(async () => {
  alice = await newAccount(suite.server.url, { firstName: 'Alice', lastName: 'Bianchi' });
  // A long loop above Lecco, one point a second, climbing and coming down again.
  bigFile = writeGpx(
    'grigna-loop.gpx',
    'Grigna loop',
    Array.from({ length: POINTS }, (_, i) => {
      const a = (i / POINTS) * 2 * Math.PI;
      return { lat: 45.86 + 0.03 * Math.sin(a), lon: 9.4 + 0.04 * (1 - Math.cos(a)), ele: 300 + 600 * Math.sin(a / 2) };
    }),
  );
  brokenFile = join(mkdtempSync(join(tmpdir(), 'cordata-gpx-')), 'broken.gpx');
  writeFileSync(brokenFile, '<gpx><trk><trkseg><trkpt lat="45.1" lon="9.1"></trkseg>');
});

const signedIn = (locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, alice.jwt);

/** Sends at most `bytesPerSecond` up (0: no limit), as a slow phone connection would. */
async function throttleUpload(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond || -1,
  });
}

const progressValue = (page: Page) =>
  page.$eval(testId('gpx-upload-progress'), (el) => (el as HTMLProgressElement).value).catch(() => -1);

const texts = {
  en: {
    cancelled: 'Upload cancelled.',
    done: '✓ File uploaded',
    uploading: 'Uploading the file…',
    gpxError: 'The GPX file could not be loaded.',
    menu: 'Download GPX',
  },
  it: {
    cancelled: 'Caricamento annullato.',
    done: '✓ File caricato',
    uploading: 'Caricamento del file…',
    gpxError: 'Impossibile caricare il file GPX.',
    menu: 'Scarica GPX',
  },
};

describe.each(locales)('GPX import and export (%s)', (locale) => {
  const words = texts[locale];

  it('imports a GPX file through the upload with a progress bar, publishes it, and exports the route', async () => {
    const name = locale === 'en' ? 'Grigna loop' : 'Anello Grigna';
    const page = await signedIn(locale, '/home');
    await openWizardGpxStep(page, name);
    await throttleUpload(page, 400 * 1024);

    // The file is read in the worker, then sent: the bar moves with the bytes really sent.
    await page.setInputFiles(testId('gpx-input'), bigFile);
    await page.waitForSelector(testId('gpx-file'));
    await page.waitForFunction(
      (sel) => ((document.querySelector(sel) as HTMLProgressElement | null)?.value ?? 0) > 0.05,
      testId('gpx-upload-progress'),
      { timeout: 30_000 },
    );
    const first = await progressValue(page);
    expect(await page.textContent(testId('gpx-upload'))).toContain(words.uploading);
    await screenshot(page, `gpx-1-uploading-${locale}`);

    // Cancelled half-way: the step says so and the wizard does not go on without the file.
    await page.click(testId('gpx-upload-cancel'));
    await page.waitForSelector(`${testId('gpx-upload')}[data-state="failed"]`);
    expect(await page.textContent(testId('gpx-upload-error'))).toBe(words.cancelled);
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('error-route'));
    await screenshot(page, `gpx-2-cancelled-${locale}`);

    // Sent again: the bar goes up over time, to the end.
    await page.click(testId('gpx-upload-retry'));
    await page.waitForFunction(
      (sel) => ((document.querySelector(sel) as HTMLProgressElement | null)?.value ?? 0) > 0.3,
      testId('gpx-upload-progress'),
      { timeout: 30_000 },
    );
    const later = await progressValue(page);
    expect(later).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(0);
    await page.waitForSelector(GPX_UPLOADED, { timeout: 60_000 });
    await throttleUpload(page, 0);
    expect(await page.textContent(testId('gpx-upload-done'))).toBe(words.done);
    await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
    await screenshot(page, `gpx-3-uploaded-${locale}`);

    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-difficulty'));
    await page.click(testId('choice-difficulty-HARD'));
    await page.click(testId('wizard-next'));
    await page.waitForSelector(testId('wizard-publish'));
    await page.click(testId('wizard-publish-button'));
    await expectToast(page, /Invitation notifications will be sent|notifiche di invito saranno inviate/);
    await page.waitForURL(/\/view-activity\//);
    const activityId = page.url().split('/view-activity/')[1]!;
    const { activity } = await call(suite.server.url, 'activity/read-info', { activityId }, alice.jwt);
    expect(activity.route.mode).toBe('GPX');
    expect(activity.totalDistance).toBeGreaterThan(10_000);

    // The route comes back out as GPX from the activity's menu.
    await page.click(testId('activity-menu'));
    const item = await page.waitForSelector(testId('activity-export-gpx'));
    expect(await item.textContent()).toBe(words.menu);
    await screenshot(page, `gpx-4-export-menu-${locale}`);
    const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
    expect(download.suggestedFilename()).toMatch(
      locale === 'en' ? /^grigna-loop-\d{4}-\d{2}-\d{2}\.gpx$/ : /^anello-grigna-\d{4}-\d{2}-\d{2}\.gpx$/,
    );
    const gpx = readFileSync((await download.path())!, 'utf8');
    expect(gpx).toContain('<gpx version="1.1" creator="Cordata"');
    expect(gpx).toContain(`<trk><name>${name}</name>`);
    expect(gpx.match(/<trkpt /g)).toHaveLength(POINTS);
    expect(gpx.match(/<ele>/g)).toHaveLength(POINTS);
  });

  it('gives a broken file the GPX loading error, and sends nothing', async () => {
    const page = await signedIn(locale, '/home');
    await openWizardGpxStep(page, locale === 'en' ? 'Broken file' : 'File rotto');
    await page.setInputFiles(testId('gpx-input'), brokenFile);
    const modal = await page.waitForSelector(testId('feedback-modal'));
    expect(await modal.textContent()).toContain(words.gpxError);
    expect(await page.$(testId('gpx-upload'))).toBeNull();
    await screenshot(page, `gpx-5-broken-${locale}`);
  });
});
