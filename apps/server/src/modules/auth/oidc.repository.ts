import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { oidcIdentities, oidcLogins, users } from '../../db/schema.ts';

export type OidcLoginRow = typeof oidcLogins.$inferSelect;
export type OidcIdentityRow = typeof oidcIdentities.$inferSelect;

/** The started sign-ins (state rows) and the linked identities; SQL only here. */
export function createOidcRepository(db: Db) {
  return {
    insertLogin: (values: typeof oidcLogins.$inferInsert, tx: DbOrTx = db) => tx.insert(oidcLogins).values(values),

    /** Takes the started sign-in of this state once: a second take (a replay) finds nothing. */
    consumeLogin: (stateHash: string, at: Date, tx: DbOrTx = db): Promise<OidcLoginRow | undefined> =>
      tx
        .update(oidcLogins)
        .set({ usedAt: at })
        .where(and(eq(oidcLogins.stateHash, stateHash), isNull(oidcLogins.usedAt)))
        .returning()
        .then((rows) => rows[0]),

    /** Forgets started sign-ins that ran out before `before`. */
    deleteLoginsBefore: (before: Date, tx: DbOrTx = db) =>
      tx.delete(oidcLogins).where(lt(oidcLogins.expiresAt, before)),

    findIdentity: (provider: string, subject: string, tx: DbOrTx = db): Promise<OidcIdentityRow | undefined> =>
      tx
        .select()
        .from(oidcIdentities)
        .where(and(eq(oidcIdentities.provider, provider), eq(oidcIdentities.subject, subject)))
        .limit(1)
        .then((rows) => rows[0]),

    /** Links the identity; false when the person already has one of this provider, or it is someone else's. */
    insertIdentity: (
      values: { userId: string; provider: string; subject: string; email: string | null; lastUsedAt: Date },
      tx: DbOrTx = db,
    ) =>
      tx
        .insert(oidcIdentities)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: oidcIdentities.id })
        .then((rows) => rows.length > 0),

    touchIdentity: (id: string, email: string | null, at: Date, tx: DbOrTx = db) =>
      tx
        .update(oidcIdentities)
        .set({ lastUsedAt: at, email: sql`coalesce(${email}, ${oidcIdentities.email})` })
        .where(eq(oidcIdentities.id, id)),

    listIdentities: (userId: string, tx: DbOrTx = db) =>
      tx.select().from(oidcIdentities).where(eq(oidcIdentities.userId, userId)).orderBy(oidcIdentities.createdAt),

    countIdentities: (userId: string, tx: DbOrTx = db) =>
      tx
        .select({ n: count() })
        .from(oidcIdentities)
        .where(eq(oidcIdentities.userId, userId))
        .then((rows) => rows[0]?.n ?? 0),

    /** The account's row, locked until the transaction ends: two unlinks at once cannot both leave no way in. */
    lockUser: (userId: string, tx: DbOrTx) =>
      tx
        .select({ id: users.id, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .for('update')
        .then((rows) => rows[0]),

    deleteIdentity: (userId: string, provider: string, tx: DbOrTx = db) =>
      tx
        .delete(oidcIdentities)
        .where(and(eq(oidcIdentities.userId, userId), eq(oidcIdentities.provider, provider)))
        .returning({ id: oidcIdentities.id })
        .then((rows) => rows.length > 0),
  };
}

export type OidcRepository = ReturnType<typeof createOidcRepository>;
