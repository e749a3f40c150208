/** At most one `typing: true` per person per chat in this window; renewals in between only extend it. */
export const TYPING_THROTTLE_MS = 2000;
/** A typing indicator that is not renewed ends on its own after this long. */
export const TYPING_EXPIRY_MS = 5000;

interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => Date.now(),
};

/**
 * Who is typing where, on this instance. Turns a stream of client `typing` events into few
 * broadcasts: true at most once per throttle window, false when the client says so, when it
 * stops renewing, or when it goes away.
 */
export function createTypingTracker(options: {
  broadcast(chatId: string, userId: string, typing: boolean): void;
  throttleMs?: number;
  expiryMs?: number;
  timers?: Timers;
}) {
  const throttleMs = options.throttleMs ?? TYPING_THROTTLE_MS;
  const expiryMs = options.expiryMs ?? TYPING_EXPIRY_MS;
  const timers = options.timers ?? realTimers;
  const active = new Map<string, { chatId: string; userId: string; lastSentAt: number; expiry: unknown }>();
  const keyOf = (userId: string, chatId: string) => `${userId}:${chatId}`;
  /** When each person last had `true` broadcast in each chat, kept past a `false` (review L2). */
  const lastTrue = new Map<string, number>();
  const forgetOldTrues = (now: number) => {
    for (const [key, at] of lastTrue) if (now - at >= throttleMs) lastTrue.delete(key);
  };

  function stop(userId: string, chatId: string) {
    const key = keyOf(userId, chatId);
    const state = active.get(key);
    if (!state) return;
    timers.clearTimeout(state.expiry);
    active.delete(key);
    options.broadcast(chatId, userId, false);
  }

  function update(userId: string, chatId: string, typing: boolean) {
    if (!typing) return stop(userId, chatId);
    const key = keyOf(userId, chatId);
    const state = active.get(key);
    const now = timers.now();
    if (state) timers.clearTimeout(state.expiry);
    const expiry = timers.setTimeout(() => stop(userId, chatId), expiryMs);
    if (state && now - state.lastSentAt < throttleMs) {
      state.expiry = expiry;
      return;
    }
    // Alternating false and true must not beat the throttle: a fresh true inside the window is dropped.
    if (!state && now - (lastTrue.get(key) ?? Number.NEGATIVE_INFINITY) < throttleMs) {
      timers.clearTimeout(expiry);
      return;
    }
    active.set(key, { chatId, userId, lastSentAt: now, expiry });
    if (lastTrue.size > 10_000) forgetOldTrues(now);
    lastTrue.set(key, now);
    options.broadcast(chatId, userId, true);
  }

  /** Ends every indicator of a person (their last socket went away), or only those of some chats. */
  function stopAll(userId: string, chatIds?: string[]) {
    for (const state of [...active.values()]) {
      if (state.userId === userId && (!chatIds || chatIds.includes(state.chatId))) stop(userId, state.chatId);
    }
  }

  return { update, stopAll, size: () => active.size };
}

export type TypingTracker = ReturnType<typeof createTypingTracker>;
