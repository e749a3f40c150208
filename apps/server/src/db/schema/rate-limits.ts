/** Rate-limit counters (http/). */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './columns.ts';

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: at('reset_at').notNull(),
});
