/** Data exports (docs/logistics.md). */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** A person's data export: prepared by a job, kept for 7 days; its link is signed (HMAC), nothing secret is stored. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PENDING' | 'READY' | 'FAILED'>().notNull(),
    storageKey: text('storage_key'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    requestedAt: createdAt(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt), index('data_exports_status_idx').on(t.status)],
);
