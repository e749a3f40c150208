import type { Message, MessageKind, UserSummary } from '@cordata/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages, users } from '../../db/schema.ts';

export const senderColumns = {
  senderUserId: users.id,
  senderUsername: users.username,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  senderPicture: users.profilePicture,
  senderLastOnlineAt: users.lastOnlineAt,
  senderDeletedAt: users.deletedAt,
};

type MessageRow = typeof messages.$inferSelect;
type SenderRow = { [K in keyof typeof senderColumns]: (typeof senderColumns)[K]['_']['data'] | null };

/** A stored message as the API shows it; a deleted account shows as no sender. */
export function toMessage(row: MessageRow, sender: SenderRow | null): Message {
  const summary: UserSummary | null =
    sender?.senderUserId && !sender.senderDeletedAt
      ? {
          userId: sender.senderUserId,
          username: sender.senderUsername,
          firstName: sender.senderFirstName,
          lastName: sender.senderLastName,
          profilePicture: sender.senderPicture,
          lastOnlineAt: sender.senderLastOnlineAt?.toISOString() ?? null,
        }
      : null;
  return {
    messageId: row.id,
    chatId: row.chatId,
    sender: summary,
    kind: row.kind as MessageKind,
    text: row.removedAt ? '' : row.text,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages with their senders, for queries that add their own conditions. */
export const selectMessagesWithSender = (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(messages), ...senderColumns })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId));

export const splitMessageRow = (
  r: Awaited<ReturnType<ReturnType<typeof selectMessagesWithSender>['execute']>>[number],
) => {
  const {
    senderUserId,
    senderUsername,
    senderFirstName,
    senderLastName,
    senderPicture,
    senderLastOnlineAt,
    senderDeletedAt,
    ...row
  } = r;
  return toMessage(row, {
    senderUserId,
    senderUsername,
    senderFirstName,
    senderLastName,
    senderPicture,
    senderLastOnlineAt,
    senderDeletedAt,
  });
};
