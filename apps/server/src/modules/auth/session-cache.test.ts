import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { skippedWithoutServices, twoInstances } from '../../../test/instances.ts';
import { sessions, users } from '../../db/schema.ts';
import { createSessionCache } from './session-cache.ts';
import { createTokens, type SessionRow } from './tokens.ts';

describe('the session cache', () => {
  const listening = {
    listen: async (_channel: string, _onMessage: unknown, onListening?: (listening: boolean) => void) => {
      onListening?.(true);
      return () => {};
    },
  };

  it('keeps a session for its TTL, forgets a person at once, and never stores what a forget overtook', async () => {
    let now = 0;
    const cache = createSessionCache<string>({ now: () => now, ttlMs: 1000 });
    await cache.follow(listening);
    cache.set('s1', 'u1', 'row', cache.epoch());
    expect(cache.get('s1')).toBe('row');
    now = 1000;
    expect(cache.get('s1')).toBeUndefined();

    cache.set('s1', 'u1', 'row', cache.epoch());
    cache.set('s2', 'u2', 'other', cache.epoch());
    cache.forgetUser('u1');
    expect([cache.get('s1'), cache.get('s2')]).toEqual([undefined, 'other']);

    const readAt = cache.epoch();
    cache.forgetUser('u1'); // the row below was read before this forget: it may be stale
    cache.set('s1', 'u1', 'stale', readAt);
    expect(cache.get('s1')).toBeUndefined();
  });

  it('trusts nothing while the database connection that tells it of changes is down', async () => {
    let report: (listening: boolean) => void = () => {};
    const cache = createSessionCache<string>({ now: () => 0 });
    expect(cache.epoch()).toBe(0);
    cache.set('s1', 'u1', 'row', cache.epoch());
    expect(cache.get('s1')).toBeUndefined(); // not listening yet
    await cache.follow({
      listen: async (_channel, _onMessage, onListening) => {
        report = onListening!;
        report(true);
        return () => {};
      },
    });
    cache.set('s1', 'u1', 'row', cache.epoch());
    expect(cache.get('s1')).toBe('row');
    report(false);
    expect(cache.get('s1')).toBeUndefined();
    report(true); // back, but notifications may have been missed meanwhile: it starts empty
    expect(cache.get('s1')).toBeUndefined();
  });
});

/** Whether `check` holds within `ms`: PGlite tells the cache before the writing statement returns, PostgreSQL
 * within milliseconds; issue 17 allows 1 s. */
async function within(check: () => Promise<boolean>, ms = 1000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}
const refused = (t: Pick<TestApp, 'call'>, token: string) => async () =>
  (await t.call('user/own-profile', undefined, token)).status === 401;

describe('sessions checked through the cache', () => {
  let t: TestApp;
  let now = new Date('2026-11-25T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '30000' }, { now: () => now });
  });
  afterAll(() => t?.close());

  it('answers a repeated call without asking the database again, until the TTL passes', async () => {
    const me = await newUser(t);
    expect((await t.call('user/own-profile', undefined, me.token)).status).toBe(200);
    // Written with the triggers off, as if the notice were lost: only the TTL ends what the cache holds.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, me.id));
    });
    expect((await t.call('user/own-profile', undefined, me.token)).status).toBe(200);
    now = new Date(now.getTime() + 30_000);
    expect((await t.call('user/own-profile', undefined, me.token)).status).toBe(401);
  });

  it('forgets a session at once when the database changes it or its account (its language too), whoever writes it', async () => {
    const later = new Date(now.getTime() + 86_400_000);
    for (const end of [
      (id: string) => t.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.userId, id)),
      (id: string) => t.db.update(users).set({ suspendedUntil: later }).where(eq(users.id, id)),
      (id: string) => t.db.execute(sql`update users set deleted_at = now() where id = ${id}`),
    ]) {
      const me = await newUser(t);
      expect((await t.call('user/own-profile', undefined, me.token)).status).toBe(200);
      await end(me.id);
      expect(await within(refused(t, me.token))).toBe(true);
    }

    const reader = await newUser(t);
    expect((await t.call('user/own-profile', undefined, reader.token)).status).toBe(200);
    // The language comes with the cached session check: a change written past the triggers is not seen…
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ language: 'it' }).where(eq(users.id, reader.id));
    });
    expect(await t.core.tokens.languageOf(reader.id)).toBe('en');
    // …and one that fires them is.
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, reader.id));
    await t.db.update(users).set({ language: 'it' }).where(eq(users.id, reader.id));
    expect(await within(async () => (await t.core.tokens.languageOf(reader.id)) === 'it')).toBe(true);

    const me = await newUser(t);
    expect(await t.core.tokens.verify(me.token)).toMatchObject({ role: 'USER', completed: true });
    await t.db.update(users).set({ role: 'ADMIN', completed: false }).where(eq(users.id, me.id));
    expect(await within(async () => (await t.core.tokens.verify(me.token))?.role === 'ADMIN')).toBe(true);
    expect(await t.core.tokens.verify(me.token)).toMatchObject({ role: 'ADMIN', completed: false });
  });
});

describe('a new instance starts with the sessions used lately', () => {
  let t: TestApp;
  let now = new Date('2026-11-25T10:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ SESSION_CACHE_MS: '30000' }, { now: () => now });
  });
  afterAll(() => t?.close());

  /** Tokens as an instance builds them, with a cache of its own. */
  async function instance() {
    const cache = createSessionCache<SessionRow>({ now: () => now.getTime() });
    await cache.follow(t.database);
    return { cache, tokens: createTokens({ db: t.db, keys: t.config.keys.sessions, now: () => now, cache }) };
  }
  const lastUsedAt = async (sessionId: string) =>
    (await t.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!.lastUsedAt;

  it('writes down which sessions it checked, and the next one caches those used in the last 10 minutes', async () => {
    const [recent, old, revoked, idle] = [await newUser(t), await newUser(t), await newUser(t), await newUser(t)];
    const reset = await t.core.tokens.issue(idle.id, 'RESET');
    const running = await instance();
    await running.tokens.verify(old.token);
    await running.tokens.recordUse();
    expect(await lastUsedAt(old.sessionId)).toEqual(now);

    now = new Date(now.getTime() + 11 * 60_000);
    for (const person of [recent, revoked]) await running.tokens.verify(person.token);
    await running.tokens.verify(reset.jwt, 'RESET');
    const epoch = running.cache.epoch();
    await running.tokens.recordUse();
    expect(await lastUsedAt(recent.sessionId)).toEqual(now);
    expect(await lastUsedAt(reset.sessionId)).toBeNull();
    // Writing down a use is no change to the session: nothing is forgotten for it.
    expect(running.cache.epoch()).toBe(epoch);
    await t.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, revoked.sessionId));

    const next = await instance();
    expect(await next.tokens.warmCache()).toBe(1);
    expect(next.cache.get(recent.sessionId)).toMatchObject({ userId: recent.id, role: 'USER', language: 'en' });
    for (const other of [old, revoked, idle]) expect(next.cache.get(other.sessionId)).toBeUndefined();
    // Its first call is answered from the cache: a change written past the triggers is not seen until the TTL.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, recent.sessionId));
    });
    expect(await next.tokens.verify(recent.token)).toMatchObject({ userId: recent.id });
    now = new Date(now.getTime() + 30_000);
    expect(await next.tokens.verify(recent.token)).toBeNull();
  });
});

const skipReason = await skippedWithoutServices();

describe.skipIf(skipReason !== '')(`the session cache on two instances sharing PostgreSQL${skipReason}`, () => {
  const cluster = twoInstances('cordata_sessions');

  it('refuses a token on the other instance within 1 s of its session ending, and caches meanwhile', async () => {
    for (const end of ['logout', 'password', 'suspension'] as const) {
      const me = await newUser(cluster.one.t);
      // Both instances have checked (and cached) the session.
      expect((await cluster.one.t.call('user/own-profile', undefined, me.token)).status).toBe(200);
      expect((await cluster.two.t.call('user/own-profile', undefined, me.token)).status).toBe(200);
      const started = Date.now();
      if (end === 'logout') await cluster.one.t.ok('auth/sign-out', undefined, me.token);
      if (end === 'password') await cluster.one.t.core.tokens.revokeAll(me.id);
      if (end === 'suspension')
        await cluster.one.t.db
          .update(users)
          .set({ suspendedUntil: new Date(Date.now() + 86_400_000) })
          .where(eq(users.id, me.id));
      expect(await within(refused(cluster.two.t, me.token))).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
      // The suspension was written straight to the database, past the instance's own hook: it too hears of it
      // from the notice.
      expect(await within(refused(cluster.one.t, me.token))).toBe(true);
    }
  });
});
