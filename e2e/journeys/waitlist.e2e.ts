import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 22: an activity with 3 seats is filled (the organiser and two more), a fourth person joins the waitlist, one
 * participant leaves, and the fourth gets the offer live (the job serves the waitlist right after the exit) and
 * claims it. The organiser set the seats in the wizard and sees the waitlist.
 */

const suite = journeySuite();
const contexts = contextsClosedAfterEach('waitlist');

const signedIn = (account: Account, locale: Locale, path: string): Promise<Page> =>
  openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

/** Sheets slide: the picture is taken once every animation has finished. */
const settled = (page: Page) =>
  page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))).then(() => {});

const text = {
  en: {
    full: 'Full — join the waitlist',
    first: 'On the waitlist · #1',
    left: /seat left|seats left/,
    remove: 'Remove Elena Gatti from the waitlist',
  },
  it: {
    full: 'Al completo — entra in lista d’attesa',
    first: 'In lista d’attesa · n. 1',
    left: /posto libero|posti liberi/,
    remove: 'Togli Elena Gatti dalla lista d’attesa',
  },
};

describe.each(locales)('waitlist with timed offers (%s)', (locale) => {
  it('3 seats, filled; a fourth waits; one leaves; the fourth gets the offer and claims it', async () => {
    const url = suite.server.url;
    const anna = await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' });
    const bruno = await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' });
    const carla = await newAccount(url, { firstName: 'Carla', lastName: 'Riva' });
    const dario = await newAccount(url, { firstName: 'Dario', lastName: 'Sala' });
    const elena = await newAccount(url, { firstName: 'Elena', lastName: 'Gatti' });
    const { activity } = await call(
      url,
      'activity/create-new',
      pointsActivity({ name: 'Resegone', seats: 3 }),
      anna.jwt,
    );
    const { activityId } = activity;
    await call(url, 'activity/participate', { activityId }, bruno.jwt);

    // The organiser's seats, deadline and claim window in the wizard (editing: pre-filled).
    const annaPage = await signedIn(anna, locale, `/view-activity/${activityId}`);
    await annaPage.click(testId('activity-menu'));
    await annaPage.click(testId('activity-action-edit'));
    await annaPage.waitForSelector(testId('wizard-info'));
    await annaPage.click(testId('wizard-next'));
    await annaPage.click(testId('wizard-keep-route'));
    await annaPage.waitForSelector(testId('wizard-difficulty'));
    // Three seats are the organiser's and two places for others.
    expect(await annaPage.inputValue(testId('wizard-places'))).toBe('2');
    await annaPage.fill(testId('wizard-claimWindowMinutes'), '60');
    await annaPage.locator(testId('wizard-places')).scrollIntoViewIfNeeded();
    await settled(annaPage);
    await screenshot(annaPage, `waitlist-1-wizard-seats-${locale}`);
    await annaPage.click(testId('wizard-next'));
    await annaPage.click(testId('wizard-publish-button'));
    // The wizard is a sheet over the activity: its stats were on screen all along; the toast says the save is done.
    await expectToast(annaPage);
    expect((await call(url, 'activity/read-info', { activityId }, anna.jwt)).activity.claimWindowMinutes).toBe(60);

    // One seat left on the card; Carla takes it.
    const darioPage = await signedIn(dario, locale, '/home');
    const card = `${testId('activity-card')}[data-activity-id="${activityId}"]`;
    await darioPage.waitForSelector(card);
    expect(await darioPage.textContent(`${card} ${testId('activity-card-seats')}`)).toMatch(text[locale].left);
    await call(url, 'activity/participate', { activityId }, carla.jwt);

    // Full: the card and the action bar say so; Dario joins the waitlist, first in line.
    await darioPage.reload();
    await darioPage.waitForSelector(`${card} ${testId('activity-card-seats')}:has-text("${text[locale].full}")`);
    await screenshot(darioPage, `waitlist-2-card-full-${locale}`);
    await darioPage.click(card);
    const join = await darioPage.waitForSelector(testId('activity-action-join'));
    expect(await join.textContent()).toBe(text[locale].full);
    await settled(darioPage);
    await screenshot(darioPage, `waitlist-3-join-waitlist-${locale}`);
    await join.click();
    await expectToast(darioPage);
    const standing = await darioPage.waitForSelector(testId('activity-standing-waitlisted'));
    expect(await standing.textContent()).toBe(text[locale].first);
    await darioPage.waitForSelector(testId('waitlist-position'));
    await screenshot(darioPage, `waitlist-4-waiting-${locale}`);

    // Dario also waits for Grigna, the same morning: full with its organiser alone.
    const { activity: grigna } = await call(
      url,
      'activity/create-new',
      pointsActivity({ name: 'Grigna', seats: 1, startTime: '10:00', endTime: '12:00' }),
      carla.jwt,
    );
    await call(url, 'activity/participate', { activityId: grigna.activityId }, dario.jwt);

    // The organiser sees who waits, in join order; moving someone is recorded in the log they see.
    await call(url, 'activity/participate', { activityId }, elena.jwt);
    await annaPage.goto(`/view-activity/${activityId}`);
    const entry = (userId: string) => `${testId('waitlist-entry')}[data-user-id="${userId}"]`;
    await annaPage.waitForSelector(entry(elena.userId));
    expect(await annaPage.getAttribute(`${testId('waitlist-entry')} >> nth=0`, 'data-user-id')).toBe(dario.userId);
    await annaPage.click(`${entry(elena.userId)} ${testId('waitlist-up')}`);
    await annaPage.waitForFunction(
      (id) => document.querySelector('[data-testid="waitlist-entry"]')?.getAttribute('data-user-id') === id,
      elena.userId,
    );
    await annaPage.click(`${entry(dario.userId)} ${testId('waitlist-up')}`);
    await annaPage.waitForFunction(
      (id) => document.querySelector('[data-testid="waitlist-entry"]')?.getAttribute('data-user-id') === id,
      dario.userId,
    );
    await annaPage.click(`${testId('waitlist-log')} summary`);
    await annaPage.waitForSelector(`${testId('waitlist-log-entry')} >> nth=1`);
    expect(await annaPage.locator(testId('waitlist-log-entry')).count()).toBe(2);
    await annaPage.locator(testId('organiser-waitlist')).scrollIntoViewIfNeeded();
    await screenshot(annaPage, `waitlist-5-organiser-${locale}`);

    // Bruno leaves: the offer reaches Dario live, with its countdown (the organiser's 60 minutes).
    await call(url, 'activity/exit', { activityId }, bruno.jwt);
    await darioPage.waitForSelector(testId('seat-offer'), { timeout: 60_000 });
    expect(await darioPage.textContent(testId('seat-offer-countdown'))).toMatch(/(59|60) min|0 h 59 min|1 h 0 min/);
    const { notifications } = await call(
      url,
      'notification/list-by-user',
      { pagination: { page: 1, limit: 10 } },
      dario.jwt,
    );
    expect(notifications.map((n) => n.type)).toContain('ACTIVITY_SEAT_OFFER');
    await darioPage.locator(testId('seat-offer')).scrollIntoViewIfNeeded();
    await screenshot(darioPage, `waitlist-6-offer-${locale}`);

    // Claimed: Dario takes part, and the activity is full again.
    await darioPage.click(testId('seat-claim'));
    await expectToast(darioPage);
    await darioPage.waitForSelector(testId('activity-standing-in'));
    const after = (await call(url, 'activity/read-info', { activityId }, dario.jwt)).activity;
    expect(after).toMatchObject({ status: 'PARTICIPATING', participantsCount: 3, seatsLeft: 0, waitlistCount: 1 });

    // Confirmed: the overlapping Grigna waitlist is offered to be left, in one tap.
    const overlap = await darioPage.waitForSelector(testId('seat-overlap'));
    expect(await overlap.textContent()).toContain('Grigna');
    await screenshot(darioPage, `waitlist-7-claimed-${locale}`);
    await darioPage.click(testId('seat-overlap-leave'));
    await expectToast(darioPage);
    await darioPage.waitForSelector(testId('seat-overlap'), { state: 'detached' });
    expect((await call(url, 'activity/read-info', { activityId: grigna.activityId }, dario.jwt)).activity.status).toBe(
      'NONE',
    );

    // The organiser takes Elena off the waitlist: asked first, then recorded in the log.
    await annaPage.goto(`/view-activity/${activityId}`);
    await annaPage.waitForSelector(entry(elena.userId));
    await annaPage.locator(testId('organiser-waitlist')).scrollIntoViewIfNeeded();
    await annaPage.click(`${entry(elena.userId)} ${testId('waitlist-remove')}`);
    const ask = await annaPage.waitForSelector(testId('feedback-modal'));
    expect(await ask.textContent()).toContain(text[locale].remove);
    await settled(annaPage);
    await screenshot(annaPage, `waitlist-8-remove-confirm-${locale}`);
    await annaPage.click(testId('feedback-button'));
    await expectToast(annaPage);
    await annaPage.waitForSelector(testId('waitlist-empty'));
    await annaPage.click(`${testId('waitlist-log')} summary`);
    await annaPage.waitForSelector(`${testId('waitlist-log-entry')} >> nth=2`);
    expect(await annaPage.textContent(`${testId('waitlist-log-entry')} >> nth=0`)).toContain('Elena');
    expect((await call(url, 'activity/read-info', { activityId }, elena.jwt)).activity.status).toBe('NONE');
    await annaPage.locator(testId('organiser-waitlist')).scrollIntoViewIfNeeded();
    await settled(annaPage);
    await screenshot(annaPage, `waitlist-9-removed-${locale}`);
  });
});
