import { setTimeout as sleep } from 'node:timers/promises';

export interface SpacingClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

const realClock: SpacingClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

/**
 * Spaces the requests this instance sends to a public service to one per `intervalMs`, as its terms ask (FOSSGIS: one
 * per second). A request whose turn is more than `maxWaitMs` away is not queued: `take` answers false at once and
 * the caller does without, so a burst never builds a queue the person waits behind.
 */
export function createRequestSpacing(options: { intervalMs: number; maxWaitMs: number; clock?: SpacingClock }) {
  const clock = options.clock ?? realClock;
  let nextFree = Number.NEGATIVE_INFINITY;
  return {
    /** Waits for this request's turn and answers true, or answers false without taking a turn. */
    async take(signal?: AbortSignal): Promise<boolean> {
      const now = clock.now();
      const at = Math.max(now, nextFree);
      if (at - now > options.maxWaitMs) return false;
      nextFree = at + options.intervalMs;
      if (at > now) await clock.sleep(at - now, signal);
      return true;
    },
  };
}

export type RequestSpacing = ReturnType<typeof createRequestSpacing>;
