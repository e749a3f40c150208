import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, listen, openSocket, type TestSocket, until } from '../../../test/chat-factories.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { activities, activityMembers, notifications, pushOutbox } from '../../db/schema.ts';
import { pushText } from '../notifications/push-messages.ts';

let clock = Date.now();
let t: TestApp;
let url: string;
const sockets: TestSocket[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
  url = await listen(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The waitlist job, as every instance runs it. */
const run = () => t.modules.services.seats.run();
type User = Awaited<ReturnType<typeof newUser>>;

const read = async (activityId: string, user: User) =>
  (await t.ok('activity/read-info', { activityId }, user.token)).activity;
const join = async (activityId: string, user: User) =>
  (await t.ok('activity/participate', { activityId }, user.token)).activity;

/** How many people hold a seat offer on the activity now (the job serves every activity: counts are per activity). */
async function offersIn(activityId: string) {
  const rows = await t.db
    .select({ offer: activityMembers.offerExpiresAt })
    .from(activityMembers)
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'WAITLISTED')));
  return rows.filter((r) => r.offer && r.offer.getTime() > clock).length;
}

async function notificationsOf(userId: string, type: string, activityId: string) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, activityId)));
}

/** An organiser's activity `days` ahead with `seats`, filled by `fill` more people; the people. */
async function full(seats: number, fill: number, extra: Record<string, unknown> = {}, days = 3) {
  const organiser = await newUser(t);
  const activity = await newActivity(t, organiser, { seats, date: dayFromNow(days), ...extra });
  const people: User[] = [];
  for (let i = 0; i < fill; i++) {
    const p = await newUser(t);
    await join(activity.activityId, p);
    people.push(p);
  }
  return { organiser, activity, activityId: activity.activityId, people };
}

function edit(activity: Awaited<ReturnType<typeof read>>, changes: Record<string, unknown>) {
  const { activityId, name, sportId, date, startTime, endTime, timeZone, access, visibility, difficulty } = activity;
  return { activityId, name, sportId, date, startTime, endTime, timeZone, access, visibility, difficulty, ...changes };
}

describe('seats', () => {
  it('count everyone taking part, organiser included; a full activity puts joiners on the waitlist in join order', async () => {
    const { organiser, activityId, people } = await full(3, 2);
    const summary = await read(activityId, organiser);
    expect(summary).toMatchObject({ seats: 3, seatsLeft: 0, participantsCount: 3, waitlistCount: 0 });

    const [fourth, fifth] = [await newUser(t), await newUser(t)];
    const waiting = await join(activityId, fourth);
    expect(waiting).toMatchObject({ status: 'WAITLISTED', waitlist: { position: 1, offerExpiresAt: null } });
    expect((await join(activityId, fifth)).waitlist).toEqual({ position: 2, offerExpiresAt: null });
    expect(await read(activityId, organiser)).toMatchObject({ participantsCount: 3, waitlistCount: 2, seatsLeft: 0 });
    // Joining again is refused; the cards (nearby) show the seats too.
    const again = await t.call('activity/participate', { activityId }, fourth.token);
    expect(again.body).toMatchObject({ error: { code: 'ALREADY_WAITLISTED' } });
    const { activities } = await t.ok(
      'activity/nearby-activities',
      { latitude: 45.4642, longitude: 9.19, radiusKm: 5, pagination: { page: 1, limit: 50 } },
      fourth.token,
    );
    expect(activities.find((a) => a.activityId === activityId)).toMatchObject({ seats: 3, seatsLeft: 0 });

    // Nobody waiting may be offered a seat while none is free.
    await run();
    expect(await offersIn(activityId)).toBe(0);
    expect(people).toHaveLength(2);
  });

  it('cannot go below the people taking part; raised, they go to those waiting', async () => {
    const { organiser, activityId } = await full(2, 1);
    const waiting = [await newUser(t), await newUser(t)];
    for (const p of waiting) await join(activityId, p);
    const activity = await read(activityId, organiser);
    const below = await t.call('activity/update-existing', edit(activity, { seats: 1 }) as never, organiser.token);
    expect(below.status).toBe(409);
    expect(below.body).toMatchObject({ error: { code: 'SEATS_BELOW_CONFIRMED' } });
    // An edit that leaves the seats out keeps them.
    await t.ok('activity/update-existing', edit(activity, { name: 'Evening run' }) as never, organiser.token);
    expect((await read(activityId, organiser)).seats).toBe(2);
    await t.ok('activity/update-existing', edit(activity, { seats: 4 }) as never, organiser.token);
    await run();
    expect(await offersIn(activityId)).toBe(2);
    for (const p of waiting) expect((await read(activityId, p)).waitlist?.offerExpiresAt).not.toBeNull();
  });
});

describe('timed offers, by moving the clock', () => {
  it('a freed seat is offered to the first person waiting (notification, push, live event); claiming seats them', async () => {
    const { organiser, activityId, people } = await full(3, 2, { name: 'Grigna' });
    const [fourth, fifth] = [await newUser(t), await newUser(t)];
    await join(activityId, fourth);
    await join(activityId, fifth);
    await t.ok('user/update-notification-token', { token: 'fourth-phone', platform: 'ios' }, fourth.token);
    const socket = await openSocket(url, fourth.token);
    sockets.push(socket);
    const live = collect(socket, 'seat');

    await t.ok('activity/exit', { activityId }, people[0]!.token);
    // The job's next run, 30 s later, offers it for the default 2 h.
    clock += 30_000;
    await run();
    expect(await offersIn(activityId)).toBe(1);
    const expiresAt = new Date(clock + 120 * MINUTE).toISOString();
    expect((await read(activityId, fourth)).waitlist).toEqual({ position: 1, offerExpiresAt: expiresAt });
    expect((await read(activityId, fifth)).waitlist).toEqual({ position: 2, offerExpiresAt: null });
    expect(await notificationsOf(fourth.id, 'ACTIVITY_SEAT_OFFER', activityId)).toMatchObject([{ reason: expiresAt }]);
    const [push] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'fourth-phone'));
    expect(push?.payload).toMatchObject({ type: 'ACTIVITY_SEAT_OFFER', targetName: 'Grigna' });
    expect(pushText('it', 'ACTIVITY_SEAT_OFFER', { target: 'Grigna' }).body).toContain('Grigna');
    await until(() => live.length === 1, 5000, 'the live offer');
    expect(live[0]).toEqual({ activityId, kind: 'offered', expiresAt });
    // Two instances running the job again offer nothing more.
    await Promise.all([run(), run()]);
    expect(await offersIn(activityId)).toBe(1);
    expect(await notificationsOf(fourth.id, 'ACTIVITY_SEAT_OFFER', activityId)).toHaveLength(1);

    // Someone who joins now waits behind them; the fifth cannot claim what was not offered.
    const refused = await t.call('activity/claim-seat', { activityId }, fifth.token);
    expect(refused.body).toMatchObject({ error: { code: 'NO_SEAT_OFFER' } });
    const claimed = (await t.ok('activity/claim-seat', { activityId }, fourth.token)).activity;
    expect(claimed).toMatchObject({ status: 'PARTICIPATING', waitlist: null, participantsCount: 3 });
    expect(claimed.chatId).not.toBeNull();
    expect((await read(activityId, fifth)).waitlist).toEqual({ position: 1, offerExpiresAt: null });
    expect(await read(activityId, organiser)).toMatchObject({ waitlistCount: 1, seatsLeft: 0 });
  });

  it('an unclaimed offer passes to the next person, and so does a declined one', async () => {
    const { activityId, people } = await full(2, 1, { claimWindowMinutes: 30 });
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const p of [a, b, c]) await join(activityId, p);
    await t.ok('activity/exit', { activityId }, people[0]!.token);
    await run();
    // The organiser's window: 30 min.
    expect((await read(activityId, a)).waitlist?.offerExpiresAt).toBe(new Date(clock + 30 * MINUTE).toISOString());

    clock += 29 * MINUTE;
    await run();
    expect((await read(activityId, b)).waitlist?.offerExpiresAt).toBeNull();
    clock += 2 * MINUTE;
    const late = await t.call('activity/claim-seat', { activityId }, a.token);
    expect(late.body).toMatchObject({ error: { code: 'NO_SEAT_OFFER' } });
    await run();
    expect((await read(activityId, a)).status).toBe('NONE');
    expect((await read(activityId, b)).waitlist).toMatchObject({ position: 1 });
    expect((await read(activityId, b)).waitlist?.offerExpiresAt).not.toBeNull();

    const declined = (await t.ok('activity/decline-seat', { activityId }, b.token)).activity;
    expect(declined).toMatchObject({ status: 'NONE', waitlist: null });
    await run();
    expect((await read(activityId, c)).waitlist?.offerExpiresAt).not.toBeNull();
  });

  it('times each freed seat to its offer (cordata_seat_offer_latency_seconds), from a mark kept in the database', async () => {
    const latency = async () => {
      const { values } = await t.metrics.registry.getSingleMetric('cordata_seat_offer_latency_seconds')!.get();
      const named = values as { metricName?: string; value: number }[];
      const of = (name: string) => named.find((v) => v.metricName === name)?.value ?? 0;
      return {
        count: of('cordata_seat_offer_latency_seconds_count'),
        sum: of('cordata_seat_offer_latency_seconds_sum'),
      };
    };
    const freedAt = async (activityId: string) =>
      (await t.db.select({ at: activities.seatFreedAt }).from(activities).where(eq(activities.id, activityId)))[0]!.at;
    const { organiser, activityId, people } = await full(2, 1, { claimWindowMinutes: 30 });
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const p of [a, b, c]) await join(activityId, p);
    const before = await latency();

    // Someone leaves: the moment is written on the activity (any instance's job, or one restarted, finds it).
    await t.ok('activity/exit', { activityId }, people[0]!.token);
    const left = clock;
    expect((await freedAt(activityId))?.getTime()).toBe(left);
    clock += 40_000;
    await run();
    expect(await latency()).toEqual({ count: before.count + 1, sum: before.sum + 40 });
    expect(await freedAt(activityId)).toBeNull();

    // An offer that runs out frees its seat at its expiry: the next offer counts from there.
    clock += 30 * MINUTE + 25_000;
    await run();
    expect((await read(activityId, b)).waitlist?.offerExpiresAt).not.toBeNull();
    expect(await latency()).toEqual({ count: before.count + 2, sum: before.sum + 40 + 25 });

    // Seats raised: free from the edit.
    await t.ok(
      'activity/update-existing',
      edit(await read(activityId, organiser), { seats: 3 }) as never,
      organiser.token,
    );
    clock += 10_000;
    await run();
    expect((await read(activityId, c)).waitlist?.offerExpiresAt).not.toBeNull();
    expect(await latency()).toEqual({ count: before.count + 3, sum: before.sum + 40 + 25 + 10 });

    // A seat freed with nobody waiting for it marks nothing, so a later offer is not timed from it.
    await t.ok('activity/claim-seat', { activityId }, b.token);
    await t.ok('activity/claim-seat', { activityId }, c.token);
    await t.ok('activity/exit', { activityId }, b.token);
    expect(await freedAt(activityId)).toBeNull();
  });

  it('once the start is less than 6 h away, an offer lasts 15 min, and never past the start', async () => {
    const { activity, activityId, people } = await full(2, 1, { claimWindowMinutes: 600 }, 4);
    const waiting = await newUser(t);
    await join(activityId, waiting);
    const startsAt = new Date(activity.startsAt).getTime();
    clock = startsAt - 6 * HOUR + MINUTE;
    await t.ok('activity/exit', { activityId }, people[0]!.token);
    await run();
    expect((await read(activityId, waiting)).waitlist?.offerExpiresAt).toBe(
      new Date(clock + 15 * MINUTE).toISOString(),
    );

    // Far from the start the organiser's 10 h would run past it: it ends at the start.
    const other = await full(2, 1, { claimWindowMinutes: 600 }, 5);
    const next = await newUser(t);
    await join(other.activityId, next);
    clock = new Date(other.activity.startsAt).getTime() - 8 * HOUR;
    await t.ok('activity/exit', { activityId: other.activityId }, other.people[0]!.token);
    await run();
    expect((await read(other.activityId, next)).waitlist?.offerExpiresAt).toBe(other.activity.startsAt);
  });
});

describe('the join deadline', () => {
  it('past it, joining waits and leaving tells the organisers', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { date: dayFromNow(3), joinDeadlineHours: 24 });
    const activityId = activity.activityId;
    const early = await newUser(t);
    expect((await join(activityId, early)).status).toBe('PARTICIPATING');
    expect((await read(activityId, early)).joinDeadlineAt).toBe(
      new Date(new Date(activity.startsAt).getTime() - 24 * HOUR).toISOString(),
    );
    // Leaving before the deadline tells nobody.
    const leaver = await newUser(t);
    await join(activityId, leaver);
    await t.ok('activity/exit', { activityId }, leaver.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_LATE_LEAVE', activityId)).toEqual([]);

    clock = new Date(activity.startsAt).getTime() - 23 * HOUR;
    const late = await newUser(t);
    expect((await join(activityId, late)).waitlist).toEqual({ position: 1, offerExpiresAt: null });
    // Without seats, nobody gets in past the deadline but by an organiser's pick.
    await run();
    expect(await offersIn(activityId)).toBe(0);
    await t.ok('activity/exit', { activityId }, early.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_LATE_LEAVE', activityId)).toMatchObject([
      { actorId: early.id },
    ]);
    await run();
    expect(await offersIn(activityId)).toBe(0);
    const { waitlist } = await t.ok('activity/pick-from-waitlist', { activityId, userId: late.id }, organiser.token);
    expect(waitlist[0]).toMatchObject({ userId: late.id, position: 1 });
    expect(waitlist[0]!.offerExpiresAt).not.toBeNull();
    expect((await t.ok('activity/claim-seat', { activityId }, late.token)).activity.status).toBe('PARTICIPATING');
  });
});

describe('organisers and the waitlist', () => {
  it('reorder and hand-pick, every override recorded and shown to organisers only', async () => {
    const { organiser, activityId, people } = await full(2, 1);
    const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const p of [a, b, c]) {
      await join(activityId, p);
      clock += 1000;
    }
    const order = async () =>
      (await t.ok('activity/list-waitlist', { activityId }, organiser.token)).waitlist.map((w) => w.userId);
    expect(await order()).toEqual([a.id, b.id, c.id]);
    const forbidden = await t.call('activity/list-waitlist', { activityId }, people[0]!.token);
    expect(forbidden.status).toBe(403);

    const moved = await t.ok('activity/move-in-waitlist', { activityId, userId: c.id, position: 2 }, organiser.token);
    expect(moved.waitlist.map((w) => w.userId)).toEqual([a.id, c.id, b.id]);
    expect((await read(activityId, c)).waitlist?.position).toBe(2);
    const picked = await t.ok('activity/pick-from-waitlist', { activityId, userId: b.id }, organiser.token);
    expect(picked.waitlist.map((w) => w.userId)).toEqual([b.id, a.id, c.id]);
    // Full: the pick is first in line for the next seat, not a seat.
    expect(picked.waitlist[0]!.offerExpiresAt).toBeNull();
    expect(picked.overrides).toMatchObject([
      { kind: 'PICK', actor: { userId: organiser.id }, user: { userId: b.id }, fromPosition: 3, toPosition: 1 },
      { kind: 'MOVE', actor: { userId: organiser.id }, user: { userId: c.id }, fromPosition: 3, toPosition: 2 },
    ]);
    const stranger = await t.call(
      'activity/move-in-waitlist',
      { activityId, userId: people[0]!.id, position: 1 },
      organiser.token,
    );
    expect(stranger.body).toMatchObject({ error: { code: 'WAITLIST_ENTRY_NOT_FOUND' } });

    await t.ok('activity/exit', { activityId }, people[0]!.token);
    await run();
    expect(await offersIn(activityId)).toBe(1);
    expect((await read(activityId, b)).waitlist?.offerExpiresAt).not.toBeNull();
  });

  it('an organiser removes someone from the waitlist: recorded, and an offer they held passes to the next', async () => {
    const { organiser, activityId, people } = await full(2, 1);
    const [a, b] = [await newUser(t), await newUser(t)];
    for (const p of [a, b]) {
      await join(activityId, p);
      clock += 1000;
    }
    const refused = await t.call('activity/remove-from-waitlist', { activityId, userId: b.id }, people[0]!.token);
    expect(refused.status).toBe(403);
    await t.ok('activity/exit', { activityId }, people[0]!.token);
    await run();
    expect((await read(activityId, a)).waitlist?.offerExpiresAt).not.toBeNull();

    const socket = await openSocket(url, a.token);
    sockets.push(socket);
    const events = collect(socket, 'seat');
    const removed = await t.ok('activity/remove-from-waitlist', { activityId, userId: a.id }, organiser.token);
    expect(removed.waitlist.map((w) => w.userId)).toEqual([b.id]);
    expect(removed.overrides).toMatchObject([
      { kind: 'REMOVE', actor: { userId: organiser.id }, user: { userId: a.id }, fromPosition: 1, toPosition: 0 },
    ]);
    await until(() => events.length > 0, 5000, 'the live removal');
    expect(events[0]).toEqual({ activityId, kind: 'removed' });
    expect((await read(activityId, a)).status).toBe('NONE');
    await run();
    expect((await read(activityId, b)).waitlist?.offerExpiresAt).not.toBeNull();
    const again = await t.call('activity/remove-from-waitlist', { activityId, userId: a.id }, organiser.token);
    expect(again.body).toMatchObject({ error: { code: 'WAITLIST_ENTRY_NOT_FOUND' } });
  });

  it('after a seat is confirmed, the overlapping waitlists are offered to be left', async () => {
    const first = await full(2, 1);
    const other = await full(1, 0);
    const person = await newUser(t);
    await join(first.activityId, person);
    await join(other.activityId, person);
    await t.ok('activity/exit', { activityId: first.activityId }, first.people[0]!.token);
    await run();
    const { activity } = await t.ok('activity/claim-seat', { activityId: first.activityId }, person.token);
    const waiting = await read(other.activityId, person);
    expect(activity.overlappingWaitlists).toEqual([
      { activityId: other.activityId, name: 'Morning run', startsAt: waiting.startsAt, endsAt: waiting.endsAt },
    ]);
    await t.ok('activity/exit', { activityId: other.activityId }, person.token);
    expect((await read(first.activityId, person)).overlappingWaitlists).toEqual([]);
  });
});
