import type { Message, MessageKind } from '@cordata/contract';
import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { messages, users } from '../../db/schema.ts';
import { toUserSummary, userSummaryColumns } from '../users/user-summary.ts';

/** The sender of a message: their summary, and whether the account was deleted. */
export const senderColumns = { ...userSummaryColumns, deletedAt: users.deletedAt };

type MessageRow = typeof messages.$inferSelect;
export type SenderRow = { [K in keyof typeof senderColumns]: (typeof senderColumns)[K]['_']['data'] | null };

/** A stored message as the API shows it; a deleted account shows as no sender. */
export function toMessage(row: MessageRow, sender: SenderRow | null): Message {
  return {
    messageId: row.id,
    chatId: row.chatId,
    sender: sender?.userId && !sender.deletedAt ? toUserSummary({ ...sender, userId: sender.userId }) : null,
    kind: row.kind as MessageKind,
    text: row.removedAt ? '' : row.text,
    clientMessageId: row.clientMessageId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Messages with their senders, for queries that add their own conditions. */
export const selectMessagesWithSender = (db: DbOrTx) =>
  db
    .select({ ...getTableColumns(messages), sender: senderColumns })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId));

export const splitMessageRow = ({
  sender,
  ...row
}: Awaited<ReturnType<ReturnType<typeof selectMessagesWithSender>['execute']>>[number]) => toMessage(row, sender);
