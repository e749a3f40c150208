import { randomBytes } from 'node:crypto';
import type { Language } from '@cordata/contract';
import { userSports, users } from '../src/db/schema.ts';
import { createPasswords } from '../src/modules/auth/passwords.ts';
import { base32Decode, stepOf, totpAt } from '../src/modules/auth/totp.ts';
import { searchable } from '../src/modules/users/user-summary.ts';
import type { TestApp } from './app.ts';

let counter = 0;

/** Every user the factory makes has this password (hashed once per test file: argon2 is slow on purpose). */
export const TEST_PASSWORD = 'Factory#Trail42';
let testPasswordHash: Promise<string> | undefined;
const passwordHash = () => {
  testPasswordHash ??= createPasswords().hash(TEST_PASSWORD);
  return testPasswordHash;
};

export interface NewUserOptions {
  firstName?: string;
  lastName?: string;
  username?: string;
  email?: string;
  completed?: boolean;
  role?: 'USER' | 'MODERATOR' | 'ADMIN';
  language?: Language;
  home?: { latitude: number; longitude: number };
  sports?: { sportId: string; kind: 'DISTANCE' | 'ELEVATION' | 'TIME' | 'PACE'; value: number }[];
}

/** A confirmed user with a completed profile and a signed-in session. */
export async function newUser(t: TestApp, options: NewUserOptions = {}) {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `User${counter}`;
  const username = options.username ?? `user${tag}`;
  const [user] = await t.db
    .insert(users)
    .values({
      email: options.email ?? `user${tag}@example.test`,
      passwordHash: await passwordHash(),
      emailConfirmedAt: new Date(),
      username,
      firstName,
      lastName,
      searchName: searchable(firstName, lastName, username),
      country: 'Italy',
      city: 'Milano',
      birthDate: '1990-05-17',
      gender: 'UNSPECIFIED',
      completed: options.completed ?? true,
      role: options.role ?? 'USER',
      language: options.language ?? 'en',
      homeLatitude: options.home?.latitude,
      homeLongitude: options.home?.longitude,
    })
    .returning();
  const sports = options.sports ?? [{ sportId: 'running', kind: 'DISTANCE' as const, value: 10_000 }];
  if (sports.length) {
    await t.db
      .insert(userSports)
      .values(
        sports.map((s) => ({ userId: user!.id, sportId: s.sportId, intensityKind: s.kind, intensityValue: s.value })),
      );
  }
  const { jwt, sessionId } = await t.core.tokens.issue(user!.id);
  // Staff enrol in two-factor sign-in through the real calls, so their session may use the admin calls.
  const totp = user!.role === 'USER' ? undefined : await enrolTotp(t, jwt);
  return { ...user!, token: jwt, sessionId, totp };
}

/** Sets up TOTP for the token's account and proves it with a code: the session is then verified. */
export async function enrolTotp(t: TestApp, token: string) {
  const { secret } = await t.ok('auth/totp/setup', undefined, token);
  const key = base32Decode(secret);
  await t.ok('auth/totp/enable', { code: totpAt(key, stepOf(t.core.now())) }, token);
  /** A code for another moment than the one already used (codes are single use). */
  const codeAt = (time: Date) => totpAt(key, stepOf(time));
  return { secret, codeAt };
}

/** Enters the password again in the token's session, as the app does before deleting an account. */
export const reauthenticate = (t: TestApp, token: string) =>
  t.ok('auth/reauthenticate', { password: TEST_PASSWORD }, token);

/** The one-time code of the newest mail to an address (from the outbox, as the dev mailbox shows it). */
export async function latestMailCode(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.modules.services.mailer.list(email.toLowerCase(), 1);
  const code = mail?.text.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`No code mailed to ${email}`);
  return code;
}

/** An account made through the API: signed up and confirmed, profile not yet completed. */
export async function newAccount(t: TestApp, options: { email?: string; password?: string; language?: Language } = {}) {
  counter += 1;
  const email = options.email ?? `account${counter}${randomBytes(3).toString('hex')}@example.test`;
  const password = options.password ?? 'Trail#Run9x';
  await t.ok('auth/email/sign-up', {
    email,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
    language: options.language,
  });
  const { jwt } = await t.ok('auth/email/confirm-email', { email, code: await latestMailCode(t, email) });
  return { email, password, token: jwt };
}

/** A future local day (YYYY-MM-DD), `days` from today in UTC: far enough ahead for the 30-minute rule. */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** An activity created through the API by `creator` (3 days ahead, an open public run near Milan by default). */
export async function newActivity(
  t: TestApp,
  creator: { token: string },
  overrides: Partial<import('@cordata/contract').ActivityInput> = {},
) {
  const { activity } = await t.ok(
    'activity/create-new',
    {
      name: 'Morning run',
      sportId: 'running',
      date: dayFromNow(3),
      startTime: '09:00',
      endTime: '11:00',
      access: 'OPEN',
      visibility: 'PUBLIC',
      difficulty: 'MEDIUM',
      route: {
        mode: 'POINTS',
        start: { latitude: 45.4642, longitude: 9.19, address: 'Piazza del Duomo, Milano' },
        destination: { latitude: 45.4728, longitude: 9.1797 },
        routeSteps: [{ latitude: 45.468, longitude: 9.185 }],
      },
      ...overrides,
    },
    creator.token,
  );
  return activity;
}
