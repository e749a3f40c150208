import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { activityMembers, chatMembers, messages } from '../../db/schema.ts';

// Issue 17: a person's own join or exit holds the activity row only shared. Many at once on one activity
// must all succeed and leave the memberships, the chat's members, its events and the count agreeing
// (PGlite by default; PostgreSQL, with real concurrency, when TEST_DATABASE_URL is set).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof newUser>>;

async function state(activityId: string, chatId: string) {
  const members = await t.db
    .select({ userId: activityMembers.userId })
    .from(activityMembers)
    .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')));
  const inChat = await t.db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), isNull(chatMembers.leftAt)));
  const events = await t.db
    .select({ kind: messages.kind, senderId: messages.senderId })
    .from(messages)
    .where(eq(messages.chatId, chatId));
  return {
    members: members.map((m) => m.userId).sort(),
    inChat: inChat.map((m) => m.userId).sort(),
    joined: events.filter((e) => e.kind === 'JOINED').length,
    left: events.filter((e) => e.kind === 'LEFT').length,
  };
}

const count = async (activityId: string, user: User) =>
  (await t.ok('activity/read-info', { activityId }, user.token)).activity.participantsCount;

describe('concurrent joins and exits on one activity', () => {
  it('all succeed and leave members, chat members, chat events and the count consistent', async () => {
    const admin = await newUser(t);
    const people: User[] = [];
    for (let i = 0; i < 16; i++) people.push(await newUser(t));
    const { activityId } = await newActivity(t, admin);
    const id = { activityId };

    const joins = await Promise.all(people.map((p) => t.call('activity/participate', id, p.token)));
    expect(joins.map((r) => r.status)).toEqual(people.map(() => 200));
    const chatId = (await t.ok('activity/read-info', id, admin.token)).activity.chatId!;
    let now = await state(activityId, chatId);
    expect(now.members).toEqual([admin.id, ...people.map((p) => p.id)].sort());
    expect(now.inChat).toEqual(now.members);
    expect(now.joined).toBe(16);
    expect(await count(activityId, admin)).toBe(17);

    // Half leave while the other half leave and join again, all at once.
    const [leaving, cycling] = [people.slice(0, 8), people.slice(8)];
    const mixed = await Promise.all([
      ...leaving.map((p) => t.call('activity/exit', id, p.token)),
      ...cycling.map(async (p) => {
        const out = await t.call('activity/exit', id, p.token);
        const back = await t.call('activity/participate', id, p.token);
        return { status: out.status === 200 ? back.status : out.status };
      }),
    ]);
    expect(mixed.map((r) => r.status)).toEqual(people.map(() => 200));
    now = await state(activityId, chatId);
    expect(now.members).toEqual([admin.id, ...cycling.map((p) => p.id)].sort());
    expect(now.inChat).toEqual(now.members);
    expect(now.joined).toBe(24);
    expect(now.left).toBe(16);
    expect(await count(activityId, admin)).toBe(9);
  });

  it('one person joining twice at once joins once', async () => {
    const [admin, p] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, admin);
    const answers = await Promise.all([1, 2, 3].map(() => t.call('activity/participate', { activityId }, p.token)));
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers)
      if (a.status !== 200) expect(a.body).toMatchObject({ error: { code: 'ALREADY_PARTICIPATING' } });
    const chatId = (await t.ok('activity/read-info', { activityId }, admin.token)).activity.chatId!;
    const now = await state(activityId, chatId);
    expect(now.members).toEqual([admin.id, p.id].sort());
    expect(now.inChat).toEqual(now.members);
    expect(now.joined).toBe(1);
  });

  it('two admins leaving at once: one leaves, the other is the last admin', async () => {
    const [admin, other] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, admin);
    await t.ok('activity/participate', { activityId }, other.token);
    await t.ok('activity/make-admin', { activityId, userId: other.id }, admin.token);
    const answers = await Promise.all([admin, other].map((u) => t.call('activity/exit', { activityId }, u.token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409].sort());
    const refused = answers.find((a) => a.status !== 200)!;
    expect(refused.body).toMatchObject({ error: { code: 'LAST_ADMIN' } });
  });
});
