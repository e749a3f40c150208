import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { backgroundOf, contextsClosedAfterEach, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 19's loading, offline and empty states on a phone, in English and Italian: the activity and group
 * pages load as skeletons, the offline banner shows inside a sheet, empty lists offer an action, name fields
 * count towards the spec's 20 characters, and the chat's day label is a band messages scroll under.
 */
const suite = journeySuite();
let alice: Account;
let bruno: Account;
let activityId: string;
let groupId: string;
let chatId: string;
const contexts = contextsClosedAfterEach('states');

beforeAll(async () => {
  const { server } = suite;
  alice = await newAccount(server.url, { firstName: 'Alice', lastName: 'Bianchi' });
  bruno = await newAccount(server.url, { firstName: 'Bruno', lastName: 'Verdi' });
  const { activity } = await call(server.url, 'activity/create-new', pointsActivity(), alice.jwt);
  activityId = activity.activityId;
  await call(server.url, 'activity/participate', { activityId }, bruno.jwt);
  const { chats } = await call(server.url, 'chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, bruno.jwt);
  chatId = chats[0]!.chatId;
  const { group } = await call(server.url, 'group/create-new', { name: 'Sunday runs', type: 'OPEN' }, alice.jwt);
  groupId = group.groupId;
});
const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

/** Sheets slide in: the picture is taken once every animation has finished. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

/** A phone screen within its 390 px: anything wider scrolls sideways and breaks taps near the edges. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe.each(locales)('loading, offline and empty states (%s)', (locale) => {
  it('loads the activity and group pages as skeletons, then shows them', async () => {
    for (const [path, calls, loaded] of [
      [`/view-activity/${activityId}`, '**/database/activity/**', 'activity-name'],
      [`/view-group/${groupId}`, '**/database/group/**', 'group-name'],
    ] as const) {
      const page = await signedIn(alice, locale, '/home');
      await page.waitForSelector(testId('create-activity'));
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(calls, async (route) => {
        await held;
        await route.continue().catch(() => {});
      });
      await page.goto(path);
      await page.waitForSelector('.skeleton-page');
      await fitsThePhone(page);
      await screenshot(page, `states-skeleton-${path.split('/')[1]}-${locale}`);
      release();
      await page.waitForSelector(testId(loaded));
      expect(await page.locator('.skeleton-page').count()).toBe(0);
    }
  });

  it('shows the offline banner inside a sheet, and takes it away when the connection is back', async () => {
    const page = await signedIn(alice, locale, '/home');
    await page.click(testId('open-home-filters'));
    await page.waitForSelector('.sheet');
    await page.context().setOffline(true);
    await page.waitForSelector(`.sheet ${testId('offline-banner')}`);
    await settled(page);
    await screenshot(page, `states-offline-sheet-${locale}`);
    await page.context().setOffline(false);
    await page.waitForSelector(`.sheet ${testId('offline-banner')}`, { state: 'detached' });
  });

  it('gives empty lists an action', async () => {
    const page = await signedIn(bruno, locale, '/contacts');
    await page.click(testId('contacts-tab-requests'));
    await page.waitForSelector(`${testId('requests-empty')} ${testId('requests-invite')}`);
    await fitsThePhone(page);
    await screenshot(page, `states-requests-empty-${locale}`);

    await page.click(testId('contacts-tab-explore'));
    await page.fill(testId('contacts-search'), 'zzzzqqq');
    await page.waitForSelector(`${testId('explore-empty')} ${testId('explore-invite')}`);
    await screenshot(page, `states-explore-empty-${locale}`);

    const groups = await signedIn(bruno, locale, '/groups?tab=explore');
    await groups.fill(testId('groups-search'), 'zzzzqqq');
    await groups.waitForSelector(testId('groups-no-results'));
    await fitsThePhone(groups);
    await screenshot(groups, `states-groups-empty-${locale}`);
    // Its action starts a group.
    await groups.click(testId('groups-no-results-create'));
    await groups.waitForSelector(testId('group-name-input'));
  });

  it('counts a name towards its 20 characters, and says when it is over', async () => {
    const page = await signedIn(alice, locale, '/groups');
    await page.click(testId('groups-create'));
    const count = page.locator(testId('group-name-input-rules-count'));
    await page.fill(testId('group-name-input'), 'Corsa del lunedì');
    await expect.poll(() => count.locator('[aria-hidden="true"]').textContent()).toBe('16/20');
    expect(await count.getAttribute('class')).not.toContain('over');
    await page.fill(testId('group-name-input'), 'Corsa del lunedì sera tardi');
    await expect.poll(() => count.locator('[aria-hidden="true"]').textContent()).toBe('27/20');
    expect(await count.getAttribute('class')).toContain('over');
    await settled(page);
    await fitsThePhone(page);
    await screenshot(page, `states-name-count-${locale}`);
  });

  it("keeps the chat's day label a band that messages scroll under", async () => {
    const page = await signedIn(bruno, locale, '/chats');
    await page.click(testId(`chat-row-${chatId}`));
    await page.waitForSelector(testId('chat-event-JOINED'));
    expect(await backgroundOf(page, `${testId('chat-day')}`)).not.toBe('rgba(0, 0, 0, 0)');
    await fitsThePhone(page);
    await screenshot(page, `states-chat-day-${locale}`);
  });
});
