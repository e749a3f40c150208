import { LATE_CANCEL_MAX_HOURS } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { activityAttendance, notifications } from '../../db/schema.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
type User = Awaited<ReturnType<typeof newUser>>;
type Activity = Awaited<ReturnType<typeof newActivity>>;

/** An organiser's activity (3 days ahead, 09:00–11:00 unless `extra` says otherwise) joined by `count` people. */
async function activityWith(count: number, extra: Record<string, unknown> = {}, organiser?: User) {
  const admin = organiser ?? (await newUser(t));
  const activity = await newActivity(t, admin, extra);
  const people: User[] = [];
  for (let i = 0; i < count; i++) {
    const person = await newUser(t);
    await t.ok('activity/participate', { activityId: activity.activityId }, person.token);
    people.push(person);
  }
  return { admin, activity, activityId: activity.activityId, people };
}

const startOf = (a: Activity) => new Date(a.startsAt).getTime();
const endOf = (a: Activity) => new Date(a.endsAt).getTime();
const statusOf = async (activityId: string, userId: string) =>
  (
    await t.db
      .select({ status: activityAttendance.status })
      .from(activityAttendance)
      .where(and(eq(activityAttendance.activityId, activityId), eq(activityAttendance.userId, userId)))
  )[0]?.status ?? null;
const record = async (user: User) => (await t.ok('attendance/read-record', undefined, user.token)).record;

describe('the tick list', () => {
  it('opens at the start and closes 7 days after the end; organisers only; marks can be changed meanwhile', async () => {
    const { admin, activity, activityId, people } = await activityWith(2);
    const [anna, bruno] = people as [User, User];
    const mark = (userId: string, m: 'ATTENDED' | 'NO_SHOW' | 'EXCUSED', token = admin.token) =>
      t.call('attendance/mark', { activityId, userId, mark: m }, token);

    const before = await t.ok('attendance/list-sheet', { activityId }, admin.token);
    expect(before.sheet.entries.map((e) => [e.userId, e.status, e.participating])).toEqual(
      expect.arrayContaining([
        [admin.id, null, true],
        [anna.id, null, true],
        [bruno.id, null, true],
      ]),
    );
    expect((await mark(anna.id, 'ATTENDED')).body.error?.code).toBe('ATTENDANCE_NOT_STARTED');

    clock = startOf(activity);
    expect((await mark(anna.id, 'ATTENDED')).status).toBe(200);
    expect((await mark(bruno.id, 'NO_SHOW')).status).toBe(200);
    expect((await mark(anna.id, 'ATTENDED', bruno.token)).status).toBe(403);
    expect((await t.call('attendance/list-sheet', { activityId }, anna.token)).status).toBe(403);
    const stranger = await newUser(t);
    expect((await mark(stranger.id, 'ATTENDED')).body.error?.code).toBe('USER_NOT_FOUND');

    clock = endOf(activity) + 7 * DAY;
    const changed = await mark(bruno.id, 'EXCUSED');
    expect(changed.status).toBe(200);
    expect(changed.body.sheet?.entries.find((e) => e.userId === bruno.id)?.status).toBe('EXCUSED');
    clock += 1;
    expect((await mark(bruno.id, 'NO_SHOW')).body.error?.code).toBe('ATTENDANCE_CLOSED');
    expect(await statusOf(activityId, bruno.id)).toBe('EXCUSED');

    expect(await record(anna)).toMatchObject({
      attended: 1,
      noShows: 0,
      lateCancels: 0,
      excused: 0,
      reliability: null,
    });
    expect(await record(bruno)).toMatchObject({ attended: 0, excused: 1, reliabilityOver: 0 });
  });
});

describe('check-in by QR', () => {
  it('marks the person whose pass was scanned or typed; forged codes and other activities’ codes are refused', async () => {
    const { admin, activity, activityId, people } = await activityWith(2);
    const [anna, bruno] = people as [User, User];
    const otherActivity = await newActivity(t, admin, { date: dayFromNow(3), startTime: '14:00', endTime: '16:00' });
    await t.ok('activity/participate', { activityId: otherActivity.activityId }, bruno.token);

    const { pass } = await t.ok('attendance/read-pass', { activityId }, anna.token);
    expect(pass.qr).not.toContain(anna.id);
    expect(pass.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const outsider = await newUser(t);
    expect((await t.call('attendance/read-pass', { activityId }, outsider.token)).body.error?.code).toBe(
      'NOT_PARTICIPATING',
    );

    const checkIn = (code: string) => t.call('attendance/check-in', { activityId, code }, admin.token);
    expect((await checkIn(pass.qr)).body.error?.code).toBe('ATTENDANCE_NOT_STARTED');
    clock = startOf(activity) + HOUR;

    const scanned = await checkIn(pass.qr);
    expect(scanned.status).toBe(200);
    expect(scanned.body.person?.userId).toBe(anna.id);
    expect(await statusOf(activityId, anna.id)).toBe('ATTENDED');
    expect((await t.call('attendance/check-in', { activityId, code: pass.qr }, anna.token)).status).toBe(403);

    // Bruno's pass of the other activity, scanned or typed here, and a code with one character changed.
    const brunoElsewhere = (await t.ok('attendance/read-pass', { activityId: otherActivity.activityId }, bruno.token))
      .pass;
    expect((await checkIn(brunoElsewhere.qr)).body.error?.code).toBe('ATTENDANCE_CODE_INVALID');
    expect((await checkIn(brunoElsewhere.code)).body.error?.code).toBe('ATTENDANCE_CODE_INVALID');
    const brunoHere = (await t.ok('attendance/read-pass', { activityId }, bruno.token)).pass;
    const last = brunoHere.code.at(-1) === '0' ? '1' : '0';
    expect((await checkIn(`${brunoHere.code.slice(0, -1)}${last}`)).body.error?.code).toBe('ATTENDANCE_CODE_INVALID');
    expect((await checkIn(brunoHere.qr.replace(activityId, otherActivity.activityId))).status).toBe(400);
    expect(await statusOf(activityId, bruno.id)).toBeNull();

    // Typed by hand: lower case, without the dash.
    expect((await checkIn(brunoHere.code.replace('-', '').toLowerCase())).body.person?.userId).toBe(bruno.id);

    // The pass expires when marking closes.
    clock = new Date(brunoHere.closesAt).getTime() + 1;
    expect((await checkIn(brunoHere.qr)).body.error?.code).toBe('ATTENDANCE_CLOSED');
  });

  it('stops matching once the activity moves: a pass issued before is void', async () => {
    const { admin, activity, activityId, people } = await activityWith(1);
    const { pass } = await t.ok('attendance/read-pass', { activityId }, people[0]!.token);
    const { name, sportId, date, timeZone, access, visibility, difficulty } = activity;
    await t.ok(
      'activity/update-existing',
      {
        activityId,
        name,
        sportId,
        date,
        timeZone,
        access,
        visibility,
        difficulty,
        startTime: '09:00',
        endTime: '12:00',
      },
      admin.token,
    );
    clock = startOf(activity) + HOUR;
    const res = await t.call('attendance/check-in', { activityId, code: pass.qr }, admin.token);
    expect(res.body.error?.code).toBe('ATTENDANCE_CODE_INVALID');
    const fresh = (await t.ok('attendance/read-pass', { activityId }, people[0]!.token)).pass;
    expect(fresh.code).not.toBe(pass.code);
    expect((await t.call('attendance/check-in', { activityId, code: fresh.code }, admin.token)).status).toBe(200);
  });
});

describe('late cancels', () => {
  it('are leaving 12 h or less before the start (exactly 12 h included), never a removal', async () => {
    const { admin, activity, activityId, people } = await activityWith(3);
    const [early, onTheDot, removed] = people as [User, User, User];
    clock = startOf(activity) - 12 * HOUR - 1;
    await t.ok('activity/exit', { activityId }, early.token);
    clock = startOf(activity) - 12 * HOUR;
    await t.ok('activity/exit', { activityId }, onTheDot.token);
    await t.ok('activity/remove-user', { activityId, userId: removed.id }, admin.token);

    expect(await statusOf(activityId, early.id)).toBeNull();
    expect(await statusOf(activityId, onTheDot.id)).toBe('LATE_CANCEL');
    expect(await statusOf(activityId, removed.id)).toBeNull();
    expect(await record(onTheDot)).toMatchObject({ lateCancels: 1, attended: 0 });

    // On the organiser's list after the start, no longer taking part; they may excuse it.
    clock = startOf(activity) + HOUR;
    const { sheet } = await t.ok('attendance/list-sheet', { activityId }, admin.token);
    expect(sheet.entries.find((e) => e.userId === onTheDot.id)).toMatchObject({
      status: 'LATE_CANCEL',
      participating: false,
    });
    expect(sheet.entries.some((e) => e.userId === early.id)).toBe(false);
    await t.ok('attendance/mark', { activityId, userId: onTheDot.id, mark: 'EXCUSED' }, admin.token);
    expect(await record(onTheDot)).toMatchObject({ lateCancels: 0, excused: 1 });
  });

  it("follow the group's window: a group of 24 h counts leaving 20 h before", async () => {
    const admin = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Early birds', type: 'OPEN' }, admin.token);
    const rules = await t.ok(
      'group/set-attendance-rules',
      { groupId: group.groupId, lateCancelHours: 24, autoApproveReliability: null },
      admin.token,
    );
    expect(rules.rules).toEqual({ lateCancelHours: 24, autoApproveReliability: null });
    const member = await newUser(t);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    expect((await t.ok('group/read-attendance-rules', { groupId: group.groupId }, member.token)).rules).toEqual(
      rules.rules,
    );
    expect(
      (await t.call('group/set-attendance-rules', { groupId: group.groupId, ...rules.rules }, member.token)).status,
    ).toBe(403);
    const activity = await newActivity(t, admin, { groupId: group.groupId });
    await t.ok('activity/participate', { activityId: activity.activityId }, member.token);
    clock = startOf(activity) - 20 * HOUR;
    await t.ok('activity/exit', { activityId: activity.activityId }, member.token);
    expect(await statusOf(activity.activityId, member.id)).toBe('LATE_CANCEL');
  });

  it("follow a group's longest window (7 days) to its first hour, and end with the activity", async () => {
    const admin = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Planners', type: 'OPEN' }, admin.token);
    const { groupId } = group;
    await t.ok(
      'group/set-attendance-rules',
      { groupId, lateCancelHours: LATE_CANCEL_MAX_HOURS, autoApproveReliability: null },
      admin.token,
    );
    const [early, inTime, after] = [await newUser(t), await newUser(t), await newUser(t)];
    const activity = await newActivity(t, admin, { groupId, date: dayFromNow(9) });
    const { activityId } = activity;
    for (const person of [early, inTime, after]) {
      await t.ok('group/participate', { groupId }, person.token);
      await t.ok('activity/participate', { activityId }, person.token);
    }
    clock = startOf(activity) - LATE_CANCEL_MAX_HOURS * HOUR - 1;
    await t.ok('activity/exit', { activityId }, early.token);
    clock = startOf(activity) - LATE_CANCEL_MAX_HOURS * HOUR;
    await t.ok('activity/exit', { activityId }, inTime.token);
    clock = new Date(activity.endsAt).getTime();
    await t.ok('activity/exit', { activityId }, after.token);
    expect(await statusOf(activityId, early.id)).toBeNull();
    expect(await statusOf(activityId, inTime.id)).toBe('LATE_CANCEL');
    expect(await statusOf(activityId, after.id)).toBeNull();
  });
});

/** `person`'s marks, one past activity each (organised by `admin`), oldest first. */
async function withMarks(person: User, marks: ('ATTENDED' | 'NO_SHOW' | 'EXCUSED')[], admin?: User) {
  const organiser = admin ?? (await newUser(t));
  for (const [i, mark] of marks.entries()) {
    const { activity, activityId } = await activityWith(0, { date: dayFromNow(2 + i) }, organiser);
    await t.ok('activity/participate', { activityId }, person.token);
    clock = startOf(activity);
    await t.ok('attendance/mark', { activityId, userId: person.id, mark }, organiser.token);
    clock = Date.now();
  }
}

describe('reliability and auto-approval', () => {
  it('is attended over attended, no-shows and late cancels, excused left out, known from 3 marks', async () => {
    const person = await newUser(t);
    await withMarks(person, ['ATTENDED', 'EXCUSED', 'NO_SHOW']);
    expect(await record(person)).toMatchObject({ attended: 1, noShows: 1, excused: 1, reliability: null });
    await withMarks(person, ['ATTENDED', 'ATTENDED']);
    expect(await record(person)).toMatchObject({ attended: 3, noShows: 1, reliability: 0.75, reliabilityOver: 4 });
  });

  it('lets a closed group accept requests at or above its threshold at once, as an admin would', async () => {
    const admin = await newUser(t);
    const { group } = await t.ok('group/create-new', { name: 'Reliable club', type: 'CLOSED' }, admin.token);
    const groupId = group.groupId;
    const [reliable, patchy, newcomer] = [await newUser(t), await newUser(t), await newUser(t)];
    await withMarks(reliable, ['ATTENDED', 'ATTENDED', 'ATTENDED', 'NO_SHOW']);
    await withMarks(patchy, ['ATTENDED', 'NO_SHOW', 'NO_SHOW']);
    await withMarks(newcomer, ['ATTENDED', 'ATTENDED']);

    const ask = async (user: User) => (await t.ok('group/request-access', { groupId }, user.token)).group.status;
    await t.ok('group/set-attendance-rules', { groupId, lateCancelHours: 12, autoApproveReliability: 80 }, admin.token);
    expect(await ask(reliable)).toBe('REQUESTED');
    await t.ok('group/exit', { groupId }, reliable.token);

    await t.ok('group/set-attendance-rules', { groupId, lateCancelHours: 12, autoApproveReliability: 75 }, admin.token);
    expect(await ask(reliable)).toBe('PARTICIPATING');
    expect(await ask(patchy)).toBe('REQUESTED');
    expect(await ask(newcomer)).toBe('REQUESTED');
    const told = await t.db
      .select({ actorId: notifications.actorId })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, reliable.id),
          eq(notifications.type, 'GROUP_ACCEPT'),
          eq(notifications.targetId, groupId),
        ),
      );
    expect(told).toEqual([{ actorId: null }]);

    // Someone the admin blocked waits for the admin, however reliable.
    const blocked = await newUser(t);
    await withMarks(blocked, ['ATTENDED', 'ATTENDED', 'ATTENDED']);
    await t.ok('user/block', { userId: blocked.id }, admin.token);
    expect(await ask(blocked)).toBe('REQUESTED');
  });
});

describe('who sees a record', () => {
  it("organisers of a closed activity see a requester's record while the request is pending, and no longer", async () => {
    const { admin, activityId } = await activityWith(0, { access: 'CLOSED' });
    const asker = await newUser(t);
    await withMarks(asker, ['ATTENDED', 'ATTENDED', 'NO_SHOW']);
    await t.ok('activity/request-access', { activityId }, asker.token);
    const { requests } = await t.ok('activity/list-requests', { activityId }, admin.token);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.record).toMatchObject({ attended: 2, noShows: 1, reliability: 2 / 3 });

    await t.ok('activity/accept-request', { activityId, userId: asker.id }, admin.token);
    expect((await t.ok('activity/list-requests', { activityId }, admin.token)).requests).toEqual([]);
  });
});
