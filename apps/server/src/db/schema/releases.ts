/** Live-update releases of the web bundle. */
import { bigint, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const releases = pgTable('releases', {
  version: text('version').primaryKey(),
  storageKey: text('storage_key').notNull(),
  sha256: text('sha256').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});
