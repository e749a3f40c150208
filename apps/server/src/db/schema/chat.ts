/** Chats, their members and messages. */
import type { MessageKind } from '@cordata/contract/enums';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt, id } from './columns.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

export const chats = pgTable(
  'chats',
  {
    id: id(),
    kind: text('kind').$type<'ACTIVITY' | 'GROUP' | 'DIRECT'>().notNull(),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** A DIRECT chat's two people, the smaller id first: one chat per pair (chats_direct_key). */
    userLowId: uuid('user_low_id').references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id').references(() => users.id, { onDelete: 'cascade' }),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_activity_key').on(t.activityId),
    uniqueIndex('chats_group_key').on(t.groupId),
    uniqueIndex('chats_direct_key').on(t.userLowId, t.userHighId),
    check('chats_direct_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ids are UUID v7, so they order by time: everything up to this id is read. */
    lastReadMessageId: uuid('last_read_message_id'),
    joinedAt: createdAt(),
    leftAt: at('left_at'),
    /** Messages before this are hidden from the member: set when they come back after a removal. */
    historyFrom: at('history_from'),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    text: text('text').notNull().default(''),
    clientMessageId: text('client_message_id'),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('messages_client_id_key').on(t.chatId, t.senderId, t.clientMessageId),
    index('messages_created_at_idx').on(t.createdAt),
  ],
);
