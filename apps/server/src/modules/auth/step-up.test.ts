import { adminCallPath } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser, reauthenticate, TEST_PASSWORD } from '../../../test/factories.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { base32Decode, stepOf, totpAt } from './totp.ts';

let now = new Date('2026-11-24T20:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const adminMeOn = (app: TestApp, token: string) =>
  app.app.inject({
    method: 'POST',
    url: adminCallPath('me/get', app.config.PRODUCT_SLUG),
    headers: { authorization: `Bearer ${token}` },
  });
const adminMe = (token: string) => adminMeOn(t, token);

describe('re-authentication before deleting the account (review L8)', () => {
  it('refuses delete-account with only a token, and allows it for 5 minutes after the password', async () => {
    const me = await newUser(t);
    const bare = await t.call('user/delete-account', undefined, me.token);
    expect(bare.status).toBe(403);
    expect(bare.body.error?.code).toBe('REAUTH_REQUIRED');
    expect((await t.call('auth/reauthenticate', { password: 'Wrong#Pass1' }, me.token)).body.error?.code).toBe(
      'INVALID_CREDENTIALS',
    );
    await reauthenticate(t, me.token);
    advance(6 * 60_000);
    expect((await t.call('user/delete-account', undefined, me.token)).body.error?.code).toBe('REAUTH_REQUIRED');
    await t.ok('auth/reauthenticate', { password: TEST_PASSWORD }, me.token);
    advance(60_000);
    expect(await t.ok('user/delete-account', undefined, me.token)).toEqual({ ok: true });
  });

  it('counts per session: another session of the same person is not opened', async () => {
    const me = await newUser(t);
    const { jwt: other } = await t.core.tokens.issue(me.id);
    await reauthenticate(t, me.token);
    expect((await t.call('user/delete-account', undefined, other)).body.error?.code).toBe('REAUTH_REQUIRED');
  });
});

describe('two-factor sign-in for admins and moderators (ASVS V6.3.3)', () => {
  it('keeps /admin closed to a staff session until it passes the second factor', async () => {
    const admin = await newUser(t, { role: 'ADMIN' }); // enrolled, and this session verified
    expect((await adminMe(admin.token)).statusCode).toBe(200);
    const { jwt: fresh } = await t.core.tokens.issue(admin.id);
    const refused = await adminMe(fresh);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'SECOND_FACTOR_REQUIRED', details: { enrolled: true } });
    advance(30_000);
    await t.ok('auth/totp/verify', { code: admin.totp!.codeAt(now) }, fresh);
    expect((await adminMe(fresh)).statusCode).toBe(200);
  });

  it('tells a staff account that is not enrolled yet, and lets it enrol', async () => {
    // A second moderator account, never enrolled: made by promoting a user.
    const person = await newUser(t);
    await t.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, person.id));
    expect((await adminMe(person.token)).json().error).toMatchObject({ details: { enrolled: false } });
    const { secret, uri } = await t.ok('auth/totp/setup', undefined, person.token);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Cordata%3A.*\?secret=[A-Z2-7]+&issuer=Cordata/);
    const wrong = await t.call('auth/totp/enable', { code: '000000' }, person.token);
    expect(wrong.body.error?.code).toBe('TOTP_INVALID');
    await t.ok('auth/totp/enable', { code: totpAt(base32Decode(secret), stepOf(now)) }, person.token);
    expect((await adminMe(person.token)).statusCode).toBe(200);
    expect((await t.call('auth/totp/setup', undefined, person.token)).body.error?.code).toBe('TOTP_ALREADY_ENABLED');
  });

  it('never accepts the same code twice', async () => {
    const admin = await newUser(t, { role: 'ADMIN' });
    advance(30_000);
    const code = admin.totp!.codeAt(now);
    const { jwt: a } = await t.core.tokens.issue(admin.id);
    const { jwt: b } = await t.core.tokens.issue(admin.id);
    await t.ok('auth/totp/verify', { code }, a);
    expect((await t.call('auth/totp/verify', { code }, b)).body.error?.code).toBe('TOTP_INVALID');
  });

  it('is only for staff', async () => {
    const person = await newUser(t);
    expect((await t.call('auth/totp/setup', undefined, person.token)).status).toBe(403);
  });
});

describe('wrong second-factor codes lock the session that enters them, not the account (review L-N6)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ RATE_LIMITS: 'true' }, { now: () => now });
  });
  afterAll(() => limited.close());

  /** A code that none of the three accepted steps gives, so a wrong try is wrong for certain. */
  const wrongCode = (secret: string) => {
    const valid = [-1, 0, 1].map((d) => totpAt(base32Decode(secret), stepOf(now) + d));
    return ['000000', '111111', '222222', '333333'].find((c) => !valid.includes(c))!;
  };
  const alerts = (email: string) =>
    limited.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.subject, 'Wrong sign-in codes on your Cordata account')));

  it('lets the admin in on another session while a password holder burns tries, and tells the admin once', async () => {
    const admin = await newUser(limited, { role: 'ADMIN' });
    const { jwt: attacker } = await limited.core.tokens.issue(admin.id);
    const wrong = wrongCode(admin.totp!.secret);
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await limited.call('auth/totp/verify', { code: wrong }, attacker)).body.error?.code);
    expect(answers).toEqual([...Array(5).fill('TOTP_INVALID'), ...Array(5).fill('RATE_LIMITED')]);
    // A right code does not open the locked session either.
    advance(30_000);
    expect((await limited.call('auth/totp/verify', { code: admin.totp!.codeAt(now) }, attacker)).status).toBe(429);

    advance(30_000);
    const { jwt: owner } = await limited.core.tokens.issue(admin.id);
    await limited.ok('auth/totp/verify', { code: admin.totp!.codeAt(now) }, owner);
    expect((await adminMeOn(limited, owner)).statusCode).toBe(200);

    expect(await alerts(admin.email)).toHaveLength(1);
    // Another burst within the hour, from a new session: still one mail.
    const { jwt: again } = await limited.core.tokens.issue(admin.id);
    for (let i = 0; i < 3; i++) await limited.call('auth/totp/verify', { code: wrongCode(admin.totp!.secret) }, again);
    expect(await alerts(admin.email)).toHaveLength(1);
  });

  it('sends no mail for a single mistyped code', async () => {
    const admin = await newUser(limited, { role: 'ADMIN' });
    const { jwt } = await limited.core.tokens.issue(admin.id);
    await limited.call('auth/totp/verify', { code: wrongCode(admin.totp!.secret) }, jwt);
    expect(await alerts(admin.email)).toHaveLength(0);
  });
});
