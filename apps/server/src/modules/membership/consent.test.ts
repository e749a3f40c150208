import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { activities, activityMembers, notifications } from '../../db/schema.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const WAIVER = 'I ride at my own risk and wear a helmet.';
const RULES = 'Club rules: no rider is left behind.';

async function errorOf(res: Promise<{ status: number; body: { error?: { code: string; details?: unknown } } }>) {
  const { status, body } = await res;
  return { status, code: body.error?.code, details: body.error?.details };
}

describe('consent to a text before joining (docs/consent.md)', () => {
  it('an activity: joining needs the current version; organisers see who accepted which, and when', async () => {
    const [organiser, rider, other] = [await newUser(t), await newUser(t), await newUser(t)];
    const activity = await newActivity(t, organiser, { consentText: WAIVER });
    expect(activity.consent).toEqual({ text: WAIVER, version: 1 });
    const id = { activityId: activity.activityId };

    const refused = await errorOf(t.call('activity/participate', id, rider.token));
    expect(refused).toEqual({ status: 409, code: 'CONSENT_REQUIRED', details: { version: 1 } });
    expect(await errorOf(t.call('activity/participate', { ...id, consentVersion: 2 }, rider.token))).toMatchObject({
      code: 'CONSENT_REQUIRED',
    });

    clock = Date.parse('2026-11-30T08:00:00Z');
    const joined = await t.ok('activity/participate', { ...id, consentVersion: 1 }, rider.token);
    expect(joined.activity).toMatchObject({
      status: 'PARTICIPATING',
      myConsent: { version: 1, acceptedAt: '2026-11-30T08:00:00.000Z' },
    });

    // The organiser sees it; another participant does not.
    await t.ok('activity/participate', { ...id, consentVersion: 1 }, other.token);
    const seenBy = async (token: string) =>
      (
        await t.ok('activity/list-participants', { ...id, pagination: { page: 1, limit: 10 } }, token)
      ).participants.find((p) => p.userId === rider.id)?.consent;
    expect(await seenBy(organiser.token)).toEqual({ version: 1, acceptedAt: '2026-11-30T08:00:00.000Z' });
    expect(await seenBy(other.token)).toBeNull();

    // A new text asks again: the old acceptance stays, below the new version; accepting the new one updates it.
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.activityId));
    const { name, sportId, date, startTime, endTime, access, visibility, difficulty } = row!;
    const withText = (consentText: string) =>
      t.ok(
        'activity/update-existing',
        { ...id, name, sportId, date, startTime, endTime, access, visibility, difficulty, consentText },
        organiser.token,
      );
    const edited = await withText(`${WAIVER} And a light after dark.`);
    expect(edited.activity.consent?.version).toBe(2);
    const asked = (await t.ok('activity/read-info', id, rider.token)).activity;
    expect(asked.myConsent?.version).toBe(1);
    expect(await errorOf(t.call('activity/accept-consent', { ...id, consentVersion: 1 }, rider.token))).toMatchObject({
      code: 'CONSENT_REQUIRED',
      details: { version: 2 },
    });
    const again = await t.ok('activity/accept-consent', { ...id, consentVersion: 2 }, rider.token);
    expect(again.activity.myConsent?.version).toBe(2);

    // The same text sent again changes nothing; an outsider cannot accept anything.
    const same = await withText(`  ${WAIVER} And a light after dark.  `);
    expect(same.activity.consent?.version).toBe(2);
    const outsider = await newUser(t);
    expect(
      await errorOf(t.call('activity/accept-consent', { ...id, consentVersion: 2 }, outsider.token)),
    ).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('a closed group: the request carries the acceptance, shown with the request; without a text nothing is asked', async () => {
    const [admin, rider] = [await newUser(t), await newUser(t)];
    const { group } = await t.ok(
      'group/create-new',
      { name: 'Road club', type: 'CLOSED', consentText: RULES },
      admin.token,
    );
    const id = { groupId: group.groupId };
    expect(await errorOf(t.call('group/request-access', id, rider.token))).toMatchObject({ code: 'CONSENT_REQUIRED' });
    await t.ok('group/request-access', { ...id, consentVersion: 1 }, rider.token);
    const { requests } = await t.ok('group/list-requests', { ...id, pagination: { page: 1, limit: 10 } }, admin.token);
    expect(requests[0]).toMatchObject({ userId: rider.id, consent: { version: 1 } });
    await t.ok('group/accept-request', { ...id, userId: rider.id }, admin.token);
    expect((await t.ok('group/read-info', id, rider.token)).group.myConsent?.version).toBe(1);

    // Removing the text asks nothing of newcomers; setting one again asks everyone, at a new version.
    const base = { ...id, name: 'Road club', description: '', type: 'CLOSED' as const };
    expect((await t.ok('group/update-existing', { ...base, consentText: '' }, admin.token)).group.consent).toBeNull();
    const back = await t.ok('group/update-existing', { ...base, consentText: RULES }, admin.token);
    expect(back.group.consent).toEqual({ text: RULES, version: 3 });
    // The members are told, the admins who manage it are not; removing the text told nobody.
    const told = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'GROUP_CONSENT_CHANGED'), eq(notifications.targetId, group.groupId)));
    expect(told.map((n) => n.userId)).toEqual([rider.id]);
    const listed = await t.ok('notification/list-by-user', { pagination: { page: 1, limit: 10 } }, rider.token);
    expect(listed.notifications.find((n) => n.type === 'GROUP_CONSENT_CHANGED')?.targetName).toBe('Road club');
    const open = (await t.ok('group/create-new', { name: 'Open club', type: 'OPEN' }, admin.token)).group;
    expect((await t.ok('group/participate', { groupId: open.groupId }, rider.token)).group.status).toBe(
      'PARTICIPATING',
    );
  });

  it('a series: joining it accepts for every date, and the dates made later carry the acceptance', async () => {
    const [organiser, rider] = [await newUser(t), await newUser(t)];
    const date = dayFromNow(2);
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${date}T12:00:00Z`).getUTCDay()];
    const first = await newActivity(t, organiser, {
      date,
      timeZone: 'Europe/Rome',
      consentText: WAIVER,
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}` },
    });
    const id = { activityId: first.activityId };
    expect(await errorOf(t.call('series/join', id, rider.token))).toMatchObject({ code: 'CONSENT_REQUIRED' });
    await t.ok('series/join', { ...id, consentVersion: 1 }, rider.token);

    const acceptances = async () =>
      t.db
        .select({ version: activityMembers.consentVersion })
        .from(activityMembers)
        .innerJoin(activities, eq(activities.id, activityMembers.activityId))
        .where(and(eq(activities.seriesId, first.series!.seriesId), eq(activityMembers.userId, rider.id)));
    const now = await acceptances();
    expect(now.length).toBeGreaterThan(1);
    expect(now.every((a) => a.version === 1)).toBe(true);

    // Four weeks on, the materialiser makes new dates: the rider is in them with the text they accepted.
    clock += 28 * 86_400_000;
    await t.modules.services.seriesMaterialiser.run();
    const later = await acceptances();
    expect(later.length).toBeGreaterThan(now.length);
    expect(later.every((a) => a.version === 1)).toBe(true);
  });
});
