import type { Activity } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser, reauthenticate } from '../../../test/factories.ts';
import { activityReminders, notifications, pushOutbox } from '../../db/schema.ts';
import { pushText } from '../notifications/push-messages.ts';
import { connect } from './activities.test-helpers.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;
const run = () => t.modules.services.activityReminders.run();
const at = (activity: { startsAt: string }, minutesBefore: number) =>
  new Date(activity.startsAt).getTime() - minutesBefore * MINUTE;

async function notificationsOf(userId: string, type: string, activityId: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, activityId)))
    .orderBy(notifications.id);
}

async function joined(activityId: string) {
  const person = await newUser(t);
  await t.ok('activity/participate', { activityId }, person.token);
  return person;
}

/** The update body that keeps everything of `activity` but what `changes` says; the route stays unless given. */
function edit(activity: Activity, changes: Record<string, unknown> = {}) {
  return {
    activityId: activity.activityId,
    name: activity.name,
    sportId: activity.sportId,
    date: activity.date,
    startTime: activity.startTime,
    endTime: activity.endTime,
    timeZone: activity.timeZone,
    access: activity.access,
    visibility: activity.visibility,
    difficulty: activity.difficulty,
    ...changes,
  } as never;
}

// Each test's activity starts on its own day, so that moving the clock for one never reaches another's.
describe('activity reminders', () => {
  it('reminds each participant once, at their lead time and not before; not the invited nor who left', async () => {
    const organiser = await newUser(t);
    const invited = await newUser(t);
    await connect(t, organiser, invited);
    const activity = await newActivity(t, organiser, { invitedUserIds: [invited.id], date: dayFromNow(3) });
    const id = activity.activityId;
    const ann = await joined(id);
    const leaver = await joined(id);
    await t.ok('activity/exit', { activityId: id }, leaver.token);
    await t.ok('user/update-notification-token', { token: 'ann-phone', platform: 'ios' }, ann.token);

    // Three days ahead, then 2 h 1 min before (the default lead is 2 h): nothing yet.
    expect(await run()).toBe(0);
    clock = at(activity, 121);
    expect(await run()).toBe(0);
    expect(await notificationsOf(ann.id, 'ACTIVITY_REMINDER', id)).toEqual([]);

    // 1 h 59 min before, two instances run the job at once, then again a minute later: one each.
    clock = at(activity, 119);
    await Promise.all([run(), run()]);
    clock = at(activity, 118);
    expect(await run()).toBe(0);
    for (const person of [organiser, ann]) {
      const rows = await notificationsOf(person.id, 'ACTIVITY_REMINDER', id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: null, reason: '09:00' });
    }
    for (const person of [invited, leaver])
      expect(await notificationsOf(person.id, 'ACTIVITY_REMINDER', id)).toEqual([]);

    // The push names the activity and its local start time, in the person's language.
    const [push] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'ann-phone'));
    expect(push?.payload).toMatchObject({ type: 'ACTIVITY_REMINDER', targetName: 'Morning run', reason: '09:00' });
    expect(pushText('en', 'ACTIVITY_REMINDER', { target: 'Morning run', reason: '09:00' }).body).toBe(
      'Morning run starts at 09:00',
    );
    expect(pushText('it', 'ACTIVITY_REMINDER', { target: 'Morning run', reason: '09:00' }).body).toBe(
      'Morning run inizia alle 09:00',
    );

    // Once started, nobody is reminded any more (someone who joins late included).
    clock = at(activity, -1);
    await t.db.delete(activityReminders).where(eq(activityReminders.activityId, id));
    expect(await run()).toBe(0);
  });

  it('follows the setting: off means none, 1 day reminds a day ahead', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { date: dayFromNow(5) });
    const id = activity.activityId;
    const off = await joined(id);
    const early = await joined(id);
    await t.ok('user/update-notification-preferences', { preferences: {}, reminderMinutes: 0 }, organiser.token);
    await t.ok('user/update-notification-preferences', { preferences: {}, reminderMinutes: 0 }, off.token);
    const set = await t.ok(
      'user/update-notification-preferences',
      { preferences: { SEND_MESSAGE: false }, reminderMinutes: 1440 },
      early.token,
    );
    expect(set).toMatchObject({ reminderMinutes: 1440, preferences: { SEND_MESSAGE: false, ACTIVITY_REMINDER: true } });
    // Switches alone leave the lead time as it was.
    await t.ok('user/update-notification-preferences', { preferences: { SEND_MESSAGE: true } }, early.token);
    expect(await t.ok('user/own-notification-preferences', undefined, early.token)).toMatchObject({
      reminderMinutes: 1440,
    });

    clock = at(activity, 25 * 60);
    expect(await run()).toBe(0);
    clock = at(activity, 23 * 60);
    expect(await run()).toBe(1);
    // A day ahead, the texts say "tomorrow at 09:00".
    const reminders = await notificationsOf(early.id, 'ACTIVITY_REMINDER', id);
    expect(reminders.map((r) => r.reason)).toEqual(['TOMORROW 09:00']);
    expect(pushText('en', 'ACTIVITY_REMINDER', { target: 'Morning run', reason: 'TOMORROW 09:00' }).body).toBe(
      'Morning run starts tomorrow at 09:00',
    );
    expect(pushText('it', 'ACTIVITY_REMINDER', { target: 'Morning run', reason: 'TOMORROW 09:00' }).body).toBe(
      'Morning run inizia domani alle 09:00',
    );
    clock = at(activity, 10);
    expect(await run()).toBe(0);
    expect(await notificationsOf(off.id, 'ACTIVITY_REMINDER', id)).toEqual([]);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_REMINDER', id)).toEqual([]);
  });

  it('the setting: 2 h by default, only the offered choices', async () => {
    const me = await newUser(t);
    expect(await t.ok('user/own-notification-preferences', undefined, me.token)).toMatchObject({
      reminderMinutes: 120,
    });
    const bad = await t.call(
      'user/update-notification-preferences',
      { preferences: {}, reminderMinutes: 45 } as never,
      me.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('VALIDATION_ERROR');
  });

  it('a new start time after a reminder allows a new one at the new time', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { date: dayFromNow(7) });
    const id = activity.activityId;
    const ann = await joined(id);
    clock = at(activity, 100);
    expect(await run()).toBe(2);

    const { activity: later } = await t.ok(
      'activity/update-existing',
      edit(activity, { startTime: '10:00' }),
      organiser.token,
    );
    expect(await run()).toBe(0); // the new start is 2 h 40 min away
    clock = at(later, 90);
    expect(await run()).toBe(2);
    const rows = await notificationsOf(ann.id, 'ACTIVITY_REMINDER', id);
    expect(rows.map((r) => r.reason)).toEqual(['09:00', '10:00']);

    // Deleting the account takes the person's reminder rows with it.
    await reauthenticate(t, ann.token);
    await t.ok('user/delete-account', undefined, ann.token);
    expect(await t.db.select().from(activityReminders).where(eq(activityReminders.userId, ann.id))).toEqual([]);
  });
});

describe('changes of time and place', () => {
  it('tells participants, not the editor, what changed, once per edit', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    const id = activity.activityId;
    const ann = await joined(id);
    await t.ok('user/update-notification-token', { token: 'ann-tablet', platform: 'android' }, ann.token);
    const route = (latitude: number) => ({
      mode: 'POINTS' as const,
      start: { latitude, longitude: 9.19, address: 'Somewhere else' },
      destination: { latitude: 45.4728, longitude: 9.1797 },
      routeSteps: [{ latitude: 45.468, longitude: 9.185 }],
    });

    await t.ok('activity/update-existing', edit(activity, { startTime: '08:30' }), organiser.token);
    await t.ok(
      'activity/update-existing',
      edit(activity, { startTime: '08:30', route: route(45.47) }),
      organiser.token,
    );
    await t.ok(
      'activity/update-existing',
      edit(activity, { startTime: '07:30', route: route(45.48) }),
      organiser.token,
    );
    await t.ok('activity/update-existing', edit(activity, { startTime: '07:30', name: 'Dawn run' }), organiser.token);
    // Only the end moves: it does not say "a new time: check when it starts".
    await t.ok('activity/update-existing', edit(activity, { startTime: '07:30', endTime: '11:30' }), organiser.token);
    await t.ok(
      'activity/update-existing',
      edit(activity, { startTime: '07:30', endTime: '12:00', route: route(45.49) }),
      organiser.token,
    );

    const rows = await notificationsOf(ann.id, 'ACTIVITY_EDIT', id);
    expect(rows.map((r) => r.reason)).toEqual(['TIME', 'PLACE', 'TIME_PLACE', null, 'END', 'END_PLACE']);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_EDIT', id)).toEqual([]);

    const pushes = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'ann-tablet'));
    expect(pushes.map((p) => (p.payload as { reason: string | null }).reason).sort()).toEqual(
      ['PLACE', 'TIME', 'TIME_PLACE', null, 'END', 'END_PLACE'].sort(),
    );
    expect(pushText('en', 'ACTIVITY_EDIT', { target: 'Morning run', reason: 'END' }).body).toBe(
      'Morning run now ends at a different time: check when it finishes',
    );
    expect(pushText('it', 'ACTIVITY_EDIT', { target: 'Morning run', reason: 'END' }).body).toBe(
      'Morning run ora finisce a un altro orario: guarda quando termina',
    );
    expect(pushText('en', 'ACTIVITY_EDIT', { target: 'Morning run', reason: 'TIME' }).body).toBe(
      'Morning run has a new time: check when it starts',
    );
    expect(pushText('it', 'ACTIVITY_EDIT', { target: 'Morning run', reason: 'PLACE' }).body).toBe(
      'Morning run ha un nuovo punto di partenza: guarda dove ci si trova',
    );
    expect(pushText('en', 'ACTIVITY_EDIT', { target: 'Morning run' }).body).toBe(
      'Morning run has changed: check the new details',
    );
  });
});
