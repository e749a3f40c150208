import type { CallBody, ChatSummary, Message } from '@cordata/contract';
import { type Db, dateOrNull } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Access } from '../access/access.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Changes } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { storedMessage } from './chat.mapper.ts';
import type { ChatRepository, ChatSummaryRow } from './chat.repository.ts';
import type { ChatMembership } from './chat-membership.ts';

/** How many participants get-info lists; participantsCount gives the total. */
export const CHAT_INFO_PARTICIPANTS = 50;
/** Sends per person per minute, when rate limits are on. */
const SEND_RATE = { limit: 60, windowSeconds: 60 };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createChatService(deps: {
  db: Db;
  repo: ChatRepository;
  access: Pick<Access, 'mayMessage'>;
  users: Pick<UsersRepository, 'findPublic'>;
  changes: Changes;
  realtime: Pick<Realtime, 'toChat'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  now: () => Date;
}) {
  const { repo } = deps;

  function toSummaries(rows: ChatSummaryRow[]): ChatSummary[] {
    return rows.map((row) => ({
      chatId: row.chatId,
      kind: row.kind,
      targetId: row.targetId,
      name: row.name,
      picture: row.picture,
      person: row.personId
        ? toUserSummary({
            userId: row.personId,
            username: row.personUsername,
            firstName: row.personFirstName,
            lastName: row.personLastName,
            profilePicture: row.personPicture,
            lastOnlineAt: dateOrNull(row.personLastOnlineAt),
          })
        : null,
      lastMessage: row.lastMessage && storedMessage(row.lastMessage),
      unreadCount: Number(row.unreadCount),
      closedAt: iso(row.closedAt),
      canSend: row.canSend,
    }));
  }

  /** The chat, for a current member only: to anyone else it does not exist. */
  async function memberChat(chatId: string, user: AuthUser) {
    const row = await repo.findForMember(chatId, user.userId);
    if (!row) throw new ApiError('CHAT_NOT_FOUND');
    return row;
  }

  async function assertMember(chatId: string, user: AuthUser) {
    if (!(await repo.isMember(chatId, user.userId))) throw new ApiError('CHAT_NOT_FOUND');
  }

  return {
    /**
     * The direct chat with a contact, created the first time (no message: the other person sees it
     * once something is said). Both join its room after the commit, so the first message arrives live
     * (socket rooms leave out direct chats nobody may write in: see chatIdsOf).
     */
    async openDirect(user: AuthUser, otherId: string): Promise<{ chat: ChatSummary }> {
      if (otherId === user.userId) throw new ApiError('NOT_A_CONTACT');
      if (!(await deps.users.findPublic(otherId))) throw new ApiError('USER_NOT_FOUND');
      const { chatId } = await deps.changes.run(async (tx, fx) => {
        if (!(await deps.access.mayMessage(user.userId, otherId, tx))) throw new ApiError('NOT_A_CONTACT');
        const opened = await repo.openDirect(user.userId, otherId, tx);
        // Both sockets into the room: a new chat, or one written in again after the two became contacts again.
        fx.chat.joined.push({ chatId: opened.chatId, userId: user.userId }, { chatId: opened.chatId, userId: otherId });
        return opened;
      });
      const row = await repo.findForMember(chatId, user.userId);
      if (!row) throw new ApiError('CHAT_NOT_FOUND');
      const [chat] = toSummaries([row]);
      return { chat: chat! };
    },

    async listUserChats(user: AuthUser, body: CallBody<'chat/list-user-chats'>) {
      const { page, limit } = body.pagination;
      const rows = await repo.summaries(user.userId, { limit, offset: (page - 1) * limit });
      return { chats: toSummaries(rows) };
    },

    async getInfo(user: AuthUser, chatId: string) {
      const row = await memberChat(chatId, user);
      const [summary] = toSummaries([row]);
      const [participants, participantsCount] = await Promise.all([
        repo.participants(chatId, CHAT_INFO_PARTICIPANTS),
        repo.countParticipants(chatId),
      ]);
      return {
        chat: {
          ...summary!,
          participants: participants.map(toUserSummary),
          participantsCount,
        },
      };
    },

    async listMessages(user: AuthUser, body: CallBody<'chat/list-messages'>) {
      const page = await repo.memberPage(body.chatId, user.userId, body, body.limit);
      if (!page) throw new ApiError('CHAT_NOT_FOUND');
      return { messages: page.rows.map(storedMessage), hasMore: page.hasMore };
    },

    /**
     * Stores a message, then broadcasts it to the chat and notifies the others. The chat row is
     * locked for the insert, so a close and a send never cross, and a retry of the same
     * clientMessageId returns the message stored the first time.
     */
    async sendMessage(user: AuthUser, body: CallBody<'chat/send-message'>): Promise<{ message: Message }> {
      const { chatId, text, clientMessageId } = body;
      await deps.rateLimiter.hit(`chat-send:${user.userId}`, SEND_RATE);
      const outcome = await deps.changes.run(async (tx, fx) => {
        const chat = await repo.lockForSend(chatId, user.userId, tx);
        if (!chat?.isMember) throw new ApiError('CHAT_NOT_FOUND');
        const retried = async () => {
          const id = await repo.findByClientId(chatId, user.userId, clientMessageId, tx);
          return id ? { retriedId: id } : null;
        };
        if (chat.closedAt) {
          // A retry of a message stored before the chat closed still gets its answer.
          const stored = await retried();
          if (stored) return stored;
          throw new ApiError('CHAT_CLOSED');
        }
        if (!chat.sendable) {
          // A direct chat whose two are no longer contacts, or one blocked the other: readable, not writable.
          const stored = await retried();
          if (stored) return stored;
          throw new ApiError('NOT_A_CONTACT');
        }
        const row = await repo.insertText({ chatId, senderId: user.userId, text, clientMessageId }, tx);
        if (!row) {
          const stored = await retried();
          if (stored) return stored;
          // Removed while this send waited for the chat.
          throw new ApiError('CHAT_NOT_FOUND');
        }
        await repo.moveReadMarker(chatId, user.userId, row.messageId, tx);
        await fx.notify({
          userIds: row.memberIds,
          type: 'SEND_MESSAGE',
          targetId: chatId,
          actorId: user.userId,
          targetName: chat.name,
          // A direct chat has no name of its own: its notification says who wrote.
          reason: chat.kind === 'DIRECT' ? 'DIRECT' : null,
        });
        const message = storedMessage(row);
        fx.afterCommit(() => deps.realtime.toChat(chatId, 'message', message));
        return { message };
      });
      if ('retriedId' in outcome) {
        return { message: storedMessage((await repo.messageById(outcome.retriedId))!) };
      }
      return { message: outcome.message };
    },

    /** Moves my read marker to the newest message, and reads the chat's message notification. */
    async setAsRead(user: AuthUser, chatId: string) {
      await assertMember(chatId, user);
      await deps.db.transaction(async (tx) => {
        const last = await repo.lastMessageId(chatId, tx);
        if (last) await repo.moveReadMarker(chatId, user.userId, last, tx);
        await repo.readMessageNotifications(chatId, user.userId, deps.now(), tx);
      });
      return { ok: true as const };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;

/**
 * Closes the chats of activities that have ended: each gets a CLOSED event and a `chat:closed`
 * event, and accepts no message after it. Batches are claimed with SKIP LOCKED, so several
 * instances running it at once never close an activity twice.
 */
export function createChatClosing(deps: {
  changes: Changes;
  repo: Pick<ChatRepository, 'claimEndedActivities'>;
  chatMembership: Pick<ChatMembership, 'close'>;
  now: () => Date;
  batchSize?: number;
}) {
  return async function closeEndedActivityChats() {
    let closed = 0;
    for (;;) {
      const batch = await deps.changes.run(async (tx, fx) => {
        const claimed = await deps.repo.claimEndedActivities(deps.now(), deps.batchSize ?? 100, tx);
        for (const chatId of claimed.chatIds) await deps.chatMembership.close(tx, chatId, fx.chat);
        return { activityCount: claimed.activityCount, closedChats: fx.chat.closed.length };
      });
      closed += batch.closedChats;
      if (!batch.activityCount) return closed;
    }
  };
}
