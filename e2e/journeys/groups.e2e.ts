import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import {
  contextsClosedAfterEach,
  expectToast,
  type Locale,
  launchBrowser,
  locales,
  screenshot,
  testId,
} from '../support/browser.ts';
import { climbAboveLecco, GPX_UPLOADED, writeGpx } from '../support/gpx.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

let server: RunningServer;
let browser: Browser;
let gpxFile: string;
const contexts = contextsClosedAfterEach('groups');

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    env: process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {},
  });
  browser = await launchBrowser();
  // A short climb above Lecco.
  gpxFile = writeGpx('climb.gpx', 'Climb', climbAboveLecco(60, { lat: 0.0003, lon: 0.0002, climb: 4 }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(account: Account, locale: Locale, path: string): Promise<Page> {
  return openPhone(browser, server.url, contexts, locale, path, account.jwt);
}

async function closeFeedback(page: Page, expected: RegExp) {
  const modal = await page.waitForSelector(testId('feedback-modal'));
  expect(await modal.textContent()).toMatch(expected);
  await page.click(testId('feedback-button'));
  await page.waitForSelector(testId('feedback-modal'), { state: 'detached' });
}

const tomorrow = () => {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

describe.each(locales)('groups (%s)', (locale) => {
  it('creates a closed group, lets a second user request and be accepted, and lists the group activity', async () => {
    const alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
    const bob = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
    const groupName = locale === 'en' ? 'Lecco Hikers' : 'Camminatori';
    const activityName = locale === 'en' ? 'Resegone at dawn' : "Resegone all'alba";

    // Alice creates a closed group from /groups.
    const alicePage = await signedIn(alice, locale, '/groups');
    await alicePage.waitForSelector(testId('groups-empty'));
    await screenshot(alicePage, `groups-1-empty-${locale}`);
    await alicePage.click(testId('groups-create'));
    await alicePage.waitForSelector(testId('handle-group-sheet'));
    await alicePage.fill(testId('group-name-input'), 'A!');
    await alicePage.click(testId('group-save'));
    expect(await alicePage.textContent(testId('group-name-input-problem'))).toMatch(
      /No special characters, maximum 20|Nessun carattere speciale, massimo 20/,
    );
    await alicePage.fill(testId('group-name-input'), groupName);
    await alicePage.fill(
      testId('group-description-input'),
      locale === 'en' ? 'Weekend hikes in the Prealps.' : 'Escursioni nel weekend sulle Prealpi.',
    );
    await alicePage.click(testId('group-type-CLOSED'));
    await alicePage.locator('[data-testid^="group-sport-"]').first().click();
    await alicePage.fill(testId('group-place-input'), 'Lecco');
    await alicePage.click(testId('group-place-option-0'));
    expect(await alicePage.textContent(testId('group-chosen-place'))).toMatch(/Lecco/);
    await screenshot(alicePage, `groups-2-create-${locale}`);
    await alicePage.click(testId('group-save'));
    await expectToast(alicePage, /The group has been created|Il gruppo è stato creato/);
    await alicePage.waitForURL(/\/view-group\//);
    const groupId = alicePage.url().split('/view-group/')[1]!;
    await alicePage.waitForSelector(testId('group-admin-badge'));
    expect(await alicePage.textContent(testId('group-type'))).toMatch(/Closed|Chiuso/);
    await screenshot(alicePage, `groups-3-admin-view-${locale}`);

    // Bob finds it, sees no members (closed), and asks to join.
    const bobPage = await signedIn(bob, locale, '/groups');
    await bobPage.click(testId('groups-tab-explore'));
    await bobPage.click(testId('groups-filters'));
    await bobPage.waitForSelector(testId('group-filters'));
    await bobPage.locator('[data-testid^="filters-sport-"]').first().click();
    await screenshot(bobPage, `groups-4-filters-${locale}`);
    await bobPage.click(testId('filters-apply'));
    await bobPage.waitForSelector(testId('group-filters'), { state: 'detached' });
    expect(await bobPage.textContent(testId('groups-filters'))).toMatch(/1 filter|1 filtro/);
    await bobPage.fill(testId('groups-search'), groupName);
    await bobPage.waitForSelector(`${testId('group-card')}[data-group-id="${groupId}"]`);
    await screenshot(bobPage, `groups-5-explore-${locale}`);
    await bobPage.click(`${testId('group-card')}[data-group-id="${groupId}"]`);
    await bobPage.waitForSelector(testId('group-members-hidden'));
    expect(await bobPage.locator(testId('group-member')).count()).toBe(0);
    await bobPage.waitForSelector(testId('group-activities-hidden'));
    await bobPage.click(testId('group-action-request'));
    await expectToast(bobPage, /sent to the admins|inviata agli amministratori/);
    await bobPage.waitForSelector(testId('group-requested'));
    await bobPage.waitForSelector(testId('group-action-withdraw'));
    await screenshot(bobPage, `groups-5b-requested-${locale}`);

    // Alice accepts the request.
    await alicePage.reload();
    const request = await alicePage.waitForSelector(`${testId('group-request')}[data-user-id="${bob.userId}"]`);
    await screenshot(alicePage, `groups-6-requests-${locale}`);
    await (await request.$(testId('group-request-accept')))!.click();
    await alicePage.waitForSelector(`${testId('group-member')}[data-user-id="${bob.userId}"]`);

    // Bob, now a member, creates an activity from the group: the wizard has the group preselected.
    await bobPage.reload();
    await bobPage.waitForSelector(`${testId('group-member')}[data-user-id="${bob.userId}"]`);
    await bobPage.click(testId('group-action-newActivity'));
    await bobPage.waitForSelector(testId('wizard-info'));
    await bobPage.waitForSelector(`${testId('wizard-group')}:has-text("${groupName}")`);
    await bobPage.fill(testId('activity-name-input'), activityName);
    await bobPage.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
    await bobPage.selectOption(testId('activity-sport-input'), { index: 1 });
    await bobPage.fill(testId('activity-date-input'), tomorrow());
    await bobPage.fill(testId('activity-start-input'), '09:00');
    await bobPage.fill(testId('activity-end-input'), '12:00');
    await bobPage.click(testId('wizard-next'));
    await bobPage.waitForSelector(testId('wizard-path'));
    await bobPage.click(testId('path-gpx'));
    await bobPage.setInputFiles(testId('gpx-input'), gpxFile);
    await bobPage.waitForSelector(testId('gpx-file'));
    await bobPage.waitForSelector(GPX_UPLOADED);
    await bobPage.click(testId('wizard-next'));
    await bobPage.waitForSelector(testId('wizard-difficulty'));
    await bobPage.click(testId('choice-difficulty-EASY'));
    await bobPage.click(testId('wizard-next'));
    await bobPage.waitForSelector(testId('wizard-publish'));
    // Inviting from a group activity: the contacts step says only the group's members get the invitation.
    await bobPage.click(testId('wizard-invite'));
    await bobPage.waitForSelector(testId('wizard-contacts-group-hint'));
    await screenshot(bobPage, `groups-6b-activity-contacts-${locale}`);
    await bobPage.click(testId('wizard-contacts-done'));
    await bobPage.waitForSelector(testId('wizard-publish'));
    await bobPage.click(testId('wizard-publish-button'));
    await expectToast(bobPage);
    await bobPage.waitForURL(/\/view-activity\//);

    // The activity is in the group's next activities and on its calendar, for both members.
    for (const page of [bobPage, alicePage]) {
      await page.goto(`/view-group/${groupId}`);
      await page.waitForSelector(
        `${testId('group-next-activities')} ${testId('activity-card')}:has-text("${activityName}")`,
      );
    }
    const day = testId(`group-day-${tomorrow()}`);
    if ((await alicePage.locator(day).count()) === 0) await alicePage.click(testId('group-month-next'));
    await alicePage.click(day);
    await alicePage.waitForSelector(
      `${testId('group-day-list')} ${testId('activity-card')}:has-text("${activityName}")`,
    );
    await screenshot(alicePage, `groups-7-member-view-${locale}`);
    await alicePage.locator(testId('group-calendar')).scrollIntoViewIfNeeded();
    await screenshot(alicePage, `groups-8-calendar-${locale}`);

    // Leaving warns that updates will stop; the only admin is told to name another first.
    await bobPage.click(testId('group-action-leave'));
    const warning = await bobPage.waitForSelector(testId('feedback-modal'));
    expect(await warning.textContent()).toMatch(/no longer receive updates|Non riceverai più aggiornamenti/);
    await screenshot(bobPage, `groups-9-leave-warning-${locale}`);
    await bobPage.click(testId('feedback-cancel'));
    await alicePage.click(testId('group-action-leave'));
    await closeFeedback(alicePage, /You are the only admin|Nessun altro amministra questo gruppo/);

    // Alice invites a contact through the invite-contact sheet, opens the group chat and names Bob admin.
    const carla = await newAccount(server.url, { firstName: 'Carla', lastName: 'Neri' });
    await call(server.url, 'user/request-connection', { userId: carla.userId }, alice.jwt);
    await call(server.url, 'user/accept-connection', { userId: alice.userId }, carla.jwt);
    await alicePage.click(testId('group-action-invite'));
    await alicePage.click(testId(`invite-${carla.userId}`));
    await alicePage.click(testId('invite-submit'));
    await expectToast(alicePage, /1 invitation sent|1 invito inviato/);
    const invited = await call(server.url, 'group/read-info', { groupId }, carla.jwt);
    expect(invited.group.status).toBe('INVITED');
    await alicePage.click(testId('group-action-chat'));
    await alicePage.waitForSelector(`${testId('chat-name')}:has-text("${groupName}")`);
    await alicePage.keyboard.press('Escape');
    await alicePage.waitForSelector(testId('chat-sheet'), { state: 'detached' });
    const bobRow = `${testId('group-member')}[data-user-id="${bob.userId}"]`;
    await alicePage.click(`${bobRow} ${testId('member-make-admin')}`);
    await expectToast(alicePage, /Bruno Verdi is now an admin|Bruno Verdi ora ha i diritti di amministratore/);
    await alicePage.waitForSelector(`${bobRow} ${testId('member-remove-admin')}`);
    await alicePage.locator(bobRow).scrollIntoViewIfNeeded();
    await screenshot(alicePage, `groups-7b-members-admin-${locale}`);

    // My groups lists it for Bob.
    await bobPage.goto('/groups');
    await bobPage.waitForSelector(`${testId('my-groups')} ${testId('group-card')}[data-group-id="${groupId}"]`);

    // Alice edits the group, then deletes it after a confirmation.
    await alicePage.click(testId('group-action-edit'));
    await alicePage.waitForSelector(testId('handle-group-sheet'));
    expect(await alicePage.inputValue(testId('group-name-input'))).toBe(groupName);
    await alicePage.fill(testId('group-description-input'), 'Sunday hikes.');
    await alicePage.click(testId('group-save'));
    await expectToast(alicePage, /The group has been saved|Il gruppo è stato salvato/);
    await alicePage.waitForSelector(`${testId('group-description')}:has-text("Sunday hikes.")`);
    await alicePage.click(testId('group-action-delete'));
    const sure = await alicePage.waitForSelector(testId('feedback-modal'));
    expect(await sure.textContent()).toMatch(/Delete the group\?|Eliminare il gruppo\?/);
    await alicePage.click(testId('feedback-button'));
    await expectToast(alicePage, /The group has been deleted|Il gruppo è stato eliminato/);
    await alicePage.waitForURL(/\/groups$/);
  });
  it('rejects a request with a reason that the requester reads, and joins an open group directly', async () => {
    const alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
    const dario = await newAccount(server.url, { firstName: 'Dario', lastName: 'Russo' });
    const closed = await call(server.url, 'group/create-new', { name: 'Vertical', type: 'CLOSED' }, alice.jwt);
    const open = await call(server.url, 'group/create-new', { name: 'Sunday runs', type: 'OPEN' }, alice.jwt);
    await call(server.url, 'group/request-access', { groupId: closed.group.groupId }, dario.jwt);
    const reason = locale === 'en' ? 'Only for climbers with a lead grade' : 'Solo per chi arrampica da primo';

    const alicePage = await signedIn(alice, locale, `/view-group/${closed.group.groupId}`);
    const row = `${testId('group-request')}[data-user-id="${dario.userId}"]`;
    await alicePage.click(`${row} ${testId('group-request-reject')}`);
    await alicePage.click(`${row} ${testId('group-reject-confirm')}`);
    await alicePage.waitForSelector(`${row} [role="alert"]`);
    await alicePage.fill(`${row} ${testId('group-reject-reason')}`, reason);
    await screenshot(alicePage, `groups-10-reject-${locale}`);
    await alicePage.click(`${row} ${testId('group-reject-confirm')}`);
    await alicePage.waitForSelector(row, { state: 'detached' });

    const darioPage = await signedIn(dario, locale, `/view-group/${closed.group.groupId}`);
    expect(await (await darioPage.waitForSelector(testId('group-rejected'))).textContent()).toContain(reason);
    await darioPage.waitForSelector(testId('group-action-request'));
    await screenshot(darioPage, `groups-11-rejected-${locale}`);

    await darioPage.goto(`/view-group/${open.group.groupId}`);
    await darioPage.waitForSelector(`${testId('group-member')}[data-user-id="${alice.userId}"]`);
    await darioPage.click(testId('group-action-join'));
    await expectToast(darioPage, /now a member|Ora sei un membro/);
    await darioPage.waitForSelector(`${testId('group-member')}[data-user-id="${dario.userId}"]`);
    await darioPage.waitForSelector(testId('group-action-leave'));
  });
});
