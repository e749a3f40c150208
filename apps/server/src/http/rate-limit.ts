import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { ApiError } from './errors.ts';

export interface RateRule {
  /** How many hits a window allows. */
  limit: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every instance shares them. Keys name what is
 * limited, e.g. `sign-in:email:a@b.c` and `sign-in:ip:1.2.3.4`: per account as well as per IP.
 */
export function createRateLimiter(deps: { db: Db; enabled: boolean }) {
  async function hit(key: string, rule: RateRule): Promise<void> {
    if (!deps.enabled) return;
    const [row] = await queryRows<{ count: number }>(
      deps.db,
      sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count`,
    );
    const count = Number(row?.count ?? 0);
    if (count > rule.limit) throw new ApiError('RATE_LIMITED');
  }

  /** Hits every key; the first one over its limit refuses the call. */
  async function hitAll(entries: [string, RateRule][]): Promise<void> {
    for (const [key, rule] of entries) await hit(key, rule);
  }

  /** Refuses the call when any key already used up its window, without counting this call. */
  async function assertUnder(entries: [string, RateRule][]): Promise<void> {
    if (!deps.enabled) return;
    const rows = await queryRows<{ key: string; count: number }>(
      deps.db,
      sql`select key, count from rate_limits where key = any(${sql.param(entries.map(([key]) => key))}::text[]) and reset_at > now()`,
    );
    const counts = new Map(rows.map((r) => [r.key, Number(r.count)]));
    for (const [key, rule] of entries) if ((counts.get(key) ?? 0) >= rule.limit) throw new ApiError('RATE_LIMITED');
  }

  /** Counts a failure against every key (sign-in counts failures only, review L4). */
  async function record(entries: [string, RateRule][]): Promise<void> {
    if (!deps.enabled) return;
    for (const [key, rule] of entries) {
      await deps.db.execute(sql`
        insert into rate_limits (key, count, reset_at)
        values (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
    }
  }

  return { hit, hitAll, assertUnder, record, enabled: deps.enabled };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
