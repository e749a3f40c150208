import type { DbOrTx } from '../../db/client.ts';
import type { sessions } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rate-limit.ts';
import type { TotpKeys } from '../../secrets.ts';
import type { Mailer } from '../mail/mailer.ts';
import { secondFactorAlertMail } from '../mail/templates.ts';
import type { Passwords } from './passwords.ts';
import { createStepUpRepository } from './step-up.repository.ts';
import type { AuthUser } from './tokens.ts';
import { base32Encode, createSecretBox, matchingStep, newTotpSecret, otpauthUri } from './totp.ts';

/** How long an entered password opens the sensitive calls of a session (ASVS V7.5). */
export const REAUTH_WINDOW_MS = 5 * 60 * 1000;
const TRIES = { limit: 10, windowSeconds: 15 * 60 };
/**
 * Second-factor codes (review L-N6): wrong ones lock the session that enters them, not the account, so whoever has
 * an admin's password cannot keep the admin out; each new session needs that password again (and sign-in has its
 * own limits). Wrong codes on the account are counted too: past a few, the person is told by e-mail, once a burst.
 */
const SESSION_TRIES = { limit: 5, windowSeconds: 15 * 60 };
const ALERT_AFTER = { limit: 3, windowSeconds: 60 * 60 };
const ONE_ALERT_A_BURST = { limit: 1, windowSeconds: 60 * 60 };

const isStaff = (user: AuthUser) => user.role === 'ADMIN' || user.role === 'MODERATOR';

/**
 * Stepping up a session: the password entered again before a sensitive call (deleting the account,
 * review L8), and the TOTP second factor that admins and moderators need for /admin (ASVS V6.3.3).
 * Both are marks on the session row, so they end with the session.
 */
export function createStepUp(deps: {
  db: DbOrTx;
  passwords: Pick<Passwords, 'verify'>;
  rateLimiter: Pick<RateLimiter, 'hit' | 'assertUnder' | 'record'>;
  mailer: Pick<Mailer, 'send'>;
  totpKeys: TotpKeys;
  /** The session cache forgets a session whose marks change (tokens.sessionsChanged). */
  sessionsChanged: (userId: string) => void;
  now: () => Date;
}) {
  const { db, now } = deps;
  const box = createSecretBox(deps.totpKeys);
  const repository = createStepUpRepository(db);
  const markSession = async (user: AuthUser, mark: Partial<typeof sessions.$inferInsert>) => {
    await repository.markSession(user.sessionId, mark);
    deps.sessionsChanged(user.userId);
  };
  const account = (userId: string) => repository.account(userId);

  type Account = NonNullable<Awaited<ReturnType<typeof account>>>;

  /** The sealed secret opened, or null when no key opens it (docs/operations.md, rotating the secrets). */
  const opened = (sealed: string) => {
    try {
      return box.open(sealed);
    } catch {
      return null;
    }
  };

  /** The code's time step, once: a wrong code counts against the session's tries, a replayed one is refused. */
  async function acceptCode(user: AuthUser, account: Account, code: string) {
    const sessionTries: [string, typeof SESSION_TRIES] = [`totp:session:${user.sessionId}`, SESSION_TRIES];
    await deps.rateLimiter.assertUnder([sessionTries]);
    const secret = account.totpSecret ? opened(account.totpSecret)?.secret : null;
    const step = secret ? matchingStep(secret, code, now()) : null;
    if (step === null) {
      await countWrongCode(user, account, sessionTries);
      throw new ApiError('TOTP_INVALID');
    }
    const fresh = await repository.claimTotpStep(user.userId, step);
    if (!fresh) throw new ApiError('TOTP_INVALID');
  }

  async function countWrongCode(user: AuthUser, account: Account, sessionTries: [string, typeof SESSION_TRIES]) {
    const accountTries: [string, typeof ALERT_AFTER] = [`totp:user:${user.userId}`, ALERT_AFTER];
    await deps.rateLimiter.record([sessionTries, accountTries]);
    const passes = (check: Promise<unknown>) =>
      check.then(
        () => true,
        () => false,
      );
    if (await passes(deps.rateLimiter.assertUnder([accountTries]))) return;
    if (!(await passes(deps.rateLimiter.hit(`totp:alerted:${user.userId}`, ONE_ALERT_A_BURST)))) return;
    await deps.mailer.send({
      to: account.email,
      ...secondFactorAlertMail(account.language),
    });
  }

  return {
    async reauthenticate(user: AuthUser, password: string) {
      await deps.rateLimiter.hit(`reauth:user:${user.userId}`, TRIES);
      const row = await account(user.userId);
      if (!(await deps.passwords.verify(row?.passwordHash, password))) throw new ApiError('INVALID_CREDENTIALS');
      await markSession(user, { reauthenticatedAt: now() });
    },

    /** The person proved themselves again another way (a linked OpenID Connect provider, oidc.service.ts). */
    async markReauthenticated(user: AuthUser) {
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
      await repository.storeTotpSecret(user.userId, box.seal(secret));
      return { secret: base32Encode(secret), uri: otpauthUri(secret, row.email) };
    },

    async enableTotp(user: AuthUser, code: string) {
      const row = await account(user.userId);
      if (!row || row.totpEnabledAt) throw new ApiError('TOTP_ALREADY_ENABLED');
      await acceptCode(user, row, code);
      await repository.enableTotp(user.userId, now());
      await markSession(user, { secondFactorAt: now() });
    },

    async verifyTotp(user: AuthUser, code: string) {
      const row = await account(user.userId);
      if (!row?.totpEnabledAt) throw new ApiError('TOTP_NOT_ENABLED');
      await acceptCode(user, row, code);
      await markSession(user, { secondFactorAt: now() });
    },

    /**
     * At start: every TOTP secret sealed with an earlier key (before TOTP_KEY was set, or under the master being
     * rotated out) is sealed again with the current one, so it still opens once that key is gone. Each row is
     * replaced only if nobody changed it meanwhile, so instances starting together do not undo each other.
     */
    async resealTotpSecrets() {
      const rows = await repository.sealedTotpSecrets();
      let resealed = 0;
      let unreadable = 0;
      for (const row of rows) {
        const secret = opened(row.totpSecret);
        if (!secret) unreadable++;
        if (!secret?.sealedEarlier) continue;
        await repository.resealTotpSecret(row.id, row.totpSecret, box.seal(secret.secret));
        resealed++;
      }
      return { resealed, unreadable };
    },

    /** The admin calls' gate: staff with a session that passed the second factor. */
    assertSecondFactor(user: AuthUser) {
      if (!user.secondFactorAt)
        throw new ApiError('SECOND_FACTOR_REQUIRED', { details: { enrolled: user.totpEnabled } });
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
