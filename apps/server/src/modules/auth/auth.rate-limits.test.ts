import { callPath } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestMailCode, newAccount, newActivity, newUser } from '../../../test/factories.ts';
import { PER_PERSON_LIMITS } from '../../http/routes.ts';
import { AUTH_RATE_RULES } from './auth.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'true' });
});
afterAll(() => t.close());

/** A call from a given IP address. */
const from = async (
  ip: string,
  name: 'auth/email/sign-in' | 'auth/email/send-confirm-email-otp' | 'auth/email/confirm-email',
  body: object,
) => {
  const res = await t.app.inject({
    method: 'POST',
    url: callPath(name),
    remoteAddress: ip,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json() };
};

describe('rate limits', () => {
  it('are off only where RATE_LIMITS=false says so (the test apps)', async () => {
    const plain = await createTestApp();
    try {
      for (let i = 0; i <= AUTH_RATE_RULES['sign-in'].email.limit; i++) {
        expect(
          (await plain.call('auth/email/sign-in', { email: 'x@example.test', password: 'Wrong#Pass1' })).status,
        ).toBe(401);
      }
    } finally {
      await plain.close();
    }
  });

  it('past the account-wide cap, ask for an e-mailed code instead of locking the owner out (review L4)', async () => {
    const { email, password } = await newAccount(t);
    const { limit } = AUTH_RATE_RULES['sign-in'].email;
    // Guesses spread over many addresses, each under its own limits.
    for (let i = 0; i < limit; i++) {
      const res = await from(`10.0.0.${i + 1}`, 'auth/email/sign-in', { email, password: 'Wrong#Pass1' });
      expect(res.body.error.code).toBe('INVALID_CREDENTIALS');
    }
    const wrong = await from('10.0.1.1', 'auth/email/sign-in', { email: email.toUpperCase(), password: 'Wrong#Pass1' });
    const right = await from('10.0.1.2', 'auth/email/sign-in', { email, password });
    // A wrong password and a right one answer alike: the guessers learn nothing…
    expect(wrong.body).toEqual(right.body);
    expect([right.status, right.body.error.code]).toEqual([401, 'SIGN_IN_CODE_REQUIRED']);
    // …and only the right password sent a code: the newest mail is the one sign-in code.
    const [mail, before] = await t.modules.services.mailer.list(email, 2);
    expect([mail?.subject, before?.subject]).toEqual(['Your sign-in code', 'Confirm your e-mail address']);
    const code = await latestMailCode(t, email);
    // A guesser with a code still needs the password; the owner signs in with both.
    expect(
      (await from('10.0.1.3', 'auth/email/sign-in', { email, password: 'Wrong#Pass1', code })).body.error.code,
    ).toBe('SIGN_IN_CODE_REQUIRED');
    const mistyped = code === '000000' ? '111111' : '000000';
    const typo = await from('10.0.1.4', 'auth/email/sign-in', { email, password, code: mistyped });
    expect(typo.body.error.code).toBe('OTP_MISMATCH');
    const signedIn = await from('10.0.1.4', 'auth/email/sign-in', { email, password, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.jwt).toBeTruthy();
    // Another account is not affected.
    expect(
      (await from('10.0.1.1', 'auth/email/sign-in', { email: 'other@example.test', password: 'Wrong#Pass1' })).body
        .error.code,
    ).toBe('INVALID_CREDENTIALS');
  });

  it('never let a stranger guessing from one address lock the owner out (review L4)', async () => {
    const { email, password } = await newAccount(t);
    const { limit } = AUTH_RATE_RULES['sign-in'].pair;
    for (let i = 0; i < limit + 5; i++)
      await from('10.66.0.1', 'auth/email/sign-in', { email, password: 'Wrong#Pass1' });
    // The stranger is stopped, even with the right password now…
    expect((await from('10.66.0.1', 'auth/email/sign-in', { email, password })).status).toBe(429);
    // …and the owner, elsewhere, signs in.
    expect((await from('10.77.0.1', 'auth/email/sign-in', { email, password })).status).toBe(200);
  });

  it('count only failed sign-ins', async () => {
    const { email, password } = await newAccount(t);
    const { limit } = AUTH_RATE_RULES['sign-in'].pair;
    for (let i = 0; i < limit + 2; i++) {
      expect((await from('10.88.0.1', 'auth/email/sign-in', { email, password })).status).toBe(200);
    }
  });

  it('limit code sends per IP, whatever the address', async () => {
    const { limit } = AUTH_RATE_RULES['code-send'].ip;
    for (let i = 0; i < limit; i++) {
      expect(
        (await from('10.9.9.9', 'auth/email/send-confirm-email-otp', { email: `n${i}@example.test` })).status,
      ).toBe(200);
    }
    expect((await from('10.9.9.9', 'auth/email/send-confirm-email-otp', { email: 'last@example.test' })).status).toBe(
      429,
    );
    expect((await from('10.9.9.8', 'auth/email/send-confirm-email-otp', { email: 'last@example.test' })).status).toBe(
      200,
    );
  });

  it('limit code checks per address beyond the tries of one code', async () => {
    const email = 'checks@example.test';
    const { limit } = AUTH_RATE_RULES['code-check'].email;
    for (let i = 0; i < limit; i++) {
      expect((await from(`10.2.0.${i + 1}`, 'auth/email/confirm-email', { email, code: '000000' })).status).toBe(400);
    }
    expect((await from('10.2.1.1', 'auth/email/confirm-email', { email, code: '000000' })).status).toBe(429);
  });

  it('limit sign-ups per IP', async () => {
    const { limit } = AUTH_RATE_RULES['sign-up'].ip;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: callPath('auth/email/sign-up'),
        remoteAddress: '10.3.3.3',
        headers: { 'content-type': 'application/json' },
        // A weak password: counted, but cheap (no hash, no mail).
        payload: JSON.stringify({
          email: `s${i}@example.test`,
          password: 'Qwerty#9Zz',
          acceptTerms: true,
          acceptPrivacy: true,
        }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 400)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });
});

describe('the caller address (review H1)', () => {
  const signIn = (app: TestApp, forwardedFor: string, email: string) =>
    app.app.inject({
      method: 'POST',
      url: callPath('auth/email/sign-in'),
      remoteAddress: '203.0.113.9',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ email, password: 'Wrong#Pass1' }),
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to trust, so the per-IP limit holds', async () => {
    const { limit } = AUTH_RATE_RULES['sign-in'].ip;
    const statuses: number[] = [];
    // Each try claims another address and another account: only the socket's address is counted.
    for (let i = 0; i <= limit; i++) {
      statuses.push((await signIn(t, `198.51.100.${i % 250}`, `spoof${i}@example.test`)).statusCode);
    }
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('believes the proxy named by TRUST_PROXY, and only it', async () => {
    const proxied = await createTestApp({ RATE_LIMITS: 'true', TRUST_PROXY: '203.0.113.9' });
    try {
      const { limit } = AUTH_RATE_RULES['sign-in'].ip;
      for (let i = 0; i < limit; i++) await signIn(proxied, '192.0.2.1', `a${i}@example.test`);
      expect((await signIn(proxied, '192.0.2.1', 'last@example.test')).statusCode).toBe(429);
      // Another client behind the same trusted proxy has its own budget.
      expect((await signIn(proxied, '192.0.2.2', 'other@example.test')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});

describe('per-person budgets (review M4, M8, L3)', () => {
  it('stop a script that loops the GPX export of a route (review M-N1)', async () => {
    const [creator, me] = [await newUser(t), await newUser(t)];
    const { activityId } = await newActivity(t, creator);
    const { limit } = PER_PERSON_LIMITS['route/export-gpx']!;
    for (let i = 0; i < limit; i++) {
      expect((await t.call('route/export-gpx', { activityId }, me.token)).status).toBe(200);
    }
    const stopped = await t.call('route/export-gpx', { activityId }, me.token);
    expect([stopped.status, stopped.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    expect((await t.call('route/export-gpx', { activityId }, creator.token)).status).toBe(200);
  });

  it('stop a script that loops a search', async () => {
    const me = await newUser(t);
    const { limit } = PER_PERSON_LIMITS['user/explore-contacts']!;
    for (let i = 0; i < limit; i++) {
      expect((await t.call('user/explore-contacts', { query: `x${i}` }, me.token)).status).toBe(200);
    }
    const stopped = await t.call('user/explore-contacts', { query: 'again' }, me.token);
    expect([stopped.status, stopped.body.error?.code]).toEqual([429, 'RATE_LIMITED']);
    // Someone else searches on.
    expect((await t.call('user/explore-contacts', { query: 'x' }, (await newUser(t)).token)).status).toBe(200);
  });

  it('stop request and cancel loops that notify someone again and again', async () => {
    const [me, other] = [await newUser(t), await newUser(t)];
    const { limit } = PER_PERSON_LIMITS['user/request-connection']!;
    let last = 0;
    for (let i = 0; i <= limit; i++) {
      last = (await t.call('user/request-connection', { userId: other.id }, me.token)).status;
      await t.call('user/delete-connection', { userId: other.id }, me.token);
    }
    expect(last).toBe(429);
  });
});
