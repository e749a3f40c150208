import type { Message, MessageKind, UserSummary } from '@cordata/contract';
import { dateOrNull } from '../../db/client.ts';
import type { messages } from '../../db/schema.ts';
import { toPersonOrNull } from '../users/user-summary.ts';
import type { StoredMessageRow } from './chat.repository.ts';

type MessageRow = typeof messages.$inferSelect;

/** A stored message as the API shows it, with its sender's summary (null: a system event or a deleted account). */
export function toMessage(row: MessageRow, sender: UserSummary | null): Message {
  return {
    messageId: row.id,
    chatId: row.chatId,
    sender,
    kind: row.kind as MessageKind,
    text: row.removedAt ? '' : row.text,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message as a hand-written statement returned it (chat.repository.ts, StoredMessageRow). */
export const storedMessage = (row: StoredMessageRow): Message =>
  toMessage(
    {
      id: row.messageId,
      chatId: row.chatId,
      senderId: row.senderId,
      kind: row.kind,
      text: row.text,
      clientMessageId: row.clientMessageId,
      removedAt: dateOrNull(row.removedAt),
      createdAt: new Date(row.createdAt),
    },
    toPersonOrNull({
      userId: row.senderId,
      username: row.username,
      firstName: row.firstName,
      lastName: row.lastName,
      profilePicture: row.profilePicture,
      lastOnlineAt: dateOrNull(row.lastOnlineAt),
      deletedAt: dateOrNull(row.deletedAt),
    }),
  );
