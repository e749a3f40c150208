import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { seriousA11yViolations } from '../support/axe.ts';
import {
  contextsClosedAfterEach,
  expectToast,
  type Locale,
  launchBrowser,
  locales,
  screenshot,
  testId,
} from '../support/browser.ts';
import { GPX_UPLOADED, writeGpx } from '../support/gpx.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
let alice: Account;
let bob: Account;
let carla: Account;
let gpxFile: string;
const contexts = contextsClosedAfterEach('activities');

beforeAll(async () => {
  server = await startServer({ webMode: 'app' });
  browser = await launchBrowser();
  alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
  bob = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
  carla = await newAccount(server.url, { firstName: 'Carla', lastName: 'Neri' });
  // A 6 km loop above Lecco that climbs about 400 m, with some GPS noise on the way.
  gpxFile = writeGpx(
    'lecco-loop.gpx',
    'Loop',
    Array.from({ length: 301 }, (_, i) => {
      const a = (i / 300) * 2 * Math.PI;
      return {
        lat: 45.86 + 0.009 * Math.sin(a),
        lon: 9.4 + 0.012 * (1 - Math.cos(a)),
        ele: 300 + 200 * (1 - Math.cos(a)) + (i % 7 === 0 ? 1.5 : 0),
      };
    }),
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(account: Account, locale: Locale, path: string): Promise<Page> {
  // No geolocation permission is granted: the home shows spec §8's message and the default centre.
  return openPhone(browser, server.url, contexts, locale, path, account.jwt);
}

const tomorrow = () => {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Fills step 1/4 and goes on. */
async function fillInfo(page: Page, name: string, locale: Locale, shot: boolean) {
  await page.waitForSelector(testId('wizard-info'));
  await page.fill(testId('activity-name-input'), name);
  await page.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
  await page.selectOption(testId('activity-sport-input'), { index: 1 });
  await page.fill(testId('activity-date-input'), tomorrow());
  await page.fill(testId('activity-start-input'), '09:00');
  await page.fill(testId('activity-end-input'), '13:30');
  if (shot) await screenshot(page, `wizard-1-info-${locale}`);
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-path'));
  if (shot) await screenshot(page, `wizard-2-path-${locale}`);
}

/** Steps 3/4 and 4/4; returns the new activity's id from the page it lands on. */
async function finish(page: Page, locale: Locale, shot: boolean): Promise<string> {
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-difficulty'));
  await page.click(testId('choice-difficulty-MEDIUM'));
  await page.fill(testId('required-hours'), '4');
  await page.fill(testId('required-minutes'), '15');
  if (shot) await screenshot(page, `wizard-4-difficulty-${locale}`);
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-publish'));
  if (shot) {
    await screenshot(page, `wizard-5-publish-${locale}`);
    await page.click(testId('wizard-invite'));
    await page.waitForSelector(testId('wizard-contacts'));
    await screenshot(page, `wizard-6-contacts-${locale}`);
    await page.click(testId('wizard-contacts-done'));
  }
  await page.click(testId('wizard-publish-button'));
  await expectToast(page, /Invitation notifications will be sent|notifiche di invito saranno inviate/);
  await page.waitForURL(/\/view-activity\//);
  return page.url().split('/view-activity/')[1]!;
}

async function createFromGpx(page: Page, name: string, locale: Locale): Promise<string> {
  await page.click(testId('create-activity'));
  await fillInfo(page, name, locale, true);
  await page.click(testId('path-gpx'));
  await page.waitForSelector(testId('wizard-gpx'));
  await page.setInputFiles(testId('gpx-input'), gpxFile);
  await page.waitForSelector(testId('gpx-file'));
  await page.waitForSelector(GPX_UPLOADED);
  await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
  expect(await page.textContent(testId('wizard-distance'))).toMatch(/km/);
  await screenshot(page, `wizard-3-gpx-${locale}`);
  return finish(page, locale, true);
}

async function createFromPoints(page: Page, name: string, locale: Locale, closed: boolean): Promise<string> {
  await page.click(testId('create-activity'));
  await page.waitForSelector(testId('wizard-info'));
  if (closed) await page.click(testId('choice-access-CLOSED'));
  await fillInfo(page, name, locale, false);
  await page.click(testId('path-route'));
  await page.waitForSelector(`${testId('wizard-map')} [data-map-ready]`);
  const map = page.locator(`${testId('wizard-map')} canvas`);
  for (const [x, y] of [
    [60, 80],
    [150, 140],
    [250, 120],
    [300, 220],
  ] as const) {
    await map.click({ position: { x, y } });
  }
  await page.waitForSelector(testId('wizard-stats'));
  // No routing engine on this server: the legs stay straight and the wizard says so in one quiet line.
  await page.waitForSelector(`${testId('route-snap')}[data-state="off"]`);
  expect(await page.textContent(testId('route-snap-status'))).toMatch(
    /finding paths is not available here|non è possibile seguire i sentieri/,
  );
  expect(await page.locator(testId('route-straight-leg')).count()).toBe(0);
  expect(await page.locator(`${testId('wizard-map')} ${testId('map-marker-start')}`).count()).toBe(1);
  expect(await page.locator(`${testId('wizard-map')} ${testId('map-marker-end')}`).count()).toBe(1);
  await screenshot(page, `wizard-3-route-${locale}`);
  return finish(page, locale, false);
}

describe.each(locales)('activities (%s)', (locale) => {
  it('creates from a GPX file and from drawn points; others join, request and get rejected with a reason', async () => {
    const page = await signedIn(alice, locale, '/home');
    await page.waitForSelector(testId('home-screen'));

    const gpxId = await createFromGpx(page, locale === 'en' ? 'Lecco loop' : 'Anello di Lecco', locale);
    await page.waitForSelector(testId('activity-details'));
    await page.waitForSelector(`${testId('activity-map')} [data-map-ready]`);
    expect(await page.textContent(testId('activity-admin-badge'))).toMatch(
      /You run this activity|Amministri questa attività/,
    );
    expect(await page.textContent(testId('stat-required-time'))).toBe('4 h 15 min');
    expect(await page.locator(testId('elevation-chart')).count()).toBe(1);
    expect(await page.locator(`${testId('activity-map')} ${testId('map-marker-start')}`).count()).toBe(1);
    await screenshot(page, `view-activity-${locale}`);

    await page.goto('/home');
    const closedId = await createFromPoints(page, locale === 'en' ? 'Evening ride' : 'Giro serale', locale, true);

    // Bruno joins the open one…
    const bobPage = await signedIn(bob, locale, `/view-activity/${gpxId}`);
    await bobPage.click(testId('activity-action-join'));
    // A toast, not a modal (issue 19): nothing blocks the page, and it sits above the sticky action bar.
    const toast = await bobPage.waitForSelector(testId('toast'));
    expect(await toast.textContent()).toMatch(/You are taking part|Partecipi/);
    expect(await bobPage.locator(testId('feedback-modal')).count()).toBe(0);
    expect(await bobPage.getAttribute(`${testId('toast')} [role="status"]`, 'aria-live')).toBe('polite');
    await bobPage.waitForTimeout(300); // its slide-in
    const toastBox = (await toast.boundingBox())!;
    const barBox = (await (await bobPage.waitForSelector(testId('activity-actions'))).boundingBox())!;
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
    expect((await (await bobPage.waitForSelector(testId('toast-close'))).boundingBox())!.height).toBeGreaterThanOrEqual(
      44,
    );
    await screenshot(bobPage, `toast-joined-${locale}`);
    expect(await seriousA11yViolations(bobPage)).toEqual([]);
    // The checks above can outlast the toast on a loaded machine: close it if it is still there.
    await bobPage
      .locator(testId('toast-close'))
      .click({ timeout: 2_000 })
      .catch(() => {});
    await bobPage.locator(testId('toast')).waitFor({ state: 'detached' });
    await bobPage.waitForSelector(testId('activity-standing-in'));
    expect(await bobPage.locator(`${testId('participants')} .person-row`).count()).toBe(2);
    // Bruno is not an admin: no admin buttons for him.
    expect(await bobPage.locator(`${testId('participants')} ${testId('member-make-admin')}`).count()).toBe(0);
    expect(await bobPage.locator(`${testId('participants')} ${testId('member-remove')}`).count()).toBe(0);

    // Carla joins too; Alice makes Bruno an admin and removes Carla, after a confirmation.
    await call(server.url, 'activity/participate', { activityId: gpxId }, carla.jwt);
    await page.goto(`/view-activity/${gpxId}`);
    const row = (who: Account) => `${testId('participant')}[data-user-id="${who.userId}"]`;
    await page.waitForSelector(row(carla));
    expect(await page.locator(`${row(alice)} ${testId('member-make-admin')}`).count()).toBe(0);
    await page.click(`${row(bob)} ${testId('member-make-admin')}`);
    await expectToast(page, /Bruno Verdi is now an admin|Bruno Verdi ora ha i diritti di amministratore/);
    await page.waitForSelector(`${row(bob)} ${testId('member-remove-admin')}`);
    await page.click(`${row(carla)} ${testId('member-remove')}`);
    const sure = await page.waitForSelector(testId('feedback-modal'));
    expect(await sure.textContent()).toMatch(/Carla Neri will leave the activity|Carla Neri lascerà l'attività/);
    await page.waitForTimeout(400); // the modal's fade-in
    await screenshot(page, `activity-remove-confirm-${locale}`);
    await page.click(testId('feedback-button'));
    await expectToast(page, /Carla Neri has been removed|Hai rimosso Carla Neri/);
    await page.waitForSelector(row(carla), { state: 'detached' });
    await page.locator(testId('participants')).scrollIntoViewIfNeeded();
    await screenshot(page, `activity-participants-admin-${locale}`);
    const forCarla = await call(server.url, 'activity/read-info', { activityId: gpxId }, carla.jwt);
    expect(forCarla.activity.status).not.toBe('PARTICIPATING');
    const forBob = await call(server.url, 'activity/read-info', { activityId: gpxId }, bob.jwt);
    expect(forBob.activity.isAdmin).toBe(true);

    // …and asks to join the closed one.
    await bobPage.goto(`/view-activity/${closedId}`);
    await bobPage.click(testId('activity-action-request'));
    await expectToast(bobPage);
    await bobPage.waitForSelector(testId('activity-requested'));

    // Alice rejects the request with a reason; an empty reason is refused first.
    await page.goto(`/view-activity/${closedId}`);
    await page.waitForSelector(`${testId('requests')} .person-row`);
    await page.click(testId('request-reject'));
    await page.click(testId('reject-confirm'));
    expect(await page.locator('.reject-form .field-problem').count()).toBe(1);
    await page.fill(testId('reject-reason'), 'The group is full');
    await screenshot(page, `activity-reject-${locale}`);
    await page.click(testId('reject-confirm'));
    await page.waitForSelector(`${testId('requests')} .person-row`, { state: 'detached' });

    await bobPage.reload();
    await bobPage.waitForSelector(testId('activity-rejected'));
    expect(await bobPage.textContent(testId('activity-rejected'))).toContain('The group is full');

    // The calendar shows both on tomorrow's day.
    await page.goto('/calendar');
    const day = tomorrow();
    await page.waitForSelector(testId('month-grid'));
    if (!(await page.locator(testId(`day-${day}`)).count())) await page.click(testId('month-next'));
    await page.waitForSelector(`${testId(`day-${day}`)} ${testId('day-dot')}`);
    await page.click(testId(`day-${day}`));
    await page.waitForSelector(`${testId('activity-card')}[data-activity-id="${gpxId}"]`);
    await page.waitForSelector(`${testId('activity-card')}[data-activity-id="${closedId}"]`);
    await screenshot(page, `calendar-${locale}`);

    // With location off, the home says so and lists what is near the default centre (Lecco is 48 km from Milan).
    await page.goto('/home');
    await page.waitForSelector(testId('geolocation-disabled'));
    await page.waitForSelector(`${testId('activity-card')}[data-activity-id="${gpxId}"]`);
    await screenshot(page, `home-${locale}`);
    await page.click(testId('home-view-map'));
    await page.waitForSelector(`${testId('home-map')} [data-map-ready]`);
    // Close activities share a cluster (issue 20): either shows them.
    const shownOnMap = `${testId('home-map')} :is(${testId('map-marker-activity')}, ${testId('map-cluster')})`;
    await page.waitForSelector(shownOnMap);
    expect(await page.locator(shownOnMap).count()).toBeGreaterThan(0);
    await screenshot(page, `home-map-${locale}`);
  });
});

it('says "Activity not found" for an activity that does not exist', async () => {
  const page = await signedIn(alice, 'en', '/view-activity/01900000-0000-7000-8000-00000000dead');
  await page.waitForSelector(testId('activity-not-found'));
  expect(await page.textContent(testId('activity-not-found'))).toContain('Activity not found');
});

describe('the wizard, further', () => {
  it('validates the first step inline with the messages of spec §5', async () => {
    const page = await signedIn(alice, 'it', '/home');
    await page.click(testId('create-activity'));
    await page.click(testId('wizard-next'));
    expect(await page.textContent(testId('error-name'))).toBe('* Campo obbligatorio');
    await page.fill(testId('activity-name-input'), 'Gita @ lago');
    expect(await page.textContent(testId('error-name'))).toBe('Nessun carattere speciale, massimo 20');
    await page.fill(testId('activity-name-input'), 'Gita al lago');
    await page.fill(testId('activity-date-input'), tomorrow());
    await page.fill(testId('activity-start-input'), '10:00');
    await page.fill(testId('activity-end-input'), '09:00');
    expect(await page.textContent(testId('error-endTime'))).toBe(
      "* L'orario di fine deve essere successivo all'orario di inizio",
    );
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    const today = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    const soon = new Date(now.getTime() + 10 * 60_000);
    if (soon.getDate() === now.getDate()) {
      await page.fill(testId('activity-date-input'), today);
      await page.fill(testId('activity-start-input'), `${pad(soon.getHours())}:${pad(soon.getMinutes())}`);
      await page.fill(testId('activity-end-input'), '23:59');
      expect(await page.textContent(testId('error-startTime'))).toContain('30 minuti');
    }
    await screenshot(page, 'wizard-validation-it');
  });

  it('shows the GPX loading error, and warns before switching the route mode', async () => {
    const page = await signedIn(alice, 'en', '/home');
    await page.click(testId('create-activity'));
    await fillInfo(page, 'Broken file', 'en', false);
    await page.click(testId('path-gpx'));
    const broken = join(mkdtempSync(join(tmpdir(), 'cordata-gpx-')), 'broken.gpx');
    writeFileSync(broken, '<gpx><trk><trkseg><trkpt lat="45.1" lon="9.1"></trkseg>');
    await page.setInputFiles(testId('gpx-input'), broken);
    const modal = await page.waitForSelector(testId('feedback-modal'));
    expect(await modal.textContent()).toContain('The GPX file could not be loaded.');
    await page.click(testId('feedback-button'));

    await page.setInputFiles(testId('gpx-input'), gpxFile);
    await page.waitForSelector(testId('gpx-file'));
    await page.click(testId('sheet-back'));
    await page.waitForSelector(testId('wizard-path'));
    await page.click(testId('path-route'));
    const warning = await page.waitForSelector(testId('feedback-modal'));
    expect(await warning.textContent()).toContain('The current route data will be lost.');
    await screenshot(page, 'wizard-switch-warning-en');
    await page.click(testId('feedback-cancel'));
    await page.click(testId('path-gpx'));
    // Cancelled: the file is still there.
    await page.waitForSelector(testId('gpx-file'));
  });

  it('edits an activity: pre-filled from read-info, the route kept, the save announced', async () => {
    const page = await signedIn(alice, 'en', '/home');
    await page.click(testId('create-activity'));
    await fillInfo(page, 'Before the edit', 'en', false);
    await page.click(testId('path-gpx'));
    await page.setInputFiles(testId('gpx-input'), gpxFile);
    await page.waitForSelector(testId('gpx-file'));
    await page.waitForSelector(GPX_UPLOADED);
    const activityId = await finish(page, 'en', false);
    const distance = await page.textContent(testId('stat-distance'));

    await page.click(testId('activity-menu'));
    await page.click(testId('activity-action-edit'));
    await page.waitForSelector(testId('wizard-info'));
    expect(await page.inputValue(testId('activity-name-input'))).toBe('Before the edit');
    expect(await page.inputValue(testId('activity-start-input'))).toBe('09:00');
    await page.fill(testId('activity-name-input'), 'After the edit');
    await page.click(testId('wizard-next'));
    await page.click(testId('wizard-keep-route'));
    await page.waitForSelector(testId('wizard-difficulty'));
    expect(await page.isChecked(`${testId('choice-difficulty-MEDIUM')} input`)).toBe(true);
    await page.click(testId('wizard-next'));
    await page.click(testId('wizard-publish-button'));
    await expectToast(page, 'Invitation notifications will be sent');
    await page.waitForSelector(`${testId('activity-name')}:has-text("After the edit")`);
    expect(page.url()).toContain(activityId);
    expect(await page.textContent(testId('stat-distance'))).toBe(distance);
  });
});
