import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { latestMailCode, newAccount, newUser } from '../../../test/factories.ts';
import { mailOutbox, otpCodes, pushTokens, sessions, userSports, users } from '../../db/schema.ts';

// A clock the tests move: codes and tokens expire by it.
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const advance = (ms: number) => {
  offsetMs += ms;
};
const SECOND = 1000;
const MINUTE = 60 * SECOND;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: clock });
});
afterAll(() => t.close());

let n = 0;
const freshEmail = (prefix = 'user') => `${prefix}${++n}.${Date.now()}@example.test`;
const PASSWORD = 'Trail#Run9x';

const signUp = (email: string, password = PASSWORD, extra: { language?: 'en' | 'it' } = {}) =>
  t.call('auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true, ...extra });
const mailsTo = (email: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
const userByEmail = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!;
/** A code that is certainly not the one mailed. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-up', () => {
  it('creates an unconfirmed account, records the accepted texts and mails a 6-digit code', async () => {
    const email = freshEmail();
    const res = await signUp(email, PASSWORD, { language: 'it' });
    expect(res).toMatchObject({ status: 200, body: { ok: true } });
    const user = await userByEmail(email);
    expect(user.emailConfirmedAt).toBeNull();
    expect(user.language).toBe('it');
    expect(user.termsVersion).toBe('2026-11-21');
    expect(user.privacyVersion).toBe('2026-11-21');
    expect(user.termsAcceptedAt).toBeInstanceOf(Date);
    expect(user.privacyAcceptedAt).toBeInstanceOf(Date);
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ status: 'LOGGED', subject: 'Conferma il tuo indirizzo e-mail' });
    expect(mail!.text).toMatch(/^\d{6}$/m);
    expect(mail!.html).toContain(await latestMailCode(t, email));
    // Only a hash of the code is kept.
    const [otp] = await t.db.select().from(otpCodes).where(eq(otpCodes.email, email));
    expect(otp!.codeHash).not.toContain(await latestMailCode(t, email));
  });

  it('compares addresses case-insensitively', async () => {
    const email = freshEmail('Mixed');
    await signUp(email.toUpperCase());
    const code = await latestMailCode(t, email.toLowerCase());
    const res = await t.call('auth/email/confirm-email', { email: ` ${email} `, code });
    expect(res.status).toBe(200);
    expect(
      (
        await t.call('auth/email/sign-up', {
          email: email.toUpperCase(),
          password: PASSWORD,
          acceptTerms: true,
          acceptPrivacy: true,
        })
      ).body.error,
    ).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'The entered email is already associated with an account',
    });
  });

  it('refuses a confirmed address with 409, and lets an unconfirmed one sign up again', async () => {
    const { email } = await newAccount(t);
    expect((await signUp(email)).status).toBe(409);
    const pending = freshEmail();
    await signUp(pending);
    advance(61 * SECOND);
    expect((await signUp(pending, 'Other#Pass7q')).status).toBe(200);
    const code = await latestMailCode(t, pending);
    // The second sign-up stored no credential: the one who proves the inbox sets it now.
    expect((await t.call('auth/email/confirm-email', { email: pending, code })).body.error?.code).toBe(
      'PASSWORD_REQUIRED',
    );
    await t.ok('auth/email/confirm-email', { email: pending, code, password: 'Other#Pass7q' });
    expect((await t.call('auth/email/sign-in', { email: pending, password: 'Other#Pass7q' })).status).toBe(200);
    expect((await t.call('auth/email/sign-in', { email: pending, password: PASSWORD })).status).toBe(401);
  });

  it('never lets a second sign-up on an unconfirmed address choose the password (review H2)', async () => {
    // The race: the victim signs up, the attacker signs up again 20 s later, the victim confirms.
    const victim = freshEmail();
    await signUp(victim, 'Victim#2026a');
    advance(20 * SECOND);
    expect((await signUp(victim, 'Attacker#99z')).status).toBe(200);
    const code = await latestMailCode(t, victim);
    await t.ok('auth/email/confirm-email', { email: victim, code, password: 'Victim#2026a' });
    expect((await t.call('auth/email/sign-in', { email: victim, password: 'Attacker#99z' })).status).toBe(401);
    expect((await t.call('auth/email/sign-in', { email: victim, password: 'Victim#2026a' })).status).toBe(200);

    // Pre-hijacking: the attacker signs up first, the victim later, and confirms.
    const squatted = freshEmail();
    await signUp(squatted, 'Attacker#99z');
    advance(61 * SECOND);
    await signUp(squatted, 'Victim#2026a');
    const second = await latestMailCode(t, squatted);
    await t.ok('auth/email/confirm-email', { email: squatted, code: second, password: 'Victim#2026a' });
    expect((await t.call('auth/email/sign-in', { email: squatted, password: 'Attacker#99z' })).status).toBe(401);
  });

  it('checks the strength of a password given at confirmation, and keeps the code for another try', async () => {
    const email = freshEmail();
    await signUp(email);
    const code = await latestMailCode(t, email);
    const weak = await t.call('auth/email/confirm-email', { email, code, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error?.code).toBe('WEAK_PASSWORD');
    await t.ok('auth/email/confirm-email', { email, code, password: 'Strong#Trail42' });
  });

  it('refuses one of the most common passwords, at sign-up, reset and change', async () => {
    const refused = await t.call('auth/email/sign-up', {
      email: freshEmail(),
      password: 'Password1!',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.code).toBe('PASSWORD_TOO_COMMON');
    const account = await newAccount(t);
    const change = await t.call(
      'auth/email/confirm-change-password',
      { currentPassword: account.password, password: 'Sunshine#2024' },
      account.token,
    );
    expect(change.body.error?.code).toBe('PASSWORD_TOO_COMMON');
  });

  it('requires accepting the terms and the privacy policy', async () => {
    const res = await t.call('auth/email/sign-up', {
      email: freshEmail(),
      password: PASSWORD,
      acceptTerms: false as true,
      acceptPrivacy: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Accept the terms and the privacy policy',
    });
  });

  it.each([
    ['Tr#9xLmp', 200], // exactly 8
    ['Tr#9xLm', 400], // 7
    ['trail#run9x', 400], // no uppercase
    ['TRAIL#RUN9X', 400], // no lowercase
    ['Trail#Runxx', 400], // no digit
    ['TrailRun9xx', 400], // no special character
  ])('applies the strength rule to %s (%i)', async (password, status) => {
    const res = await signUp(freshEmail(), password);
    expect(res.status).toBe(status);
    if (status === 400) {
      expect(res.body.error!.message).toBe(
        'At least 8 characters, with an uppercase letter, a lowercase letter, a digit and a special character',
      );
    }
  });

  it.each([
    ['Qwerty#9Zz', 'an obvious keyboard run'],
    ['Ab#91234xy', 'a digit run'],
    ['Zaaaa#9yx', 'a repeated character'],
    ['Marcorossi#9', "the address's name"],
  ])('refuses %s (%s) with WEAK_PASSWORD', async (password) => {
    const res = await signUp(`marcorossi@n${++n}.example.test`, password);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'Avoid personal information or obvious sequences',
    });
  });

  it('refuses an address that is not one', async () => {
    const res = await signUp('not-an-address');
    expect(res.status).toBe(400);
    expect(res.body.error!.message).toBe('Enter a valid e-mail address');
  });
});

describe('confirming the address', () => {
  it('signs in with the code, once', async () => {
    const email = freshEmail();
    await signUp(email);
    const code = await latestMailCode(t, email);
    const session = await t.ok('auth/email/confirm-email', { email, code });
    expect(session).toEqual({ jwt: expect.any(String), completed: false });
    expect((await userByEmail(email)).emailConfirmedAt).toBeInstanceOf(Date);
    expect((await t.call('auth/username-exists', { username: 'nobody' }, session.jwt)).status).toBe(200);
    const again = await t.call('auth/email/confirm-email', { email, code });
    expect(again.status).toBe(400);
    expect(again.body.error!.code).toBe('OTP_MISMATCH');
  });

  it('answers a wrong code with the spec message and an incomplete one before checking', async () => {
    const email = freshEmail();
    await signUp(email);
    const code = await latestMailCode(t, email);
    const wrong = await t.call('auth/email/confirm-email', { email, code: wrongCode(code) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'OTP_MISMATCH',
      message: 'The code entered does not match',
      details: { triesLeft: 4 },
    });
    for (const incomplete of ['12345', '1234567', '12a456', '']) {
      const res = await t.call('auth/email/confirm-email', { email, code: incomplete });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Enter the complete code' });
    }
    expect((await t.call('auth/email/confirm-email', { email, code })).status).toBe(200);
  });

  it('voids the code after 5 wrong tries, and accepts it after 4', async () => {
    const four = freshEmail();
    await signUp(four);
    const fourCode = await latestMailCode(t, four);
    for (let i = 0; i < 4; i++) await t.call('auth/email/confirm-email', { email: four, code: wrongCode(fourCode) });
    expect((await t.call('auth/email/confirm-email', { email: four, code: fourCode })).status).toBe(200);

    const five = freshEmail();
    await signUp(five);
    const fiveCode = await latestMailCode(t, five);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      left.push(
        (await t.call('auth/email/confirm-email', { email: five, code: wrongCode(fiveCode) })).body.error!.details,
      );
    }
    expect(left).toEqual([0, 1, 2, 3, 4].map((i) => ({ triesLeft: 4 - i })));
    const res = await t.call('auth/email/confirm-email', { email: five, code: fiveCode });
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe('OTP_EXPIRED');
    // A new code works again.
    advance(61 * SECOND);
    await t.ok('auth/email/send-confirm-email-otp', { email: five });
    expect(
      (await t.call('auth/email/confirm-email', { email: five, code: await latestMailCode(t, five) })).status,
    ).toBe(200);
  });

  it('keeps a code 10 minutes', async () => {
    const inTime = freshEmail();
    await signUp(inTime);
    advance(10 * MINUTE - SECOND);
    expect(
      (await t.call('auth/email/confirm-email', { email: inTime, code: await latestMailCode(t, inTime) })).status,
    ).toBe(200);

    const late = freshEmail();
    await signUp(late);
    advance(10 * MINUTE + SECOND);
    const res = await t.call('auth/email/confirm-email', { email: late, code: await latestMailCode(t, late) });
    expect(res.status).toBe(400);
    expect(res.body.error!.code).toBe('OTP_EXPIRED');
  });

  it('sends a new code at most once a minute, and the new one replaces the old', async () => {
    const email = freshEmail();
    await signUp(email);
    const first = await latestMailCode(t, email);
    advance(59 * SECOND);
    const early = await t.call('auth/email/send-confirm-email-otp', { email });
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ code: 'RATE_LIMITED', details: { retryAfterSeconds: 1 } });
    advance(2 * SECOND);
    await t.ok('auth/email/send-confirm-email-otp', { email });
    expect(await mailsTo(email)).toHaveLength(2);
    const second = await latestMailCode(t, email);
    if (first !== second) {
      expect((await t.call('auth/email/confirm-email', { email, code: first })).body.error!.code).toBe('OTP_MISMATCH');
    }
    expect((await t.call('auth/email/confirm-email', { email, code: second })).status).toBe(200);
  });

  it('answers a resend for an unknown or confirmed address the same way, without mailing', async () => {
    const unknown = freshEmail();
    expect(await t.ok('auth/email/send-confirm-email-otp', { email: unknown })).toEqual({ ok: true });
    expect(await mailsTo(unknown)).toHaveLength(0);
    const { email } = await newAccount(t);
    advance(61 * SECOND);
    expect(await t.ok('auth/email/send-confirm-email-otp', { email })).toEqual({ ok: true });
    expect(await mailsTo(email)).toHaveLength(1);
  });
});

describe('sign-in', () => {
  it('returns a session and whether the profile is complete', async () => {
    const { email, password } = await newAccount(t);
    const session = await t.ok('auth/email/sign-in', { email: email.toUpperCase(), password });
    expect(session).toEqual({ jwt: expect.any(String), completed: false });
  });

  it('answers the same 401 to a wrong password and an unknown address, in a similar time', async () => {
    const { email } = await newAccount(t);
    const wrong = await t.call('auth/email/sign-in', { email, password: 'Wrong#Pass1' });
    const unknown = await t.call('auth/email/sign-in', { email: freshEmail(), password: 'Wrong#Pass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Invalid credentials' });

    const median = async (mail: string) => {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await t.call('auth/email/sign-in', { email: mail, password: 'Wrong#Pass1' });
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const known = await median(email);
    const missing = await median(freshEmail());
    // Both verify one argon2 hash: far closer than the 10× a skipped hash would show.
    expect(missing / known).toBeGreaterThan(0.33);
    expect(missing / known).toBeLessThan(3);
  });

  it('answers EMAIL_NOT_CONFIRMED to a right password on an unconfirmed address, and mails a fresh code', async () => {
    const email = freshEmail();
    await signUp(email);
    advance(61 * SECOND);
    const res = await t.call('auth/email/sign-in', { email, password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body.error!.code).toBe('EMAIL_NOT_CONFIRMED');
    expect(await mailsTo(email)).toHaveLength(2);
    // Within the minute no third mail, but the same answer.
    expect((await t.call('auth/email/sign-in', { email, password: PASSWORD })).status).toBe(403);
    expect(await mailsTo(email)).toHaveLength(2);
    // A wrong password tells nothing about the address.
    expect((await t.call('auth/email/sign-in', { email, password: 'Wrong#Pass1' })).status).toBe(401);
    expect((await t.call('auth/email/confirm-email', { email, code: await latestMailCode(t, email) })).status).toBe(
      200,
    );
  });

  it('refuses a suspended account until its suspension ends', async () => {
    const { email, password } = await newAccount(t);
    const until = new Date(clock().getTime() + 60 * MINUTE);
    await t.db.update(users).set({ suspendedUntil: until, suspensionReason: 'Spam' }).where(eq(users.email, email));
    const res = await t.call('auth/email/sign-in', { email, password });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      details: { until: until.toISOString(), reason: 'Spam' },
    });
    advance(61 * MINUTE);
    expect((await t.call('auth/email/sign-in', { email, password })).status).toBe(200);
  });

  it('treats a deleted account as unknown', async () => {
    const { email, password } = await newAccount(t);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, email));
    expect((await t.call('auth/email/sign-in', { email, password })).status).toBe(401);
  });
});

describe('before the profile is complete (review M11)', () => {
  it('refuses every call but the profile wizard, the own account and leaving', async () => {
    const account = await newAccount(t); // confirmed, no profile yet: no name, no checked birth date
    for (const [name, body] of [
      ['activity/nearby-activities', { latitude: 45.46, longitude: 9.19 }],
      ['chat/list-user-chats', {}],
      ['group/explore-groups', {}],
      ['user/explore-contacts', {}],
    ] as const) {
      const res = await t.call(name, body as never, account.token);
      expect(res.status, name).toBe(403);
      expect(res.body.error?.code, name).toBe('PROFILE_INCOMPLETE');
    }
    const gpx = await t.call(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: 10 },
      account.token,
    );
    expect(gpx.body.error?.code).toBe('PROFILE_INCOMPLETE');
    await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: 10 },
      account.token,
    );
    await t.ok('user/own-profile', undefined, account.token);
    await t.ok('sport/list-all', undefined, account.token);
    await t.ok('auth/username-exists', { username: 'someone' }, account.token);
  });
});

describe('push tokens (review L10)', () => {
  it('stay with the live session that registered them: another person cannot take one over', async () => {
    const [owner, thief] = [await newUser(t), await newUser(t)];
    await t.ok('user/update-notification-token', { token: 'owners-phone', platform: 'android' }, owner.token);
    await t.ok('user/update-notification-token', { token: 'owners-phone', platform: 'android' }, thief.token);
    const [row] = await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'owners-phone'));
    expect(row?.userId).toBe(owner.id);
    // Once the owner's session has ended, the device may be someone else's.
    await t.ok('auth/sign-out', undefined, owner.token);
    await t.ok('user/update-notification-token', { token: 'owners-phone', platform: 'android' }, thief.token);
    const [moved] = await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'owners-phone'));
    expect(moved?.userId).toBe(thief.id);
  });
});

describe('sign-out (review M2)', () => {
  it("ends the caller's session and its device's push token, and only those", async () => {
    const account = await newAccount(t);
    const other = await t.ok('auth/email/sign-in', { email: account.email, password: account.password });
    await t.ok('user/update-notification-token', { token: 'device-a', platform: 'android' }, account.token);
    await t.ok('user/update-notification-token', { token: 'device-b', platform: 'android' }, other.jwt);
    await t.ok('auth/sign-out', undefined, account.token);
    expect((await t.call('user/own-profile', undefined, account.token)).status).toBe(401);
    expect((await t.call('user/own-profile', undefined, other.jwt)).status).toBe(200);
    const [me] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const tokens = await t.db.select().from(pushTokens).where(eq(pushTokens.userId, me!.id));
    expect(tokens.map((row) => row.token)).toEqual(['device-b']);
  });
});

describe('password reset', () => {
  it('answers EMAIL_NOT_FOUND for an unknown address', async () => {
    const res = await t.call('auth/email/send-reset-password-otp', { email: freshEmail() });
    expect(res.status).toBe(404);
    expect(res.body.error).toEqual({
      code: 'EMAIL_NOT_FOUND',
      message: 'The entered email is not associated with any account',
    });
  });

  it('exchanges the code for a reset token that sets the password once and ends every session', async () => {
    const { email, password, token } = await newAccount(t, { language: 'it' });
    const other = await t.ok('auth/email/sign-in', { email, password });
    await t.ok('auth/email/send-reset-password-otp', { email });
    const [mail] = await t.modules.services.mailer.list(email, 1);
    expect(mail!.subject).toBe('Reimposta la password');
    const code = await latestMailCode(t, email);
    expect((await t.call('auth/email/verify-password-otp', { email, code: wrongCode(code) })).body.error!.code).toBe(
      'OTP_MISMATCH',
    );
    const { resetToken } = await t.ok('auth/email/verify-password-otp', { email, code });
    // The confirmation code and the reset code are not interchangeable, and a reset token is no access token.
    expect((await t.call('auth/email/confirm-email', { email, code })).status).toBe(400);
    expect((await t.call('auth/username-exists', { username: 'abcd' }, resetToken)).status).toBe(401);

    const weak = await t.call('auth/email/reset-password', { resetToken, password: 'Abc#12345' });
    expect(weak.body.error!.code).toBe('WEAK_PASSWORD');
    await t.ok('auth/email/reset-password', { resetToken, password: 'Fresh#Peak42' });

    for (const jwt of [token, other.jwt]) {
      expect((await t.call('auth/username-exists', { username: 'abcd' }, jwt)).status).toBe(401);
    }
    const reused = await t.call('auth/email/reset-password', { resetToken, password: 'Other#Peak42' });
    expect(reused.status).toBe(400);
    expect(reused.body.error!.code).toBe('RESET_TOKEN_INVALID');
    expect((await t.call('auth/email/sign-in', { email, password })).status).toBe(401);
    expect((await t.call('auth/email/sign-in', { email, password: 'Fresh#Peak42' })).status).toBe(200);
  });

  it('lets the reset token expire after 15 minutes', async () => {
    const { email } = await newAccount(t);
    await t.ok('auth/email/send-reset-password-otp', { email });
    const { resetToken } = await t.ok('auth/email/verify-password-otp', {
      email,
      code: await latestMailCode(t, email),
    });
    advance(15 * MINUTE + SECOND);
    const res = await t.call('auth/email/reset-password', { resetToken, password: 'Fresh#Peak42' });
    expect(res.body.error!.code).toBe('RESET_TOKEN_INVALID');
    expect(
      (await t.call('auth/email/reset-password', { resetToken: 'garbage', password: 'Fresh#Peak42' })).status,
    ).toBe(400);
  });

  it('confirms an address that was never confirmed', async () => {
    const email = freshEmail();
    await signUp(email);
    advance(61 * SECOND);
    await t.ok('auth/email/send-reset-password-otp', { email });
    const { resetToken } = await t.ok('auth/email/verify-password-otp', {
      email,
      code: await latestMailCode(t, email),
    });
    await t.ok('auth/email/reset-password', { resetToken, password: 'Fresh#Peak42' });
    expect((await t.call('auth/email/sign-in', { email, password: 'Fresh#Peak42' })).status).toBe(200);
  });
});

describe('password change', () => {
  it('checks the current password and ends every other session', async () => {
    const { email, password, token } = await newAccount(t);
    const other = await t.ok('auth/email/sign-in', { email, password });

    const wrong = await t.call(
      'auth/email/confirm-change-password',
      { currentPassword: 'Nope#1234x', password: 'Fresh#Peak42' },
      token,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error!.code).toBe('INVALID_CREDENTIALS');
    const weak = await t.call(
      'auth/email/confirm-change-password',
      { currentPassword: password, password: 'Sh#1a' },
      token,
    );
    expect(weak.body.error!.code).toBe('VALIDATION_ERROR');
    const personal = await t.call(
      'auth/email/confirm-change-password',
      { currentPassword: password, password: `${email.split('@')[0]}#A1` },
      token,
    );
    expect(personal.body.error!.code).toBe('WEAK_PASSWORD');

    await t.ok('auth/email/confirm-change-password', { currentPassword: password, password: 'Fresh#Peak42' }, token);
    expect((await t.call('auth/username-exists', { username: 'abcd' }, token)).status).toBe(200);
    expect((await t.call('auth/username-exists', { username: 'abcd' }, other.jwt)).status).toBe(401);
    expect((await t.call('auth/email/sign-in', { email, password: 'Fresh#Peak42' })).status).toBe(200);
    expect((await t.call('auth/email/sign-in', { email, password })).status).toBe(401);
  });

  it('needs a token', async () => {
    const res = await t.call('auth/email/confirm-change-password', { currentPassword: 'x', password: 'Fresh#Peak42' });
    expect(res.status).toBe(401);
  });
});

describe('profile creation', () => {
  const today = () => new Date();
  const yearsAgo = (years: number, dayShift = 0) => {
    const d = today();
    const date = new Date(Date.UTC(d.getUTCFullYear() - years, d.getUTCMonth(), d.getUTCDate() + dayShift));
    return date.toISOString().slice(0, 10);
  };
  let profileN = 0;
  const profile = (over: Record<string, unknown> = {}) => ({
    firstName: 'Giulia',
    lastName: "D'Angelo",
    username: `giulia${++profileN}x${Date.now() % 100000}`,
    birthDate: '1994-03-08',
    gender: 'FEMALE' as const,
    country: 'Italy',
    city: 'Forlì',
    sports: [
      { sportId: 'hiking', intensity: { kind: 'ELEVATION' as const, value: 1200 } },
      { sportId: 'running', intensity: { kind: 'PACE' as const, value: 330 } },
    ],
    ...over,
  });

  it('refuses a picture that is not a file uploaded to Cordata by this person', async () => {
    const { token } = await newAccount(t);
    const res = await t.call(
      'auth/create-profile',
      profile({ profilePicture: 'https://evil.example/me.png' }) as never,
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('UPLOAD_INVALID');
  });

  it('completes the profile and answers the own user, with nothing more', async () => {
    const { email, password, token } = await newAccount(t);
    const body = profile({ phone: '+39 333 1234567' });
    const { user } = await t.ok('auth/create-profile', body as never, token);
    expect(Object.keys(user).sort()).toEqual(
      [
        'birthDate',
        'city',
        'completed',
        'country',
        'createdAt',
        'email',
        'firstName',
        'gender',
        'language',
        'lastName',
        'lastOnlineAt',
        'paceGroupLevels',
        'phone',
        'profilePicture',
        'role',
        'sports',
        'userId',
        'username',
      ].sort(),
    );
    expect(user).toMatchObject({
      email,
      firstName: 'Giulia',
      username: body.username,
      city: 'Forlì',
      phone: '+39 333 1234567',
      completed: true,
      role: 'USER',
      sports: [
        { sportId: 'hiking', intensity: { kind: 'ELEVATION', value: 1200 } },
        { sportId: 'running', intensity: { kind: 'PACE', value: 330 } },
      ],
    });
    const row = await userByEmail(email);
    expect(row.searchName).toBe(`giulia d'angelo ${body.username.toLowerCase()}`);
    expect((await t.ok('auth/email/sign-in', { email, password })).completed).toBe(true);
  });

  it('replaces the sports when sent again', async () => {
    const { token } = await newAccount(t);
    const { user } = await t.ok('auth/create-profile', profile() as never, token);
    await t.ok(
      'auth/create-profile',
      profile({
        username: user.username,
        sports: [{ sportId: 'climbing', intensity: { kind: 'TIME', value: 90 } }],
      }) as never,
      token,
    );
    const rows = await t.db.select().from(userSports).where(eq(userSports.userId, user.userId));
    expect(rows.map((r) => r.sportId)).toEqual(['climbing']);
  });

  it.each([
    ['firstName', 'A', 400],
    ['firstName', 'Al', 200],
    ['firstName', 'A'.repeat(20), 200],
    ['firstName', 'A'.repeat(21), 400],
    ['lastName', 'Rossi@', 400],
    ['lastName', 'Rossi Bianchi', 200],
    ['username', 'abc', 400],
    ['username', 'abcd', 200],
    ['username', 'ab_cd', 400],
    ['username', 'àbcd', 400],
    ['birthDate', 16, 200],
    ['birthDate', 15.99, 400],
    ['birthDate', 'not-a-date', 400],
    ['city', '', 400],
  ])('checks %s = %s (%i)', async (field, value, status) => {
    const { token } = await newAccount(t);
    let v: unknown = value;
    if (field === 'birthDate' && typeof value === 'number') v = value === 16 ? yearsAgo(16) : yearsAgo(16, 1);
    if (field === 'username' && value === 'abcd') v = `u${Date.now() % 1000000}`.slice(0, 8);
    const res = await t.call('auth/create-profile', profile({ [field]: v }) as never, token);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 400 && field === 'firstName')
      expect(res.body.error!.message).toBe('No special characters, maximum 20');
    if (status === 400 && field === 'birthDate' && typeof value === 'number') {
      expect(res.body.error!.message).toBe('You must be at least 16 years old');
    }
  });

  it('refuses a username taken in any case, and says so through username-exists', async () => {
    const a = await newAccount(t);
    const b = await newAccount(t);
    const name = `Taken${Date.now() % 100000}`;
    await t.ok('auth/create-profile', profile({ username: name }) as never, a.token);
    expect(await t.ok('auth/username-exists', { username: name.toLowerCase() }, b.token)).toEqual({ exists: true });
    expect(await t.ok('auth/username-exists', { username: name.toUpperCase() }, a.token)).toEqual({ exists: false });
    expect(await t.ok('auth/username-exists', { username: `${name}z` }, b.token)).toEqual({ exists: false });
    const res = await t.call('auth/create-profile', profile({ username: name.toUpperCase() }) as never, b.token);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'USERNAME_TAKEN', message: 'Username already in use' });
  });

  it('settles two people claiming one username at the same moment', async () => {
    const a = await newAccount(t);
    const b = await newAccount(t);
    const name = `Race${Date.now() % 100000}`;
    const results = await Promise.all([
      t.call('auth/create-profile', profile({ username: name }) as never, a.token),
      t.call('auth/create-profile', profile({ username: name.toLowerCase() }) as never, b.token),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('needs at least one sport, each existing and with an intensity it allows', async () => {
    const { token } = await newAccount(t);
    const none = await t.call('auth/create-profile', profile({ sports: [] }) as never, token);
    expect(none.body.error!.message).toBe('Choose at least one sport');
    const unknown = await t.call(
      'auth/create-profile',
      profile({ sports: [{ sportId: 'curling', intensity: { kind: 'TIME', value: 30 } }] }) as never,
      token,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error!.code).toBe('SPORT_NOT_FOUND');
    const kind = await t.call(
      'auth/create-profile',
      profile({ sports: [{ sportId: 'kayaking', intensity: { kind: 'ELEVATION', value: 30 } }] }) as never,
      token,
    );
    expect(kind.status).toBe(400);
    const twice = await t.call(
      'auth/create-profile',
      profile({
        sports: [
          { sportId: 'kayaking', intensity: { kind: 'TIME', value: 30 } },
          { sportId: 'kayaking', intensity: { kind: 'DISTANCE', value: 3000 } },
        ],
      }) as never,
      token,
    );
    expect(twice.status).toBe(400);
    const { completed } = (
      await t.db
        .select()
        .from(users)
        .where(eq(users.id, (await t.core.tokens.verify(token))!.userId))
    )[0]!;
    expect(completed).toBe(false);
  });

  it('is only for a signed-in user', async () => {
    expect((await t.call('auth/create-profile', profile() as never)).status).toBe(401);
    expect((await t.call('auth/username-exists', { username: 'abcd' })).status).toBe(401);
  });

  it('works for a user made by the factories too', async () => {
    const u = await newUser(t, { completed: false });
    expect((await t.call('auth/create-profile', profile() as never, u.token)).status).toBe(200);
  });
});

describe('what never leaves the server', () => {
  it('no answer carries a password, a hash or a code', async () => {
    const email = freshEmail();
    const answers: unknown[] = [];
    answers.push((await signUp(email)).body);
    const code = await latestMailCode(t, email);
    answers.push((await t.call('auth/email/confirm-email', { email, code })).body);
    answers.push((await t.call('auth/email/sign-in', { email, password: PASSWORD })).body);
    const text = JSON.stringify(answers);
    const { passwordHash } = await userByEmail(email);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(passwordHash!);
    expect(text).not.toContain(`"${code}"`);
    expect(text).not.toMatch(/password|hash/i);
  });

  it('keeps one session row per sign-in', async () => {
    const { email, password } = await newAccount(t);
    await t.ok('auth/email/sign-in', { email, password });
    const { id } = await userByEmail(email);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(2);
  });
});
