import type { Activity } from '@cordata/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser, TEST_PASSWORD } from '../../../test/factories.ts';
import { recordStatements, type SentStatement, unprepared } from '../../../test/statements.ts';
import {
  activities,
  activityMembers,
  activitySeries,
  chatMembers,
  messages,
  notifications,
  pushOutbox,
  pushTokens,
  sessions,
  userBlocks,
  userSports,
} from '../../db/schema.ts';
import { createMembershipRepository } from '../membership/membership.repository.ts';
import { createActivitiesRepository } from './activities.repository.ts';

/**
 * Issue 17: the answer after a join or exit (and read-info) reads its counts, chat, series and the participants'
 * levels with the activity's row in one prepared statement, and the hot writes (sign-in, the chat's JOINED/LEFT
 * events, notifications and their pushes) are prepared statements. These tests prove the answers and the rows
 * written are what the separate statements gave; on PostgreSQL they also check what is sent.
 */

let t: TestApp;
beforeAll(async () => {
  // The session cache on, as in production: a call's statements are then its own (and the session check's once).
  t = await createTestApp({ SESSION_CACHE_MS: '30000' });
});
afterAll(() => t.close());

const sorted = <T>(items: T[]) => [...items].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

// The reads `activity_detail` replaced, kept here only as the reference it is checked against: written apart from
// it (joins where it has subqueries), so that a mistake in one is not repeated in the other.

/** People taking part whom the viewer has blocked. */
async function blockedParticipantsCount(activityId: string, viewer: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(activityMembers)
    .innerJoin(userBlocks, and(eq(userBlocks.blockedId, activityMembers.userId), eq(userBlocks.blockerId, viewer)))
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')));
  return row?.n ?? 0;
}

/** The levels the participants declared for the sport. */
function participantLevels(activityId: string, sportId: string) {
  return t.db
    .select({ kind: userSports.intensityKind, value: userSports.intensityValue })
    .from(activityMembers)
    .innerJoin(userSports, and(eq(userSports.userId, activityMembers.userId), eq(userSports.sportId, sportId)))
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')));
}

/** What the answer says of the activity's series (a single activity has none). */
async function seriesRef(activityId: string) {
  const [row] = await t.db
    .select({
      seriesId: activitySeries.id,
      rule: activitySeries.rule,
      startDate: activitySeries.startDate,
      exDates: activitySeries.exDates,
      occurrenceDate: activities.occurrenceDate,
    })
    .from(activities)
    .innerJoin(activitySeries, eq(activitySeries.id, activities.seriesId))
    .where(eq(activities.id, activityId));
  return row ? { ...row, occurrenceDate: row.occurrenceDate ?? row.startDate } : null;
}

describe('the activity answer in one statement', () => {
  it('agrees with the separate reads, for an organiser, a co-admin, a participant, the waitlisted and outsiders', async () => {
    const [ada, bea, carl, dan, eve] = [
      await newUser(t),
      await newUser(t, { sports: [{ sportId: 'running', kind: 'PACE', value: 330 }] }),
      await newUser(t, { sports: [{ sportId: 'running', kind: 'DISTANCE', value: 21_000 }] }),
      await newUser(t),
      await newUser(t),
    ];
    const activity = await newActivity(t, ada, { seats: 3 });
    const id = activity.activityId;
    await t.ok('activity/participate', { activityId: id }, bea.token);
    await t.ok('activity/participate', { activityId: id }, carl.token);
    const waiting = await t.ok('activity/participate', { activityId: id }, dan.token);
    expect(waiting.activity.status).toBe('WAITLISTED');
    await t.ok('activity/make-admin', { activityId: id, userId: bea.id }, ada.token);
    // A pending request (as a closed activity would have), and a participant the organiser blocked.
    await createMembershipRepository(t.db).put('activity', { objectId: id, userIds: [eve.id], state: 'REQUESTED' });
    await t.ok('user/block', { userId: carl.id }, ada.token);

    const members = createMembershipRepository(t.db);
    const repo = createActivitiesRepository(t.db);
    for (const viewer of [ada, bea, carl, dan, eve]) {
      const row = (await repo.readDetail(id, viewer.id))!;
      expect(row.allWaitlistedCount).toBe(await members.count('activity', id, 'WAITLISTED'));
      expect(row.requestedCount).toBe(await members.count('activity', id, 'REQUESTED'));
      expect(row.adminsCount).toBe(await members.adminsCount('activity', id));
      expect(row.blockedParticipantsCount).toBe(await blockedParticipantsCount(id, viewer.id));
      expect(row.chatId).toBe(await repo.chatId(id));
      expect(sorted(row.participantLevels)).toEqual(sorted(await participantLevels(id, 'running')));
      expect(row.seriesId).toBeNull();
    }
    expect((await repo.readDetail(id, ada.id))!.blockedParticipantsCount).toBe(1);
    expect((await repo.readDetail(id, ada.id))!.participantLevels).toHaveLength(3);

    const seen = async (who: { token: string }) =>
      (await t.ok('activity/read-info', { activityId: id }, who.token)).activity;
    const chatId = await repo.chatId(id);
    const organiser = await seen(ada);
    expect(organiser).toMatchObject({ waitlistCount: 1, pendingRequestsCount: 1, isOnlyAdmin: false, chatId });
    expect(organiser.blockedParticipantsCount).toBe(1);
    expect(organiser.groupMovingTime).not.toBeNull();
    expect(await seen(carl)).toMatchObject({
      pendingRequestsCount: 0,
      isOnlyAdmin: false,
      chatId,
      blockedParticipantsCount: 0,
    });
    expect(await seen(dan)).toMatchObject({ status: 'WAITLISTED', chatId: null, pendingRequestsCount: 0 });
    expect(await seen(eve)).toMatchObject({ status: 'REQUESTED', chatId: null, waitlistCount: 1 });

    // The only admin left is told so, and the answer after an exit is the caller's new view.
    await t.ok('activity/remove-admin', { activityId: id, userId: bea.id }, ada.token);
    expect((await seen(ada)).isOnlyAdmin).toBe(true);
    const exited = await t.ok('activity/exit', { activityId: id }, carl.token);
    expect(exited.activity).toMatchObject({ status: 'NONE', chatId: null, participantsCount: 2 });
    expect(exited.activity).toEqual(await seen(carl));
  });

  it('carries the series of a repeating date as the series service reads it', async () => {
    const ada = await newUser(t);
    const date = dayFromNow(2);
    const weekday = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    const first: Activity = await newActivity(t, ada, {
      date,
      repeat: { rule: `FREQ=WEEKLY;BYDAY=${weekday};COUNT=3`, exDates: [dayFromNow(9)] },
    });
    expect(first.series).not.toBeNull();
    expect(first.series).toEqual(await seriesRef(first.activityId));
    const answer = await t.ok('activity/read-info', { activityId: first.activityId }, ada.token);
    expect(answer.activity.series).toEqual(first.series);
  });
});

describe('the hot writes, prepared', () => {
  it('a join and an exit write the chat events and memberships as before', async () => {
    const [ada, bea] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, ada);
    const chatId = (await createActivitiesRepository(t.db).chatId(activityId))!;
    const joined = await t.ok('activity/participate', { activityId }, bea.token);
    expect(joined.activity).toMatchObject({ status: 'PARTICIPATING', chatId, participantsCount: 2 });
    await t.ok('activity/exit', { activityId }, bea.token);
    await t.ok('activity/participate', { activityId }, bea.token);
    const events = await t.db
      .select({ id: messages.id, kind: messages.kind, senderId: messages.senderId })
      .from(messages)
      .where(eq(messages.chatId, chatId));
    expect(events.map((e) => e.kind).sort()).toEqual(['CREATED', 'JOINED', 'JOINED', 'LEFT']);
    expect(events.filter((e) => e.kind !== 'CREATED').every((e) => e.senderId === bea.id)).toBe(true);
    // Ids grow in insert order (nextMessageId after the locked chat's last id).
    const ids = events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const [member] = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, bea.id));
    expect(member).toMatchObject({ chatId, leftAt: null, historyFrom: null });
    // The membership row as `put` wrote it: taking part, joined now, no admin rights, no removal mark.
    const row = await createMembershipRepository(t.db).member('activity', activityId, bea.id);
    expect(row).toMatchObject({ state: 'PARTICIPATING', isAdmin: false, rejectionReason: null, removedAt: null });
    const [stored] = await t.db.select().from(activityMembers).where(eq(activityMembers.userId, bea.id));
    expect(Math.abs(stored!.joinedAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(stored!.invitedBy).toBeNull();
  });

  it('a message notifies once and queues a push for a device; sign-in makes a session', async () => {
    const [ada, bea] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, ada);
    await t.ok('activity/participate', { activityId }, bea.token);
    const chatId = (await createActivitiesRepository(t.db).chatId(activityId))!;
    await t.db
      .insert(pushTokens)
      .values({ userId: ada.id, sessionId: ada.sessionId, token: 'ada-device', platform: 'android' });
    for (const text of ['one', 'two']) {
      await t.ok('chat/send-message', { chatId, text, clientMessageId: `m-${text}` }, bea.token);
    }
    const stored = await t.db.select().from(notifications).where(eq(notifications.userId, ada.id));
    const messageNotices = stored.filter((n) => n.type === 'SEND_MESSAGE');
    expect(messageNotices).toHaveLength(1);
    expect(messageNotices[0]).toMatchObject({ targetId: chatId, actorId: bea.id, readAt: null, reason: null });
    expect(messageNotices[0]!.createdAt).toBeInstanceOf(Date);
    const pushes = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'ada-device'));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]!.payload).toMatchObject({ type: 'SEND_MESSAGE', targetId: chatId, actorId: bea.id });

    const before = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, bea.id));
    const signedIn = await t.ok('auth/email/sign-in', { email: bea.email, password: TEST_PASSWORD });
    const after = await t.db.select().from(sessions).where(eq(sessions.userId, bea.id));
    expect(after).toHaveLength(before.length + 1);
    const made = after.find((s) => !before.some((b) => b.id === s.id))!;
    expect(made.kind).toBe('ACCESS');
    expect(made.expiresAt.getTime()).toBeGreaterThan(Date.now() + 86_400_000);
    // The new session's id is the token's jti, and the token works.
    expect(await t.ok('notification/check-new', undefined, signedIn.jwt)).toBeDefined();
    expect(JSON.parse(Buffer.from(signedIn.jwt.split('.')[1]!, 'base64url').toString()).jti).toBe(made.id);
    expect((await t.call('auth/email/sign-in', { email: bea.email, password: 'Wrong#Pass1' })).status).toBe(401);
  });

  it('on PostgreSQL, sends them as named statements, and the answer after a join reads the activity once', async () => {
    if (t.database.kind !== 'postgres') return;
    const [ada, bea] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, ada);
    await t.ok('activity/participate', { activityId }, bea.token);
    await t.ok('activity/exit', { activityId }, bea.token);
    const names = (sent: SentStatement[]) => sent.map((s) => s.name).filter(Boolean);
    // Every statement sent, begin and commit included: a regression in the count fails here (issue 43).
    const sequence = (sent: SentStatement[]) => sent.map((s) => s.name ?? s.text.trim().toLowerCase());
    const afterCommit = (sent: SentStatement[]) => sent.slice(sent.findIndex((s) => /^\s*commit/i.test(s.text)) + 1);

    // A rejoin (the organiser was told of the first join: the notice is folded, issue 44).
    const join = await recordStatements(() => t.ok('activity/participate', { activityId }, bea.token));
    expect(unprepared(join)).toEqual([]);
    expect(sequence(join).slice(0, -1)).toEqual([
      'begin',
      'membership_lock_person',
      // The activity held shared, the caller's membership, whether an organiser blocked them, and the organisers.
      'access_activity_share',
      // The row, the organisers told, the chat member (back) in and the JOINED event, the chat locked for it (the
      // statement's last write): one statement.
      'membership_seat_activity',
      'commit',
    ]);
    // After the commit: the answer's row, with its organiser's zones and the caller's other waitlists. The JOINED
    // event sent live is the one membership_seat_activity returned, and so is the organiser's live notice (issue 44),
    // with the joiner's name.
    expect(sequence(afterCommit(join))).toEqual(['activity_detail']);
    expect(join).toHaveLength(6);

    const exit = await recordStatements(() => t.ok('activity/exit', { activityId }, bea.token));
    expect(unprepared(exit)).toEqual([]);
    expect(sequence(exit)).toEqual([
      'begin',
      'membership_lock_person',
      'access_activity_share',
      // The row gone, out of the chat and the LEFT event, the chat locked for it: one statement. No seat freed for a
      // waitlist (the activity has no seats or deadline) and no late cancel (it starts in three days, outside a
      // group): what the activity's row tells, nothing asked.
      'membership_leave_activity',
      'commit',
      'activity_detail',
    ]);
    const chatId = (await createActivitiesRepository(t.db).chatId(activityId))!;
    await t.ok('activity/participate', { activityId }, bea.token);
    await t.db
      .insert(pushTokens)
      .values({ userId: ada.id, sessionId: ada.sessionId, token: 'pg-device', platform: 'android' });
    const send = await recordStatements(() =>
      t.ok('chat/send-message', { chatId, text: 'hi', clientMessageId: 'pg-1' }, bea.token),
    );
    expect(unprepared(send)).toEqual([]);
    // The unread message rule, the notice and its push to the device: one statement.
    expect(names(send)).toContain('notify_record');
    expect(names(send)).not.toContain('notify_unread_message');
    expect(names(send)).not.toContain('push_outbox_enqueue');
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'pg-device'))).toHaveLength(1);
    // The live notification's sender comes with the rows notify_record returns.
    expect(names(send)).not.toContain('notify_actors');

    const signIn = await recordStatements(() =>
      t.ok('auth/email/sign-in', { email: bea.email, password: TEST_PASSWORD }),
    );
    expect(unprepared(signIn)).toEqual([]);
    expect(names(signIn)).toEqual(['auth_user_by_email', 'session_insert']);
  });
});
