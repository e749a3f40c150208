import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, uuidList } from '../../db/client.ts';
import { chatMembers, chats, messages } from '../../db/schema.ts';
import { createMessageAppender, selectMessagesWithSender } from './chat.repository.ts';
import type { ChatTarget } from './chat-membership.ts';

/**
 * The statements that keep a chat's members in step with its activity or group. Every join and exit runs
 * them (issue 17): built once, prepared per connection, run on the caller's transaction.
 */
export function createChatMembershipRepository(db: Db) {
  const appendMessage = createMessageAppender(db);

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
  const messagesStatement = selectMessagesWithSender(db)
    .where(sql`${messages.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('chat_events_by_ids');

  return {
    appendMessage,

    /** Creates the chat of an activity or group with its creator as first member; its id. */
    async insertChat(target: ChatTarget, creatorId: string, tx: DbOrTx): Promise<string> {
      const [chat] = await tx
        .insert(chats)
        .values(
          target.kind === 'ACTIVITY'
            ? { kind: 'ACTIVITY', activityId: target.activityId }
            : { kind: 'GROUP', groupId: target.groupId },
        )
        .returning({ id: chats.id });
      await tx.insert(chatMembers).values({ chatId: chat!.id, userId: creatorId });
      return chat!.id;
    },

    async chatIdOf(target: ChatTarget, tx: DbOrTx): Promise<string | null> {
      const targetId = target.kind === 'ACTIVITY' ? target.activityId : target.groupId;
      const [chat] = await chatIdStatements[target.kind].on(tx).execute({ targetId });
      return chat?.id ?? null;
    },

    /** Whether the user is a current member (not one who left, not a stranger). */
    async isCurrentMember(chatId: string, userId: string, tx: DbOrTx): Promise<boolean> {
      const [member] = await memberStatement.on(tx).execute({ chatId, userId });
      return member !== undefined && !member.leftAt;
    },

    /** Adds the user, or brings them back; `freshHistory` hides the messages before now from them. */
    async upsertMember(chatId: string, userId: string, freshHistory: boolean, tx: DbOrTx): Promise<void> {
      const statement = freshHistory ? joinStatements.fresh : joinStatements.kept;
      await statement.on(tx).execute({ chatId, userId, joinedAt: new Date().toISOString() });
    },

    /** Marks a current member as gone; false when they were not one. */
    async markLeft(chatId: string, userId: string, tx: DbOrTx): Promise<boolean> {
      const updated = await leaveStatement.on(tx).execute({ chatId, userId, leftAt: new Date().toISOString() });
      return updated.length > 0;
    },

    /** Closes an open chat; false when it was closed already. */
    async markClosed(chatId: string, tx: DbOrTx): Promise<boolean> {
      const updated = await tx
        .update(chats)
        .set({ closedAt: new Date() })
        .where(and(eq(chats.id, chatId), isNull(chats.closedAt)))
        .returning({ id: chats.id });
      return updated.length > 0;
    },

    /** The messages with these ids, with their senders. */
    messagesByIds: (ids: string[]) => messagesStatement.execute({ ids: uuidList(ids) }),
  };
}
