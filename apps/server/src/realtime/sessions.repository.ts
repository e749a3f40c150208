import { and, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';

/** Which of these sessions may still be used now (the conditions of tokens.verify, for many at once). */
export async function liveSessionIds(db: DbOrTx, sessionIds: string[], now: Date) {
  if (!sessionIds.length) return new Set<string>();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, sessionIds),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
        or(isNull(users.suspendedUntil), lte(users.suspendedUntil, now)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
