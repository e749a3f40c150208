import { and, desc, eq, gt, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, uuidArray } from '../../db/client.ts';
import { pushTokens, sessions, users } from '../../db/schema.ts';

/**
 * The sessions behind tokens. The statements run on every sign-in and every call are prepared once, when the
 * repository is built (issue 17), so build it once.
 */
export function createTokensRepository(db: DbOrTx) {
  /** Ids are uuidv7 as the column's default makes them. */
  const insertSession = db
    .insert(sessions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      kind: sql.placeholder('kind'),
      expiresAt: sql.placeholder('expiresAt'),
    })
    .returning({ id: sessions.id })
    .prepare('session_insert');

  /** What a session check reads of a session and its account (SessionRow). */
  const sessionColumns = {
    userId: users.id,
    role: users.role,
    language: users.language,
    completed: users.completed,
    suspendedUntil: users.suspendedUntil,
    totpEnabledAt: users.totpEnabledAt,
    reauthenticatedAt: sessions.reauthenticatedAt,
    secondFactorAt: sessions.secondFactorAt,
    expiresAt: sessions.expiresAt,
  };
  /** A live session of a live account. */
  const live = (now: SQL) => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now), isNull(users.deletedAt));

  const sessionLookup = db
    .select(sessionColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        eq(sessions.kind, sql.placeholder('kind')),
        live(sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .prepare('session_lookup');

  const languageLookup = db
    .select({ language: users.language })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('user_language');

  return {
    /** A new session; its id. */
    async insertSession(values: { id: string; userId: string; kind: 'ACCESS' | 'RESET'; expiresAt: Date }) {
      const [session] = await insertSession.execute(values);
      return session!.id;
    },

    /** A live session of a live account, with what a session check reads of both. */
    async liveSession(sessionId: string, userId: string, kind: 'ACCESS' | 'RESET', now: Date) {
      const [row] = await sessionLookup.execute({ sessionId, userId, kind, now: now.toISOString() });
      return row;
    },

    async language(userId: string) {
      const [row] = await languageLookup.execute({ userId });
      return row?.language;
    },

    async deletePushTokens(sessionIds: string[], tx: DbOrTx = db) {
      await tx.delete(pushTokens).where(inArray(pushTokens.sessionId, sessionIds));
    },

    /** Ends every live session of a user but the one kept; the ids of those ended. */
    async revokeSessionsOf(userId: string, keepSessionId: string | undefined, at: Date, tx: DbOrTx = db) {
      const ended = await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? sql`${sessions.id} <> ${keepSessionId}` : undefined,
          ),
        )
        .returning({ id: sessions.id });
      return ended.map((s) => s.id);
    },

    /** Notes when these sessions were last used (to the minute: see `recordUse` in tokens.ts). */
    async markUsed(sessionIds: string[], at: Date) {
      await db
        .update(sessions)
        .set({ lastUsedAt: at })
        .where(sql`${sessions.id} = any(${uuidArray(sessionIds)})`);
    },

    /** The live access sessions used since `since`, newest use first, with what a session check reads. */
    recentlyUsed(since: Date, now: Date, limit: number) {
      return db
        .select({ sessionId: sessions.id, ...sessionColumns })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.kind, 'ACCESS'),
            gt(sessions.lastUsedAt, since),
            live(sql`${now.toISOString()}::timestamptz`),
          ),
        )
        .orderBy(desc(sessions.lastUsedAt))
        .limit(limit);
    },

    /** Ends a session; the user ids of the rows ended. */
    async revokeSession(sessionId: string, at: Date) {
      const ended = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(eq(sessions.id, sessionId))
        .returning({ userId: sessions.userId });
      return ended.map((s) => s.userId);
    },
  };
}
