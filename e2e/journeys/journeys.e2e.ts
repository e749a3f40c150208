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
import { mailedCode, type RunningServer, startServer } from '../support/server.ts';
import { openPhone } from '../support/session.ts';

/**
 * Whole journeys across domains, on one server, each language in turn (issue 12): a newcomer signs up
 * through the mailbox, finds a partner by sport and connects, runs a closed activity from a GPX file
 * that the partner asks to join and chats in, then does the same in a closed group.
 * The journeys of one language share the people they made, in order. Journeys 4 and 6 need PostgreSQL:
 * j4-chat-closes.e2e.ts and j6-admin-report.e2e.ts.
 */
let server: RunningServer;
let browser: Browser;
let gpxFile: string;
const contexts = contextsClosedAfterEach('journeys');

const PASSWORD = 'Trail#Run9x';

beforeAll(async () => {
  server = await startServer({
    webMode: 'app',
    env: process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {},
  });
  browser = await launchBrowser();
  // A 4 km climb above Lecco.
  gpxFile = writeGpx('journey-climb.gpx', 'Climb', climbAboveLecco(120, { lat: 0.0002, lon: 0.00025, climb: 3 }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function phone(locale: Locale, path: string, account?: Account): Promise<Page> {
  return openPhone(browser, server.url, contexts, locale, path, account?.jwt);
}

const tomorrow = () => {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** Steps 1–4 of the activity wizard with a GPX route, from wherever the wizard was opened; returns the new id. */
async function createActivityFromGpx(page: Page, name: string, options: { closed: boolean; shots?: string }) {
  await page.waitForSelector(testId('wizard-info'));
  if (options.closed) await page.click(testId('choice-access-CLOSED'));
  await page.fill(testId('activity-name-input'), name);
  await page.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
  await page.selectOption(testId('activity-sport-input'), { index: 1 });
  await page.fill(testId('activity-date-input'), tomorrow());
  await page.fill(testId('activity-start-input'), '09:00');
  await page.fill(testId('activity-end-input'), '12:00');
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-path'));
  await page.click(testId('path-gpx'));
  await page.setInputFiles(testId('gpx-input'), gpxFile);
  await page.waitForSelector(testId('gpx-file'));
  await page.waitForSelector(GPX_UPLOADED);
  if (options.shots) await screenshot(page, `${options.shots}-gpx`);
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-difficulty'));
  await page.click(testId('choice-difficulty-EASY'));
  await page.click(testId('wizard-next'));
  await page.waitForSelector(testId('wizard-publish'));
  await page.click(testId('wizard-publish-button'));
  await expectToast(page);
  await page.waitForURL(/\/view-activity\//);
  return page.url().split('/view-activity/')[1]!;
}

describe.each(locales)('journeys (%s)', (locale) => {
  const tag = `${locale}${Date.now().toString(36)}`;
  const email = `newcomer.${tag}@example.test`;
  const firstName = locale === 'en' ? 'Grace' : 'Giulia';
  let me: Account;
  let partner: Account;
  const shot = (page: Page, name: string) => screenshot(page, `journey-${name}-${locale}`);

  it('1. signs up through the mailbox and completes the profile', async () => {
    const page = await phone(locale, '/');
    await page.click(testId('entry-screen'));
    await page.waitForSelector(testId('welcome-screen'));
    for (let i = 0; i < 3; i++) await page.click(testId('welcome-next'));
    await page.waitForSelector(testId('sign-up-screen'));
    await page.fill(testId('sign-up-email'), email);
    await page.fill(testId('sign-up-password'), PASSWORD);
    await page.fill(testId('sign-up-repeat'), PASSWORD);
    for (const type of ['terms', 'privacy']) {
      await page.click(testId(`accept-${type}`));
      await page.click(testId('legal-accept'));
      await page.waitForSelector(testId('sheet-legal-info'), { state: 'detached' });
    }
    await shot(page, '1-sign-up');
    await page.click(testId('sign-up-submit'));
    await page.waitForSelector(testId('confirm-email-screen'));
    await page.fill(testId('code-digit-0'), await mailedCode(server.url, email));

    await page.waitForSelector(testId('profile-step-intro'));
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-picture'));
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-personal'));
    await page.fill(testId('profile-first-name'), firstName);
    await page.fill(testId('profile-last-name'), 'Neri');
    await page.fill(testId('profile-username'), `newcomer${tag}`.replace(/[^a-z0-9]/g, '').slice(0, 20));
    await page.fill(testId('profile-birth-date'), '1993-06-21');
    await page.selectOption(testId('profile-gender'), 'FEMALE');
    await page.fill(testId('profile-country'), 'Italia');
    await page.fill(testId('profile-city'), 'Lecco');
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('sport-hiking'));
    await page.click(testId('sport-hiking'));
    await page.click(testId('profile-next'));
    await page.waitForSelector(testId('profile-step-intensity'));
    await page.selectOption(testId('intensity-kind-hiking'), 'ELEVATION');
    await page.fill(testId('intensity-value-hiking'), '800');
    await shot(page, '1-intensity');
    await page.click(testId('profile-submit'));
    await page.waitForSelector(testId('profile-step-done'));
    await page.click(testId('profile-done'));
    await page.waitForURL('**/home');
    await page.waitForSelector(testId('home-screen'));
    await shot(page, '1-home');

    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cordata:auth')))!).state;
    expect(stored.completed).toBe(true);
    const { user } = await call(server.url, 'user/own-profile', undefined, stored.jwt);
    expect(user).toMatchObject({ firstName, city: 'Lecco', completed: true, language: locale });
    me = { jwt: stored.jwt, userId: user.userId, email };
  });

  it('2. finds a partner by sport and connects', async () => {
    const partnerName = locale === 'en' ? 'Peter' : 'Pietro';
    partner = await newAccount(server.url, { firstName: partnerName, lastName: 'Sala' });
    const { user: partnerProfile } = await call(server.url, 'user/own-profile', undefined, partner.jwt);
    const partnerSport = partnerProfile.sports[0]!.sportId;
    // A namesake who practises another sport: the sport filter must leave them out.
    const namesake = await newAccount(server.url, { firstName: partnerName, lastName: 'Rota' });
    const { sports } = await call(server.url, 'sport/list-all', undefined, namesake.jwt);
    const otherSport = sports.find((s) => s.sportId !== partnerSport)!;
    await call(
      server.url,
      'user/update-sports',
      { sports: [{ sportId: otherSport.sportId, intensity: { kind: otherSport.intensityKinds[0]!, value: 500 } }] },
      namesake.jwt,
    );

    const page = await phone(locale, '/contacts', me);
    await page.click(testId('contacts-tab-explore'));
    await page.fill(testId('contacts-search'), partnerName);
    await page.waitForSelector(`${testId('explore-list')} ${testId(`person-${namesake.userId}`)}`);
    await page.waitForSelector(`${testId('explore-sport')} option[value="${partnerSport}"]`, { state: 'attached' });
    await page.selectOption(testId('explore-sport'), partnerSport);
    await page.waitForSelector(`${testId('explore-list')} ${testId(`person-${namesake.userId}`)}`, {
      state: 'detached',
    });
    await page.waitForSelector(`${testId('explore-list')} ${testId(`person-${partner.userId}`)}`);
    await shot(page, '2-explore-by-sport');
    await page.click(testId(`connection-request-${partner.userId}`));
    await page.waitForSelector(testId(`connection-remove-${partner.userId}`));

    const partnerPage = await phone(locale, '/contacts', partner);
    await partnerPage.click(testId('contacts-tab-requests'));
    await partnerPage.waitForSelector(`${testId('requests-received')} ${testId(`person-${me.userId}`)}`);
    await shot(partnerPage, '2-request-received');
    await partnerPage.click(testId(`connection-accept-${me.userId}`));
    await partnerPage.click(testId('contacts-tab-contacts'));
    await partnerPage.waitForSelector(`${testId('contacts-list')} ${testId(`person-${me.userId}`)}`);

    await page.click(testId('contacts-tab-contacts'));
    await page.waitForSelector(`${testId('contacts-list')} ${testId(`person-${partner.userId}`)}`);
    await shot(page, '2-contacts');
    expect((await call(server.url, 'user/profile', { userId: partner.userId }, me.jwt)).connection).toBe('CONTACT');
  });

  it('3. creates a closed activity from a GPX file; the partner requests, is accepted and they chat', async () => {
    const name = locale === 'en' ? 'Resegone climb' : 'Salita al Resegone';
    const page = await phone(locale, '/home', me);
    await page.click(testId('create-activity'));
    const activityId = await createActivityFromGpx(page, name, { closed: true, shots: `journey-3-wizard-${locale}` });
    await page.waitForSelector(testId('activity-details'));
    await shot(page, '3-activity');

    const partnerPage = await phone(locale, `/view-activity/${activityId}`, partner);
    await partnerPage.click(testId('activity-action-request'));
    await expectToast(partnerPage);
    await partnerPage.waitForSelector(testId('activity-requested'));
    await shot(partnerPage, '3-requested');

    await page.reload();
    await page.waitForSelector(`${testId('requests')} .person-row`);
    await shot(page, '3-request-to-accept');
    await page.click(testId('request-accept'));
    await page.waitForSelector(`${testId('requests')} .person-row`, { state: 'detached' });
    await partnerPage.reload();
    await partnerPage.waitForSelector(testId('activity-standing-in'));

    const { chats } = await call(
      server.url,
      'chat/list-user-chats',
      { pagination: { page: 1, limit: 10 } },
      partner.jwt,
    );
    const chat = chats.find((c) => c.name === name);
    expect(chat).toBeDefined();
    for (const p of [page, partnerPage]) {
      await p.goto('/chats');
      await p.click(testId(`chat-row-${chat!.chatId}`));
      await p.waitForSelector(testId('chat-input'));
    }
    const hello = locale === 'en' ? 'See you at the car park at 8:45' : 'Ci vediamo al parcheggio alle 8:45';
    await partnerPage.fill(testId('chat-input'), hello);
    await partnerPage.click(testId('chat-send'));
    await page.waitForSelector(`${testId('chat-message')}:has-text("${hello}")`);
    const answer = locale === 'en' ? 'Perfect, bring water' : "Perfetto, porta l'acqua";
    await page.fill(testId('chat-input'), answer);
    await page.keyboard.press('Enter');
    await partnerPage.waitForSelector(`${testId('chat-message')}:has-text("${answer}")`);
    await shot(page, '3-chat');
    await shot(partnerPage, '3-chat-partner');
  });

  it('5. creates a closed group; the partner requests, is accepted and sees a group activity', async () => {
    const groupName = locale === 'en' ? 'Lecco Climbers' : 'Salitori Lecco';
    const activityName = locale === 'en' ? 'Grignetta loop' : 'Anello Grignetta';
    const page = await phone(locale, '/groups', me);
    await page.click(testId('groups-create'));
    await page.waitForSelector(testId('handle-group-sheet'));
    await page.fill(testId('group-name-input'), groupName);
    await page.fill(
      testId('group-description-input'),
      locale === 'en' ? 'Weekday climbs.' : 'Salite infrasettimanali.',
    );
    await page.click(testId('group-type-CLOSED'));
    await page.locator('[data-testid^="group-sport-"]').first().click();
    await page.fill(testId('group-place-input'), 'Lecco');
    await page.click(testId('group-place-option-0'));
    await shot(page, '5-create-group');
    await page.click(testId('group-save'));
    await expectToast(page, /The group has been created|Il gruppo è stato creato/);
    await page.waitForURL(/\/view-group\//);
    const groupId = page.url().split('/view-group/')[1]!;

    const partnerPage = await phone(locale, '/groups', partner);
    await partnerPage.click(testId('groups-tab-explore'));
    await partnerPage.fill(testId('groups-search'), groupName);
    await partnerPage.click(`${testId('group-card')}[data-group-id="${groupId}"]`);
    await partnerPage.waitForSelector(testId('group-members-hidden'));
    await partnerPage.click(testId('group-action-request'));
    await expectToast(partnerPage, /sent to the admins|inviata agli amministratori/);
    await partnerPage.waitForSelector(testId('group-requested'));

    await page.reload();
    const request = await page.waitForSelector(`${testId('group-request')}[data-user-id="${partner.userId}"]`);
    await shot(page, '5-group-request');
    await (await request.$(testId('group-request-accept')))!.click();
    await page.waitForSelector(`${testId('group-member')}[data-user-id="${partner.userId}"]`);

    await page.click(testId('group-action-newActivity'));
    await page.waitForSelector(`${testId('wizard-group')}:has-text("${groupName}")`);
    await createActivityFromGpx(page, activityName, { closed: false });

    await partnerPage.goto(`/view-group/${groupId}`);
    await partnerPage.waitForSelector(
      `${testId('group-next-activities')} ${testId('activity-card')}:has-text("${activityName}")`,
    );
    await shot(partnerPage, '5-group-activity');
  });
});
