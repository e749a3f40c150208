/** Notifications, push tokens and the push outbox. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sessions } from './auth.ts';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    targetId: uuid('target_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    readAt: at('read_at'),
    createdAt: createdAt(),
    /**
     * Set when later events were folded into this organiser's notification (docs/notifications.md) and their digest
     * push has not gone out yet; the `organiser-digests` job pushes it once the batching window has closed.
     */
    foldedAt: at('folded_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_folded_idx').on(t.createdAt).where(sql`${t.foldedAt} is not null`),
    index('notifications_unread_idx').on(t.userId, t.type, t.targetId).where(sql`${t.readAt} is null`),
  ],
);

export const pushTokens = pgTable(
  'push_tokens',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered the token: null from it, or its end, removes only this device's token. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<'android' | 'ios' | 'web'>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').defaultNow().notNull(),
  },
  (t) => [index('push_tokens_user_idx').on(t.userId), index('push_tokens_session_idx').on(t.sessionId)],
);

/** Pushes to send, with retries; the embedded default records them here and logs them. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: id(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'PENDING' | 'SENDING' | 'SENT' | 'RECORDED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').defaultNow().notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('push_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`)],
);
