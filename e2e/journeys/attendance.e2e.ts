import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import encodeQR from 'qr';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import {
  contextsClosedAfterEach,
  expectToast,
  type Locale,
  launchBrowser,
  locales,
  phoneContext,
  screenshot,
  testId,
} from '../support/browser.ts';
import { postgresAdminUrl, postgresAvailable, withDatabase } from '../support/postgres.ts';
import { openPhone, seedToken } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 22, attendance (docs/attendance.md): an activity has started (its times are moved an hour into the past in
 * the server's database). A participant's phone shows their check-in QR with the code under it. The organiser ticks
 * one participant on the tick list and checks the other in by typing the code under her QR in the scanner (headless
 * Chromium has no camera, so the scanner says so and the typed code is the way in). The participant then reads her
 * own record on her profile.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the attendance journey is skipped.`);

const contexts = contextsClosedAfterEach('attendance');

const text = {
  en: {
    pass: 'Your check-in',
    sheet: 'Attendance',
    came: 'Came',
    checkedIn: 'Carla Riva checked in',
    record: 'Attended 1 of 1',
    noCamera: 'The camera is not available here: type the code under the QR instead.',
  },
  it: {
    pass: 'Il tuo check-in',
    sheet: 'Presenze',
    came: 'Presente',
    checkedIn: 'Carla Riva è presente',
    record: 'Presenze: 1 su 1',
    noCamera: 'La fotocamera non è disponibile: digita il codice sotto il QR.',
  },
};

/**
 * A one-frame Y4M video of a QR code on white (what Chromium's fake camera plays in a loop): `size`² pixels,
 * 4:2:0, the code's modules scaled up to fill most of the frame.
 */
function qrVideo(text: string, size = 480): string {
  const matrix = encodeQR(text, 'raw', { border: 4 });
  const scale = Math.floor(size / matrix.length);
  const offset = Math.floor((size - matrix.length * scale) / 2);
  const luma = Buffer.alloc(size * size, 255);
  matrix.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy++) {
        const start = (offset + y * scale + dy) * size + offset + x * scale;
        luma.fill(0, start, start + scale);
      }
    });
  });
  const chroma = Buffer.alloc((size / 2) * (size / 2) * 2, 128);
  const header = Buffer.from(`YUV4MPEG2 W${size} H${size} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  const path = join(tmpdir(), `cordata-checkin-${process.pid}-${Date.now()}.y4m`);
  writeFileSync(path, Buffer.concat([header, luma, chroma]));
  return path;
}

const rulesText = {
  en: {
    saved: 'Attendance rules saved',
    auto: 'Requests from people with a reliability of 80% or more are accepted at once.',
  },
  it: {
    saved: 'Regole delle presenze salvate',
    auto: "Le richieste di chi ha un'affidabilità di almeno 80% sono accettate subito.",
  },
};

const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

describe.skipIf(!hasPostgres)('attendance', () => {
  const suite = journeySuite({}, { database: 'attendance' });

  const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
    openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

  it.each(locales)(
    'the organiser ticks one participant, checks one in by her code, and she sees her record (%s)',
    async (locale) => {
      const url = suite.server.url;
      const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
      const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
      const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
      const { activity } = await call(url, 'activity/create-new', pointsActivity({ name: 'Grigna' }), anna.jwt);
      const { activityId } = activity;
      for (const p of [bruno, carla]) await call(url, 'activity/participate', { activityId }, p.jwt);

      // It started an hour ago and ends in an hour.
      const { rowCount } = await withDatabase(suite.database.url, (c) =>
        c.query(
          `update activities set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour',
           date = to_char(now() at time zone time_zone, 'YYYY-MM-DD'),
           start_time = to_char((now() - interval '1 hour') at time zone time_zone, 'HH24:MI'),
           end_time = to_char((now() + interval '1 hour') at time zone time_zone, 'HH24:MI')
         where id = $1`,
          [activityId],
        ),
      );
      expect(rowCount).toBe(1);

      // Carla's phone shows her check-in QR, with the code under it; her user id is nowhere in it.
      const carlaPage = await phone(carla, locale, `/view-activity/${activityId}`);
      await carlaPage.waitForSelector(testId('attendance-pass'));
      expect(await carlaPage.textContent(`${testId('attendance-pass')} h3`)).toBe(text[locale].pass);
      const code = (await carlaPage.textContent(testId('attendance-pass-code')))!.trim();
      expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(await carlaPage.locator(`${testId('attendance-qr')} path`).count()).toBe(1);
      await carlaPage.locator(testId('attendance-pass')).scrollIntoViewIfNeeded();
      await settled(carlaPage);
      await screenshot(carlaPage, `attendance-1-pass-${locale}`);

      // Anna, organising, ticks Bruno on the list.
      const annaPage = await phone(anna, locale, `/view-activity/${activityId}`);
      await annaPage.waitForSelector(testId('attendance-sheet'));
      expect(await annaPage.textContent(`${testId('attendance-sheet')} h3`)).toBe(text[locale].sheet);
      const brunoRow = annaPage.locator(`${testId('attendance-entry')}[data-user-id="${bruno.userId}"]`);
      await brunoRow.locator(testId('attendance-mark-ATTENDED')).click();
      await brunoRow.locator(`${testId('attendance-status')}[data-status="ATTENDED"]`).waitFor();
      expect(await brunoRow.locator(testId('attendance-mark-ATTENDED')).getAttribute('aria-pressed')).toBe('true');

      // She opens the scanner: no camera in headless Chromium, so she types the code under Carla's QR.
      await annaPage.click(testId('attendance-scan'));
      await annaPage.waitForSelector(`${testId('attendance-camera')}[data-camera="off"]`);
      expect(await annaPage.textContent(testId('attendance-camera'))).toBe(text[locale].noCamera);
      await annaPage.fill(testId('attendance-code'), code.toLowerCase());
      await annaPage.click(testId('attendance-check'));
      await expectToast(annaPage, text[locale].checkedIn);
      const carlaRow = annaPage.locator(`${testId('attendance-entry')}[data-user-id="${carla.userId}"]`);
      await carlaRow.locator(`${testId('attendance-status')}[data-status="ATTENDED"]`).waitFor();
      await annaPage.locator(testId('attendance-sheet')).scrollIntoViewIfNeeded();
      await settled(annaPage);
      await screenshot(annaPage, `attendance-2-sheet-${locale}`);

      // Carla reads her own record on her profile.
      const profile = await phone(carla, locale, `/profile/${carla.userId}`);
      await profile.waitForSelector(testId('own-attendance'));
      expect(await profile.textContent(testId('own-attendance-line'))).toBe(text[locale].record);
      await settled(profile);
      await screenshot(profile, `attendance-3-record-${locale}`);

      // Nobody else sees it: Bruno, on Carla's profile, gets no attendance section.
      const brunoOnCarla = await phone(bruno, locale, `/profile/${carla.userId}`);
      await brunoOnCarla.waitForSelector(testId('profile-view'));
      expect(await brunoOnCarla.locator(testId('own-attendance')).count()).toBe(0);
    },
  );

  it.each(locales)("a group's admin sets its late-cancel window and auto-approval threshold (%s)", async (locale) => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const { group } = await call(url, 'group/create-new', { name: 'CAI Lecco', type: 'CLOSED' }, anna.jwt);
    const page = await phone(anna, locale, `/view-group/${group.groupId}`);
    await page.waitForSelector(testId('group-attendance-rules'));
    expect(await page.inputValue(testId('rules-late-cancel-hours'))).toBe('12');
    await page.fill(testId('rules-late-cancel-hours'), '24');
    await page.fill(testId('rules-auto-approve'), '80');
    await page.click(testId('rules-save'));
    await expectToast(page, rulesText[locale].saved);
    await page.getByText(rulesText[locale].auto).waitFor();
    const { rules } = await call(url, 'group/read-attendance-rules', { groupId: group.groupId }, anna.jwt);
    expect(rules).toEqual({ lateCancelHours: 24, autoApproveReliability: 80 });
    await page.locator(testId('group-attendance-rules')).scrollIntoViewIfNeeded();
    await settled(page);
    await screenshot(page, `attendance-5-group-rules-${locale}`);
  });

  it("the scanner reads the QR through the camera (a fake camera showing the participant's pass)", async () => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const { activity } = await call(url, 'activity/create-new', pointsActivity({ name: 'Legnone' }), anna.jwt);
    const { activityId } = activity;
    await call(url, 'activity/participate', { activityId }, bruno.jwt);
    await withDatabase(suite.database.url, (c) =>
      c.query(
        `update activities set starts_at = now() - interval '1 hour', ends_at = now() + interval '1 hour' where id = $1`,
        [activityId],
      ),
    );
    const { pass } = await call(url, 'attendance/read-pass', { activityId }, bruno.jwt);

    // Chromium's fake camera plays a video of Bruno's QR, as if his phone were held up to Anna's.
    const cameraBrowser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${qrVideo(pass.qr)}`,
    ]);
    try {
      const context = await phoneContext(cameraBrowser, 'en', url);
      await context.grantPermissions(['camera']);
      await seedToken(context, anna.jwt);
      const page = await context.newPage();
      await page.goto(`/view-activity/${activityId}`);
      await page.waitForSelector(testId('attendance-sheet'));
      await page.click(testId('attendance-scan'));
      await page.waitForSelector(`${testId('attendance-camera')}[data-camera="on"]`);
      await expectToast(page, 'Bruno Conti checked in');
      const row = page.locator(`${testId('attendance-entry')}[data-user-id="${bruno.userId}"]`);
      await row.locator(`${testId('attendance-status')}[data-status="ATTENDED"]`).waitFor();
      await page.locator(testId('attendance-scanner')).scrollIntoViewIfNeeded();
      await screenshot(page, 'attendance-4-camera-en');
      await context.close();
    } finally {
      await cameraBrowser.close();
    }
  });
});
