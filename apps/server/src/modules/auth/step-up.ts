import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { Passwords } from './passwords.ts';
import type { AuthUser } from './tokens.ts';
import { base32Encode, createSecretBox, matchingStep, newTotpSecret, otpauthUri } from './totp.ts';

/** How long an entered password opens the sensitive calls of a session (ASVS V7.5). */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
const TRIES = { limit: 10, windowSeconds: 15 * 60 };

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'MODERATOR';

/**
 * Stepping up a session: the password entered again before a sensitive call (deleting the account,
 * review L8), and the TOTP second factor that admins and moderators need for /admin (ASVS V6.3.3).
 * Both are marks on the session row, so they end with the session.
 */
export function createStepUp(deps: {
  db: DbOrTx;
  passwords: Pick<Passwords, 'verify'>;
  rateLimiter: Pick<RateLimiter, 'hit'>;
  serverSecret: Uint8Array;
  /** The session cache forgets a session whose marks change (tokens.sessionsChanged). */
  sessionsChanged: (userId: string) => void;
  now: () => Date;
}) {
  const { db, now } = deps;
  const box = createSecretBox(deps.serverSecret);
  const markSession = async (user: AuthUser, mark: Partial<typeof sessions.$inferInsert>) => {
    await db.update(sessions).set(mark).where(eq(sessions.id, user.sessionId));
    deps.sessionsChanged(user.userId);
  };
  const account = async (userId: string) =>
    (
      await db
        .select({
          email: users.email,
          passwordHash: users.passwordHash,
          totpSecret: users.totpSecret,
          totpEnabledAt: users.totpEnabledAt,
        })
        .from(users)
        .where(eq(users.id, userId))
    )[0];

  /** The code's time step, once: a wrong code counts against the person's tries, a replayed one is refused. */
  async function acceptCode(userId: string, sealed: string | null, code: string) {
    await deps.rateLimiter.hit(`totp:user:${userId}`, TRIES);
    const step = sealed ? matchingStep(box.open(sealed), code, now()) : null;
    if (step === null) throw new ApiError('TOTP_INVALID');
    const [fresh] = await db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
      .returning({ id: users.id });
    if (!fresh) throw new ApiError('TOTP_INVALID');
  }

  return {
    async reauthenticate(user: AuthUser, password: string) {
      await deps.rateLimiter.hit(`reauth:user:${user.userId}`, TRIES);
      const row = await account(user.userId);
      if (!(await deps.passwords.verify(row?.passwordHash, password))) throw new ApiError('INVALID_CREDENTIALS');
      await markSession(user, { reauthenticatedAt: now() });
    },

    assertRecentlyReauthenticated(user: AuthUser) {
      const at = user.reauthenticatedAt;
      if (!at || now().getTime() - at.getTime() > REAUTH_WINDOW_MS) throw new ApiError('REAUTH_REQUIRED');
    },

    /** A new secret for a staff account that has none enabled yet; it counts once a code proves it. */
    async setupTotp(user: AuthUser) {
      if (!isStaff(user))
        throw new ApiError('FORBIDDEN', { message: 'Two-factor sign-in is for admins and moderators' });
      const row = await account(user.userId);
      if (!row || row.totpEnabledAt) throw new ApiError('TOTP_ALREADY_ENABLED');
      const secret = newTotpSecret();
      await db
        .update(users)
        .set({ totpSecret: box.seal(secret), totpLastStep: null })
        .where(and(eq(users.id, user.userId), isNull(users.totpEnabledAt)));
      return { secret: base32Encode(secret), uri: otpauthUri(secret, row.email) };
    },

    async enableTotp(user: AuthUser, code: string) {
      const row = await account(user.userId);
      if (!row || row.totpEnabledAt) throw new ApiError('TOTP_ALREADY_ENABLED');
      await acceptCode(user.userId, row.totpSecret, code);
      await db.update(users).set({ totpEnabledAt: now() }).where(eq(users.id, user.userId));
      await markSession(user, { secondFactorAt: now() });
    },

    async verifyTotp(user: AuthUser, code: string) {
      const row = await account(user.userId);
      if (!row?.totpEnabledAt) throw new ApiError('TOTP_NOT_ENABLED');
      await acceptCode(user.userId, row.totpSecret, code);
      await markSession(user, { secondFactorAt: now() });
    },

    /** The admin calls' gate: staff with a session that passed the second factor. */
    assertSecondFactor(user: AuthUser) {
      if (!user.secondFactorAt)
        throw new ApiError('SECOND_FACTOR_REQUIRED', { details: { enrolled: user.totpEnabled } });
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
