import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_TRIES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '@cordata/contract';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

export type OtpPurpose = 'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN';

/**
 * One-time codes: 6 digits from a cryptographic source, kept only as an HMAC, valid 10 minutes,
 * void after 5 wrong tries, used once, and sent again at most once a minute.
 */
export function createOtpCodes(deps: { db: DbOrTx; key: Uint8Array; now: () => Date }) {
  const { db, now } = deps;
  const digest = (email: string, purpose: OtpPurpose, code: string) =>
    createHmac('sha256', deps.key).update(`${purpose}:${email}:${code}`).digest('hex');

  const latest = (email: string, purpose: OtpPurpose, tx: DbOrTx) =>
    tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
      .orderBy(desc(otpCodes.createdAt))
      .limit(1)
      .then((rows) => rows[0]);

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
    await tx.insert(otpCodes).values({
      email,
      purpose,
      codeHash: digest(email, purpose, code),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + OTP_TTL_MINUTES * 60_000),
    });
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
      const [counted] = await tx
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP_MAX_TRIES)))
        .returning({ attempts: otpCodes.attempts });
      const triesLeft = Math.max(0, OTP_MAX_TRIES - (counted?.attempts ?? OTP_MAX_TRIES));
      throw new ApiError('OTP_MISMATCH', { details: { triesLeft } });
    }
    const [used] = await tx
      .update(otpCodes)
      .set({ consumedAt: now() })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, OTP_MAX_TRIES)))
      .returning({ id: otpCodes.id });
    // Another request used it a moment ago: single use.
    if (!used) throw new ApiError('OTP_MISMATCH');
  }

  return { issue, consume, resendWait };
}

export type OtpCodes = ReturnType<typeof createOtpCodes>;
