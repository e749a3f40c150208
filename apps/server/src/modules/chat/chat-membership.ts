import type { Message } from '@cordata/contract';
import type { MessageKind } from '@cordata/contract/enums';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMembers, chats, messages } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { selectMessagesWithSender, splitMessageRow } from './chat.mapper.ts';
import { appendMessage } from './chat.repository.ts';

export type ChatTarget = { kind: 'ACTIVITY'; activityId: string } | { kind: 'GROUP'; groupId: string };

/** What a membership change produced, to broadcast once the transaction commits. */
export interface ChatEvents {
  messageIds: string[];
  joined: { chatId: string; userId: string }[];
  left: { chatId: string; userId: string }[];
  closed: string[];
}

export const noChatEvents = (): ChatEvents => ({ messageIds: [], joined: [], left: [], closed: [] });

/**
 * Every activity and group has a chat whose members follow its participants. Activities and
 * groups call this inside their own transactions; `publish` runs after the commit.
 */
export function createChatMembership(deps: { db: DbOrTx; realtime: Realtime }) {
  async function event(
    db: DbOrTx,
    chatId: string,
    kind: Exclude<MessageKind, 'TEXT'>,
    userId: string | null,
    out: ChatEvents,
  ) {
    const row = await appendMessage({ chatId, kind, senderId: userId }, db);
    if (row) out.messageIds.push(row.id);
  }

  /** Creates the chat of an activity or group with its creator in it. */
  async function create(db: DbOrTx, target: ChatTarget, creatorId: string, out: ChatEvents) {
    const [chat] = await db
      .insert(chats)
      .values(
        target.kind === 'ACTIVITY'
          ? { kind: 'ACTIVITY', activityId: target.activityId }
          : { kind: 'GROUP', groupId: target.groupId },
      )
      .returning({ id: chats.id });
    await db.insert(chatMembers).values({ chatId: chat!.id, userId: creatorId });
    await event(db, chat!.id, 'CREATED', creatorId, out);
    out.joined.push({ chatId: chat!.id, userId: creatorId });
    return chat!.id;
  }

  async function chatIdOf(db: DbOrTx, target: ChatTarget) {
    const [chat] = await db
      .select({ id: chats.id })
      .from(chats)
      .where(target.kind === 'ACTIVITY' ? eq(chats.activityId, target.activityId) : eq(chats.groupId, target.groupId));
    return chat?.id ?? null;
  }

  /**
   * Adds a participant (again, after leaving) and says so in the chat. `freshHistory` hides the messages
   * before this transaction from them (someone back after a removal); left out, what they could read stays.
   */
  async function join(
    db: DbOrTx,
    chatId: string,
    userId: string,
    out: ChatEvents,
    options: { freshHistory?: boolean } = {},
  ) {
    const [existing] = await db
      .select({ leftAt: chatMembers.leftAt })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
    if (existing && !existing.leftAt) return;
    await db
      .insert(chatMembers)
      .values({ chatId, userId, historyFrom: options.freshHistory ? sql`now()` : null })
      .onConflictDoUpdate({
        target: [chatMembers.chatId, chatMembers.userId],
        set: {
          leftAt: null,
          joinedAt: new Date(),
          ...(options.freshHistory ? { historyFrom: sql`now()` } : {}),
        },
      });
    await event(db, chatId, 'JOINED', userId, out);
    out.joined.push({ chatId, userId });
  }

  async function leave(db: DbOrTx, chatId: string, userId: string, out: ChatEvents) {
    const updated = await db
      .update(chatMembers)
      .set({ leftAt: new Date() })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)))
      .returning({ userId: chatMembers.userId });
    if (!updated.length) return;
    await event(db, chatId, 'LEFT', userId, out);
    out.left.push({ chatId, userId });
  }

  /** Closes a chat: a CLOSED event, after which no message is accepted. */
  async function close(db: DbOrTx, chatId: string, out: ChatEvents) {
    const updated = await db
      .update(chats)
      .set({ closedAt: new Date() })
      .where(and(eq(chats.id, chatId), isNull(chats.closedAt)))
      .returning({ id: chats.id });
    if (!updated.length) return;
    await event(db, chatId, 'CLOSED', null, out);
    out.closed.push(chatId);
  }

  /** Broadcasts what a committed change produced: room moves first, then the messages. */
  async function publish(out: ChatEvents) {
    for (const { chatId, userId } of out.joined) deps.realtime.joinChat(userId, chatId);
    if (out.messageIds.length) {
      const rows = await selectMessagesWithSender(deps.db).where(inArray(messages.id, out.messageIds));
      const sent: Message[] = rows.map(splitMessageRow).sort((a, b) => (a.messageId < b.messageId ? -1 : 1));
      for (const message of sent) deps.realtime.toChat(message.chatId, 'message', message);
    }
    for (const chatId of out.closed) deps.realtime.toChat(chatId, 'chat:closed', { chatId });
    for (const { chatId, userId } of out.left) deps.realtime.leaveChat(userId, chatId);
  }

  return { create, chatIdOf, join, leave, close, publish };
}

export type ChatMembership = ReturnType<typeof createChatMembership>;
