import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, uuidArray } from '../../db/client.ts';
import { connections, users } from '../../db/schema.ts';
import { userSummaryColumns } from './user-summary.ts';

/** The other side of a connection of `userId`. */
const contactOf = (userId: string) =>
  sql<string>`case when ${connections.requesterId} = ${userId} then ${connections.addresseeId} else ${connections.requesterId} end`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Which of `userIds` are contacts (accepted connections) of `userId`: one statement, one array parameter. */
export async function contactsAmong(userId: string, userIds: readonly string[], db: DbOrTx) {
  if (!userIds.length) return new Set<string>();
  const ids = uuidArray(userIds);
  const rows = await db
    .select({ contactId: contactOf(userId) })
    .from(connections)
    .where(
      and(
        eq(connections.status, 'ACCEPTED'),
        or(
          and(eq(connections.requesterId, userId), sql`${connections.addresseeId} = any(${ids})`),
          and(eq(connections.addresseeId, userId), sql`${connections.requesterId} = any(${ids})`),
        ),
      ),
    );
  return new Set(rows.map((r) => r.contactId));
}

/**
 * A page of the caller's live contacts, by name, optionally filtered by `text`, each with the columns
 * `membership` computes from `users.id` (their state in an activity or a group): the "invitable contacts"
 * lists of activities and groups.
 */
export function contactsWithMembership<M extends Record<string, SQL.Aliased | SQL>>(
  userId: string,
  membership: M,
  text: string | undefined,
  page: { page: number; limit: number },
  db: DbOrTx,
) {
  return db
    .select({ ...userSummaryColumns, ...membership })
    .from(connections)
    .innerJoin(users, eq(users.id, contactOf(userId)))
    .where(
      and(
        eq(connections.status, 'ACCEPTED'),
        or(eq(connections.requesterId, userId), eq(connections.addresseeId, userId)),
        isNull(users.deletedAt),
        ne(users.id, userId),
        text ? ilike(users.searchName, `%${escapeLike(text)}%`) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(page.limit)
    .offset((page.page - 1) * page.limit);
}
