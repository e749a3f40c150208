import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { isInChat } from '../../../test/chat-factories.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activities, connections, groupMembers, notifications } from '../../db/schema.ts';
import { sharedGazetteer } from '../location/gazetteer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const newGroup = async (admin: User, overrides: Record<string, unknown> = {}) =>
  (
    await t.ok(
      'group/create-new',
      { name: 'Trail Milano', description: 'Weekly trails', type: 'OPEN', ...overrides },
      admin.token,
    )
  ).group;
const connect = (a: User, b: User) =>
  t.db.insert(connections).values({ requesterId: a.id, addresseeId: b.id, status: 'ACCEPTED', acceptedAt: new Date() });
const notified = async (userId: string, type: string, targetId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, targetId)));
const inChat = (chatId: string, userId: string) => isInChat(t, chatId, userId);

describe('creating and reading', () => {
  it('makes the creator its admin and a member of its chat', async () => {
    const admin = await newUser(t);
    const group = await newGroup(admin, {
      sportIds: ['hiking', 'running'],
      location: { latitude: 45.46, longitude: 9.19, address: 'Milano' },
    });
    expect(group).toMatchObject({ status: 'PARTICIPATING', isAdmin: true, membersCount: 1, type: 'OPEN' });
    expect(group.location).toMatchObject({ latitude: 45.46, address: 'Milano' });
    expect(await inChat(group.chatId!, admin.id)).toBe(true);
    const other = await newUser(t);
    const seen = (await t.ok('group/read-info', { groupId: group.groupId }, other.token)).group;
    expect(seen).toMatchObject({ status: 'NONE', isAdmin: false, chatId: null, pendingRequestsCount: 0 });
  });

  it('applies the name rule and answers 404 to an unknown group', async () => {
    const admin = await newUser(t);
    expect((await t.call('group/create-new', { name: 'Trail!', type: 'OPEN' } as never, admin.token)).status).toBe(400);
    const res = await t.call('group/read-info', { groupId: crypto.randomUUID() }, admin.token);
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe('GROUP_NOT_FOUND');
  });

  it('lets only admins edit and delete', async () => {
    const [admin, member] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    const edit = { groupId: group.groupId, name: 'Renamed', description: '', type: 'CLOSED' as const };
    expect((await t.call('group/update-existing', edit, member.token)).status).toBe(403);
    expect((await t.call('group/delete', { groupId: group.groupId }, member.token)).status).toBe(403);
    expect((await t.ok('group/update-existing', edit, admin.token)).group).toMatchObject({
      name: 'Renamed',
      type: 'CLOSED',
    });
  });
});

describe("the place's label", () => {
  it("is answered in the reader's language when it is the gazetteer's, and as typed otherwise", async () => {
    const g = sharedGazetteer();
    const milan = g.search('Milano', { limit: 1, language: 'it' })[0]!.index;
    const [italian, english] = [g.label(milan, 'it'), g.label(milan, 'en')];
    expect(italian).toBe('Milano, Lombardia, Italia');
    expect(english).not.toBe(italian);
    const creator = await newUser(t, { language: 'it' });
    const reader = await newUser(t, { language: 'en' });
    const picked = await newGroup(creator, { location: { ...g.point(milan), address: italian } });
    const typed = await newGroup(creator, { location: { ...g.point(milan), address: 'Via Dante 1, Milano' } });
    const address = async (groupId: string, token: string) =>
      (await t.ok('group/read-info', { groupId }, token)).group.location?.address;

    expect(picked.location?.address).toBe(italian);
    expect(await address(picked.groupId, reader.token)).toBe(english);
    expect(await address(picked.groupId, creator.token)).toBe(italian);
    expect(await address(typed.groupId, reader.token)).toBe('Via Dante 1, Milano');
    const explored = await t.ok(
      'group/explore-groups',
      { ...g.point(milan), radiusKm: 1, pagination: { page: 1, limit: 50 } },
      reader.token,
    );
    expect(explored.groups.find((x) => x.groupId === picked.groupId)?.location?.address).toBe(english);
  });
});

describe('joining', () => {
  it('lets anyone join an open group directly, into its chat', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    const joined = (await t.ok('group/participate', { groupId: group.groupId }, runner.token)).group;
    expect(joined).toMatchObject({ status: 'PARTICIPATING', membersCount: 2 });
    expect(await inChat(joined.chatId!, runner.id)).toBe(true);
    expect((await t.call('group/participate', { groupId: group.groupId }, runner.token)).body.error?.code).toBe(
      'ALREADY_PARTICIPATING',
    );
  });

  it('takes requests for a closed group that admins accept', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, { type: 'CLOSED' });
    const direct = await t.call('group/participate', { groupId: group.groupId }, runner.token);
    expect(direct.status).toBe(409);
    expect(direct.body.error?.code).toBe('ACCESS_REQUEST_REQUIRED');

    const requested = (await t.ok('group/request-access', { groupId: group.groupId }, runner.token)).group;
    expect(requested.status).toBe('REQUESTED');
    expect(await notified(admin.id, 'GROUP_REQUEST', group.groupId)).toHaveLength(1);
    expect((await t.call('group/request-access', { groupId: group.groupId }, runner.token)).body.error?.code).toBe(
      'ALREADY_REQUESTED',
    );

    const { requests } = await t.ok(
      'group/list-requests',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      admin.token,
    );
    expect(requests.map((r) => r.userId)).toEqual([runner.id]);
    expect((await t.call('group/list-requests', { groupId: group.groupId }, runner.token)).status).toBe(403);
    expect(
      (await t.call('group/accept-request', { groupId: group.groupId, userId: runner.id }, runner.token)).status,
    ).toBe(403);

    await t.ok('group/accept-request', { groupId: group.groupId, userId: runner.id }, admin.token);
    const member = (await t.ok('group/read-info', { groupId: group.groupId }, runner.token)).group;
    expect(member.status).toBe('PARTICIPATING');
    expect(await inChat(member.chatId!, runner.id)).toBe(true);
    expect(await notified(runner.id, 'GROUP_ACCEPT', group.groupId)).toHaveLength(1);
    const again = await t.call('group/accept-request', { groupId: group.groupId, userId: runner.id }, admin.token);
    expect(again.body.error?.code).toBe('REQUEST_NOT_FOUND');
  });

  it('rejects a request with a reason the person sees', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, { type: 'CLOSED' });
    await t.ok('group/request-access', { groupId: group.groupId }, runner.token);
    const noReason = await t.call(
      'group/reject-request',
      { groupId: group.groupId, userId: runner.id, reason: ' ' },
      admin.token,
    );
    expect(noReason.status).toBe(400);
    await t.ok(
      'group/reject-request',
      { groupId: group.groupId, userId: runner.id, reason: 'Members only from the club' },
      admin.token,
    );
    const seen = (await t.ok('group/read-info', { groupId: group.groupId }, runner.token)).group;
    expect(seen).toMatchObject({ status: 'REJECTED', rejectionReason: 'Members only from the club' });
    const [notification] = await notified(runner.id, 'GROUP_REJECT', group.groupId);
    expect(notification!.reason).toBe('Members only from the club');
    // A rejected person may ask again.
    expect((await t.ok('group/request-access', { groupId: group.groupId }, runner.token)).group.status).toBe(
      'REQUESTED',
    );
  });

  it('lets an exit withdraw a request', async () => {
    const [admin, runner] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, { type: 'CLOSED' });
    await t.ok('group/request-access', { groupId: group.groupId }, runner.token);
    expect((await t.ok('group/exit', { groupId: group.groupId }, runner.token)).group.status).toBe('NONE');
  });
});

describe('invitations', () => {
  it('invite contacts, skip the rest with a reason, and let the invitee into a closed group', async () => {
    const [admin, friend, stranger, member] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    await connect(admin, friend);
    await connect(admin, member);
    const group = await newGroup(admin, { type: 'CLOSED' });
    await t.ok('group/invite-users', { groupId: group.groupId, userIds: [member.id] }, admin.token);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);

    const result = await t.ok(
      'group/invite-users',
      { groupId: group.groupId, userIds: [friend.id, stranger.id, member.id] },
      admin.token,
    );
    expect(result.invited).toEqual([friend.id]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        { userId: stranger.id, reason: 'NOT_CONTACT' },
        { userId: member.id, reason: 'ALREADY_PARTICIPATING' },
      ]),
    );
    expect(await notified(friend.id, 'GROUP_INVITE', group.groupId)).toHaveLength(1);
    const again = await t.ok('group/invite-users', { groupId: group.groupId, userIds: [friend.id] }, admin.token);
    expect(again.skipped).toEqual([{ userId: friend.id, reason: 'ALREADY_INVITED' }]);

    expect((await t.ok('group/read-info', { groupId: group.groupId }, friend.token)).group.status).toBe('INVITED');
    expect((await t.ok('group/participate', { groupId: group.groupId }, friend.token)).group.status).toBe(
      'PARTICIPATING',
    );

    const { contacts } = await t.ok(
      'group/list-invitable-contacts',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      admin.token,
    );
    expect(contacts.find((c) => c.userId === friend.id)).toMatchObject({
      invitable: false,
      reason: 'ALREADY_PARTICIPATING',
    });
  });

  it('invites many in one call, a rejected requester included, with one notification each', async () => {
    const admin = await newUser(t);
    const friends = [await newUser(t), await newUser(t), await newUser(t)];
    for (const f of friends) await connect(admin, f);
    const group = await newGroup(admin, { type: 'CLOSED' });
    await t.ok('group/request-access', { groupId: group.groupId }, friends[1]!.token);
    await t.ok(
      'group/reject-request',
      { groupId: group.groupId, userId: friends[1]!.id, reason: 'Members only from the club' },
      admin.token,
    );
    const ids = friends.map((f) => f.id);
    const result = await t.ok('group/invite-users', { groupId: group.groupId, userIds: ids }, admin.token);
    expect(result).toEqual({ invited: ids, skipped: [] });
    const rows = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.groupId), eq(groupMembers.state, 'INVITED')));
    expect(rows.map((r) => r.userId).sort()).toEqual([...ids].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ isAdmin: false, rejectionReason: null, invitedBy: admin.id, joinedAt: null });
    }
    for (const id of ids) expect(await notified(id, 'GROUP_INVITE', group.groupId)).toHaveLength(1);
  });

  it('lets only admins invite to a closed group', async () => {
    const [admin, member, friend] = [await newUser(t), await newUser(t), await newUser(t)];
    await connect(member, friend);
    await connect(admin, member);
    const group = await newGroup(admin, { type: 'CLOSED' });
    await t.ok('group/invite-users', { groupId: group.groupId, userIds: [member.id] }, admin.token);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    const res = await t.call('group/invite-users', { groupId: group.groupId, userIds: [friend.id] }, member.token);
    expect(res.status).toBe(403);
  });
});

describe('members and admins', () => {
  it('hides a closed group’s members from non-members, who see only the count', async () => {
    const [admin, outsider] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, { type: 'CLOSED' });
    const list = await t.call(
      'group/list-participants',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      outsider.token,
    );
    expect(list.status).toBe(403);
    expect(await t.ok('group/count-hidden-participants', { groupId: group.groupId }, outsider.token)).toEqual({
      count: 1,
    });
    const own = await t.ok(
      'group/list-participants',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      admin.token,
    );
    expect(own.participants).toHaveLength(1);
    expect(own.participants[0]).toMatchObject({ userId: admin.id, isAdmin: true });
    expect(Object.keys(own.participants[0]!)).not.toContain('email');
  });

  it('keeps the last admin from leaving or stepping down until another is named', async () => {
    const [admin, member] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    expect((await t.call('group/exit', { groupId: group.groupId }, admin.token)).body.error?.code).toBe('LAST_ADMIN');
    expect(
      (await t.call('group/remove-admin', { groupId: group.groupId, userId: admin.id }, admin.token)).body.error?.code,
    ).toBe('LAST_ADMIN');
    expect((await t.call('group/make-admin', { groupId: group.groupId, userId: member.id }, member.token)).status).toBe(
      403,
    );
    const readAs = async (token: string) => (await t.ok('group/read-info', { groupId: group.groupId }, token)).group;
    expect((await readAs(admin.token)).isOnlyAdmin).toBe(true);
    await t.ok('group/make-admin', { groupId: group.groupId, userId: member.id }, admin.token);
    expect((await readAs(admin.token)).isOnlyAdmin).toBe(false);
    const left = (await t.ok('group/exit', { groupId: group.groupId }, admin.token)).group;
    expect(left).toMatchObject({ status: 'NONE', membersCount: 1 });
    expect(await inChat(group.chatId!, admin.id)).toBe(false);
  });

  it('lets admins remove members, who leave the chat', async () => {
    const [admin, member, other] = [await newUser(t), await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    await t.ok('group/participate', { groupId: group.groupId }, other.token);
    expect((await t.call('group/remove-user', { groupId: group.groupId, userId: other.id }, member.token)).status).toBe(
      403,
    );
    await t.ok('group/remove-user', { groupId: group.groupId, userId: member.id }, admin.token);
    expect((await t.ok('group/read-info', { groupId: group.groupId }, member.token)).group.status).toBe('NONE');
    expect(await inChat(group.chatId!, member.id)).toBe(false);
  });
});

describe('explore', () => {
  it('finds groups by accent-free text, sports and place within the radius', async () => {
    const admin = await newUser(t);
    const tag = crypto.randomUUID().slice(0, 6);
    const milan = await newGroup(admin, {
      name: `Forlì ${tag}`,
      sportIds: ['hiking'],
      location: { latitude: 45.4642, longitude: 9.19 },
    });
    const rome = await newGroup(admin, {
      name: `Roma ${tag}`,
      sportIds: ['running'],
      location: { latitude: 41.9028, longitude: 12.4964 },
    });
    const search = async (body: Record<string, unknown>) =>
      (await t.ok('group/explore-groups', { pagination: { page: 1, limit: 50 }, ...body }, admin.token)).groups.map(
        (g) => g.groupId,
      );

    expect(await search({ query: `FORLI ${tag}` })).toEqual([milan.groupId]);
    expect(await search({ query: tag, sportIds: ['running'] })).toEqual([rome.groupId]);
    const near = await t.ok(
      'group/explore-groups',
      { latitude: 45.47, longitude: 9.2, radiusKm: 50, pagination: { page: 1, limit: 50 } },
      admin.token,
    );
    const ids = near.groups.map((g) => g.groupId);
    expect(ids).toContain(milan.groupId);
    expect(ids).not.toContain(rome.groupId);
    const found = near.groups.find((g) => g.groupId === milan.groupId)!;
    expect(found.distance).toBeGreaterThan(500);
    expect(found.distance).toBeLessThan(2000);
  });
});

describe("the group's activities", () => {
  it('lists the next ones and a day range, counts them, and keeps a closed group’s calendar for members', async () => {
    const [admin, outsider] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, { type: 'CLOSED' });
    const first = await newActivity(t, admin, { groupId: group.groupId, name: 'First run' });
    await newActivity(t, admin, {
      groupId: group.groupId,
      name: 'Second run',
      date: first.date,
      startTime: '15:00',
      endTime: '16:00',
    });
    const next = await t.ok(
      'group/list-next-activities',
      { groupId: group.groupId, pagination: { page: 1, limit: 10 } },
      admin.token,
    );
    expect(next.activities.map((a) => a.name)).toEqual(['First run', 'Second run']);
    const day = await t.ok(
      'group/list-activities',
      {
        groupId: group.groupId,
        startDate: `${first.date}T12:00:00.000Z`,
        endDate: `${first.date}T23:59:59.999Z`,
        pagination: { page: 1, limit: 10 },
      },
      admin.token,
    );
    expect(day.activities.map((a) => a.name)).toEqual(['Second run']);
    expect(await t.ok('group/count-activities', { groupId: group.groupId }, admin.token)).toEqual({ count: 2 });
    expect((await t.call('group/list-next-activities', { groupId: group.groupId }, outsider.token)).status).toBe(403);
  });

  it('keeps past activities readable to their participants once the group is deleted', async () => {
    const [admin, member] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    await t.ok('group/participate', { groupId: group.groupId }, member.token);
    const activity = await newActivity(t, admin, { groupId: group.groupId, visibility: 'PRIVATE' });
    await t.ok('activity/participate', { activityId: activity.activityId }, member.token);
    await t.db
      .update(activities)
      .set({ startsAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(activities.id, activity.activityId));

    await t.ok('group/delete', { groupId: group.groupId }, admin.token);
    expect((await t.call('group/read-info', { groupId: group.groupId }, member.token)).status).toBe(404);
    const still = await t.ok('activity/read-info', { activityId: activity.activityId }, member.token);
    expect(still.activity).toMatchObject({ activityId: activity.activityId, status: 'PARTICIPATING', group: null });
  });
});
