import { spawnSync } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, stepOf, totpAt } from '../../apps/server/src/modules/auth/totp.ts';
import { call, newAccount } from '../support/accounts.ts';
import {
  contextsClosedAfterEach,
  launchBrowser,
  locales,
  phoneContext,
  screenshot,
  testId,
} from '../support/browser.ts';
import { freshDatabase, postgresAdminUrl, postgresAvailable } from '../support/postgres.ts';
import { type RunningServer, repoRoot, startServer } from '../support/server.ts';
import { seedToken } from '../support/session.ts';

/**
 * Journey 6 (issue 12): a person reports another, and an operator handles the report in the admin
 * area: signs in at /admin, finds it in the queue and suspends the reported account, which is then
 * refused: the offender's open app is logged out at once (the server drops its socket). The operator
 * works through the area's own dialogs (a period and a reason; Escape cancels), opens the offender's
 * page from the queue and reinstates them from there. The operator is made an admin with
 * `admin:create`, which needs the database while the server runs: PostgreSQL, not the embedded one
 * (skipped without it). The report itself is made through report/create.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: journey 6 (a report) is skipped.`);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
const contexts = contextsClosedAfterEach('journey-6');
const PASSWORD = 'Trail#Run9x';
const DESKTOP = { width: 1280, height: 800 };
const TABLET = { width: 768, height: 1024 };
const browserDialogs: string[] = [];

describe.skipIf(!hasPostgres)('journey 6: an admin handles a report', () => {
  beforeAll(async () => {
    database = await freshDatabase('j6');
    server = await startServer({
      webMode: 'app',
      env: {
        DATABASE_URL: database.url,
        ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await database?.drop();
  });

  it.each(locales)('a reported account is suspended from the report queue (%s)', async (locale) => {
    const url = server!.url;
    const operator = await newAccount(url, { firstName: 'Olga', lastName: 'Operatrice' });
    const promoted = spawnSync('npx', ['tsx', 'apps/server/scripts/admin-create.ts', '--email', operator.email], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: database!.url, DATA_DIR: server!.dataDir, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(promoted.status, promoted.stderr).toBe(0);

    const reporter = await newAccount(url, { firstName: 'Rita', lastName: 'Neri' });
    const offender = await newAccount(url, { firstName: 'Ugo', lastName: 'Molesto' });
    const offender2 = await newAccount(url, { firstName: 'Dora', lastName: 'Verdi' });
    await call(
      url,
      'report/create',
      { targetType: 'USER', targetId: offender.userId, reason: 'HARASSMENT', details: 'Insults in the chat' },
      reporter.jwt,
    );

    // The offender has the app open, its live connection up.
    const offenderContext = await phoneContext(browser!, locale, url);
    contexts.push(offenderContext);
    await seedToken(offenderContext, offender.jwt);
    const offenderPage = await offenderContext.newPage();
    const socketUp = offenderPage
      .waitForEvent('websocket')
      .then((ws) => ws.waitForEvent('framereceived', (frame) => String(frame.payload).startsWith('40')));
    await offenderPage.goto('/chats');
    await offenderPage.waitForSelector(`${testId('chats-empty')}, ${testId('chat-list')}`);
    await socketUp;

    // The admin area is made for a desktop browser (and still usable on a tablet).
    const context = await browser!.newContext({
      baseURL: url,
      viewport: DESKTOP,
      locale: locale === 'it' ? 'it-IT' : 'en-US',
    });
    contexts.push(context);
    const page = await context.newPage();
    // No browser prompt, confirm or alert is left: any would fail the journey.
    page.on('dialog', (dialog) => {
      browserDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto('/admin');
    await page.fill(testId('admin-email'), operator.email);
    await page.fill(testId('admin-password'), PASSWORD);
    await page.click(testId('admin-sign-in'));
    // Operators sign in in two steps: a new operator enrols an authenticator, then gives its code.
    const secret = await page.locator(testId('admin-totp-secret')).textContent();
    await screenshot(page, `journey-6-admin-second-factor-${locale}`);
    await page.fill(testId('admin-totp-code'), totpAt(base32Decode(secret!), stepOf(new Date())));
    await page.click(testId('admin-totp-submit'));
    await page.waitForSelector(testId('admin-dashboard'));
    await screenshot(page, `journey-6-admin-dashboard-${locale}`);
    await page.click(testId('admin-nav-reports'));
    const report = page.locator(testId('admin-report'), { hasText: 'Insults in the chat' });
    await report.waitFor();
    await screenshot(page, `journey-6-report-queue-${locale}`);

    // The in-app dialog: Escape cancels and gives the focus back to the button that opened it.
    const suspend = report.locator(testId('admin-suspend'));
    await suspend.click();
    const dialog = page.locator(testId('admin-dialog'));
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await suspend.evaluate((el) => el === document.activeElement)).toBe(true);

    // Then for real: a period of 14 days and why, for the audit log.
    await suspend.click();
    await dialog.waitFor();
    expect(await dialog.getAttribute('role')).toBe('dialog');
    await page.selectOption(testId('admin-dialog-days'), '14');
    await page.click(testId('admin-dialog-confirm'));
    await page.waitForSelector(testId('admin-dialog-error')); // no reason yet
    await page.fill(testId('admin-dialog-reason'), 'Harassment confirmed');
    await screenshot(page, `journey-6-suspend-dialog-${locale}`);
    await page.click(testId('admin-dialog-confirm'));
    await dialog.waitFor({ state: 'detached' });
    const message = await page.locator(testId('admin-action-message')).textContent();
    expect(message).toBe(locale === 'it' ? '1 segnalazione chiusa' : '1 report closed');
    await screenshot(page, `journey-6-report-handled-${locale}`);

    // The offender's app is logged out at once: the server dropped the socket, the app checked its session.
    await offenderPage.waitForFunction(
      () => !JSON.parse(localStorage.getItem('cordata:auth') ?? '{}').state?.jwt,
      undefined,
      { timeout: 5000 },
    );
    await screenshot(offenderPage, `journey-6-offender-logged-out-${locale}`);

    // The suspension ends the offender's sessions, and signing in again is refused with the reason.
    const stale = await fetch(`${url}/api/space/cordata/database/user/own-profile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${offender.jwt}` },
    });
    expect(stale.status).toBe(401);
    const signIn = await fetch(`${url}/api/space/cordata/database/auth/email/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: offender.email, password: PASSWORD }),
    });
    expect(signIn.status).toBe(403);
    expect(((await signIn.json()) as { error: { code: string } }).error.code).toBe('ACCOUNT_SUSPENDED');

    // The operator opens the offender's page from the queue: suspended, with the report resolved.
    await page.click(testId('admin-nav-reports'));
    await page.click(`${testId('admin-status-closed')}`);
    await page
      .locator(testId('admin-report'), { hasText: 'Insults in the chat' })
      .getByRole('link', { name: 'Ugo Molesto' })
      .first()
      .click();
    await page.waitForSelector(testId('admin-user-detail'));
    expect(new URL(page.url()).pathname).toBe(`/admin/users/${offender.userId}`);
    await page.waitForSelector(testId('admin-user-reinstate'));
    const detail = page.locator(testId('admin-user-detail'));
    expect(await detail.textContent()).toContain('Insults in the chat');
    await screenshot(page, `journey-6-user-detail-${locale}`);
    await page.setViewportSize(TABLET);
    await screenshot(page, `journey-6-user-detail-tablet-${locale}`);
    await page.setViewportSize(DESKTOP);

    // Reinstating goes through the same dialog, with a reason; then the offender can sign in again.
    await page.click(testId('admin-user-reinstate'));
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('admin-dialog-reason');
    await page.keyboard.type('Appeal accepted');
    await page.click(testId('admin-dialog-confirm'));
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector(testId('admin-user-suspend'));
    const again = await fetch(`${url}/api/space/cordata/database/auth/email/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: offender.email, password: PASSWORD }),
    });
    expect(again.status).toBe(200);
    await page.setViewportSize(TABLET);
    await page.click(testId('admin-nav-reports'));
    await page.waitForSelector(testId('admin-reports'));
    await screenshot(page, `journey-6-report-queue-tablet-${locale}`);

    // A group: found in the directory, viewed with its admins and reports, removed with a reason.
    const { group } = await call(url, 'group/create-new', { name: `Insulti ${locale}`, type: 'OPEN' }, offender2.jwt);
    await call(
      url,
      'report/create',
      { targetType: 'GROUP', targetId: group.groupId, reason: 'INAPPROPRIATE' },
      reporter.jwt,
    );
    await page.setViewportSize(DESKTOP);
    await page.click(testId('admin-nav-groups'));
    await page.fill(testId('admin-search'), `Insulti ${locale}`);
    await page.keyboard.press('Enter');
    await page.locator(testId('admin-content-link'), { hasText: `Insulti ${locale}` }).click();
    await page.waitForSelector(testId('admin-groups-detail'));
    expect(await page.locator(testId('admin-content-admins')).textContent()).toContain('Dora Verdi');
    await screenshot(page, `journey-6-group-detail-${locale}`);
    await page.click(testId('admin-content-remove'));
    await dialog.waitFor();
    await page.fill(testId('admin-dialog-reason'), 'Offensive name');
    await page.click(testId('admin-dialog-confirm'));
    await dialog.waitFor({ state: 'detached' });
    await page.waitForSelector(testId('admin-content-restore'));
    // Removing it from its page settled the report on it, as the queue would have.
    await page.waitForFunction(
      ([selector, word]) => document.querySelector(selector!)?.textContent?.includes(word!),
      [testId('admin-groups-detail'), locale === 'it' ? 'Risolta' : 'Resolved'],
    );
    await page.setViewportSize(TABLET);
    await screenshot(page, `journey-6-group-detail-tablet-${locale}`);
    expect(browserDialogs).toEqual([]);
  });
});
