import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/** The rate limiter's fixed-window counters (rate_limits), shared by every instance. */
export function createRateLimitRepository(db: Db) {
  return {
    /** Counts one hit on `key` in its window, opening a new window when the last one ended; the count after it. */
    async hit(key: string, windowSeconds: number) {
      const [row] = await queryRows<{ count: number }>(
        db,
        sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count`,
      );
      return Number(row?.count ?? 0);
    },

    /** The same count as `hit`, without reading it back. */
    async record(key: string, windowSeconds: number) {
      await db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
    },

    /** The counts of the keys whose window is still open, by key. */
    async openCounts(keys: string[]) {
      const rows = await queryRows<{ key: string; count: number }>(
        db,
        sql`select key, count from rate_limits where key = any(${sql.param(keys)}::text[]) and reset_at > now()`,
      );
      return new Map(rows.map((r) => [r.key, Number(r.count)]));
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
