import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes } from '../../db/schema.ts';

export type OtpCodeRow = typeof otpCodes.$inferSelect;

/** One-time codes (otp_codes), kept only as an HMAC. */
export function createOtpCodesRepository(db: DbOrTx) {
  return {
    /** The latest code sent to an address for a purpose. */
    async latest(email: string, purpose: OtpCodeRow['purpose'], tx: DbOrTx = db): Promise<OtpCodeRow | undefined> {
      const rows = await tx
        .select()
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      return rows[0];
    },

    async insert(values: typeof otpCodes.$inferInsert, tx: DbOrTx = db) {
      await tx.insert(otpCodes).values(values);
    },

    /** Counts a wrong try while the code has tries left; the tries counted after it, undefined when none were left. */
    async countWrongTry(id: string, maxTries: number, tx: DbOrTx = db) {
      const [counted] = await tx
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(and(eq(otpCodes.id, id), lt(otpCodes.attempts, maxTries)))
        .returning({ attempts: otpCodes.attempts });
      return counted?.attempts;
    },

    /** Marks the code used unless it was used or ran out of tries meanwhile; false then. */
    async markUsed(id: string, usedAt: Date, maxTries: number, tx: DbOrTx = db) {
      const [used] = await tx
        .update(otpCodes)
        .set({ consumedAt: usedAt })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt), lt(otpCodes.attempts, maxTries)))
        .returning({ id: otpCodes.id });
      return used !== undefined;
    },
  };
}
