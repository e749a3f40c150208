import type { Gender, Language } from '@cordata/contract/enums';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, preparedOn } from '../../db/client.ts';
import { userSports, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

export interface ProfileValues {
  firstName: string;
  lastName: string;
  username: string;
  birthDate: string;
  gender: Gender;
  country: string;
  city: string;
  phone: string | null;
  profilePicture: string | null;
  homeLatitude: number | null;
  homeLongitude: number | null;
  language?: Language;
  searchName: string;
}

export interface SportValue {
  sportId: string;
  intensityKind: 'DISTANCE' | 'ELEVATION' | 'TIME' | 'PACE';
  intensityValue: number;
}

export function createAuthRepository(db: Db) {
  // Every sign-in (and every code sent or checked) finds the account by its address: built once (issue 17).
  const byEmail = preparedOn(
    db,
    'auth_user_by_email',
    db
      .select()
      .from(users)
      .where(eq(users.email, sql.placeholder('email')))
      .limit(1),
  );
  return {
    findByEmail: (email: string, tx: DbOrTx = db): Promise<UserRow | undefined> =>
      byEmail
        .on(tx)
        .execute({ email })
        .then((rows) => rows[0]),

    findById: (userId: string, tx: DbOrTx = db) =>
      tx
        .select()
        .from(users)
        .where(eq(users.id, userId))
        .limit(1)
        .then((rows) => rows[0]),

    insertUser: (
      values: Pick<
        typeof users.$inferInsert,
        | 'email'
        | 'passwordHash'
        | 'emailConfirmedAt'
        | 'language'
        | 'termsAcceptedAt'
        | 'termsVersion'
        | 'privacyAcceptedAt'
        | 'privacyVersion'
      >,
      tx: DbOrTx = db,
    ) =>
      tx
        .insert(users)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: users.id })
        .then((rows) => rows[0]),

    /** A sign-up again on an address never confirmed: the newest password and acceptance win. */
    /** Drops the credential of an address nobody has proven yet (a second sign-up on it). */
    dropPendingPassword: (userId: string, tx: DbOrTx = db) =>
      tx
        .update(users)
        .set({ passwordHash: null, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), sql`${users.emailConfirmedAt} is null`)),

    confirmEmail: (userId: string, at: Date, tx: DbOrTx = db) =>
      tx
        .update(users)
        .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${at})` })
        .where(eq(users.id, userId)),

    setPassword: (userId: string, passwordHash: string, tx: DbOrTx = db) =>
      tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, userId)),

    /** Whether another account uses the username, compared case-insensitively. */
    usernameTaken: (username: string, exceptUserId: string, tx: DbOrTx = db) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptUserId)))
        .limit(1)
        .then((rows) => rows.length > 0),

    completeProfile: (userId: string, values: ProfileValues, tx: DbOrTx = db) =>
      tx
        .update(users)
        .set({ ...values, completed: true, updatedAt: sql`now()` })
        .where(eq(users.id, userId))
        .returning()
        .then((rows) => rows[0]),

    replaceSports: async (userId: string, sports: SportValue[], tx: DbOrTx = db) => {
      await tx.delete(userSports).where(eq(userSports.userId, userId));
      if (sports.length) await tx.insert(userSports).values(sports.map((s) => ({ userId, ...s })));
    },

    listSports: (userId: string, tx: DbOrTx = db) =>
      tx
        .select({
          sportId: userSports.sportId,
          intensityKind: userSports.intensityKind,
          intensityValue: userSports.intensityValue,
        })
        .from(userSports)
        .where(eq(userSports.userId, userId))
        .orderBy(userSports.sportId),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
