import type { Message } from '@cordata/contract';
import type { MessageKind } from '@cordata/contract/enums';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, uuidList } from '../../db/client.ts';
import { chatMembers, chats, messages } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { selectMessagesWithSender, splitMessageRow } from './chat.mapper.ts';
import { createMessageAppender } from './chat.repository.ts';

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
export function createChatMembership(deps: { db: Db; realtime: Realtime }) {
  const { db } = deps;
  const appendMessage = createMessageAppender(db);

  // Every join and exit runs these (issue 17): built once, prepared per connection, run on the change's transaction.
  const chatIdBy = (name: string, target: typeof chats.activityId | typeof chats.groupId) =>
    preparedOn(
      db,
      name,
      db
        .select({ id: chats.id })
        .from(chats)
        .where(eq(target, sql.placeholder('targetId'))),
    );
  const chatIdStatements = {
    ACTIVITY: chatIdBy('chat_id_of_activity', chats.activityId),
    GROUP: chatIdBy('chat_id_of_group', chats.groupId),
  };
  const memberStatement = preparedOn(
    db,
    'chat_member_left_at',
    db
      .select({ leftAt: chatMembers.leftAt })
      .from(chatMembers)
      .where(and(eq(chatMembers.chatId, sql.placeholder('chatId')), eq(chatMembers.userId, sql.placeholder('userId')))),
  );
  const joinStatement = (freshHistory: boolean) =>
    preparedOn(
      db,
      freshHistory ? 'chat_member_join_fresh' : 'chat_member_join',
      db
        .insert(chatMembers)
        .values({
          chatId: sql.placeholder('chatId'),
          userId: sql.placeholder('userId'),
          historyFrom: freshHistory ? sql`now()` : null,
        })
        .onConflictDoUpdate({
          target: [chatMembers.chatId, chatMembers.userId],
          set: {
            leftAt: null,
            joinedAt: sql`${sql.placeholder('joinedAt')}::timestamptz`,
            ...(freshHistory ? { historyFrom: sql`now()` } : {}),
          },
        }),
    );
  const joinStatements = { kept: joinStatement(false), fresh: joinStatement(true) };
  const leaveStatement = preparedOn(
    db,
    'chat_member_leave',
    db
      .update(chatMembers)
      .set({ leftAt: sql`${sql.placeholder('leftAt')}::timestamptz` })
      .where(
        and(
          eq(chatMembers.chatId, sql.placeholder('chatId')),
          eq(chatMembers.userId, sql.placeholder('userId')),
          isNull(chatMembers.leftAt),
        ),
      )
      .returning({ userId: chatMembers.userId }),
  );

  // The events a change appended, with their senders, read once it commits to send them live.
  const eventsStatement = selectMessagesWithSender(db)
    .where(sql`${messages.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('chat_events_by_ids');

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
    const targetId = target.kind === 'ACTIVITY' ? target.activityId : target.groupId;
    const [chat] = await chatIdStatements[target.kind].on(db).execute({ targetId });
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
    const [existing] = await memberStatement.on(db).execute({ chatId, userId });
    if (existing && !existing.leftAt) return;
    const statement = options.freshHistory ? joinStatements.fresh : joinStatements.kept;
    await statement.on(db).execute({ chatId, userId, joinedAt: new Date().toISOString() });
    await event(db, chatId, 'JOINED', userId, out);
    out.joined.push({ chatId, userId });
  }

  async function leave(db: DbOrTx, chatId: string, userId: string, out: ChatEvents) {
    const updated = await leaveStatement.on(db).execute({ chatId, userId, leftAt: new Date().toISOString() });
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
      const rows = await eventsStatement.execute({ ids: uuidList(out.messageIds) });
      const sent: Message[] = rows.map(splitMessageRow).sort((a, b) => (a.messageId < b.messageId ? -1 : 1));
      for (const message of sent) deps.realtime.toChat(message.chatId, 'message', message);
    }
    for (const chatId of out.closed) deps.realtime.toChat(chatId, 'chat:closed', { chatId });
    for (const { chatId, userId } of out.left) deps.realtime.leaveChat(userId, chatId);
  }

  return { create, chatIdOf, join, leave, close, publish };
}

export type ChatMembership = ReturnType<typeof createChatMembership>;
