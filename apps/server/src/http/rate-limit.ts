import type { Db } from '../db/client.ts';
import { ApiError } from './errors.ts';
import { createRateLimitRepository } from './rate-limit.repository.ts';

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
  const repository = createRateLimitRepository(deps.db);
  async function hit(key: string, rule: RateRule): Promise<void> {
    if (!deps.enabled) return;
    const count = await repository.hit(key, rule.windowSeconds);
    if (count > rule.limit) throw new ApiError('RATE_LIMITED');
  }

  /** Hits every key; the first one over its limit refuses the call. */
  async function hitAll(entries: [string, RateRule][]): Promise<void> {
    for (const [key, rule] of entries) await hit(key, rule);
  }

  /** Refuses the call when any key already used up its window, without counting this call. */
  async function assertUnder(entries: [string, RateRule][]): Promise<void> {
    if (!deps.enabled) return;
    const counts = await repository.openCounts(entries.map(([key]) => key));
    for (const [key, rule] of entries) if ((counts.get(key) ?? 0) >= rule.limit) throw new ApiError('RATE_LIMITED');
  }

  /** Counts a failure against every key (sign-in counts failures only, review L4). */
  async function record(entries: [string, RateRule][]): Promise<void> {
    if (!deps.enabled) return;
    for (const [key, rule] of entries) {
      await repository.record(key, rule.windowSeconds);
    }
  }

  return { hit, hitAll, assertUnder, record, enabled: deps.enabled };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
