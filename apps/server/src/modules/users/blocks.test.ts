import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityMembers, notifications, pushOutbox, pushTokens } from '../../db/schema.ts';
import { connect, notificationsOf } from '../activities/activities.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blocking (security review L3, issue 23)', () => {
  it('ends the contact, shows on the profile and in the list, and is undone by unblocking', async () => {
    const me = await newUser(t);
    const other = await newUser(t, { firstName: 'Molesto' });
    await connect(t, me, other);
    expect(await t.ok('user/block', { userId: other.id }, me.token)).toEqual({ ok: true });
    expect(await t.ok('user/profile', { userId: other.id }, me.token)).toMatchObject({
      connection: 'NONE',
      blocked: true,
    });
    // The blocked person's view says nothing of it.
    expect(await t.ok('user/profile', { userId: me.id }, other.token)).toMatchObject({ blocked: false });
    expect((await t.ok('user/list-blocked', {}, me.token)).users.map((u) => u.userId)).toEqual([other.id]);
    expect((await t.ok('user/list-contacts', {}, me.token)).contacts).toEqual([]);

    await t.ok('user/unblock', { userId: other.id }, me.token);
    expect((await t.ok('user/list-blocked', {}, me.token)).users).toEqual([]);
    expect((await t.ok('user/profile', { userId: other.id }, me.token)).blocked).toBe(false);
  });

  it('refuses blocking oneself or nobody', async () => {
    const me = await newUser(t);
    expect((await t.call('user/block', { userId: me.id }, me.token)).status).toBe(403);
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await t.call('user/block', { userId: nobody }, me.token)).status).toBe(404);
  });

  it('hides the blocker from search, and their contact requests reach nobody, untold', async () => {
    const blocker = await newUser(t, { firstName: 'Serafina', lastName: 'Quieta' });
    const blocked = await newUser(t, { firstName: 'Insistente' });
    await t.ok('user/block', { userId: blocked.id }, blocker.token);

    const found = await t.ok('user/explore-contacts', { query: 'serafina quieta' }, blocked.token);
    expect(found.users.map((u) => u.userId)).not.toContain(blocker.id);
    const mine = await t.ok('user/explore-contacts', { query: 'insistente' }, blocker.token);
    expect(mine.users.map((u) => u.userId)).not.toContain(blocked.id);

    // Answered as sent…
    expect(await t.ok('user/request-connection', { userId: blocker.id }, blocked.token)).toEqual({
      connection: 'REQUEST_SENT',
    });
    // …while the blocker has no request and no notification.
    expect((await t.ok('user/list-contacts', { status: 'RECEIVED' }, blocker.token)).contacts).toEqual([]);
    expect(await notificationsOf(t, blocker.id, 'CONTACT_REQUEST', blocked.id)).toHaveLength(0);
    // The blocker must unblock before asking themselves.
    expect((await t.call('user/request-connection', { userId: blocked.id }, blocker.token)).status).toBe(403);
  });

  it('turns a join of what the blocker organises into a request nobody hears of', async () => {
    const organiser = await newUser(t);
    const blocked = await newUser(t);
    const someone = await newUser(t);
    await t.ok('user/block', { userId: blocked.id }, organiser.token);
    const activity = await newActivity(t, organiser, { access: 'OPEN' });

    const joined = await t.ok('activity/participate', { activityId: activity.activityId }, blocked.token);
    expect(joined.activity.status).toBe('REQUESTED');
    expect(await notificationsOf(t, organiser.id, 'ACTIVITY_REQUEST', activity.activityId)).toHaveLength(0);
    const requests = await t.ok('activity/list-requests', { activityId: activity.activityId }, organiser.token);
    expect(requests.requests).toEqual([]);
    // Everyone else joins as before.
    const other = await t.ok('activity/participate', { activityId: activity.activityId }, someone.token);
    expect(other.activity.status).toBe('PARTICIPATING');
  });

  it('warns, privately, before joining an activity a blocked person takes part in', async () => {
    const me = await newUser(t);
    const blocked = await newUser(t);
    const activity = await newActivity(t, blocked, { access: 'OPEN' });
    await t.ok('user/block', { userId: blocked.id }, me.token);
    const seen = await t.ok('activity/read-info', { activityId: activity.activityId }, me.token);
    expect(seen.activity.blockedParticipantsCount).toBe(1);
    const theirs = await t.ok('activity/read-info', { activityId: activity.activityId }, blocked.token);
    expect(theirs.activity.blockedParticipantsCount).toBe(0);
  });

  it('keeps a blocked person off the waitlist of what the blocker organises, and passes over one already waiting', async () => {
    const organiser = await newUser(t);
    const [first, waiting, blocked, later] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const activity = await newActivity(t, organiser, { access: 'OPEN', seats: 2 });
    const { activityId } = activity;
    await t.ok('activity/participate', { activityId }, first.token);
    // Full: a join waits, unless the organiser blocked the person (a request nobody hears of).
    expect((await t.ok('activity/participate', { activityId }, waiting.token)).activity.status).toBe('WAITLISTED');
    expect((await t.ok('activity/participate', { activityId }, later.token)).activity.status).toBe('WAITLISTED');
    await t.ok('user/block', { userId: blocked.id }, organiser.token);
    expect((await t.ok('activity/participate', { activityId }, blocked.token)).activity.status).toBe('REQUESTED');
    // Blocked once waiting: they keep their place, unaware, and the freed seat goes to the next person.
    await t.ok('user/block', { userId: waiting.id }, organiser.token);
    await t.ok('activity/exit', { activityId }, first.token);
    await t.modules.services.seats.run();
    const passedOver = await t.ok('activity/read-info', { activityId }, waiting.token);
    expect(passedOver.activity.waitlist).toEqual({ position: 1, offerExpiresAt: null });
    const offered = await t.ok('activity/read-info', { activityId }, later.token);
    expect(offered.activity.waitlist?.offerExpiresAt).not.toBeNull();
    expect((await t.call('activity/claim-seat', { activityId }, waiting.token)).body.error?.code).toBe('NO_SEAT_OFFER');
  });

  it("does not let a blocked person join the blocker's series, nor come back into its dates", async () => {
    const organiser = await newUser(t);
    const blocked = await newUser(t);
    const member = await newUser(t);
    const first = await newActivity(t, organiser, { access: 'OPEN', repeat: { rule: 'FREQ=WEEKLY;COUNT=3' } });
    await t.ok('series/join', { activityId: first.activityId }, member.token);
    await t.ok('user/block', { userId: blocked.id }, organiser.token);
    // The answer an open series gives anyone the organisers must let in.
    const refused = await t.call('series/join', { activityId: first.activityId }, blocked.token);
    expect(refused.body.error?.code).toBe('ACCESS_REQUEST_REQUIRED');
    // A series member blocked later, who skips a date and takes it back, is not brought into it again.
    await t.ok('user/block', { userId: member.id }, organiser.token);
    await t.ok('series/skip-date', { activityId: first.activityId, date: first.date, skip: true }, member.token);
    await t.ok('series/skip-date', { activityId: first.activityId, date: first.date, skip: false }, member.token);
    const seen = await t.ok('activity/read-info', { activityId: first.activityId }, member.token);
    expect(seen.activity.status).not.toBe('PARTICIPATING');
  });
});

describe('a block reaches every path from one person to the other (security review M-N3)', () => {
  const stateIn = async (activityId: string, userId: string) =>
    (
      await t.db
        .select({ state: activityMembers.state })
        .from(activityMembers)
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.userId, userId)))
    )[0]?.state ?? null;
  const openGroup = async (admin: { token: string }, members: { token: string }[]) => {
    const { group } = await t.ok('group/create-new', { name: 'Evil Club', type: 'OPEN' }, admin.token);
    for (const member of members) await t.ok('group/participate', { groupId: group.groupId }, member.token);
    return group.groupId;
  };

  it("the review's exploit: Evil's group invitation no longer reaches Danny, who blocked Evil", async () => {
    const evil = await newUser(t, { firstName: 'Evil' });
    const danny = await newUser(t);
    const carla = await newUser(t);
    const clubId = await openGroup(evil, [danny, carla]);
    await t.db
      .insert(pushTokens)
      .values({ userId: danny.id, sessionId: danny.sessionId, token: 'danny-device', platform: 'android' });
    await t.ok('user/block', { userId: evil.id }, danny.token);

    const { activityId } = await newActivity(t, evil, { name: 'Evil invites group', invitedGroupIds: [clubId] });

    expect(await stateIn(activityId, danny.id)).toBeNull();
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, danny.id))).toEqual([]);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, danny.id))).toEqual([]);
    // The rest of the group is invited as before.
    expect(await stateIn(activityId, carla.id)).toBe('INVITED');
  });

  it('activity/invite-users through a group leaves out, untold, whoever is in a blocked pair with the inviter', async () => {
    const organiser = await newUser(t);
    const blockedByOrganiser = await newUser(t);
    const blockedOrganiser = await newUser(t);
    const friend = await newUser(t);
    const clubId = await openGroup(organiser, [blockedByOrganiser, blockedOrganiser, friend]);
    await t.ok('user/block', { userId: blockedByOrganiser.id }, organiser.token);
    await t.ok('user/block', { userId: organiser.id }, blockedOrganiser.token);
    const { activityId } = await newActivity(t, organiser);

    const res = await t.ok('activity/invite-users', { activityId, groupIds: [clubId] }, organiser.token);
    expect(res).toEqual({ invited: [friend.id], skipped: [] });
    for (const user of [blockedByOrganiser, blockedOrganiser]) {
      expect(await stateIn(activityId, user.id)).toBeNull();
      expect(await notificationsOf(t, user.id, 'ACTIVITY_INVITE', activityId)).toHaveLength(0);
    }
  });

  it('a group invitation leaves out, untold, whoever is in a blocked pair with the inviter', async () => {
    const member = await newUser(t);
    const blocker = await newUser(t);
    const clubId = await openGroup(member, []);
    await t.ok('user/block', { userId: member.id }, blocker.token);

    const res = await t.ok('group/invite-users', { groupId: clubId, userIds: [blocker.id] }, member.token);
    // Not even as a skipped non-contact: the answer does not name them.
    expect(res).toEqual({ invited: [], skipped: [] });
    expect(await notificationsOf(t, blocker.id, 'GROUP_INVITE', clubId)).toHaveLength(0);
  });

  it("neither finds what the other organises: nearby, a group's activities, a person's activities", async () => {
    const organiser = await newUser(t);
    const blockedByOrganiser = await newUser(t);
    const blockerOfOrganiser = await newUser(t);
    const someone = await newUser(t);
    const clubId = await openGroup(organiser, [blockedByOrganiser, blockerOfOrganiser, someone]);
    const { activityId } = await newActivity(t, organiser, { groupId: clubId, participantsPublic: true });
    await t.ok('user/block', { userId: blockedByOrganiser.id }, organiser.token);
    await t.ok('user/block', { userId: organiser.id }, blockerOfOrganiser.token);
    const page = { page: 1, limit: 50 };
    const found = async (user: { token: string }) => {
      const near = { latitude: 45.4642, longitude: 9.19, radiusKm: 5, pagination: page };
      const lists = [
        (await t.ok('activity/nearby-activities', near, user.token)).activities,
        (await t.ok('group/list-next-activities', { groupId: clubId, pagination: page }, user.token)).activities,
        (await t.ok('user/list-activities', { userId: organiser.id, pagination: page }, user.token)).activities,
      ];
      return lists.map((activities) => activities.some((a) => a.activityId === activityId));
    };

    expect(await found(someone)).toEqual([true, true, true]);
    expect(await found(blockedByOrganiser)).toEqual([false, false, false]);
    expect(await found(blockerOfOrganiser)).toEqual([false, false, false]);
  });
});
