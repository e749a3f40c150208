import type { Database } from '../../db/client.ts';

/** The channel the database triggers of migration 0015 notify, with the user's id, when a session may have ended. */
export const SESSION_CHANGED_CHANNEL = 'session_changed';
/** How long a checked session is trusted without asking the database again, at most. */
export const SESSION_CACHE_TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry<T> {
  userId: string;
  value: T;
  cachedAt: number;
}

/**
 * The sessions this instance checked lately, so that a call does not cost a database round trip to
 * know who is calling. Correct on every instance: a change that can end a session or change what it
 * may do (revoked, password changed, suspended, deleted, role, profile completed, second factor) fires a
 * database trigger whose NOTIFY drops that person's sessions here at commit, and while the listening
 * connection is down nothing is trusted. The instance that makes the change also forgets at once
 * (`forgetUser`), so its own next call never waits for the notification.
 */
export function createSessionCache<T>(options: { now: () => number; ttlMs?: number }) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_TTL_MS;
  const entries = new Map<string, Entry<T>>();
  const byUser = new Map<string, Set<string>>();
  let listening = false;
  /** Bumped by every forget: a lookup that started before one must not store what it read. */
  let epoch = 0;

  function remove(sessionId: string) {
    const entry = entries.get(sessionId);
    if (!entry) return;
    entries.delete(sessionId);
    const sessions = byUser.get(entry.userId);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) byUser.delete(entry.userId);
  }

  function forgetUser(userId: string) {
    epoch++;
    for (const sessionId of byUser.get(userId) ?? []) entries.delete(sessionId);
    byUser.delete(userId);
  }

  function clear() {
    epoch++;
    entries.clear();
    byUser.clear();
  }

  function get(sessionId: string): T | undefined {
    if (!listening) return undefined;
    const entry = entries.get(sessionId);
    if (!entry) return undefined;
    if (options.now() - entry.cachedAt >= ttlMs) {
      remove(sessionId);
      return undefined;
    }
    return entry.value;
  }

  return {
    get,

    /** The current epoch, taken before a lookup and handed to `set` with its result. */
    epoch: () => epoch,

    set(sessionId: string, userId: string, value: T, readAtEpoch: number) {
      if (!listening || readAtEpoch !== epoch) return;
      remove(sessionId);
      if (entries.size >= MAX_ENTRIES) remove(entries.keys().next().value!);
      entries.set(sessionId, { userId, value, cachedAt: options.now() });
      const sessions = byUser.get(userId) ?? new Set();
      sessions.add(sessionId);
      byUser.set(userId, sessions);
    },

    /** Any of a person's cached sessions, for what is the same across them (their account's columns). */
    anyOfUser(userId: string): T | undefined {
      for (const sessionId of byUser.get(userId) ?? []) {
        const value = get(sessionId);
        if (value) return value;
      }
      return undefined;
    },

    forgetUser,

    /** Follows the database's notifications; until it listens (and whenever it stops), nothing is cached. */
    async follow(database: Pick<Database, 'listen'>) {
      return database.listen(SESSION_CHANGED_CHANNEL, forgetUser, (now) => {
        // Notifications may have been missed while the connection was down: start empty either way.
        clear();
        listening = now;
      });
    },

    size: () => entries.size,
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
