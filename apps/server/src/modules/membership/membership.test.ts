import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { isInChat } from '../../../test/chat-factories.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityMembers, connections, groupMembers, notifications } from '../../db/schema.ts';
import { createMembershipRepository, type MembershipKind } from './membership.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;
const newGroup = async (admin: User, type: 'OPEN' | 'CLOSED' = 'OPEN') =>
  (await t.ok('group/create-new', { name: 'Trail club', type }, admin.token)).group;
const inChat = (chatId: string, userId: string) => isInChat(t, chatId, userId);
const notificationsOf = (userId: string, type: string, targetId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type), eq(notifications.targetId, targetId)));
const connect = (a: User, b: User) =>
  t.db.insert(connections).values({ requesterId: a.id, addresseeId: b.id, status: 'ACCEPTED', acceptedAt: new Date() });
const say = (chatId: string, user: User, text: string) =>
  t.ok('chat/send-message', { chatId, text, clientMessageId: crypto.randomUUID() }, user.token);

describe('security review M6: a removal sticks', () => {
  it('in an open activity: the removed person may only ask again, and back in reads the chat from then on', async () => {
    const [admin, harasser] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, admin);
    const id = { activityId: activity.activityId };
    const chatId = (await t.ok('activity/participate', id, harasser.token)).activity.chatId!;
    await say(chatId, admin, 'before the removal');
    await t.ok('activity/remove-user', { ...id, userId: harasser.id }, admin.token);
    await say(chatId, admin, 'while they are out');

    // Joining again files a request instead; the admins decide.
    const back = await t.ok('activity/participate', id, harasser.token);
    expect(back.activity).toMatchObject({ status: 'REQUESTED', chatId: null });
    expect(await inChat(chatId, harasser.id)).toBe(false);
    expect(await notificationsOf(admin.id, 'ACTIVITY_REQUEST', activity.activityId)).toHaveLength(1);
    expect((await t.call('chat/list-messages', { chatId, limit: 30 }, harasser.token)).status).toBe(404);

    // Withdrawing the request does not clear the removal.
    expect((await t.ok('activity/exit', id, harasser.token)).activity.status).toBe('NONE');
    expect((await t.ok('activity/participate', id, harasser.token)).activity.status).toBe('REQUESTED');

    await t.ok('activity/accept-request', { ...id, userId: harasser.id }, admin.token);
    await say(chatId, admin, 'welcome back');
    const { messages } = await t.ok('chat/list-messages', { chatId, limit: 30 }, harasser.token);
    const texts = messages.map((m) => m.text);
    expect(texts).toContain('welcome back');
    expect(texts).not.toContain('while they are out');
    expect(texts).not.toContain('before the removal');

    // Let back in, they are an ordinary participant again: leaving and joining is free.
    await t.ok('activity/exit', id, harasser.token);
    expect((await t.ok('activity/participate', id, harasser.token)).activity.status).toBe('PARTICIPATING');
  });

  it('in an open group: participate and request-access both become a request', async () => {
    const [admin, harasser] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin);
    const id = { groupId: group.groupId };
    await t.ok('group/participate', id, harasser.token);
    await t.ok('group/remove-user', { ...id, userId: harasser.id }, admin.token);
    expect((await t.ok('group/read-info', id, harasser.token)).group.status).toBe('NONE');
    expect((await t.ok('group/participate', id, harasser.token)).group.status).toBe('REQUESTED');
    expect(await inChat(group.chatId!, harasser.id)).toBe(false);
    await t.ok('group/exit', id, harasser.token);
    expect((await t.ok('group/request-access', id, harasser.token)).group.status).toBe('REQUESTED');
    await t.ok('group/reject-request', { ...id, userId: harasser.id, reason: 'Not welcome' }, admin.token);
    // Rejected, they still cannot walk in: joining asks again, dismissing the rejection keeps the removal.
    expect((await t.ok('group/participate', id, harasser.token)).group.status).toBe('REQUESTED');
    await t.ok('group/reject-request', { ...id, userId: harasser.id, reason: 'Still not' }, admin.token);
    await t.ok('group/exit', id, harasser.token);
    expect((await t.ok('group/participate', id, harasser.token)).group.status).toBe('REQUESTED');
  });
});

describe('security review M6: invitations after a removal', () => {
  it('a member cannot invite a removed person back; an admin can', async () => {
    const [admin, member, harasser] = [await newUser(t), await newUser(t), await newUser(t)];
    await connect(member, harasser);
    await connect(admin, harasser);
    const group = await newGroup(admin);
    const id = { groupId: group.groupId };
    await t.ok('group/participate', id, member.token);
    await t.ok('group/participate', id, harasser.token);
    await t.ok('group/remove-user', { ...id, userId: harasser.id }, admin.token);

    const byMember = await t.ok('group/invite-users', { ...id, userIds: [harasser.id] }, member.token);
    expect(byMember).toEqual({ invited: [], skipped: [{ userId: harasser.id, reason: 'REMOVED' }] });
    // Still so after a rejected request.
    await t.ok('group/request-access', id, harasser.token);
    await t.ok('group/reject-request', { ...id, userId: harasser.id, reason: 'No' }, admin.token);
    expect((await t.ok('group/invite-users', { ...id, userIds: [harasser.id] }, member.token)).skipped).toEqual([
      { userId: harasser.id, reason: 'REMOVED' },
    ]);
    const listed = await t.ok(
      'group/list-invitable-contacts',
      { ...id, pagination: { page: 1, limit: 10 } },
      member.token,
    );
    expect(listed.contacts.find((c) => c.userId === harasser.id)).toMatchObject({
      invitable: false,
      reason: 'REMOVED',
    });

    const byAdmin = await t.ok('group/invite-users', { ...id, userIds: [harasser.id] }, admin.token);
    expect(byAdmin.invited).toEqual([harasser.id]);
    expect((await t.ok('group/participate', id, harasser.token)).group.status).toBe('PARTICIPATING');
  });
});

describe('security review L3: request and withdraw loops', () => {
  it('tell the admins of an activity once per cool-down', async () => {
    const [admin, pest] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, admin, { access: 'CLOSED' });
    const id = { activityId: activity.activityId };
    for (let i = 0; i < 3; i++) {
      expect((await t.ok('activity/request-access', id, pest.token)).activity.status).toBe('REQUESTED');
      await t.ok('activity/exit', id, pest.token);
    }
    expect(await notificationsOf(admin.id, 'ACTIVITY_REQUEST', activity.activityId)).toHaveLength(1);
  });

  it('tell the admins of a group once per cool-down', async () => {
    const [admin, pest] = [await newUser(t), await newUser(t)];
    const group = await newGroup(admin, 'CLOSED');
    for (let i = 0; i < 3; i++) {
      await t.ok('group/request-access', { groupId: group.groupId }, pest.token);
      await t.ok('group/exit', { groupId: group.groupId }, pest.token);
    }
    expect(await notificationsOf(admin.id, 'GROUP_REQUEST', group.groupId)).toHaveLength(1);
  });
});

describe('security review L7: the creator owns what they created', () => {
  it('other admins of an activity cannot demote or remove the creator; the creator may step down', async () => {
    const [creator, coAdmin] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, creator);
    const id = { activityId: activity.activityId };
    await t.ok('activity/participate', id, coAdmin.token);
    await t.ok('activity/make-admin', { ...id, userId: coAdmin.id }, creator.token);
    for (const name of ['activity/remove-admin', 'activity/remove-user'] as const) {
      const res = await t.call(name, { ...id, userId: creator.id }, coAdmin.token);
      expect(res.status, name).toBe(403);
      expect(res.body.error?.code).toBe('FORBIDDEN');
    }
    expect((await t.ok('activity/remove-admin', { ...id, userId: creator.id }, creator.token)).activity.isAdmin).toBe(
      false,
    );
  });

  it('other admins of a group cannot demote the creator', async () => {
    const [creator, coAdmin] = [await newUser(t), await newUser(t)];
    const group = await newGroup(creator);
    const id = { groupId: group.groupId };
    await t.ok('group/participate', id, coAdmin.token);
    await t.ok('group/make-admin', { ...id, userId: coAdmin.id }, creator.token);
    expect((await t.call('group/remove-admin', { ...id, userId: creator.id }, coAdmin.token)).status).toBe(403);
    expect((await t.call('group/remove-user', { ...id, userId: creator.id }, coAdmin.token)).status).toBe(403);
    // The creator can still hand over and leave.
    expect((await t.ok('group/exit', id, creator.token)).group.status).toBe('NONE');
  });
});

describe('put: every entry (join, request, invitation, new object) in one statement', () => {
  it.each(['activity', 'group'] as const)(
    '%s: writes many people at once; the removal mark stays unless given',
    async (kind: MembershipKind) => {
      const repo = createMembershipRepository(t.db);
      const [admin, ann, ben] = [await newUser(t), await newUser(t), await newUser(t)];
      const objectId = kind === 'activity' ? (await newActivity(t, admin)).activityId : (await newGroup(admin)).groupId;
      const row = async (userId: string) => {
        const [found] =
          kind === 'activity'
            ? await t.db
                .select()
                .from(activityMembers)
                .where(and(eq(activityMembers.activityId, objectId), eq(activityMembers.userId, userId)))
            : await t.db
                .select()
                .from(groupMembers)
                .where(and(eq(groupMembers.groupId, objectId), eq(groupMembers.userId, userId)));
        return found;
      };

      await repo.put(kind, { objectId, userIds: [], state: 'INVITED' });
      await repo.put(kind, { objectId, userIds: [ann.id, ben.id], state: 'INVITED', invitedBy: admin.id });
      for (const who of [ann, ben]) {
        expect(await row(who.id)).toMatchObject({
          state: 'INVITED',
          isAdmin: false,
          invitedBy: admin.id,
          rejectionReason: null,
          joinedAt: null,
          removedAt: null,
        });
      }

      const removedAt = new Date('2026-03-04T05:06:07.000Z');
      await repo.put(kind, { objectId, userIds: [ann.id], state: 'REJECTED', rejectionReason: 'Full', removedAt });
      expect(await row(ann.id)).toMatchObject({
        state: 'REJECTED',
        rejectionReason: 'Full',
        invitedBy: null,
        removedAt,
      });

      // Left out, the mark is kept; every other field is replaced.
      await repo.put(kind, { objectId, userIds: [ann.id, ben.id], state: 'REQUESTED' });
      expect(await row(ann.id)).toMatchObject({
        state: 'REQUESTED',
        rejectionReason: null,
        invitedBy: null,
        removedAt,
      });
      expect(await row(ben.id)).toMatchObject({ state: 'REQUESTED', invitedBy: null, removedAt: null });

      // Null clears it.
      const joinedAt = new Date('2026-03-05T10:00:00.000Z');
      await repo.put(kind, {
        objectId,
        userIds: [ann.id],
        state: 'PARTICIPATING',
        isAdmin: true,
        joinedAt,
        removedAt: null,
      });
      expect(await row(ann.id)).toMatchObject({ state: 'PARTICIPATING', isAdmin: true, joinedAt, removedAt: null });
      expect(await row(ben.id)).toMatchObject({ state: 'REQUESTED', isAdmin: false, joinedAt: null });
    },
  );
});
