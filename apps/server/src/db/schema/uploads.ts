/** Uploads. */
import type { UploadPurpose } from '@cordata/contract/enums';
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id } from './columns.ts';
import { users } from './users.ts';

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    contentType: text('content_type').notNull(),
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<'PENDING' | 'READY'>().notNull().default('PENDING'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
