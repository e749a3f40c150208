import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn, preparedRows } from '../../db/client.ts';
import { chatMembers, chats } from '../../db/schema.ts';
import { appendEventAfterChange, type ChangeRow, createMessageAppender } from './chat.repository.ts';
import type { ChatRef, ChatTarget } from './chat-membership.ts';

type Prepared = ReturnType<typeof preparedRows<ChangeRow>>;

const CHAT_REFS = ['ACTIVITY', 'GROUP', 'CHAT'] as const satisfies readonly ChatRef['kind'][];

/** The chat a ref names, as a select of its id from the parameter `ref`. */
const chatOf = (ref: ChatRef['kind']): SQL => {
  const column = { ACTIVITY: 'activity_id', GROUP: 'group_id', CHAT: 'id' }[ref];
  return sql`select c.id from chats c where c.${sql.raw(column)} = ${sql.placeholder('ref')}::uuid`;
};
const refId = (ref: ChatRef) =>
  ref.kind === 'ACTIVITY' ? ref.activityId : ref.kind === 'GROUP' ? ref.groupId : ref.chatId;
const eventAfter = (kind: 'JOINED' | 'LEFT', also?: SQL) =>
  appendEventAfterChange(kind, sql`${sql.placeholder('userId')}::uuid`, also);

/**
 * The CTEs that put the placeholder `userId` (back) in the chat the placeholder `ref` names, unless they are a current
 * member, and append JOINED, then the select of the ChangeRow; `freshHistory` hides the messages before now from them.
 * As leaveChatSql, they may follow a caller's own CTEs, and the select may carry its columns (`also`, as
 * appendEventAfterChange).
 */
export const joinChatSql = (ref: ChatRef['kind'], freshHistory: boolean, also?: SQL) => sql`
  chat as (${chatOf(ref)}),
  changed as (
    insert into chat_members (chat_id, user_id, history_from)
    select chat.id, ${sql.placeholder('userId')}::uuid, ${freshHistory ? sql`now()` : sql`null`} from chat
    where not exists (select 1 from chat_members m
      where m.chat_id = chat.id and m.user_id = ${sql.placeholder('userId')}::uuid and m.left_at is null)
    on conflict (chat_id, user_id) do update set
      left_at = null, ${sql.identifier(chatMembers.joinedAt.name)} = ${sql.placeholder('at')}::timestamptz${freshHistory ? sql`, history_from = now()` : sql``}
    returning chat_id
  ),
  ${eventAfter('JOINED', also)}`;

/**
 * The CTEs that take the placeholder `userId` out of the chat the placeholder `ref` names and append LEFT, then the
 * select of the ChangeRow: they may follow a caller's own CTEs, so that a member's removal and their leaving the chat
 * are one statement (issue 43).
 */
export const leaveChatSql = (ref: ChatRef['kind']) => sql`
  chat as (${chatOf(ref)}),
  changed as (
    update chat_members m set left_at = ${sql.placeholder('at')}::timestamptz from chat
    where m.chat_id = chat.id and m.user_id = ${sql.placeholder('userId')}::uuid and m.left_at is null
    returning m.chat_id
  ),
  ${eventAfter('LEFT')}`;

/**
 * The statements that keep a chat's members in step with its activity or group, besides a participant's own join
 * and exit (the membership module's, from joinChatSql and leaveChatSql): a chat's creation, an admin's removal, an
 * account's deletion. Built once, prepared per connection, run on the caller's transaction.
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

  // A participant's own join and exit are the membership module's (membership_seat_<kind>, membership_leave_<kind>).
  // Here: someone added to a chat named by its id (the demo data), and leaving by an admin's removal or an account's
  // deletion, one text per way the chat is named.
  const joinStatement = preparedRows<ChangeRow>(db, 'chat_join_chat', sql`with ${joinChatSql('CHAT', false)}`);
  const leaveStatement = (ref: ChatRef['kind']) =>
    preparedRows<ChangeRow>(db, `chat_leave_${ref.toLowerCase()}`, sql`with ${leaveChatSql(ref)}`);
  const leaveStatements = Object.fromEntries(CHAT_REFS.map((ref) => [ref, leaveStatement(ref)])) as Record<
    ChatRef['kind'],
    Prepared
  >;
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

    /** Puts the user in the chat (again), unless they are a current member, and appends JOINED; as leave. */
    async join(chatId: string, userId: string, tx: DbOrTx): Promise<ChangeRow | null> {
      const [row] = await joinStatement.execute({ ref: chatId, userId, at: new Date().toISOString() }, tx);
      return row ?? null;
    },

    /** Marks a current member as gone and appends LEFT; null when they were not one. */
    async leave(ref: ChatRef, userId: string, tx: DbOrTx): Promise<ChangeRow | null> {
      const [row] = await leaveStatements[ref.kind].execute(
        { ref: refId(ref), userId, at: new Date().toISOString() },
        tx,
      );
      return row ?? null;
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
  };
}
