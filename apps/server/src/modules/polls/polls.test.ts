import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newUser } from '../../../test/factories.ts';
import { activities, notifications } from '../../db/schema.ts';
import { newGroup } from '../activities/activities.test-helpers.ts';
import { winner } from './polls.service.ts';

/** Date polls through the API (issue 40, docs/polls.md); who may call what is also the authorization matrix's. */
let t: TestApp;
let now = new Date();
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const HOUR = 3_600_000;
const slots = [
  { date: dayFromNow(5), startTime: '09:00', endTime: '12:00' },
  { date: dayFromNow(6), startTime: '09:00', endTime: '12:00' },
  { date: dayFromNow(7), startTime: '18:00', endTime: '20:00' },
];
const inHours = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
const route = {
  mode: 'POINTS' as const,
  start: { latitude: 45.85, longitude: 9.39 },
  destination: { latitude: 45.86, longitude: 9.4 },
  routeSteps: [],
};
const activity = {
  name: 'Giro B',
  sportId: 'running',
  access: 'OPEN',
  visibility: 'PUBLIC',
  difficulty: 'MEDIUM',
  route,
} as const;
const noticesOf = (userId: string, type: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

async function groupPoll(people: User[], extra: { subgroupId?: string } = {}) {
  const group = await newGroup(t, 'Pace club', people);
  const { poll } = await t.ok(
    'poll/create-new',
    { title: 'Next ride', groupId: group.id, ...extra, slots, deadline: inHours(48), timeZone: 'Europe/Rome' },
    people[0]!.token,
  );
  return { groupId: group.id, poll };
}

describe('a group poll', () => {
  it('asks every member, tallies yes, maybe and no, and shows voters to its creator only', async () => {
    const [admin, anna, bruno, outsider] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const { poll } = await groupPoll([admin, anna, bruno]);
    expect(poll).toMatchObject({ askedCount: 2, answeredCount: 0, isCreator: true, winningSlotId: null });
    expect(poll.slots.map((s) => s.date)).toEqual(slots.map((s) => s.date));
    for (const who of [anna, bruno]) expect(await noticesOf(who.id, 'POLL_ASKED')).toHaveLength(1);
    // Listed with the poll's title, as the push says it.
    const listed = await t.ok('notification/list-by-user', { pagination: { page: 1, limit: 10 } }, anna.token);
    expect(listed.notifications.find((n) => n.type === 'POLL_ASKED')?.targetName).toBe('Next ride');

    const [first, second] = poll.slots;
    const answer = (who: User, answers: { slotId: string; answer: 'YES' | 'MAYBE' | 'NO' }[]) =>
      t.ok('poll/answer', { pollId: poll.pollId, answers }, who.token);
    await answer(anna, [
      { slotId: first!.slotId, answer: 'MAYBE' },
      { slotId: second!.slotId, answer: 'YES' },
    ]);
    const seen = await answer(bruno, [{ slotId: second!.slotId, answer: 'YES' }]);
    expect(seen.poll.slots[1]).toMatchObject({ tally: { yes: 2, maybe: 0, no: 0 }, mine: 'YES', voters: null });
    expect(seen.poll).toMatchObject({ answeredCount: 2, winningSlotId: second!.slotId, isCreator: false });
    // A changed mind replaces the answer.
    await answer(bruno, [{ slotId: second!.slotId, answer: 'NO' }]);
    const mine = (await t.ok('poll/read-info', { pollId: poll.pollId }, admin.token)).poll;
    expect(mine.slots[1]!.tally).toEqual({ yes: 1, maybe: 0, no: 1 });
    expect(mine.slots[1]!.voters!.no.map((v) => v.userId)).toEqual([bruno.id]);

    const refused = await t.call('poll/read-info', { pollId: poll.pollId }, outsider.token);
    expect(refused.body.error).toMatchObject({ code: 'POLL_NOT_FOUND' });
    const stranger = await t.call(
      'poll/answer',
      { pollId: poll.pollId, answers: [{ slotId: first!.slotId, answer: 'YES' }] },
      outsider.token,
    );
    expect(stranger.status).toBe(404);
  });

  it('becomes an activity on the winning date that invites exactly its yes and maybe voters', async () => {
    const [admin, yes, maybe, no, silent] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
    ];
    const { groupId, poll } = await groupPoll([admin, yes, maybe, no, silent]);
    const slot = poll.slots[2]!;
    for (const [who, answer] of [
      [yes, 'YES'],
      [maybe, 'MAYBE'],
      [no, 'NO'],
    ] as const)
      await t.ok('poll/answer', { pollId: poll.pollId, answers: [{ slotId: slot.slotId, answer }] }, who.token);

    const notCreator = await t.call(
      'poll/create-activity',
      { pollId: poll.pollId, slotId: slot.slotId, activity },
      yes.token,
    );
    expect(notCreator.body.error).toMatchObject({ code: 'FORBIDDEN' });
    const made = await t.ok(
      'poll/create-activity',
      { pollId: poll.pollId, slotId: slot.slotId, activity },
      admin.token,
    );
    expect(made.activity).toMatchObject({ date: slot.date, startTime: '18:00', endTime: '20:00', group: { groupId } });
    expect(made.poll).toMatchObject({ activityId: made.activity.activityId });
    expect(made.poll.closedAt).not.toBeNull();
    const invited = await t.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.type, 'ACTIVITY_INVITE'), eq(notifications.targetId, made.activity.activityId)));
    expect(invited.map((i) => i.userId).sort()).toEqual([yes.id, maybe.id].sort());

    const again = await t.call(
      'poll/create-activity',
      { pollId: poll.pollId, slotId: slot.slotId, activity },
      admin.token,
    );
    expect(again.body.error).toMatchObject({ code: 'POLL_ACTIVITY_EXISTS' });
    const late = await t.call(
      'poll/answer',
      { pollId: poll.pollId, answers: [{ slotId: slot.slotId, answer: 'YES' }] },
      silent.token,
    );
    expect(late.body.error).toMatchObject({ code: 'POLL_CLOSED' });
  });

  it('makes a weekly series from the winning date, its first date that day', async () => {
    const [admin, yes] = [await newUser(t), await newUser(t)];
    const { poll } = await groupPoll([admin, yes]);
    const slot = poll.slots[1]!;
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${slot.date}T12:00:00Z`).getUTCDay()];
    const made = await t.ok(
      'poll/create-activity',
      {
        pollId: poll.pollId,
        slotId: slot.slotId,
        activity: { ...activity, repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday}` } },
      },
      admin.token,
    );
    expect(made.activity).toMatchObject({ date: slot.date, series: { startDate: slot.date } });
    expect(made.poll.activityId).toBe(made.activity.activityId);
  });

  it('makes one activity from two calls at once: the second makes nothing and invites nobody', async () => {
    const [admin, yes] = [await newUser(t), await newUser(t)];
    const { poll } = await groupPoll([admin, yes]);
    const slot = poll.slots[0]!;
    await t.ok('poll/answer', { pollId: poll.pollId, answers: [{ slotId: slot.slotId, answer: 'YES' }] }, yes.token);
    const body = { pollId: poll.pollId, slotId: slot.slotId, activity: { ...activity, name: 'Only once' } };
    const answers = await Promise.all([
      t.call('poll/create-activity', body, admin.token),
      t.call('poll/create-activity', body, admin.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const made = await t.db.select({ id: activities.id }).from(activities).where(eq(activities.name, 'Only once'));
    expect(made).toHaveLength(1);
    const invites = await t.db
      .select({ targetId: notifications.targetId })
      .from(notifications)
      .where(and(eq(notifications.type, 'ACTIVITY_INVITE'), eq(notifications.userId, yes.id)));
    expect(invites.map((i) => i.targetId)).toEqual([made[0]!.id]);
  });

  it('for one sub-group asks its members and the admins, never the rest of the group', async () => {
    const [admin, inB, inA] = [await newUser(t), await newUser(t), await newUser(t)];
    const group = await newGroup(t, 'Pace club', [admin, inB, inA]);
    const level = { kind: 'DISTANCE', value: 30_000 } as const;
    const sub = async (name: string) =>
      (await t.ok('group/create-subgroup', { groupId: group.id, name, sportId: 'running', level }, admin.token))
        .subgroup;
    const [a, b] = [await sub('Pace A'), await sub('Pace B')];
    await t.ok('group/pick-subgroups', { groupId: group.id, subgroupIds: [a.subgroupId] }, inA.token);
    await t.ok('group/pick-subgroups', { groupId: group.id, subgroupIds: [b.subgroupId] }, inB.token);
    // A plain member may not ask a sub-group; the admin may.
    const refused = await t.call(
      'poll/create-new',
      {
        title: 'B ride',
        groupId: group.id,
        subgroupId: b.subgroupId,
        slots,
        deadline: inHours(48),
        timeZone: 'Europe/Rome',
      },
      inA.token,
    );
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN' });
    const { poll } = await t.ok(
      'poll/create-new',
      {
        title: 'B ride',
        groupId: group.id,
        subgroupId: b.subgroupId,
        slots,
        deadline: inHours(48),
        timeZone: 'Europe/Rome',
      },
      admin.token,
    );
    expect(poll).toMatchObject({ askedCount: 1, subgroup: { subgroupId: b.subgroupId, name: 'Pace B' } });
    expect((await t.call('poll/read-info', { pollId: poll.pollId }, inB.token)).status).toBe(200);
    expect((await t.call('poll/read-info', { pollId: poll.pollId }, inA.token)).status).toBe(404);
    expect((await t.ok('poll/list-mine', {}, inA.token)).polls.map((p) => p.pollId)).not.toContain(poll.pollId);
    expect(await noticesOf(inA.id, 'POLL_ASKED')).toHaveLength(0);
  });
});

describe('a poll to contacts', () => {
  it('asks only contacts', async () => {
    const [me, friend, stranger] = [await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: friend.id }, me.token);
    await t.ok('user/accept-connection', { userId: me.id }, friend.token);
    const base = { title: 'Climb?', slots, deadline: inHours(30), timeZone: 'Europe/Rome' };
    const refused = await t.call('poll/create-new', { ...base, userIds: [friend.id, stranger.id] }, me.token);
    expect(refused.body.error).toMatchObject({ code: 'FORBIDDEN', details: { userIds: [stranger.id] } });
    const { poll } = await t.ok('poll/create-new', { ...base, userIds: [friend.id] }, me.token);
    expect(poll.askedCount).toBe(1);
    expect((await t.ok('poll/list-mine', {}, friend.token)).polls.map((p) => p.pollId)).toContain(poll.pollId);
    expect((await t.call('poll/read-info', { pollId: poll.pollId }, stranger.token)).status).toBe(404);
  });

  it('refuses bad input with clear errors', async () => {
    const me = await newUser(t);
    const base = { title: 'Climb?', slots, deadline: inHours(30), timeZone: 'Europe/Rome' };
    const cases: [Parameters<typeof t.call<'poll/create-new'>>[1], string][] = [
      [{ ...base }, 'userIds'],
      [{ ...base, userIds: [me.id], deadline: inHours(-1) }, 'deadline'],
      [{ ...base, userIds: [me.id], deadline: inHours(24 * 61) }, 'deadline'],
      [{ ...base, userIds: [me.id], slots: [slots[0]!, slots[0]!] }, 'slots'],
    ];
    for (const [body, path] of cases) {
      const res = await t.call('poll/create-new', body, me.token);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path }] });
    }
    const past = await t.call(
      'poll/create-new',
      { ...base, userIds: [me.id], slots: [{ date: dayFromNow(-2), startTime: '09:00', endTime: '10:00' }] },
      me.token,
    );
    expect(past.body.error).toMatchObject({ code: 'ACTIVITY_TOO_SOON' });
  });
});

describe('the deadline', () => {
  it('reminds those who have not answered a day before, once, and closes the poll by itself', async () => {
    const [admin, answered, silent] = [await newUser(t), await newUser(t), await newUser(t)];
    const { poll } = await groupPoll([admin, answered, silent]);
    await t.ok(
      'poll/answer',
      { pollId: poll.pollId, answers: [{ slotId: poll.slots[0]!.slotId, answer: 'YES' }] },
      answered.token,
    );
    const job = t.modules.jobs.find((j) => j.name === 'poll-deadlines')!;
    const saved = now;
    try {
      await job.run();
      expect(await noticesOf(silent.id, 'POLL_REMINDER')).toHaveLength(0);
      now = new Date(saved.getTime() + 25 * HOUR);
      await Promise.all([job.run(), job.run()]); // two instances at once
      expect(await noticesOf(silent.id, 'POLL_REMINDER')).toHaveLength(1);
      expect(await noticesOf(answered.id, 'POLL_REMINDER')).toHaveLength(0);
      now = new Date(saved.getTime() + 49 * HOUR);
      await Promise.all([job.run(), job.run()]);
      const closed = (await t.ok('poll/read-info', { pollId: poll.pollId }, admin.token)).poll;
      expect(closed.closedAt).toBe(poll.deadline);
      expect(await noticesOf(admin.id, 'POLL_CLOSED')).toHaveLength(1);
      const late = await t.call(
        'poll/answer',
        { pollId: poll.pollId, answers: [{ slotId: poll.slots[0]!.slotId, answer: 'NO' }] },
        silent.token,
      );
      expect(late.body.error).toMatchObject({ code: 'POLL_CLOSED' });
    } finally {
      now = saved;
    }
  });
});

describe('the winning date', () => {
  const slot = (slotId: string, yes: number, maybe: number) => ({ slotId, tally: { yes, maybe, no: 0 } });
  it('has most yes, then most maybe, then comes first; none without a yes or maybe', () => {
    expect(winner([slot('a', 1, 3), slot('b', 2, 0), slot('c', 2, 1)])).toBe('c');
    expect(winner([slot('a', 2, 1), slot('b', 2, 1)])).toBe('a');
    expect(winner([slot('a', 0, 0)])).toBeNull();
  });
});
