import type { CallBody, ChatSummary, Message } from '@cordata/contract';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { AuthUser } from '../auth/tokens.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { splitMessageRow } from './chat.mapper.ts';
import { appendMessage, type ChatRepository, type ChatSummaryRow, lockChat } from './chat.repository.ts';
import { type ChatMembership, noChatEvents } from './chat-membership.ts';

/** How many participants get-info lists; participantsCount gives the total. */
export const CHAT_INFO_PARTICIPANTS = 50;
/** Sends per person per minute, when rate limits are on. */
const SEND_RATE = { limit: 60, windowSeconds: 60 };

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createChatService(deps: {
  db: Db;
  repo: ChatRepository;
  notifier: Pick<Notifier, 'record' | 'deliver'>;
  realtime: Pick<Realtime, 'toChat'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function messagesById(ids: string[]) {
    const rows = await repo.messagesByIds(ids);
    return new Map(rows.map((row) => [row.id, splitMessageRow(row)]));
  }

  async function toSummaries(rows: ChatSummaryRow[]): Promise<ChatSummary[]> {
    const last = await messagesById(rows.map((r) => r.last_message_id).filter((id): id is string => !!id));
    return rows.map((row) => ({
      chatId: row.chat_id,
      kind: row.kind,
      targetId: row.target_id,
      name: row.name,
      picture: row.picture,
      lastMessage: (row.last_message_id && last.get(row.last_message_id)) || null,
      unreadCount: Number(row.unread_count),
      closedAt: iso(row.closed_at),
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
    async listUserChats(user: AuthUser, body: CallBody<'chat/list-user-chats'>) {
      const { page, limit } = body.pagination;
      const rows = await repo.summaries(user.userId, { limit, offset: (page - 1) * limit });
      return { chats: await toSummaries(rows) };
    },

    async getInfo(user: AuthUser, chatId: string) {
      const row = await memberChat(chatId, user);
      const [[summary], participants, participantsCount] = await Promise.all([
        toSummaries([row]),
        repo.participants(chatId, CHAT_INFO_PARTICIPANTS),
        repo.countParticipants(chatId),
      ]);
      return {
        chat: {
          ...summary!,
          participants: participants.map((p) => ({ ...p, lastOnlineAt: iso(p.lastOnlineAt) })),
          participantsCount,
        },
      };
    },

    async listMessages(user: AuthUser, body: CallBody<'chat/list-messages'>) {
      await assertMember(body.chatId, user);
      const { rows, hasMore } = await repo.page(body.chatId, body, body.limit);
      return { messages: rows.map(splitMessageRow), hasMore };
    },

    /**
     * Stores a message, then broadcasts it to the chat and notifies the others. The chat row is
     * locked for the insert, so a close and a send never cross, and a retry of the same
     * clientMessageId returns the message stored the first time.
     */
    async sendMessage(user: AuthUser, body: CallBody<'chat/send-message'>): Promise<{ message: Message }> {
      const { chatId, text, clientMessageId } = body;
      await deps.rateLimiter.hit(`chat-send:${user.userId}`, SEND_RATE);
      const outcome = await deps.db.transaction(async (tx) => {
        const chat = await lockChat(tx, chatId);
        if (!chat || !(await repo.isMember(chatId, user.userId, tx))) throw new ApiError('CHAT_NOT_FOUND');
        const existing = await repo.findByClientId(chatId, user.userId, clientMessageId, tx);
        if (existing) return { messageId: existing, isNew: false, notifications: [] };
        if (chat.closedAt) throw new ApiError('CHAT_CLOSED');
        const row = await appendMessage(tx, { chatId, kind: 'TEXT', senderId: user.userId, text, clientMessageId });
        if (!row) {
          // Only a concurrent retry of the same message can get here: answer with the stored one.
          const stored = await repo.findByClientId(chatId, user.userId, clientMessageId, tx);
          return { messageId: stored!, isNew: false, notifications: [] };
        }
        await repo.moveReadMarker(chatId, user.userId, row.id, tx);
        const recipients = await repo.memberIds(chatId, tx);
        const notifications = await deps.notifier.record(
          {
            userIds: recipients,
            type: 'SEND_MESSAGE',
            targetId: chatId,
            actorId: user.userId,
            targetName: await repo.chatName(chatId, tx),
          },
          tx,
        );
        return { messageId: row.id, isNew: true, notifications };
      });
      const message = (await messagesById([outcome.messageId])).get(outcome.messageId)!;
      if (outcome.isNew) {
        deps.realtime.toChat(chatId, 'message', message);
        await deps.notifier.deliver(outcome.notifications);
      }
      return { message };
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
  db: Db;
  repo: Pick<ChatRepository, 'claimEndedActivities'>;
  chatMembership: Pick<ChatMembership, 'close' | 'publish'>;
  now: () => Date;
  batchSize?: number;
}) {
  return async function closeEndedActivityChats() {
    let closed = 0;
    for (;;) {
      const out = noChatEvents();
      const claimed = await deps.db.transaction(async (tx) => {
        const batch = await deps.repo.claimEndedActivities(tx, deps.now(), deps.batchSize ?? 100);
        for (const chatId of batch.chatIds) await deps.chatMembership.close(tx, chatId, out);
        return batch.activityCount;
      });
      await deps.chatMembership.publish(out);
      closed += out.closed.length;
      if (!claimed) return closed;
    }
  };
}
