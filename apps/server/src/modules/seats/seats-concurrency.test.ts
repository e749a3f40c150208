import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { activityMembers } from '../../db/schema.ts';

// Issue 22: two people claiming the last seat at once, exactly one gets it; fifty at once, too. PGlite by default;
// PostgreSQL, with real concurrency, when TEST_DATABASE_URL is set (the claims then run on separate connections).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const N = 50;

async function members(activityId: string, state: 'PARTICIPATING' | 'WAITLISTED') {
  const rows = await t.db
    .select({ userId: activityMembers.userId })
    .from(activityMembers)
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, state)));
  return rows.map((r) => r.userId);
}

async function people(n: number) {
  const list: User[] = [];
  for (let i = 0; i < n; i++) list.push(await newUser(t));
  return list;
}

function edit(activity: Awaited<ReturnType<typeof newActivity>>, seats: number) {
  const { activityId, name, sportId, date, startTime, endTime, timeZone, access, visibility, difficulty } = activity;
  return { activityId, name, sportId, date, startTime, endTime, timeZone, access, visibility, difficulty, seats };
}

describe('the last seat', () => {
  it(`${N} simultaneous claims of one seat: exactly one is seated, the others stay first in line`, async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { seats: 1, date: dayFromNow(3) });
    const { activityId } = activity;
    const waiting = await people(N);
    for (const p of waiting) await t.ok('activity/participate', { activityId }, p.token);
    expect(await members(activityId, 'WAITLISTED')).toHaveLength(N);

    // The organiser adds 50 seats (everyone is offered one), then takes 49 back: 50 offers out, 1 seat free.
    await t.ok('activity/update-existing', edit(activity, N + 1) as never, organiser.token);
    await t.modules.services.seats.run();
    for (const p of waiting)
      expect(
        (await t.ok('activity/read-info', { activityId }, p.token)).activity.waitlist?.offerExpiresAt,
      ).not.toBeNull();
    await t.ok('activity/update-existing', edit(activity, 2) as never, organiser.token);

    const answers = await Promise.all(waiting.map((p) => t.call('activity/claim-seat', { activityId }, p.token)));
    const seated = answers.filter((a) => a.status === 200);
    expect(seated).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) {
      expect(a.status).toBe(409);
      expect(a.body).toMatchObject({ error: { code: 'ACTIVITY_FULL' } });
    }
    const participating = await members(activityId, 'PARTICIPATING');
    expect(participating).toHaveLength(2);
    expect(await members(activityId, 'WAITLISTED')).toHaveLength(N - 1);
    const summary = (await t.ok('activity/read-info', { activityId }, organiser.token)).activity;
    expect(summary).toMatchObject({ participantsCount: 2, seats: 2, seatsLeft: 0, waitlistCount: N - 1 });
  });

  it(`${N} simultaneous joins for one free seat: one takes it, the others wait in a line with no gaps`, async () => {
    const organiser = await newUser(t);
    const { activityId } = await newActivity(t, organiser, { seats: 2, date: dayFromNow(4) });
    const joiners = await people(N);
    const answers = await Promise.all(joiners.map((p) => t.call('activity/participate', { activityId }, p.token)));
    expect(answers.map((a) => a.status)).toEqual(joiners.map(() => 200));
    const statuses = answers.map((a) => (a.body as { activity: { status: string } }).activity.status);
    expect(statuses.filter((s) => s === 'PARTICIPATING')).toHaveLength(1);
    expect(statuses.filter((s) => s === 'WAITLISTED')).toHaveLength(N - 1);
    const positions = answers
      .map((a) => (a.body as { activity: { waitlist: { position: number } | null } }).activity.waitlist?.position)
      .filter((p): p is number => p !== undefined);
    // Each saw its own place as it joined: every place from 1 to 49 once.
    expect([...positions].sort((a, b) => a - b)).toEqual(Array.from({ length: N - 1 }, (_, i) => i + 1));
    expect(await members(activityId, 'PARTICIPATING')).toHaveLength(2);
  });
});
