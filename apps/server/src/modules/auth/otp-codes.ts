import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { createOtpCodesRepository } from './otp-codes.repository.ts';

export type OtpPurpose = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN';

/**
 * One-time codes: 6 digits from a cryptographic source, kept only as an HMAC, valid 10 minutes,
 * void after 5 wrong tries, used once, and sent again at most once a minute.
 */
export function createOtpCodes(deps: { db: DbOrTx; key: Uint8Array; now: () => Date }) {
  const { db, now } = deps;
  const digest = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', deps.key).update(`${purpose}:${email}:${code}`).digest('hex');

  const repository = createOtpCodesRepository(db);
  const latest = (email: string, purpose: OtpPurpose, tx: DbOrTx) => repository.latest(email, purpose, tx);

  /** Seconds to wait before another code may be sent, 0 when one may be sent now. */
  async function resendWait(email: string, purpose: OtpPurpose, tx: DbOrTx = db) {
    const last = await latest(email, purpose, tx);
    if (!last) return 0;
    const elapsed = (now().getTime() - last.createdAt.getTime()) / 1000;
    return elapsed < OTP_RESEND_SECONDS ? Math.ceil(OTP_RESEND_SECONDS - elapsed) : 0;
  }

  /** A fresh code, which replaces any earlier one; 429 when the last was sent less than a minute ago. */
  async function issue(email: string, purpose: OtpPurpose, tx: DbOrTx = db) {
    const wait = await resendWait(email, purpose, tx);
    if (wait > 0) throw new ApiError('RATE_LIMITED', { details: { retryAfterSeconds: wait } });
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const createdAt = now();
    await repository.insert(
      {
        email,
        purpose,
        codeHash: digest(email, purpose, code),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + OTP_TTL_MINUTES * 60_000),
      },
      tx,
    );
    return code;
  }

  /** Uses the latest code, or throws OTP_MISMATCH / OTP_EXPIRED. A wrong try counts even when it races. */
  async function consume(email: string, purpose: OtpPurpose, code: string, tx: DbOrTx = db) {
    const row = await latest(email, purpose, tx);
    if (!row || row.consumedAt) throw new ApiError('OTP_MISMATCH');
    if (row.expiresAt <= now() || row.attempts >= OTP_MAX_TRIES) throw new ApiError('OTP_EXPIRED');
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(digest(email, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const counted = await repository.countWrongTry(row.id, OTP_MAX_TRIES, tx);
      const triesLeft = Math.max(0, OTP_MAX_TRIES - (counted ?? OTP_MAX_TRIES));
      throw new ApiError('OTP_MISMATCH', { details: { triesLeft } });
    }
    const used = await repository.markUsed(row.id, now(), OTP_MAX_TRIES, tx);
    // Another request used it a moment ago: single use.
    if (!used) throw new ApiError('OTP_MISMATCH');
  }

  return { issue, consume, resendWait };
}

export type OtpCodes = ReturnType<typeof createOtpCodes>;
