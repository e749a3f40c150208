import { and, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/app.ts';
import { chatMembers, connections, groupMembers, groups, notifications } from '../../db/schema.ts';

/** Two people who are contacts (an accepted connection). */
export async function connect(t: TestApp, a: { id: string }, b: { id: string }) {
  await t.db
    .insert(connections)
    .values({ requesterId: a.id, addresseeId: b.id, status: 'ACCEPTED', acceptedAt: new Date() });
}

/** A group with its members (the groups module is not needed to test activities). */
export async function newGroup(t: TestApp, name: string, members: { id: string }[]) {
  const [group] = await t.db.insert(groups).values({ name, type: 'OPEN', createdBy: members[0]?.id }).returning();
  if (members.length) {
    await t.db.insert(groupMembers).values(
      members.map((m, i) => ({
        groupId: group!.id,
        userId: m.id,
        state: 'PARTICIPATING' as const,
        isAdmin: i === 0,
        joinedAt: new Date(),
      })),
    );
  }
  return group!;
}

/** A person's notifications of a type, about one target (or any when `targetId` is left out). */
export async function notificationsOf(t: TestApp, userId: string, type: string, targetId?: string) {
  return t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.type, type),
        targetId === undefined ? undefined : eq(notifications.targetId, targetId),
      ),
    );
}

export async function inChat(t: TestApp, chatId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  return !!row && row.leftAt === null;
}
