import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';

/** Stepping up a session: the marks on the session row and the account's TOTP second factor. */
export function createStepUpRepository(db: DbOrTx) {
  return {
    async markSession(sessionId: string, mark: Partial<typeof sessions.$inferInsert>) {
      await db.update(sessions).set(mark).where(eq(sessions.id, sessionId));
    },

    /** What stepping up reads of an account. */
    async account(userId: string) {
      const [row] = await db
        .select({
          email: users.email,
          language: users.language,
          passwordHash: users.passwordHash,
          totpSecret: users.totpSecret,
          totpEnabledAt: users.totpEnabledAt,
        })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    /** Takes the code's time step once: false when this step or a later one was used already. */
    async claimTotpStep(userId: string, step: number) {
      const [fresh] = await db
        .update(users)
        .set({ totpLastStep: step })
        .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
        .returning({ id: users.id });
      return fresh !== undefined;
    },

    /** A new sealed secret, only while the second factor is not enabled. */
    async storeTotpSecret(userId: string, sealed: string) {
      await db
        .update(users)
        .set({ totpSecret: sealed, totpLastStep: null })
        .where(and(eq(users.id, userId), isNull(users.totpEnabledAt)));
    },

    async enableTotp(userId: string, at: Date) {
      await db.update(users).set({ totpEnabledAt: at }).where(eq(users.id, userId));
    },

    /** Every account's sealed TOTP secret. */
    async sealedTotpSecrets() {
      const rows = await db
        .select({ id: users.id, totpSecret: users.totpSecret })
        .from(users)
        .where(isNotNull(users.totpSecret));
      return rows as { id: string; totpSecret: string }[];
    },

    /** Replaces a sealed secret only if nobody changed it meanwhile. */
    async resealTotpSecret(userId: string, sealedBefore: string, sealed: string) {
      await db
        .update(users)
        .set({ totpSecret: sealed })
        .where(and(eq(users.id, userId), eq(users.totpSecret, sealedBefore)));
    },
  };
}
