import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { type CallName, callPath } from '@cordata/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { newUser } from '../test/factories.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { users } from './db/schema.ts';
import { base32Decode, stepOf, totpAt } from './modules/auth/totp.ts';
import { ringMatches, ringSign, serverKeys } from './secrets.ts';

const OLD_SECRET = 'test-secret-that-is-long-enough-0123456789';
const NEW_SECRET = 'the-replacing-secret-also-long-enough-9876';
const master = Buffer.from(OLD_SECRET);

describe('a key per purpose, derived from the master secret (review L-N5)', () => {
  it('gives every purpose its own key, none of them the master', () => {
    const keys = serverKeys({ master, previous: null, totpKey: null });
    const all = [
      keys.sessions.signing,
      keys.otp,
      keys.checkIn,
      keys.feeds.signing,
      keys.exportLinks.signing,
      keys.uploadLinks.signing,
      keys.totp.sealing,
    ].map((k) => k.toString('hex'));
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(master.toString('hex'));
    // Another master, other keys: nothing is a constant.
    const other = serverKeys({ master: Buffer.from(NEW_SECRET), previous: null, totpKey: null });
    expect(other.sessions.signing.equals(keys.sessions.signing)).toBe(false);
  });

  it('seals TOTP secrets with TOTP_KEY when set, so the master no longer decides them', () => {
    const totpKey = Buffer.from('a-separate-totp-sealing-key-of-32+chars');
    const a = serverKeys({ master, previous: null, totpKey });
    const b = serverKeys({ master: Buffer.from(NEW_SECRET), previous: null, totpKey });
    expect(a.totp.sealing.equals(b.totp.sealing)).toBe(true);
    expect(a.sessions.signing.equals(b.sessions.signing)).toBe(false);
  });

  it('accepts links signed with the previous secret during a rotation, and not after it', () => {
    const old = serverKeys({ master, previous: null, totpKey: null });
    const during = serverKeys({ master: Buffer.from(NEW_SECRET), previous: master, totpKey: null });
    const after = serverKeys({ master: Buffer.from(NEW_SECRET), previous: null, totpKey: null });
    for (const purpose of ['exportLinks', 'uploadLinks', 'feeds'] as const) {
      const signature = ringSign(old[purpose], 'export:some-id:1764300000');
      expect(ringMatches(during[purpose], 'export:some-id:1764300000', signature), purpose).toBe(true);
      expect(ringMatches(during[purpose], 'export:other-id:1764300000', signature), purpose).toBe(false);
      expect(ringMatches(after[purpose], 'export:some-id:1764300000', signature), purpose).toBe(false);
      // New links are signed with the new secret's key.
      expect(ringSign(during[purpose], 'x')).toBe(ringSign(after[purpose], 'x'));
    }
    // One purpose's signature is no other's.
    const exportSignature = ringSign(old.exportLinks, 'GET\npictures/x\n1');
    expect(ringMatches(old.uploadLinks, 'GET\npictures/x\n1', exportSignature)).toBe(false);
  });

  it('refuses a rotation that is not one at start', () => {
    const base = { DATA_DIR: '/tmp/cordata-secrets-test' };
    expect(() => loadConfig({ ...base, JWT_SECRET_PREVIOUS: OLD_SECRET })).toThrow(/needs JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: OLD_SECRET, JWT_SECRET_PREVIOUS: OLD_SECRET })).toThrow(
      /JWT_SECRET_PREVIOUS is JWT_SECRET/,
    );
    expect(() => loadConfig({ ...base, JWT_SECRET: OLD_SECRET, TOTP_KEY: OLD_SECRET })).toThrow(/TOTP_KEY/);
    expect(() => loadConfig({ ...base, JWT_SECRET: OLD_SECRET, TOTP_KEY: 'short' })).toThrow(/TOTP_KEY/);
  });
});

/** What the server made before derived keys: everything an HMAC under the master itself. */
const before = {
  feedToken: (subject: string, version: number) =>
    createHmac('sha256', master).update(`calendar:${subject}:${version}`).digest('base64url').slice(0, 32),
  sealedTotp(secret: Buffer) {
    const key = createHmac('sha256', master).update('cordata totp secret key').digest();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
  },
  checkInKey: createHmac('sha256', master).update('attendance check-in codes').digest(),
};

let now = new Date('2026-11-28T03:00:00Z');
let t: TestApp;
const opened: { close(): Promise<void> }[] = [];
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(async () => {
  for (const app of opened) await app.close();
  await t.close();
});

/** The same database started again with other secrets, as an operator's restart does. */
async function restartWith(env: Record<string, string>) {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: t.config.dataDir,
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    RATE_LIMITS: 'false',
    WEB_DIST_DIR: t.config.webDistDir,
    SESSION_CACHE_MS: '0',
    ...env,
  });
  const built = await buildApp({ config, database: t.database, logger: false, now: () => now });
  await built.modules.onStart();
  opened.push(built.app);
  const inject = (name: CallName, body: unknown, token: string) =>
    built.app.inject({
      method: 'POST',
      url: callPath(name, config.PRODUCT_SLUG),
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      payload: body ? JSON.stringify(body) : undefined,
    });
  return { ...built, inject };
}

describe('an upgrade keeps what was made with the master itself (review L-N5)', () => {
  it('still opens a TOTP secret sealed before', async () => {
    const admin = await newUser(t, { role: 'ADMIN' });
    const secret = randomBytes(20);
    const old = before.sealedTotp(secret);
    await t.db.update(users).set({ totpSecret: old, totpLastStep: null }).where(eq(users.id, admin.id));
    const { jwt } = await t.core.tokens.issue(admin.id);
    await t.ok('auth/totp/verify', { code: totpAt(secret, stepOf(now)) }, jwt);
  });

  it('keeps a calendar feed address made before, and check-in codes as they were', async () => {
    const me = await newUser(t);
    const { url } = await t.ok('calendar/my-feed', undefined, me.token);
    const oldUrl = url.replace(/[\w-]{32}\.ics$/, `${before.feedToken(`person:${me.id}`, 0)}.ics`);
    expect(oldUrl).not.toBe(url);
    const fetchFeed = (address: string) => t.app.inject({ method: 'GET', url: new URL(address, 'http://x').pathname });
    expect((await fetchFeed(oldUrl)).statusCode).toBe(200);
    expect(t.config.keys.checkIn.equals(before.checkInKey)).toBe(true);
  });
});

describe('rotating JWT_SECRET (review L-N5, docs/operations.md)', () => {
  it("keeps sessions during the window, and never the admins' second factor", async () => {
    const admin = await newUser(t, { role: 'ADMIN' });
    const person = await newUser(t);
    const key = base32Decode(admin.totp!.secret);

    // Rotation: the new secret, the old one as previous.
    now = new Date(now.getTime() + 60_000);
    const during = await restartWith({ JWT_SECRET: NEW_SECRET, JWT_SECRET_PREVIOUS: OLD_SECRET });
    expect((await during.inject('user/own-profile', undefined, person.token)).statusCode).toBe(200);
    const { jwt: fresh } = await during.core.tokens.issue(admin.id);
    expect((await during.inject('auth/totp/verify', { code: totpAt(key, stepOf(now)) }, fresh)).statusCode).toBe(200);

    // The window closed: the old sessions are refused, the admin's code still works.
    now = new Date(now.getTime() + 60_000);
    const after = await restartWith({ JWT_SECRET: NEW_SECRET });
    expect((await after.inject('user/own-profile', undefined, person.token)).statusCode).toBe(401);
    const { jwt: later } = await after.core.tokens.issue(admin.id);
    expect((await after.inject('auth/totp/verify', { code: totpAt(key, stepOf(now)) }, later)).statusCode).toBe(200);
  });
});
