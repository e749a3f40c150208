import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { collect, listen, openSocket, until } from '../../../test/chat-factories.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { notifications, pushOutbox, pushTokens, users } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { createNotifier, toOrganisers } from './notifier.ts';
import { createPushQueue } from './push.ts';
import { pushText } from './push-messages.ts';

// Organisers are told of joins, waitlist joins, late leaves and taken seats, batched (docs/notifications.md).

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
type User = Awaited<ReturnType<typeof newUser>>;

const join = async (activityId: string, user: User) =>
  (await t.ok('activity/participate', { activityId }, user.token)).activity;

const notificationsOf = (userId: string, type: string, activityId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, activityId)))
    .orderBy(notifications.id);

/** The batching window is measured on the stored rows: moving the clock past it is ageing them. */
const age = (userId: string, minutes: number) =>
  t.db
    .update(notifications)
    .set({ createdAt: sql`${notifications.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(notifications.userId, userId));

async function registerPush(userId: string) {
  const { sessionId } = await t.core.tokens.issue(userId);
  await t.db.insert(pushTokens).values({ userId, sessionId, token: `tok-${userId}`, platform: 'android' });
}

const pushesOf = (userId: string) => t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, userId));

describe('the organiser is told', () => {
  it('of a join at once; later joins within 30 min fold into it without a push; after the window, a new one', async () => {
    const organiser = await newUser(t);
    await registerPush(organiser.id);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3) });
    const [anna, bruno, carla, dario] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];

    await join(activityId, anna);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toMatchObject([
      { actorId: anna.id, reason: null, readAt: null },
    ]);
    expect(await pushesOf(organiser.id)).toHaveLength(1);
    await t.ok('notification/mark-all-as-read', undefined, organiser.token);

    await join(activityId, bruno);
    await join(activityId, carla);
    const folded = await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId);
    // One notification, unread again, "Anna and 2 more": no second push.
    expect(folded).toMatchObject([{ actorId: anna.id, reason: '+2', readAt: null }]);
    expect(await pushesOf(organiser.id)).toHaveLength(1);
    const { notifications: listed } = await t.ok(
      'notification/list-by-user',
      { pagination: { page: 1, limit: 10 } },
      organiser.token,
    );
    expect(listed.filter((n) => n.type === 'ACTIVITY_JOINED')).toMatchObject([{ reason: '+2', read: false }]);

    // The digest push waits for the window to close, then goes out once, whichever instance runs the job.
    const digests = t.modules.services.organiserDigests;
    expect(await digests.run()).toBe(0);
    await age(organiser.id, 31);
    await Promise.all([digests.run(), digests.run()]);
    expect(await digests.run()).toBe(0);
    const pushes = await pushesOf(organiser.id);
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.payload).toMatchObject({ type: 'ACTIVITY_JOINED', reason: '+2', actorId: anna.id });

    await join(activityId, dario);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toMatchObject([
      { actorId: anna.id, reason: '+2' },
      { actorId: dario.id, reason: null },
    ]);
    expect(await pushesOf(organiser.id)).toHaveLength(3);
  });

  it("live, with the joiner's name: a join's notice is stored by the seat's own statement (issue 43)", async () => {
    const organiser = await newUser(t);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3) });
    const [anna, bruno] = [await newUser(t), await newUser(t)];
    const socket = await openSocket(await listen(t), organiser.token);
    try {
      const received = collect(socket, 'notification');
      await join(activityId, anna);
      await until(() => received.length === 1, 10_000, 'the notice of the first join');
      await join(activityId, bruno);
      await until(() => received.length === 2, 10_000, 'the notice folded in');
      const [stored] = await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId);
      expect(received).toMatchObject([
        { notificationId: stored!.id, type: 'ACTIVITY_JOINED', targetId: activityId, reason: null, read: false },
        { notificationId: stored!.id, reason: '+1', read: false },
      ]);
      expect(received.map((n) => n.actor?.userId)).toEqual([anna.id, anna.id]);
      expect(received[0]!.actor?.firstName).toBe(anna.firstName);
      expect(received[0]!.targetName).toBeTruthy();
      expect(new Date(received[0]!.createdAt).getTime()).toBe(stored!.createdAt.getTime());
    } finally {
      socket.close();
    }
  });

  it('of a waitlist join, of a seat taken from the waitlist, each batched on its own', async () => {
    const organiser = await newUser(t);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3), seats: 2 });
    const [seated, first, second] = [await newUser(t), await newUser(t), await newUser(t)];
    await join(activityId, seated);
    expect((await join(activityId, first)).status).toBe('WAITLISTED');
    expect((await join(activityId, second)).status).toBe('WAITLISTED');
    expect(await notificationsOf(organiser.id, 'ACTIVITY_WAITLISTED', activityId)).toMatchObject([
      { actorId: first.id, reason: '+1' },
    ]);

    await t.ok('activity/exit', { activityId }, seated.token);
    await t.modules.services.seats.run();
    await t.ok('activity/claim-seat', { activityId }, first.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_SEAT_TAKEN', activityId)).toMatchObject([
      { actorId: first.id, reason: null },
    ]);
    // A join is not a seat taken, nor the other way round.
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toMatchObject([
      { actorId: seated.id, reason: null },
    ]);
  });

  it('of a leave within 24 h of the start (SOON), not of one earlier; after the deadline as before', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { date: dayFromNow(3) });
    const activityId = activity.activityId;
    const [early, late, later] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const p of [early, late, later]) await join(activityId, p);

    await t.ok('activity/exit', { activityId }, early.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_LATE_LEAVE', activityId)).toEqual([]);

    clock = new Date(activity.startsAt).getTime() - 20 * HOUR;
    await t.ok('activity/exit', { activityId }, late.token);
    await t.ok('activity/exit', { activityId }, later.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_LATE_LEAVE', activityId)).toMatchObject([
      { actorId: late.id, reason: 'SOON +1' },
    ]);

    clock = Date.now();
    const withDeadline = await newActivity(t, organiser, { date: dayFromNow(3), joinDeadlineHours: 48 });
    const p = await newUser(t);
    await join(withDeadline.activityId, p);
    clock = new Date(withDeadline.startsAt).getTime() - 40 * HOUR;
    await t.ok('activity/exit', { activityId: withDeadline.activityId }, p.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_LATE_LEAVE', withDeadline.activityId)).toMatchObject([
      { actorId: p.id, reason: null },
    ]);
  });

  it('of nothing of a type they turned off (not even in the list); the other types still come', async () => {
    const organiser = await newUser(t);
    await t.ok('user/update-notification-preferences', { preferences: { ACTIVITY_JOINED: false } }, organiser.token);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3), seats: 2 });
    await join(activityId, await newUser(t));
    await join(activityId, await newUser(t));
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toEqual([]);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_WAITLISTED', activityId)).toHaveLength(1);
  });

  it('every one of them, as they are when someone joins or asks: a co-admin, not a participant or a former admin', async () => {
    const [organiser, coAdmin, former, participant] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
    ];
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3) });
    for (const person of [coAdmin, former, participant]) await join(activityId, person);
    for (const person of [coAdmin, former])
      await t.ok('activity/make-admin', { activityId, userId: person.id }, organiser.token);
    await t.ok('activity/remove-admin', { activityId, userId: former.id }, organiser.token);
    await t.db.delete(notifications);

    await join(activityId, await newUser(t));
    const told = async (type: string) =>
      (await t.db.select().from(notifications).where(eq(notifications.type, type))).map((n) => n.userId).sort();
    expect(await told('ACTIVITY_JOINED')).toEqual([organiser.id, coAdmin.id].sort());

    const closed = await newActivity(t, organiser, { date: dayFromNow(3), access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: closed.activityId }, coAdmin.token);
    await t.ok('activity/accept-request', { activityId: closed.activityId, userId: coAdmin.id }, organiser.token);
    await t.ok('activity/make-admin', { activityId: closed.activityId, userId: coAdmin.id }, organiser.token);
    await t.db.delete(notifications);
    await t.ok('activity/request-access', { activityId: closed.activityId }, participant.token);
    expect(await told('ACTIVITY_REQUEST')).toEqual([organiser.id, coAdmin.id].sort());
  });

  it('not of an organiser accepting a request themself', async () => {
    const organiser = await newUser(t);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3), access: 'CLOSED' });
    const asker = await newUser(t);
    await t.ok('activity/request-access', { activityId }, asker.token);
    await t.ok('activity/accept-request', { activityId, userId: asker.id }, organiser.token);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toEqual([]);
  });

  it('not of someone in a blocked pair with them: neither a notification nor a count folded in', async () => {
    const [organiser, friend, blocked] = [await newUser(t), await newUser(t), await newUser(t)];
    await t.ok('user/block', { userId: blocked.id }, organiser.token);
    const { activityId } = await newActivity(t, organiser, { date: dayFromNow(3) });
    const sent: string[] = [];
    const realtime = { toUser: (userId: string) => sent.push(userId) } as unknown as Realtime;
    const notifier = createNotifier({ db: t.db, realtime, push: createPushQueue({ db: t.db }) });
    const tell = (actorId: string) =>
      notifier.notify({
        userIds: [organiser.id],
        type: 'ACTIVITY_JOINED',
        targetId: activityId,
        actorId,
        ...toOrganisers,
      });

    await tell(blocked.id);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toEqual([]);
    await tell(friend.id);
    await tell(blocked.id);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toMatchObject([
      { actorId: friend.id, reason: null },
    ]);
    await tell(friend.id);
    // A fold goes out live too, so the open list and badge update.
    expect(sent).toEqual([organiser.id, organiser.id]);
    expect(await notificationsOf(organiser.id, 'ACTIVITY_JOINED', activityId)).toMatchObject([{ reason: '+1' }]);
    const [row] = await t.db.select().from(users).where(eq(users.id, organiser.id));
    expect(row).toBeDefined();
  });
});

describe('the texts (push, en and it)', () => {
  const v = { actor: 'Anna Rossi', target: 'Sunday ride' };
  it('name the first person and count the others', () => {
    expect(pushText('en', 'ACTIVITY_JOINED', v).body).toBe('Anna Rossi joined Sunday ride');
    expect(pushText('en', 'ACTIVITY_JOINED', { ...v, reason: '+3' }).body).toBe(
      'Anna Rossi and 3 more joined Sunday ride',
    );
    expect(pushText('it', 'ACTIVITY_JOINED', { ...v, reason: '+1' }).body).toBe(
      "Anna Rossi e un'altra persona partecipano a Sunday ride",
    );
    expect(pushText('it', 'ACTIVITY_WAITLISTED', v).body).toBe("Anna Rossi è in lista d'attesa per Sunday ride");
    expect(pushText('en', 'ACTIVITY_SEAT_TAKEN', v).body).toBe('Anna Rossi took a freed seat in Sunday ride');
    expect(pushText('it', 'ACTIVITY_SEAT_TAKEN', { ...v, reason: '+2' }).body).toBe(
      'Anna Rossi e altre 2 persone hanno preso posti liberati in Sunday ride',
    );
    expect(pushText('en', 'ACTIVITY_LATE_LEAVE', v).body).toBe('Anna Rossi left Sunday ride after the join deadline');
    expect(pushText('en', 'ACTIVITY_LATE_LEAVE', { ...v, reason: 'SOON' }).body).toBe(
      'Anna Rossi left Sunday ride, which starts within 24 h',
    );
    expect(pushText('it', 'ACTIVITY_LATE_LEAVE', { ...v, reason: 'SOON +2' }).body).toBe(
      'Anna Rossi e altre 2 persone hanno lasciato Sunday ride, che inizia entro 24 ore',
    );
  });
});
