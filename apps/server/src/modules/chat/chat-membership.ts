import type { Message } from '@cordata/contract';
import type { MessageKind } from '@cordata/contract/enums';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { storedMessage } from './chat.mapper.ts';
import type { ChangeRow } from './chat.repository.ts';
import { createChatMembershipRepository } from './chat-membership.repository.ts';

export type ChatTarget = { kind: 'ACTIVITY'; activityId: string } | { kind: 'GROUP'; groupId: string };
/** A chat named by its activity or group, or by its own id. */
export type ChatRef = ChatTarget | { kind: 'CHAT'; chatId: string };

/** What a membership change produced, to broadcast once the transaction commits. */
export interface ChatEvents {
  messages: Message[];
  joined: { chatId: string; userId: string }[];
  left: { chatId: string; userId: string }[];
  closed: string[];
}

export const noChatEvents = (): ChatEvents => ({ messages: [], joined: [], left: [], closed: [] });

/**
 * Every activity and group has a chat whose members follow its participants. Activities and
 * groups call this inside their own transactions; `publish` runs after the commit.
 */
export function createChatMembership(deps: { db: Db; realtime: Realtime }) {
  const repo = createChatMembershipRepository(deps.db);

  async function event(
    db: DbOrTx,
    chatId: string,
    kind: Exclude<MessageKind, 'TEXT'>,
    userId: string | null,
    out: ChatEvents,
  ) {
    const row = await repo.appendMessage({ chatId, kind, senderId: userId }, db);
    if (row) out.messages.push(storedMessage(row));
  }

  /** Creates the chat of an activity or group with its creator in it. */
  async function create(db: DbOrTx, target: ChatTarget, creatorId: string, out: ChatEvents) {
    const chatId = await repo.insertChat(target, creatorId, db);
    await event(db, chatId, 'CREATED', creatorId, out);
    out.joined.push({ chatId, userId: creatorId });
    return chatId;
  }

  const chatIdOf = (db: DbOrTx, target: ChatTarget) => repo.chatIdOf(target, db);

  /**
   * Adds someone (again, after leaving) to a chat and says so in it, in one statement: nothing when there is no such
   * chat or they are in it already. An activity's or a group's participants come in by the membership module's own
   * statement (membership_seat_<kind>), built from the same joinChatSql.
   */
  async function join(db: DbOrTx, chat: { kind: 'CHAT'; chatId: string }, userId: string, out: ChatEvents) {
    joined(await repo.join(chat.chatId, userId, db), userId, out);
  }

  /** What a statement ending in joinChatSql changed, to broadcast after the commit (null: `userId` was in already). */
  function joined(changed: ChangeRow | null, userId: string, out: ChatEvents) {
    if (!changed) return;
    if (changed.messageId) out.messages.push(storedMessage(changed));
    out.joined.push({ chatId: changed.changedChatId, userId });
  }

  /** What a statement ending in leaveChatSql changed, to broadcast after the commit (null: `userId` was not in). */
  function left(changed: ChangeRow | null, userId: string, out: ChatEvents) {
    if (!changed) return;
    if (changed.messageId) out.messages.push(storedMessage(changed));
    out.left.push({ chatId: changed.changedChatId, userId });
  }

  /** Takes a current member out of the chat of `chat` and says so in it, in one statement as `join`. */
  async function leave(db: DbOrTx, chat: ChatRef, userId: string, out: ChatEvents) {
    left(await repo.leave(chat, userId, db), userId, out);
  }

  /** Closes a chat: a CLOSED event, after which no message is accepted. */
  async function close(db: DbOrTx, chatId: string, out: ChatEvents) {
    if (!(await repo.markClosed(chatId, db))) return;
    await event(db, chatId, 'CLOSED', null, out);
    out.closed.push(chatId);
  }

  /** Broadcasts what a committed change produced: room moves first, then the messages in their order. */
  function publish(out: ChatEvents) {
    for (const { chatId, userId } of out.joined) deps.realtime.joinChat(userId, chatId);
    const sent = [...out.messages].sort((a, b) => (a.messageId < b.messageId ? -1 : 1));
    for (const message of sent) deps.realtime.toChat(message.chatId, 'message', message);
    for (const chatId of out.closed) deps.realtime.toChat(chatId, 'chat:closed', { chatId });
    for (const { chatId, userId } of out.left) deps.realtime.leaveChat(userId, chatId);
  }

  return { create, chatIdOf, join, joined, leave, left, close, publish };
}

export type ChatMembership = ReturnType<typeof createChatMembership>;
