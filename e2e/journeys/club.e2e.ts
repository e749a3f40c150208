import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type Account, call, newAccount } from '../support/accounts.ts';
import { inDays, pointsActivity } from '../support/activities.ts';
import { contextsClosedAfterEach, expectToast, type Locale, locales, screenshot, testId } from '../support/browser.ts';
import { GPX_UPLOADED, writeGpx } from '../support/gpx.ts';
import { postgresAdminUrl, postgresAvailable } from '../support/postgres.ts';
import { moveUnderWay, settled } from '../support/safety.ts';
import { openPhone } from '../support/session.ts';
import { journeySuite } from '../support/suite.ts';

/**
 * Issue 40, the club layer, in English and Italian on a phone: the admin of a cycling club sets up three pace groups
 * on the group page, a member picks hers, and the admin names a ride leader in pace group B; a weekly series only for
 * B (its "Only for" ticked in the wizard) reaches B and never a rider of A, on any list; on the day, B's ride leader,
 * who did not organise it, takes the attendance. The first date's times are moved into the present in the server's
 * database, as the attendance journey does: PostgreSQL is needed.
 */
const hasPostgres = await postgresAvailable();
if (!hasPostgres) console.warn(`PostgreSQL not reachable at ${postgresAdminUrl}: the club journey is skipped.`);

const contexts = contextsClosedAfterEach('club');

const text = {
  en: {
    created: 'added',
    joined: 'You joined A 30 kmh',
    leader: 'is a ride leader',
    sheet: 'Attendance',
    sent: 'Poll sent',
    answered: 'Answer saved',
    tally: '1 yes · 1 maybe · 1 no',
    published: /Invitation notifications will be sent/,
  },
  it: {
    created: 'aggiunto',
    joined: 'Sei entrato in A 30 kmh',
    leader: 'è capogita',
    sheet: 'Presenze',
    sent: 'Sondaggio inviato',
    answered: 'Risposta salvata',
    tally: '1 sì · 1 forse · 1 no',
    published: /notifiche di invito saranno inviate/,
  },
};
const PACE_GROUPS = ['A 30 kmh', 'B 25 kmh', 'Social'];
const WEEKDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

const paceGroupRow = (page: Page, name: string) =>
  page.locator(testId('subgroup')).filter({ has: page.locator(`${testId('subgroup-name')}:text-is("${name}")`) });

/** A short loop above Lecco, the route of the activity made from the poll. */
const gpxFile = writeGpx(
  'club-loop.gpx',
  'Loop',
  Array.from({ length: 61 }, (_, i) => {
    const a = (i / 60) * 2 * Math.PI;
    return {
      lat: 45.86 + 0.006 * Math.sin(a),
      lon: 9.4 + 0.008 * (1 - Math.cos(a)),
      ele: 300 + 100 * (1 - Math.cos(a)),
    };
  }),
);

describe.skipIf(!hasPostgres)('the club layer', () => {
  const suite = journeySuite({}, { database: 'club' });
  const phone = (account: Account, locale: Locale, path: string): Promise<Page> =>
    openPhone(suite.browser, suite.server.url, contexts, locale, path, account.jwt);

  it.each(locales)(
    'pace groups, a series only for B that a rider of A never sees, and a ride leader taking attendance (%s)',
    async (locale) => {
      const url = suite.server.url;
      const [admin, rider, leader, member] = [
        await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' }),
        await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' }),
        await newAccount(url, { firstName: 'Dario', lastName: 'Sala' }),
        await newAccount(url, { firstName: 'Carla', lastName: 'Riva' }),
      ];
      const { group } = await call(
        url,
        'group/create-new',
        { name: `Lecco Bici ${locale}`, type: 'OPEN', sportIds: ['running'] },
        admin.jwt,
      );
      const { groupId } = group;
      for (const person of [rider, leader, member]) await call(url, 'group/participate', { groupId }, person.jwt);

      // The admin sets up three pace groups on the group page.
      const adminPage = await phone(admin, locale, `/view-group/${groupId}`);
      await adminPage.waitForSelector(testId('subgroup-new'));
      for (const name of PACE_GROUPS) {
        await adminPage.fill(testId('subgroup-new-name'), name);
        await adminPage.click(testId('subgroup-new-submit'));
        await expectToast(adminPage, `${name} ${text[locale].created}`);
      }
      await adminPage.locator(testId('subgroup')).nth(2).waitFor();
      await adminPage.fill(testId('subgroup-new-name'), 'C 20 kmh');
      await adminPage.locator(testId('subgroup-new')).scrollIntoViewIfNeeded();
      await settled(adminPage);
      await screenshot(adminPage, `club-0-new-pace-group-${locale}`);
      await adminPage.fill(testId('subgroup-new-name'), '');
      const { subgroups } = await call(url, 'group/list-subgroups', { groupId }, admin.jwt);
      expect(subgroups.map((s) => s.name)).toEqual(PACE_GROUPS);
      const b = subgroups[1];

      // A rider picks A on the page; the leader and another member are in B.
      const riderPage = await phone(rider, locale, `/view-group/${groupId}`);
      await paceGroupRow(riderPage, 'A 30 kmh').locator(testId('subgroup-join')).click();
      await expectToast(riderPage, text[locale].joined);
      await paceGroupRow(riderPage, 'A 30 kmh').locator(testId('subgroup-leave')).waitFor();
      await riderPage.locator(testId('group-subgroups')).scrollIntoViewIfNeeded();
      await settled(riderPage);
      await screenshot(riderPage, `club-1-pace-groups-${locale}`);
      for (const person of [leader, member])
        await call(url, 'group/pick-subgroups', { groupId, subgroupIds: [b!.subgroupId] }, person.jwt);

      // The admin names Dario a ride leader from B's members.
      await adminPage.reload();
      const rowB = paceGroupRow(adminPage, 'B 25 kmh');
      await rowB.locator(testId('subgroup-members-toggle')).click();
      const dario = rowB.locator(`${testId('subgroup-member')}[data-user-id="${leader.userId}"]`);
      await dario.locator(testId('subgroup-make-leader')).click();
      await expectToast(adminPage, text[locale].leader);
      await dario.locator(testId('subgroup-remove-leader')).waitFor();
      await rowB.scrollIntoViewIfNeeded();
      await settled(adminPage);
      await screenshot(adminPage, `club-2-ride-leader-${locale}`);

      // The roster: Carla lets the admins see her e-mail; the admin's download has it, and nobody else's.
      const memberPage = await phone(member, locale, `/view-group/${groupId}`);
      await memberPage.locator(testId('roster-share-email')).check();
      await expect
        .poll(async () => (await call(url, 'group/read-info', { groupId }, member.jwt)).group.sharesEmail, {
          timeout: 10_000,
        })
        .toBe(true);
      await adminPage.reload();
      await adminPage.locator(testId('group-roster')).scrollIntoViewIfNeeded();
      const [download] = await Promise.all([
        adminPage.waitForEvent('download'),
        adminPage.click(testId('roster-download')),
      ]);
      const csv = readFileSync((await download.path())!, 'utf8');
      expect(csv).toContain(member.email);
      expect(csv).not.toContain(rider.email);
      expect(csv.split('\r\n').find((l) => l.includes('"Dario"'))).toContain('B 25 kmh');
      await settled(adminPage);
      await screenshot(adminPage, `club-2b-roster-${locale}`);

      // The weekly series for B: "Only for" in the wizard offers the pace groups (the rest of the wizard has its
      // own journeys), and the series is published with what was ticked.
      await adminPage.locator(testId('group-actions')).scrollIntoViewIfNeeded();
      await adminPage.click(testId('group-action-newActivity'));
      const onlyB = adminPage.locator(`${testId('only-for-B 25 kmh')} input`);
      await onlyB.check();
      expect(await adminPage.locator(`${testId('wizard-only-for')} input`).count()).toBe(3);
      await settled(adminPage);
      await screenshot(adminPage, `club-3-only-for-${locale}`);
      const date = inDays(1);
      const { activity } = await call(
        url,
        'activity/create-new',
        pointsActivity({
          name: `Giro B ${locale}`,
          date,
          groupId,
          subgroupIds: [b!.subgroupId],
          repeat: { rule: `FREQ=WEEKLY;BYDAY=${WEEKDAY[new Date(`${date}T12:00:00`).getDay()]};COUNT=4` },
        }),
        admin.jwt,
      );
      const { activityId } = activity;

      // B sees it; a rider of A meets it nowhere: the group's next activities, the home, the page itself.
      const nextOf = async (who: Account) =>
        (await call(url, 'group/list-next-activities', { groupId }, who.jwt)).activities.map((x) => x.name);
      expect(await nextOf(member)).toContain(`Giro B ${locale}`);
      expect(await nextOf(rider)).not.toContain(`Giro B ${locale}`);
      const near = { latitude: 45.85, longitude: 9.39, radiusKm: 20 };
      const nearby = await call(url, 'activity/nearby-activities', near, rider.jwt);
      expect(nearby.activities.map((x) => x.activityId)).not.toContain(activityId);
      const read = await fetch(`${url}/api/space/cordata/database/activity/read-info`, {
        method: 'POST',
        headers: { authorization: `Bearer ${rider.jwt}`, 'content-type': 'application/json' },
        body: JSON.stringify({ activityId }),
      });
      expect(read.status).toBe(404);
      await riderPage.reload();
      await riderPage.waitForSelector(testId('group-details'));
      expect(await riderPage.locator(testId('group-details')).textContent()).not.toContain(`Giro B ${locale}`);

      // On the day: Carla takes part, and Dario, B's ride leader, who did not organise it, takes the attendance.
      await call(url, 'activity/participate', { activityId }, member.jwt);
      await moveUnderWay(suite.database.url, activityId);
      const leaderPage = await phone(leader, locale, `/view-activity/${activityId}`);
      await leaderPage.waitForSelector(testId('attendance-sheet'));
      expect(await leaderPage.textContent(`${testId('attendance-sheet')} h3`)).toBe(text[locale].sheet);
      const carla = leaderPage.locator(`${testId('attendance-entry')}[data-user-id="${member.userId}"]`);
      await carla.locator(testId('attendance-mark-ATTENDED')).click();
      await carla.locator(`${testId('attendance-status')}[data-status="ATTENDED"]`).waitFor();
      await leaderPage.locator(testId('attendance-sheet')).scrollIntoViewIfNeeded();
      await settled(leaderPage);
      await screenshot(leaderPage, `club-4-leader-attendance-${locale}`);
    },
  );

  it.each(locales)(
    'a date poll becomes an activity that invites exactly its yes and maybe voters (%s)',
    async (locale) => {
      const url = suite.server.url;
      const [admin, yes, maybe, no, silent] = [
        await newAccount(url, { firstName: 'Anna', lastName: 'Ferri' }),
        await newAccount(url, { firstName: 'Bruno', lastName: 'Conti' }),
        await newAccount(url, { firstName: 'Carla', lastName: 'Riva' }),
        await newAccount(url, { firstName: 'Dario', lastName: 'Sala' }),
        await newAccount(url, { firstName: 'Elena', lastName: 'Moro' }),
      ];
      const { group } = await call(url, 'group/create-new', { name: `Lecco Trail ${locale}`, type: 'OPEN' }, admin.jwt);
      const { groupId } = group;
      for (const person of [yes, maybe, no, silent]) await call(url, 'group/participate', { groupId }, person.jwt);

      // The admin proposes two dates from the group page.
      const adminPage = await phone(admin, locale, `/view-group/${groupId}`);
      await adminPage.locator(testId('group-propose-dates')).click();
      await adminPage.waitForSelector(testId('handle-poll-sheet'));
      await adminPage.fill(testId('poll-title'), 'Sunday trail');
      await adminPage.fill(testId('poll-slot-date-0'), inDays(6));
      await adminPage.click(testId('poll-add-date'));
      await adminPage.fill(testId('poll-slot-date-1'), inDays(7));
      await adminPage.fill(testId('poll-slot-start-1'), '08:30');
      await settled(adminPage);
      await screenshot(adminPage, `club-5-new-poll-${locale}`);
      await adminPage.click(testId('poll-send'));
      await expectToast(adminPage, text[locale].sent);
      await adminPage.waitForURL(/\/poll\//);
      const pollId = adminPage.url().split('/poll/')[1]!;

      // Bruno says yes to the second date on the poll's page; Carla maybe, Dario no; Elena does not answer.
      const { poll } = await call(url, 'poll/read-info', { pollId }, yes.jwt);
      const second = poll.slots[1]!.slotId;
      const yesPage = await phone(yes, locale, `/poll/${pollId}`);
      const secondRow = yesPage.locator(`${testId('poll-slot')}[data-slot-id="${second}"]`);
      await secondRow.locator(testId('poll-answer-YES')).click();
      await expectToast(yesPage, text[locale].answered);
      for (const [who, answer] of [
        [maybe, 'MAYBE'],
        [no, 'NO'],
      ] as const)
        await call(url, 'poll/answer', { pollId, answers: [{ slotId: second, answer }] }, who.jwt);
      // The tally moves live on Bruno's page.
      await secondRow.locator(`${testId('poll-tally')}:text-is("${text[locale].tally}")`).waitFor();
      await settled(yesPage);
      await screenshot(yesPage, `club-6-poll-answered-${locale}`);

      // The admin sees who said what and makes the activity on the winning date through the wizard.
      await adminPage.reload();
      const winning = adminPage.locator(`${testId('poll-slot')}.winning`);
      expect(await winning.getAttribute('data-slot-id')).toBe(second);
      await winning.locator(testId('poll-voters')).waitFor();
      await winning.scrollIntoViewIfNeeded();
      await settled(adminPage);
      await screenshot(adminPage, `club-7-poll-voters-${locale}`);
      await winning.locator(testId('poll-create-activity')).click();
      await adminPage.waitForSelector(testId('wizard-from-poll'));
      expect(await adminPage.inputValue(testId('activity-date-input'))).toBe(inDays(7));
      expect(await adminPage.inputValue(testId('activity-start-input'))).toBe('08:30');
      await adminPage.fill(testId('activity-name-input'), 'Sunday trail');
      await adminPage.waitForSelector(`${testId('activity-sport-input')} option:nth-child(2)`, { state: 'attached' });
      await adminPage.selectOption(testId('activity-sport-input'), { index: 1 });
      await settled(adminPage);
      await screenshot(adminPage, `club-8-wizard-from-poll-${locale}`);
      await adminPage.click(testId('wizard-next'));
      await adminPage.click(testId('path-gpx'));
      await adminPage.setInputFiles(testId('gpx-input'), gpxFile);
      await adminPage.waitForSelector(GPX_UPLOADED);
      await adminPage.click(testId('wizard-next'));
      await adminPage.click(testId('choice-difficulty-MEDIUM'));
      await adminPage.click(testId('wizard-next'));
      await adminPage.click(testId('wizard-publish-button'));
      await expectToast(adminPage, text[locale].published);
      await adminPage.waitForURL(/\/view-activity\//);
      const activityId = adminPage.url().split('/view-activity/')[1]!;

      // Exactly the yes and maybe voters are invited.
      const statusOf = async (who: Account) =>
        (await call(url, 'activity/read-info', { activityId }, who.jwt)).activity.status;
      expect({
        yes: await statusOf(yes),
        maybe: await statusOf(maybe),
        no: await statusOf(no),
        silent: await statusOf(silent),
      }).toEqual({ yes: 'INVITED', maybe: 'INVITED', no: 'NONE', silent: 'NONE' });
      expect((await call(url, 'poll/read-info', { pollId }, admin.jwt)).poll.activityId).toBe(activityId);
    },
  );
});
