import type { Activity, ActivityInput } from '@cordata/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { activities, activityMembers, activitySeries, chats } from '../../db/schema.ts';
import { notificationsOf } from '../activities/activities.test-helpers.ts';
import { addDays } from './series-materialiser.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const DAY = 86_400_000;
const job = () => t.modules.services.seriesMaterialiser.run();
const WEEKDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const weekdayOf = (day: string) => WEEKDAY[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
const romeTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );

/** A weekly series on the weekday of its first date, two days from now, 18:30 to 20:00 in Rome. */
async function weeklySeries(creator: { token: string }, overrides: Partial<ActivityInput> = {}) {
  const date = overrides.date ?? dayFromNow(2);
  return newActivity(t, creator, {
    name: 'Tuesday intervals',
    date,
    startTime: '18:30',
    endTime: '20:00',
    timeZone: 'Europe/Rome',
    repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekdayOf(date)}` },
    ...overrides,
  });
}

/** Every date of a series made so far (cancelled ones included), in order. */
async function datesOf(seriesId: string) {
  return t.db
    .select()
    .from(activities)
    .where(eq(activities.seriesId, seriesId))
    .orderBy(asc(activities.occurrenceDate));
}

async function stateIn(activityId: string, userId: string) {
  const [row] = await t.db
    .select({ state: activityMembers.state })
    .from(activityMembers)
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, userId)));
  return row?.state ?? null;
}

/** The update body that keeps everything of `activity` but what `changes` says. */
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

describe('creating a series', () => {
  it('makes its dates 12 weeks ahead as real activities, each with its chat and its organiser', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    expect(first.series).toMatchObject({ rule: `FREQ=WEEKLY;BYDAY=${weekdayOf(first.date)}`, exDates: [] });
    const dates = await datesOf(first.series!.seriesId);
    // From two days ahead to 84 days ahead, weekly: 12 dates.
    expect(dates.map((d) => d.date)).toEqual(Array.from({ length: 12 }, (_, i) => addDays(first.date, 7 * i)));
    for (const date of dates) {
      expect(romeTime(date.startsAt.toISOString())).toBe('18:30');
      expect(date.name).toBe('Tuesday intervals');
      expect(await stateIn(date.id, organiser.id)).toBe('PARTICIPATING');
      const [chat] = await t.db.select().from(chats).where(eq(chats.activityId, date.id));
      expect(chat).toBeDefined();
    }
    // Each date is an activity the rest of the app reads as any other.
    const { activity } = await t.ok('activity/read-info', { activityId: dates[5]!.id }, organiser.token);
    expect(activity).toMatchObject({ isAdmin: true, date: dates[5]!.date, status: 'PARTICIPATING' });
    expect(activity.chatId).not.toBeNull();
    const { series } = await t.ok('series/read-info', { activityId: first.activityId }, organiser.token);
    expect(series).toMatchObject({ joined: true, isAdmin: true, ended: false, startTime: '18:30' });
    expect(series.nextDates).toHaveLength(12);
    expect(series.nextDates.every((d) => d.activityId && d.status === 'PARTICIPATING')).toBe(true);
  });

  it('starts on the first day of the rule from the date given, and leaves out the exceptions', async () => {
    const organiser = await newUser(t);
    const date = dayFromNow(2);
    const nextDay = weekdayOf(addDays(date, 1));
    const first = await weeklySeries(organiser, {
      date,
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${nextDay};COUNT=4`, exDates: [addDays(date, 8)] },
    });
    expect(first.date).toBe(addDays(date, 1));
    const dates = await datesOf(first.series!.seriesId);
    expect(dates.map((d) => d.date)).toEqual([addDays(date, 1), addDays(date, 15), addDays(date, 22)]);
  });

  it('makes the first Sunday of each month', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser, { repeat: { rule: 'FREQ=MONTHLY;BYDAY=1SU' } });
    const dates = await datesOf(first.series!.seriesId);
    expect(dates.length).toBeGreaterThanOrEqual(2);
    for (const d of dates) {
      expect(weekdayOf(d.date)).toBe('SU');
      expect(Number(d.date.slice(8))).toBeLessThanOrEqual(7);
    }
  });

  it.each([
    ['FREQ=YEARLY', 'SERIES_RULE_UNSUPPORTED'],
    ['FREQ=MONTHLY;BYMONTHDAY=3', 'SERIES_RULE_UNSUPPORTED'],
    ['FREQ=WEEKLY;BYDAY=1TU', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20300101', 'SERIES_RULE_INVALID'],
    ['nonsense', 'SERIES_RULE_INVALID'],
  ])('refuses %s with %s and makes nothing', async (rule, code) => {
    const organiser = await newUser(t);
    const before = await t.db.select({ id: activitySeries.id }).from(activitySeries);
    const res = await t.call(
      'activity/create-new',
      {
        name: 'Bad series',
        sportId: 'running',
        date: dayFromNow(3),
        startTime: '18:30',
        endTime: '20:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.46, longitude: 9.19 },
          destination: { latitude: 45.47, longitude: 9.18 },
          routeSteps: [],
        },
        repeat: { rule },
      },
      organiser.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(code);
    expect(await t.db.select({ id: activitySeries.id }).from(activitySeries)).toHaveLength(before.length);
  });
});

describe('the series job', () => {
  it('extends each series day by day, once on several instances, keeping 18:30 local across daylight saving', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const seriesId = first.series!.seriesId;
    expect(await datesOf(seriesId)).toHaveLength(12);

    // A week later two instances run the job at once, then it runs again: one more date, made once.
    clock = Date.now() + 7 * DAY;
    await Promise.all([job(), job()]);
    await job();
    const week = await datesOf(seriesId);
    expect(week).toHaveLength(13);
    expect(week.at(-1)!.date).toBe(addDays(first.date, 84));

    // Months later (a stopped server catching up): up to 12 weeks ahead of then, nothing in the past made, and
    // every date at 18:30 in Rome whether Rome is on winter or summer time.
    clock = Date.now() + 150 * DAY;
    await job();
    const later = await datesOf(seriesId);
    const made = later.filter((d) => d.createdAt.getTime() === clock);
    expect(made.length).toBe(later.length - 13);
    expect(made.every((d) => d.startsAt.getTime() > clock)).toBe(true);
    expect(later.at(-1)!.date > addDays(new Date(clock).toISOString().slice(0, 10), 76)).toBe(true);
    for (const d of later) expect(romeTime(d.startsAt.toISOString())).toBe('18:30');
    const utcHours = new Set(later.map((d) => d.startsAt.toISOString().slice(11, 16)));
    expect(utcHours).toEqual(new Set(['17:30', '16:30']));
    // The new dates have their organiser and chat like the first ones.
    expect(await stateIn(made[0]!.id, organiser.id)).toBe('PARTICIPATING');
  });

  it('respects COUNT and UNTIL, and never makes an exception', async () => {
    const organiser = await newUser(t);
    const counted = await weeklySeries(organiser, {
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekdayOf(dayFromNow(2))};COUNT=3` },
    });
    const untilDay = addDays(dayFromNow(2), 7 * 15);
    const until = await weeklySeries(organiser, {
      repeat: {
        rule: `FREQ=WEEKLY;BYDAY=${weekdayOf(dayFromNow(2))};UNTIL=${untilDay.replace(/-/g, '')}`,
        exDates: [addDays(dayFromNow(2), 7 * 14)],
      },
    });
    expect(await datesOf(counted.series!.seriesId)).toHaveLength(3);
    expect(await datesOf(until.series!.seriesId)).toHaveLength(12);
    clock = Date.now() + 60 * DAY;
    await job();
    expect(await datesOf(counted.series!.seriesId)).toHaveLength(3);
    const untilDates = (await datesOf(until.series!.seriesId)).map((d) => d.date);
    // 16 days of the rule, one of them an exception.
    expect(untilDates).toHaveLength(15);
    expect(untilDates.at(-1)).toBe(untilDay);
    expect(untilDates).not.toContain(addDays(dayFromNow(2), 7 * 14));
    const [row] = await t.db.select().from(activitySeries).where(eq(activitySeries.id, until.series!.seriesId));
    expect(row!.ended).toBe(true);
  });
});

describe('editing dates of a series', () => {
  it('changes this one, this and the following ones, or all; dates that started never change', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const seriesId = first.series!.seriesId;
    const ids = (await datesOf(seriesId)).map((d) => d.id);
    const readDate = async (i: number) =>
      (await t.ok('activity/read-info', { activityId: ids[i]! }, organiser.token)).activity;
    const onFourth = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[3]! }, onFourth.token);
    const onFirst = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[0]! }, onFirst.token);

    // This one.
    await t.ok('activity/update-existing', edit(await readDate(2), { name: 'Only the third' }), organiser.token);
    expect((await datesOf(seriesId)).map((d) => d.name).filter((n) => n === 'Only the third')).toHaveLength(1);

    // This and the following: a new start time, each date on its own day; the first two stay.
    await t.ok(
      'activity/update-existing',
      edit(await readDate(2), { name: 'Evening intervals', startTime: '19:00', endTime: '20:30', scope: 'FOLLOWING' }),
      organiser.token,
    );
    const after = await datesOf(seriesId);
    expect(after.slice(0, 2).map((d) => d.name)).toEqual(['Tuesday intervals', 'Tuesday intervals']);
    expect(after.slice(2).every((d) => d.name === 'Evening intervals' && d.startTime === '19:00')).toBe(true);
    expect(after.slice(2).every((d, i) => d.date === addDays(first.date, 7 * (i + 2)))).toBe(true);
    expect(after.slice(2).every((d) => romeTime(d.startsAt.toISOString()) === '19:00')).toBe(true);
    // The participant of the fourth date hears of it once, with what changed; the first date's does not.
    const told = await notificationsOf(t, onFourth.id, 'ACTIVITY_EDIT', ids[3]!);
    expect(told.map((n) => n.reason)).toEqual(['TIME']);
    expect(await notificationsOf(t, onFirst.id, 'ACTIVITY_EDIT', ids[0]!)).toEqual([]);

    // Moving the day of several dates at once is refused.
    const moved = await t.call(
      'activity/update-existing',
      edit(await readDate(4), { date: addDays((await readDate(4)).date, 1), scope: 'ALL' }),
      organiser.token,
    );
    expect(moved.body.error?.code).toBe('SERIES_DATE_FIXED');

    // Once the first date has started, "all" changes every coming date but not it, and new dates follow.
    clock = new Date(after[0]!.startsAt).getTime() + 60_000;
    await t.ok(
      'activity/update-existing',
      edit(await readDate(4), { name: 'Track night', scope: 'ALL' }),
      organiser.token,
    );
    const all = await datesOf(seriesId);
    expect(all[0]!.name).toBe('Tuesday intervals');
    expect(all.slice(1).every((d) => d.name === 'Track night')).toBe(true);
    clock += 7 * DAY;
    await job();
    // Nine days on: two more weekly dates.
    const extended = await datesOf(seriesId);
    expect(extended).toHaveLength(14);
    expect(extended.at(-1)).toMatchObject({ name: 'Track night', startTime: '19:00' });
  });

  it('changes the rule from a date on by splitting the series: kept days move, others are cancelled', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const oldId = first.series!.seriesId;
    const ids = (await datesOf(oldId)).map((d) => d.id);
    const readDate = async (id: string, token = organiser.token) =>
      (await t.ok('activity/read-info', { activityId: id }, token)).activity;
    // A series member who skips the fifth date, and someone in the third date only.
    const member = await newUser(t);
    await t.ok('series/join', { activityId: ids[0]! }, member.token);
    const fifthDay = addDays(first.date, 28);
    await t.ok('series/skip-date', { activityId: ids[0]!, date: fifthDay, skip: true }, member.token);
    const onThird = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[2]! }, onThird.token);
    const onFourth = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[3]! }, onFourth.token);

    // With scope THIS a rule is refused; so is an unsupported one.
    const third = await readDate(ids[2]!);
    const fortnightly = { rule: `FREQ=WEEKLY;INTERVAL=2;BYDAY=${weekdayOf(first.date)}` };
    expect(
      (await t.call('activity/update-existing', edit(third, { repeat: fortnightly }), organiser.token)).body.error
        ?.code,
    ).toBe('SERIES_RULE_SCOPE');
    expect(
      (
        await t.call(
          'activity/update-existing',
          edit(third, { repeat: { rule: 'FREQ=HOURLY' }, scope: 'FOLLOWING' }),
          organiser.token,
        )
      ).body.error?.code,
    ).toMatch(/^SERIES_RULE_/);

    // Every other week from the third date on, at 19:00.
    const answer = await t.ok(
      'activity/update-existing',
      edit(third, { repeat: fortnightly, scope: 'FOLLOWING', startTime: '19:00', endTime: '20:30' }),
      organiser.token,
    );
    // The third date is a day of the new rule: it stays (same activity, its people), now in the new series.
    expect(answer.activity.activityId).toBe(ids[2]);
    const newId = answer.activity.series!.seriesId;
    expect(newId).not.toBe(oldId);
    expect(answer.activity.series!.rule).toContain('INTERVAL=2');
    const [oldSeries] = await t.db.select().from(activitySeries).where(eq(activitySeries.id, oldId));
    expect(oldSeries!.ended).toBe(true);
    // The first two dates stay in the old series as they were.
    const before = await datesOf(oldId);
    expect(before.filter((d) => !d.deletedAt).map((d) => d.id)).toEqual(ids.slice(0, 2));
    expect(before.slice(0, 2).every((d) => d.startTime === '18:30')).toBe(true);
    // The fourth date (an off week) is cancelled, and its participant told; the third's is told of the change.
    expect(before.find((d) => d.id === ids[3])?.cancelledAt).not.toBeNull();
    expect(await notificationsOf(t, onFourth.id, 'ACTIVITY_CANCELLED', ids[3]!)).toHaveLength(1);
    expect((await notificationsOf(t, onThird.id, 'ACTIVITY_EDIT', ids[2]!)).map((n) => n.reason)).toEqual(['RULE']);
    // The series member takes part in both the cancelled fourth date and the moved third: told of both, once each.
    expect(await notificationsOf(t, member.id, 'ACTIVITY_CANCELLED', ids[3]!)).toHaveLength(1);
    expect((await notificationsOf(t, member.id, 'ACTIVITY_EDIT', ids[2]!)).map((n) => n.reason)).toEqual(['RULE']);
    expect(await notificationsOf(t, member.id, 'ACTIVITY_EDIT')).toHaveLength(1);
    expect(await notificationsOf(t, organiser.id, 'ACTIVITY_EDIT')).toEqual([]);
    expect(await stateIn(ids[2]!, onThird.id)).toBe('PARTICIPATING');
    // The new series: every other week from the third date, 12 weeks ahead, at 19:00; the series member is in each
    // but the fifth date, which they skipped (a day of both rules).
    const after = (await datesOf(newId)).filter((d) => !d.deletedAt);
    expect(after.map((d) => d.occurrenceDate)).toEqual(after.map((_, i) => addDays(first.date, 14 + 14 * i)));
    expect(after[0]!.id).toBe(ids[2]);
    expect(after.length).toBeGreaterThanOrEqual(5);
    expect(after.every((d) => d.startTime === '19:00' && romeTime(d.startsAt.toISOString()) === '19:00')).toBe(true);
    expect(after.find((d) => d.occurrenceDate === fifthDay)).toBeDefined();
    for (const d of after)
      expect(await stateIn(d.id, member.id)).toBe(d.occurrenceDate === fifthDay ? null : 'PARTICIPATING');
    const { series } = await t.ok('series/read-info', { activityId: ids[2]! }, member.token);
    expect(series).toMatchObject({ seriesId: newId, joined: true });
    expect(series.nextDates.find((d) => d.date === fifthDay)?.skipped).toBe(true);

    // The job extends the new series only.
    clock = Date.now() + 14 * DAY;
    await job();
    expect((await datesOf(oldId)).length).toBe(before.length);
    expect((await datesOf(newId)).length).toBeGreaterThan(after.length);
  });

  it('moves every coming date to a new weekday with ALL, answering the new first date', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const ids = (await datesOf(first.series!.seriesId)).map((d) => d.id);
    const runner = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[1]! }, runner.token);
    const member = await newUser(t);
    await t.ok('series/join', { activityId: ids[0]! }, member.token);
    const second = (await t.ok('activity/read-info', { activityId: ids[1]! }, organiser.token)).activity;
    const nextDay = addDays(second.date, 1);
    const { activity } = await t.ok(
      'activity/update-existing',
      edit(second, { date: nextDay, repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekdayOf(nextDay)}` }, scope: 'ALL' }),
      organiser.token,
    );
    // Every coming date was on the old weekday: all cancelled; the new ones start the day after the second.
    expect(activity.date).toBe(nextDay);
    expect(activity.activityId).not.toBe(ids[1]);
    const old = await datesOf(first.series!.seriesId);
    expect(old.every((d) => d.cancelledAt !== null)).toBe(true);
    expect(await notificationsOf(t, runner.id, 'ACTIVITY_CANCELLED', ids[1]!)).toHaveLength(1);
    // A series member loses every old date and is joined to the new ones: told of both, the new ones on the first.
    expect(await notificationsOf(t, member.id, 'ACTIVITY_CANCELLED')).toHaveLength(1);
    expect((await notificationsOf(t, member.id, 'ACTIVITY_EDIT')).map((n) => [n.targetId, n.reason])).toEqual([
      [activity.activityId, 'RULE'],
    ]);
    const made = await datesOf(activity.series!.seriesId);
    expect(made.every((d) => weekdayOf(d.occurrenceDate!) === weekdayOf(nextDay))).toBe(true);
    expect(made[0]!.occurrenceDate).toBe(nextDay);
    // The organiser organises every new date.
    for (const d of made) expect(await stateIn(d.id, organiser.id)).toBe('PARTICIPATING');
  });

  it('keeps the exceptions sent with a new rule: a day left out is not made again by the split', async () => {
    const organiser = await newUser(t);
    const date = dayFromNow(2);
    const weekday = weekdayOf(date);
    const skipped = addDays(date, 21);
    const first = await weeklySeries(organiser, {
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}`, exDates: [skipped] },
    });
    expect(first.series!.exDates).toEqual([skipped]);
    const second = (
      await t.ok('activity/read-info', { activityId: (await datesOf(first.series!.seriesId))[1]!.id }, organiser.token)
    ).activity;
    // As the app sends it: the series' rule from the second date on, at 19:00, with the exception it had.
    const { activity } = await t.ok(
      'activity/update-existing',
      edit(second, {
        scope: 'FOLLOWING',
        startTime: '19:00',
        endTime: '20:30',
        repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}`, exDates: [skipped] },
      }),
      organiser.token,
    );
    expect(activity.series).toMatchObject({ exDates: [skipped] });
    const made = (await datesOf(activity.series!.seriesId)).filter((d) => !d.deletedAt);
    expect(made.map((d) => d.occurrenceDate)).not.toContain(skipped);
    expect(made[0]!.id).toBe(second.activityId);
    // A day that is not one of the rule's is refused, as on create.
    const wrong = await t.call(
      'activity/update-existing',
      edit(second, {
        scope: 'FOLLOWING',
        repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}`, exDates: [addDays(date, 22)] },
      }),
      organiser.token,
    );
    expect(wrong.body.error?.code).toBe('SERIES_RULE_INVALID');
  });

  it('refuses a scope on an activity that is not part of a series', async () => {
    const organiser = await newUser(t);
    const single = await newActivity(t, organiser);
    const res = await t.call('activity/update-existing', edit(single, { scope: 'ALL' }), organiser.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('NOT_IN_SERIES');
  });
});

describe('cancelling dates', () => {
  it('tells only the participants of the cancelled date, and calendar feeds show it cancelled', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const seriesId = first.series!.seriesId;
    const ids = (await datesOf(seriesId)).map((d) => d.id);
    const onSecond = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[1]! }, onSecond.token);
    const onThird = await newUser(t);
    await t.ok('activity/participate', { activityId: ids[2]! }, onThird.token);

    const { cancelled } = await t.ok('series/cancel', { activityId: ids[1]!, scope: 'THIS' }, organiser.token);
    expect(cancelled).toBe(1);
    const [told] = await notificationsOf(t, onSecond.id, 'ACTIVITY_CANCELLED', ids[1]!);
    expect(told?.reason).toBe(`${addDays(first.date, 7)} 18:30`);
    expect(await notificationsOf(t, onThird.id, 'ACTIVITY_CANCELLED', ids[1]!)).toEqual([]);
    expect(await notificationsOf(t, organiser.id, 'ACTIVITY_CANCELLED', ids[1]!)).toEqual([]);
    // Its page, opened from the notification, says it was cancelled to whoever was in it; to others it is gone.
    const opened = await t.call('activity/read-info', { activityId: ids[1]! }, onSecond.token);
    expect(opened.status).toBe(409);
    expect(opened.body.error).toMatchObject({
      code: 'ACTIVITY_CANCELLED',
      details: { activityId: ids[1], name: 'Tuesday intervals', date: addDays(first.date, 7), startTime: '18:30' },
    });
    expect((await t.call('activity/read-info', { activityId: ids[1]! }, organiser.token)).status).toBe(409);
    expect((await t.call('activity/read-info', { activityId: ids[1]! }, onThird.token)).status).toBe(404);

    const { url } = await t.ok('calendar/my-feed', undefined, onSecond.token);
    const feed = (await t.app.inject({ method: 'GET', url: new URL(url).pathname })).body;
    const event = feed.split('BEGIN:VEVENT').find((e) => e.includes(`UID:${ids[1]}@cordata`));
    expect(event).toContain('STATUS:CANCELLED');
    expect(event).toContain('SEQUENCE:1');
    const organiserFeed = (
      await t.app.inject({
        method: 'GET',
        url: new URL((await t.ok('calendar/my-feed', undefined, organiser.token)).url).pathname,
      })
    ).body;
    expect(organiserFeed.match(/STATUS:CONFIRMED/g)).toHaveLength(11);
    expect(organiserFeed.match(/STATUS:CANCELLED/g)).toHaveLength(1);

    // The job never makes a cancelled date again.
    clock = Date.now() + 7 * DAY;
    await job();
    expect((await datesOf(seriesId)).filter((d) => d.occurrenceDate === addDays(first.date, 7))).toHaveLength(1);

    // This and the following: the series ends; the participant of the third date is told once.
    const res = await t.ok('series/cancel', { activityId: ids[2]!, scope: 'FOLLOWING' }, organiser.token);
    expect(res.cancelled).toBe(11);
    expect(await notificationsOf(t, onThird.id, 'ACTIVITY_CANCELLED', ids[2]!)).toHaveLength(1);
    clock += 30 * DAY;
    await job();
    const left = await datesOf(seriesId);
    expect(left.filter((d) => !d.cancelledAt)).toHaveLength(1);
    expect(left).toHaveLength(13);
  });

  it('is for admins only', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const member = await newUser(t);
    await t.ok('activity/participate', { activityId: first.activityId }, member.token);
    const res = await t.call('series/cancel', { activityId: first.activityId, scope: 'ALL' }, member.token);
    expect(res.status).toBe(403);
  });
});

describe('joining a series', () => {
  it("brings series members into new dates, but not one an organiser has blocked (nor anyone into a blocker's)", async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const seriesId = first.series!.seriesId;
    const [kept, blocked, blocker] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const member of [kept, blocked, blocker])
      await t.ok('series/join', { activityId: first.activityId }, member.token);
    await t.ok('user/block', { userId: blocked.id }, organiser.token);
    // A member who blocked the organiser: blocks count only from an organiser's side.
    await t.ok('user/block', { userId: organiser.id }, blocker.token);
    clock = Date.now() + 7 * DAY;
    await job();
    const newest = (await datesOf(seriesId)).at(-1)!;
    expect(newest.createdAt.getTime()).toBe(clock);
    expect(await stateIn(newest.id, kept.id)).toBe('PARTICIPATING');
    expect(await stateIn(newest.id, blocker.id)).toBe('PARTICIPATING');
    expect(await stateIn(newest.id, blocked.id)).toBeNull();
  });

  it('joins every coming date and each new one, but the days skipped; leaving leaves the coming dates', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser);
    const seriesId = first.series!.seriesId;
    const ids = (await datesOf(seriesId)).map((d) => d.id);
    const runner = await newUser(t);

    const joined = await t.ok('series/join', { activityId: ids[0]! }, runner.token);
    expect(joined.series.joined).toBe(true);
    for (const id of ids) expect(await stateIn(id, runner.id)).toBe('PARTICIPATING');
    expect((await t.call('series/join', { activityId: ids[0]! }, runner.token)).body.error?.code).toBe(
      'ALREADY_PARTICIPATING',
    );

    // Skip a made date (leaves it), and a day beyond the 12 weeks (the job will not join it).
    const third = addDays(first.date, 14);
    const fourteenth = addDays(first.date, 7 * 13);
    await t.ok('series/skip-date', { activityId: ids[0]!, date: third, skip: true }, runner.token);
    await t.ok('series/skip-date', { activityId: ids[0]!, date: fourteenth, skip: true }, runner.token);
    const { series } = await t.ok('series/read-info', { activityId: ids[0]! }, runner.token);
    expect(await stateIn(ids[2]!, runner.id)).toBeNull();
    expect(series.nextDates.find((d) => d.date === third)).toMatchObject({ skipped: true, status: 'NONE' });
    // A day that is not one of the series' is refused; the organiser cannot skip.
    const wrong = await t.call(
      'series/skip-date',
      { activityId: ids[0]!, date: addDays(first.date, 1), skip: true },
      runner.token,
    );
    expect(wrong.body.error?.code).toBe('SERIES_DATE_NOT_IN_RULE');
    const organiserSkip = await t.call(
      'series/skip-date',
      { activityId: ids[0]!, date: third, skip: true },
      organiser.token,
    );
    expect(organiserSkip.body.error?.code).toBe('SERIES_ORGANISER_SKIP');

    // Two weeks later the job makes the 13th and 14th dates: the runner is in the 13th, not the 14th.
    clock = Date.now() + 14 * DAY;
    await job();
    const dates = await datesOf(seriesId);
    expect(dates).toHaveLength(14);
    expect(await stateIn(dates[12]!.id, runner.id)).toBe('PARTICIPATING');
    expect(await stateIn(dates[13]!.id, runner.id)).toBeNull();
    expect(await stateIn(dates[13]!.id, organiser.id)).toBe('PARTICIPATING');

    // Back in for the third date.
    clock = Date.now();
    await t.ok('series/skip-date', { activityId: ids[0]!, date: third, skip: false }, runner.token);
    expect(await stateIn(ids[2]!, runner.id)).toBe('PARTICIPATING');

    // Leaving: out of every coming date; new dates do not take them in.
    await t.ok('series/leave', { activityId: ids[0]! }, runner.token);
    for (const d of dates) expect(await stateIn(d.id, runner.id)).toBeNull();
    expect((await t.call('series/leave', { activityId: ids[0]! }, runner.token)).body.error?.code).toBe(
      'SERIES_NOT_JOINED',
    );
    // The organiser is the last one: they may not leave (they cancel instead).
    expect((await t.call('series/leave', { activityId: ids[0]! }, organiser.token)).body.error?.code).toBe(
      'LAST_ADMIN',
    );
  });

  it('asks for approval on a closed series unless the person takes part already; single dates stay possible', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser, { access: 'CLOSED' });
    const ids = (await datesOf(first.series!.seriesId)).map((d) => d.id);
    const stranger = await newUser(t);
    const res = await t.call('series/join', { activityId: ids[0]! }, stranger.token);
    expect(res.body.error?.code).toBe('ACCESS_REQUEST_REQUIRED');
    await t.ok('activity/request-access', { activityId: ids[1]! }, stranger.token);
    await t.ok('activity/accept-request', { activityId: ids[1]!, userId: stranger.id }, organiser.token);
    await t.ok('series/join', { activityId: ids[1]! }, stranger.token);
    // The dates where the person's request is pending stay as they are; the others are joined.
    expect(await stateIn(ids[5]!, stranger.id)).toBe('PARTICIPATING');
  });

  it('carries the series seats to every date: series members beyond them wait, in the order they joined', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser, { seats: 2 });
    const seriesId = first.series!.seriesId;
    const ids = (await datesOf(seriesId)).map((d) => d.id);
    expect((await datesOf(seriesId)).every((d) => d.seats === 2)).toBe(true);
    const ann = await newUser(t);
    const bob = await newUser(t);
    await t.ok('series/join', { activityId: ids[0]! }, ann.token);
    clock = Date.now() + 1000;
    await t.ok('series/join', { activityId: ids[0]! }, bob.token);
    for (const id of ids) {
      expect(await stateIn(id, ann.id)).toBe('PARTICIPATING');
      expect(await stateIn(id, bob.id)).toBe('WAITLISTED');
    }
    // A new date made by the job seats the organiser and Ann, and puts Bob on its waitlist.
    clock = Date.now() + 7 * DAY;
    await job();
    const made = (await datesOf(seriesId)).at(-1)!;
    expect(made.seats).toBe(2);
    expect([
      await stateIn(made.id, organiser.id),
      await stateIn(made.id, ann.id),
      await stateIn(made.id, bob.id),
    ]).toEqual(['PARTICIPATING', 'PARTICIPATING', 'WAITLISTED']);
    // Ann skips the third date: her seat is free for the waitlist (Bob gets the offer from the waitlist job).
    clock = Date.now();
    await t.ok('series/skip-date', { activityId: ids[0]!, date: addDays(first.date, 14), skip: true }, ann.token);
    expect(await stateIn(ids[2]!, ann.id)).toBeNull();
    await t.modules.services.seats.run();
    const { activity } = await t.ok('activity/read-info', { activityId: ids[2]! }, bob.token);
    expect(activity.status).toBe('WAITLISTED');
    expect(activity.waitlist).toMatchObject({ position: 1 });
    expect(activity.waitlist?.offerExpiresAt).not.toBeNull();
  });

  it('does not exist for someone who may not see a private series', async () => {
    const organiser = await newUser(t);
    const first = await weeklySeries(organiser, { visibility: 'PRIVATE' });
    const stranger = await newUser(t);
    for (const call of ['series/read-info', 'series/join'] as const) {
      const res = await t.call(call, { activityId: first.activityId }, stranger.token);
      expect(res.status).toBe(404);
    }
  });
});
