import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser, reauthenticate } from '../../../test/factories.ts';
import {
  activities,
  activityMembers,
  chatMembers,
  chats,
  connections,
  groupMembers,
  groups,
  mailOutbox,
  messages,
  otpCodes,
  pushTokens,
  rateLimits,
  userSports,
  users,
} from '../../db/schema.ts';
import { noChatEvents } from '../chat/chat-membership.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof newUser>>;

async function activityWith(name: string, members: { user: Person; isAdmin?: boolean; joinedAt: Date }[]) {
  const startsAt = new Date(Date.now() + 3 * 24 * 3600_000);
  const [activity] = await t.db
    .insert(activities)
    .values({
      name,
      sportId: 'hiking',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3600_000),
      date: startsAt.toISOString().slice(0, 10),
      startTime: '09:00',
      endTime: '10:00',
      timeZone: 'Europe/Rome',
      access: 'OPEN',
      visibility: 'PUBLIC',
      difficulty: 'EASY',
      routeMode: 'POINTS',
      startLatitude: 45.9,
      startLongitude: 9.4,
      routeSteps: [],
      totalDistance: 1000,
      totalElevationGain: 10,
      smoothedElevationGain: 10,
      createdBy: members[0]!.user.id,
    })
    .returning();
  await t.db.insert(activityMembers).values(
    members.map((m) => ({
      activityId: activity!.id,
      userId: m.user.id,
      state: 'PARTICIPATING' as const,
      isAdmin: m.isAdmin ?? false,
      joinedAt: m.joinedAt,
    })),
  );
  const chatId = await withChat(
    { kind: 'ACTIVITY', activityId: activity!.id },
    members.map((m) => m.user),
  );
  return { id: activity!.id, chatId };
}

async function groupWith(name: string, members: { user: Person; isAdmin?: boolean; joinedAt: Date }[]) {
  const [group] = await t.db.insert(groups).values({ name, type: 'OPEN' }).returning();
  await t.db.insert(groupMembers).values(
    members.map((m) => ({
      groupId: group!.id,
      userId: m.user.id,
      state: 'PARTICIPATING' as const,
      isAdmin: m.isAdmin ?? false,
      joinedAt: m.joinedAt,
    })),
  );
  const chatId = await withChat(
    { kind: 'GROUP', groupId: group!.id },
    members.map((m) => m.user),
  );
  return { id: group!.id, chatId };
}

async function withChat(
  target: { kind: 'ACTIVITY'; activityId: string } | { kind: 'GROUP'; groupId: string },
  people: Person[],
) {
  const { chatMembership } = t.modules.services;
  const out = noChatEvents();
  const chatId = await chatMembership.create(t.db, target, people[0]!.id, out);
  for (const person of people.slice(1)) await chatMembership.join(t.db, { kind: 'CHAT', chatId }, person.id, out);
  return chatId;
}

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

describe('user/delete-account', () => {
  it('removes personal data, ends every session and keeps what others share consistent', async () => {
    const leaving = await newUser(t, { firstName: 'Leaving', home: { latitude: 45, longitude: 9 } });
    const veteran = await newUser(t);
    const newcomer = await newUser(t);
    const otherAdmin = await newUser(t);

    // Admin with others: the longest-standing participant takes over.
    const shared = await activityWith('Shared hike', [
      { user: leaving, isAdmin: true, joinedAt: day(1) },
      { user: newcomer, joinedAt: day(5) },
      { user: veteran, joinedAt: day(2) },
    ]);
    // Only one left in it: deleted, chat closed.
    const solo = await activityWith('Solo hike', [{ user: leaving, isAdmin: true, joinedAt: day(1) }]);
    // Another admin already there: nothing to hand over.
    const coAdmin = await activityWith('Co-led hike', [
      { user: otherAdmin, isAdmin: true, joinedAt: day(3) },
      { user: leaving, isAdmin: true, joinedAt: day(1) },
      { user: veteran, joinedAt: day(2) },
    ]);
    const group = await groupWith('Trail club', [
      { user: leaving, isAdmin: true, joinedAt: day(1) },
      { user: newcomer, joinedAt: day(4) },
    ]);
    const soloGroup = await groupWith('Solo club', [{ user: leaving, isAdmin: true, joinedAt: day(1) }]);

    const [said] = await t.db
      .insert(messages)
      .values({ chatId: shared.chatId, senderId: leaving.id, kind: 'TEXT', text: 'See you at 9' })
      .returning();
    await t.ok('user/request-connection', { userId: veteran.id }, leaving.token);
    await t.ok('user/accept-connection', { userId: leaving.id }, veteran.token);
    await t.ok('user/update-notification-token', { token: 'leaving-device', platform: 'android' }, leaving.token);
    const secondSession = (await t.core.tokens.issue(leaving.id)).jwt;
    await t.ok('user/update-notification-token', { token: 'leaving-tablet', platform: 'ios' }, secondSession);

    // Mail, codes and rate-limit counters that name the address (review M9).
    await t.db
      .insert(mailOutbox)
      .values({ to: leaving.email, subject: 's', text: '123456', html: '', status: 'LOGGED' });
    await t.db.insert(otpCodes).values({
      email: leaving.email,
      purpose: 'RESET_PASSWORD',
      codeHash: 'h',
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.db
      .insert(rateLimits)
      .values({ key: `sign-in:email:${leaving.email}`, count: 1, resetAt: new Date(Date.now() + 60_000) });

    await reauthenticate(t, leaving.token);
    expect(await t.ok('user/delete-account', undefined, leaving.token)).toEqual({ ok: true });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, leaving.email))).toEqual([]);
    expect(await t.db.select().from(otpCodes).where(eq(otpCodes.email, leaving.email))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `sign-in:email:${leaving.email}`)),
    ).toEqual([]);

    // Every session ended.
    for (const token of [leaving.token, secondSession]) {
      expect((await t.call('user/own-profile', undefined, token)).status).toBe(401);
    }
    // Personal data gone; the row stays as a tombstone that frees the e-mail address.
    const [row] = await t.db.select().from(users).where(eq(users.id, leaving.id));
    expect(row).toMatchObject({
      email: `deleted-${leaving.id}@deleted.invalid`,
      passwordHash: null,
      username: null,
      firstName: null,
      lastName: null,
      searchName: '',
      birthDate: null,
      phone: null,
      profilePicture: null,
      homeLatitude: null,
      completed: false,
    });
    expect(row!.deletedAt).not.toBeNull();
    expect(await t.db.select().from(userSports).where(eq(userSports.userId, leaving.id))).toEqual([]);
    expect(await t.db.select().from(connections).where(eq(connections.addresseeId, veteran.id))).toEqual([]);
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.userId, leaving.id))).toEqual([]);
    expect((await t.call('user/profile', { userId: leaving.id }, veteran.token)).status).toBe(404);
    expect((await t.ok('user/list-contacts', {}, veteran.token)).contacts).toEqual([]);
    expect((await t.ok('user/explore-contacts', { query: 'leaving' }, veteran.token)).users).toEqual([]);

    // Admin handed to the longest-standing participant, memberships removed.
    const membersOf = (activityId: string) =>
      t.db.select().from(activityMembers).where(eq(activityMembers.activityId, activityId));
    const sharedMembers = await membersOf(shared.id);
    expect(sharedMembers.map((m) => [m.userId, m.isAdmin]).sort()).toEqual(
      [
        [veteran.id, true],
        [newcomer.id, false],
      ].sort(),
    );
    const coMembers = await membersOf(coAdmin.id);
    expect(coMembers.find((m) => m.userId === veteran.id)?.isAdmin).toBe(false);
    expect(coMembers.some((m) => m.userId === leaving.id)).toBe(false);
    const [groupAdmin] = await t.db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, newcomer.id)));
    expect(groupAdmin?.isAdmin).toBe(true);

    // Nobody left: deleted, chats closed.
    const [soloRow] = await t.db.select().from(activities).where(eq(activities.id, solo.id));
    expect(soloRow!.deletedAt).not.toBeNull();
    const [soloGroupRow] = await t.db.select().from(groups).where(eq(groups.id, soloGroup.id));
    expect(soloGroupRow!.deletedAt).not.toBeNull();
    for (const chatId of [solo.chatId, soloGroup.chatId]) {
      const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
      expect(chat!.closedAt).not.toBeNull();
    }
    const [stillOpen] = await t.db.select().from(chats).where(eq(chats.id, shared.chatId));
    expect(stillOpen!.closedAt).toBeNull();

    // Left every chat; past messages stay, shown as from a deleted account.
    const open = await t.db.select().from(chatMembers).where(eq(chatMembers.userId, leaving.id));
    expect(open.every((m) => m.leftAt !== null)).toBe(true);
    const { messages: history } = await t.ok('chat/list-messages', { chatId: shared.chatId }, veteran.token);
    const old = history.find((m) => m.messageId === said!.id);
    expect(old).toMatchObject({ text: 'See you at 9', sender: null });
    expect(history.some((m) => m.kind === 'LEFT')).toBe(true);
  });

  it('asks for a token', async () => {
    expect((await t.call('user/delete-account')).status).toBe(401);
  });
});
