import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { settled } from '../support/safety.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 40, consent before joining (docs/consent.md), on a phone in English and Italian: a club's admin writes its
 * rules in the group's form; a rider reads and accepts them to join, and the admin sees when; the rules change and
 * the rider is asked again on the group's page; an activity's waiver is accepted the same way before joining it.
 */
const suite = journeySuite();
const contexts = contextsClosedAfterEach('consent');

const RULES = 'Club rules:\n1. Helmets on, always.\n2. Nobody is left behind at a junction.';
const NEW_RULES = `${RULES}\n3. Lights front and back after dark.`;
const WAIVER = 'I take part at my own risk and I am fit for a 40 km ride.';

const text = {
  en: { saved: 'saved', groupJoined: 'member of the group', accepted: 'the text is accepted', joined: 'taking part' },
  it: { saved: 'salvat', groupJoined: 'membro del gruppo', accepted: 'il testo è accettato', joined: 'Partecipi' },
};

const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

/** Reads the text in the consent sheet, ticks it and accepts: the button waits for the tick. */
async function acceptInSheet(page: Page, expected: string, shot: string) {
  await page.waitForSelector(testId('consent-sheet'));
  expect(await page.locator(testId('consent-text')).innerText()).toBe(expected);
  expect(await page.locator(testId('consent-accept')).isDisabled()).toBe(true);
  await page.check(testId('consent-tick'));
  await settled(page);
  await screenshot(page, shot);
  await page.click(testId('consent-accept'));
}

describe.each(locales)('consent before joining (%s)', (locale) => {
  it('a club asks for its rules, asks again when they change, and an activity for its waiver', async () => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const { group } = await call(url, 'group/create-new', { name: 'Lario Riders', type: 'OPEN' }, anna.jwt);
    const groupPath = `/view-group/${group.groupId}`;

    // The admin writes the club's rules in the group's form.
    const admin = await phone(anna, locale, groupPath);
    await admin.click(testId('group-action-edit'));
    await admin.fill(testId('group-consent-input'), RULES);
    await settled(admin);
    await screenshot(admin, `consent-1-form-${locale}`);
    await admin.click(testId('group-save'));
    await expectToast(admin, new RegExp(text[locale].saved));

    // The rider reads and accepts them to join.
    const rider = await phone(bruno, locale, groupPath);
    await rider.click(testId('group-action-join'));
    await acceptInSheet(rider, RULES, `consent-2-join-${locale}`);
    await expectToast(rider, new RegExp(text[locale].groupJoined));

    // The admin sees who accepted, and when.
    await admin.reload();
    const row = admin.locator(testId('group-member')).filter({ hasText: 'Bruno' });
    await row.locator(`${testId('consent-state')}[data-state="given"]`).waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(admin, `consent-3-organiser-${locale}`);

    // New rules: the rider is asked again on the group's page; the admin sees the older acceptance meanwhile.
    await call(
      url,
      'group/update-existing',
      { groupId: group.groupId, name: 'Lario Riders', description: '', type: 'OPEN', consentText: NEW_RULES },
      anna.jwt,
    );
    await admin.reload();
    await row.locator(`${testId('consent-state')}[data-state="outdated"]`).waitFor();
    await rider.reload();
    await rider.waitForSelector(testId('consent-changed'));
    await settled(rider);
    await screenshot(rider, `consent-4-changed-${locale}`);
    await rider.click(testId('consent-read'));
    await acceptInSheet(rider, NEW_RULES, `consent-5-again-${locale}`);
    await expectToast(rider, new RegExp(text[locale].accepted));
    await rider.waitForSelector(testId('consent-changed'), { state: 'detached' });
    const { group: now } = await call(url, 'group/read-info', { groupId: group.groupId }, bruno.jwt);
    expect(now.myConsent?.version).toBe(now.consent?.version);

    // An activity's waiver, before joining it.
    const { activity } = await call(url, 'activity/create-new', pointsActivity({ consentText: WAIVER }), anna.jwt);
    await rider.goto(`${url}/view-activity/${activity.activityId}`);
    await rider.click(testId('activity-action-join'));
    await acceptInSheet(rider, WAIVER, `consent-6-activity-${locale}`);
    await expectToast(rider, new RegExp(text[locale].joined));
    const { activity: joined } = await call(url, 'activity/read-info', { activityId: activity.activityId }, bruno.jwt);
    expect(joined).toMatchObject({ status: 'PARTICIPATING', myConsent: { version: 1 } });
  });
});
