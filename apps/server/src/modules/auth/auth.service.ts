import {
  type CallBody,
  isOldEnough,
  type Language,
  PRIVACY_VERSION,
  passwordProblem,
  TERMS_VERSION,
  validationMessages,
} from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rate-limit.ts';
import type { Mailer } from '../mail/mailer.ts';
import { codeMail } from '../mail/templates.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { toOwnUser } from '../users/own-user.ts';
import { searchable } from '../users/user-summary.ts';
import type { AuthRepository, UserRow } from './auth.repository.ts';
import { isCommonPassword } from './common-passwords.ts';
import type { OtpCodes, OtpPurpose } from './otp-codes.ts';
import type { Passwords } from './passwords.ts';
import type { AuthUser, Tokens } from './tokens.ts';

const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
const per = (limit: number, minutes: number): RateRule => ({ limit, windowSeconds: minutes * 60 });

/**
 * Per account and per IP, and tighter for one IP on one account (`pair`), so that a stranger who
 * guesses from one address locks only themselves out of that account, never its owner (review L4).
 * An IP gets more room, since many people can share one. Sign-in counts failures only, and past its
 * account-wide cap (guessing spread over many addresses) it asks for a code e-mailed to the owner
 * instead of refusing everyone: the owner still gets in, the guessers do not.
 */
export const AUTH_RATE_RULES = {
  'sign-in': { pair: per(10, 15), email: per(50, 15), ip: per(100, 15) },
  'sign-up': { pair: per(5, 60), email: per(10, 60), ip: per(20, 60) },
  'code-send': { pair: per(6, 60), email: per(20, 60), ip: per(30, 60) },
  'code-check': { pair: per(10, 15), email: per(40, 15), ip: per(60, 15) },
} as const;
type Limited = keyof typeof AUTH_RATE_RULES;

export interface AuthServiceDeps {
  db: Db;
  repo: AuthRepository;
  otp: OtpCodes;
  passwords: Passwords;
  tokens: Pick<Tokens, 'issue' | 'verify' | 'revokeAll' | 'sessionsChanged'>;
  mailer: Pick<Mailer, 'enqueue' | 'dispatch'>;
  rateLimiter: Pick<RateLimiter, 'hitAll' | 'assertUnder' | 'record'>;
  sports: Pick<SportsService, 'assertValidUserSports'>;
  /** A profile picture must be a file this server issued to the person. */
  pictures: Pick<UploadsService, 'claim'>;
  /** After a password reset or change, with every other session ended: what was bound to the old password goes. */
  onPasswordChanged?: (userId: string) => Promise<void>;
  now: () => Date;
}

const isUniqueViolation = (err: unknown, constraint: string): boolean => {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === '23505' && (e.constraint === constraint || e.message?.includes(constraint))) return true;
    e = e.cause as typeof e;
  }
  return false;
};

export function createAuthService(deps: AuthServiceDeps) {
  const { db, repo, otp, passwords, tokens, now } = deps;

  type Key = [string, RateRule];
  /** The pair's, the account's and the address's keys, in that order. */
  const limitKeys = (what: Limited, email: string, ip: string): [Key, Key, Key] => [
    [`${what}:pair:${email}:${ip}`, AUTH_RATE_RULES[what].pair],
    [`${what}:email:${email}`, AUTH_RATE_RULES[what].email],
    [`${what}:ip:${ip}`, AUTH_RATE_RULES[what].ip],
  ];
  const limit = (what: Limited, email: string, ip: string) => deps.rateLimiter.hitAll(limitKeys(what, email, ip));

  function assertStrongPassword(password: string, email: string) {
    const problem = passwordProblem(password, email);
    if (problem) {
      const message = validationMessages[problem];
      throw new ApiError('WEAK_PASSWORD', { message, issues: [{ path: 'password', message }] });
    }
    if (isCommonPassword(password)) throw new ApiError('PASSWORD_TOO_COMMON');
  }

  function assertNotSuspended(user: UserRow) {
    if (user.suspendedUntil && user.suspendedUntil > now()) {
      throw new ApiError('ACCOUNT_SUSPENDED', {
        details: { until: user.suspendedUntil.toISOString(), reason: user.suspensionReason },
      });
    }
  }

  const isLive = (user: UserRow | undefined): user is UserRow => !!user && !user.deletedAt;

  /** Stores a fresh code and its mail together, then starts the delivery. */
  async function sendCode(email: string, purpose: OtpPurpose, language: Language) {
    const queued = await db.transaction(async (tx: DbOrTx) => {
      const code = await otp.issue(email, purpose, tx);
      return deps.mailer.enqueue({ to: email, ...codeMail(purpose, code, language) }, tx);
    });
    deps.mailer.dispatch(queued);
  }

  /** Like sendCode, but quietly keeps the code already sent when it is less than a minute old. */
  async function sendCodeUnlessRecent(email: string, purpose: OtpPurpose, language: Language) {
    if ((await otp.resendWait(email, purpose)) > 0) return;
    try {
      await sendCode(email, purpose, language);
    } catch (err) {
      if (!(err instanceof ApiError && err.code === 'RATE_LIMITED')) throw err;
    }
  }

  async function session(user: UserRow) {
    const { jwt } = await tokens.issue(user.id);
    return { jwt, completed: user.completed };
  }

  return {
    async signUp(body: CallBody<'auth/email/sign-up'>, ip: string) {
      const { email, password } = body;
      await limit('sign-up', email, ip);
      assertStrongPassword(password, email);
      const existing = await repo.findByEmail(email);
      if (existing && (existing.emailConfirmedAt || existing.deletedAt)) throw new ApiError('EMAIL_TAKEN');
      if (existing) {
        // A second sign-up on an unconfirmed address stores no credential: it drops the pending one,
        // so whoever proves the inbox sets the password at that moment (confirm-email with its
        // password). Neither the racer nor an earlier squatter ends up knowing it (review H2).
        await repo.dropPendingPassword(existing.id);
        await sendCodeUnlessRecent(email, 'CONFIRM_EMAIL', existing.language);
        return { ok: true as const };
      }
      const at = now();
      const inserted = await repo.insertUser({
        email,
        passwordHash: await passwords.hash(password),
        language: body.language ?? 'en',
        termsAcceptedAt: at,
        termsVersion: TERMS_VERSION,
        privacyAcceptedAt: at,
        privacyVersion: PRIVACY_VERSION,
      });
      if (!inserted) throw new ApiError('EMAIL_TAKEN');
      await sendCodeUnlessRecent(email, 'CONFIRM_EMAIL', body.language ?? 'en');
      return { ok: true as const };
    },

    async sendConfirmEmailCode({ email }: CallBody<'auth/email/send-confirm-email-otp'>, ip: string) {
      await limit('code-send', email, ip);
      const user = await repo.findByEmail(email);
      // Nothing to confirm: the same answer, so the call tells nobody which addresses exist.
      if (!isLive(user) || user.emailConfirmedAt) return { ok: true as const };
      await sendCode(email, 'CONFIRM_EMAIL', user.language);
      return { ok: true as const };
    },

    async confirmEmail({ email, code, password }: CallBody<'auth/email/confirm-email'>, ip: string) {
      await limit('code-check', email, ip);
      const user = await repo.findByEmail(email);
      const pending = isLive(user) && !user.emailConfirmedAt;
      // Checked before the code is used, so the person can add the password and keep the code.
      if (pending && !password && !user.passwordHash) throw new ApiError('PASSWORD_REQUIRED');
      if (pending && password) assertStrongPassword(password, email);
      await otp.consume(email, 'CONFIRM_EMAIL', code);
      if (!isLive(user)) throw new ApiError('OTP_MISMATCH');
      if (pending && password) await repo.setPassword(user.id, await passwords.hash(password));
      await repo.confirmEmail(user.id, now());
      assertNotSuspended(user);
      return session(user);
    },

    async signIn({ email, password, code }: CallBody<'auth/email/sign-in'>, ip: string) {
      const keys = limitKeys('sign-in', email, ip);
      const [pair, account, address] = keys;
      await deps.rateLimiter.assertUnder([pair, address]);
      const underAttack = await deps.rateLimiter.assertUnder([account]).then(
        () => false,
        (error: unknown) => {
          if (error instanceof ApiError && error.code === 'RATE_LIMITED') return true;
          throw error;
        },
      );
      const found = await repo.findByEmail(email);
      const user = isLive(found) ? found : undefined;
      // Always one argon2 verification, so a missing account answers in the same time.
      const valid = await passwords.verify(user?.passwordHash, password);
      if (!user || !valid) {
        await deps.rateLimiter.record(keys);
        // While the account is under attack a wrong password answers like a right one without its
        // code, so the guessers learn nothing.
        throw new ApiError(underAttack ? 'SIGN_IN_CODE_REQUIRED' : 'INVALID_CREDENTIALS');
      }
      if (underAttack && !code) {
        // Only the right password sends the code: guessers can neither fill the inbox nor use up its tries.
        await sendCodeUnlessRecent(email, 'SIGN_IN', user.language);
        throw new ApiError('SIGN_IN_CODE_REQUIRED');
      }
      if (underAttack) {
        await limit('code-check', email, ip);
        await otp.consume(email, 'SIGN_IN', code!);
      }
      if (!user.emailConfirmedAt) {
        await sendCodeUnlessRecent(email, 'CONFIRM_EMAIL', user.language);
        throw new ApiError('EMAIL_NOT_CONFIRMED');
      }
      assertNotSuspended(user);
      return session(user);
    },

    async sendResetCode({ email }: CallBody<'auth/email/send-reset-password-otp'>, ip: string) {
      await limit('code-send', email, ip);
      const user = await repo.findByEmail(email);
      if (!isLive(user)) throw new ApiError('EMAIL_NOT_FOUND');
      await sendCode(email, 'RESET_PASSWORD', user.language);
      return { ok: true as const };
    },

    async verifyResetCode({ email, code }: CallBody<'auth/email/verify-password-otp'>, ip: string) {
      await limit('code-check', email, ip);
      await otp.consume(email, 'RESET_PASSWORD', code);
      const user = await repo.findByEmail(email);
      if (!isLive(user)) throw new ApiError('OTP_MISMATCH');
      assertNotSuspended(user);
      const { jwt } = await tokens.issue(user.id, 'RESET', RESET_TOKEN_TTL_MS);
      return { resetToken: jwt };
    },

    async resetPassword({ resetToken, password }: CallBody<'auth/email/reset-password'>) {
      const reset = await tokens.verify(resetToken, 'RESET');
      const user = reset ? await repo.findById(reset.userId) : undefined;
      if (!isLive(user)) throw new ApiError('RESET_TOKEN_INVALID');
      assertStrongPassword(password, user.email);
      await repo.setPassword(user.id, await passwords.hash(password));
      // The code came to the inbox, so the address is proven too.
      await repo.confirmEmail(user.id, now());
      // Every session ends, the reset token's own included: it is single use.
      await tokens.revokeAll(user.id);
      await deps.onPasswordChanged?.(user.id);
      return { ok: true as const };
    },

    async changePassword(body: CallBody<'auth/email/confirm-change-password'>, caller: AuthUser, ip: string) {
      await deps.rateLimiter.hitAll([
        [`change-password:user:${caller.userId}`, AUTH_RATE_RULES['sign-in'].pair],
        [`change-password:ip:${ip}`, AUTH_RATE_RULES['sign-in'].ip],
      ]);
      const user = await repo.findById(caller.userId);
      if (!isLive(user)) throw new ApiError('UNAUTHORIZED');
      if (!(await passwords.verify(user.passwordHash, body.currentPassword))) {
        throw new ApiError('INVALID_CREDENTIALS', {
          issues: [{ path: 'currentPassword', message: 'The current password is not correct' }],
        });
      }
      assertStrongPassword(body.password, user.email);
      await repo.setPassword(user.id, await passwords.hash(body.password));
      await tokens.revokeAll(user.id, caller.sessionId);
      await deps.onPasswordChanged?.(user.id);
      return { ok: true as const };
    },

    async usernameExists({ username }: CallBody<'auth/username-exists'>, caller: AuthUser) {
      return { exists: await repo.usernameTaken(username, caller.userId) };
    },

    async createProfile(body: CallBody<'auth/create-profile'>, caller: AuthUser, baseUrl: string) {
      if (!isOldEnough(body.birthDate, now())) {
        const message = validationMessages.tooYoung;
        throw new ApiError('VALIDATION_ERROR', { message, issues: [{ path: 'birthDate', message }] });
      }
      await deps.sports.assertValidUserSports(body.sports);
      if (await repo.usernameTaken(body.username, caller.userId)) throw new ApiError('USERNAME_TAKEN');
      const profilePicture = body.profilePicture
        ? await deps.pictures.claim(body.profilePicture, caller.userId, 'PROFILE_PICTURE', baseUrl)
        : null;
      try {
        const { row, sports } = await db.transaction(async (tx: DbOrTx) => {
          const row = await repo.completeProfile(
            caller.userId,
            {
              firstName: body.firstName,
              lastName: body.lastName,
              username: body.username,
              birthDate: body.birthDate,
              gender: body.gender,
              country: body.country,
              city: body.city,
              phone: body.phone ?? null,
              profilePicture,
              homeLatitude: body.home?.latitude ?? null,
              homeLongitude: body.home?.longitude ?? null,
              language: body.language,
              searchName: searchable(body.firstName, body.lastName, body.username),
            },
            tx,
          );
          if (!row) throw new ApiError('UNAUTHORIZED');
          await repo.replaceSports(
            caller.userId,
            body.sports.map((s) => ({
              sportId: s.sportId,
              intensityKind: s.intensity.kind,
              intensityValue: s.intensity.value,
            })),
            tx,
          );
          return { row, sports: await repo.listSports(caller.userId, tx) };
        });
        // The session now belongs to a completed profile: its next call must not be refused as incomplete.
        tokens.sessionsChanged(caller.userId);
        // A profile being completed is a new one: its calls were refused until now, so it is in no pace group.
        return { user: toOwnUser(row, sports, []) };
      } catch (err) {
        // Two people claiming the same name at once: the index decides.
        if (isUniqueViolation(err, 'users_username_key')) throw new ApiError('USERNAME_TAKEN');
        throw err;
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
