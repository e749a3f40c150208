import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { connections, users } from '../../db/schema.ts';
import { userSummaryColumns } from './user-summary.ts';

export type ConnectionRow = typeof connections.$inferSelect;

/** The one row of a pair, whichever of the two asked. */
const pair = (a: string, b: string) =>
  or(
    and(eq(connections.requesterId, a), eq(connections.addresseeId, b)),
    and(eq(connections.requesterId, b), eq(connections.addresseeId, a)),
  );

export type ContactListStatus = 'CONTACT' | 'RECEIVED' | 'SENT';

export function createConnectionsRepository(db: DbOrTx) {
  return {
    /** The pair's row, locked for the rest of the transaction. */
    findPair: (a: string, b: string, tx: DbOrTx = db) =>
      tx
        .select()
        .from(connections)
        .where(pair(a, b))
        .for('update')
        .then((rows) => rows[0]),

    /** Inserts a pending request unless the pair already has a row (either way round). */
    insertRequest: (requesterId: string, addresseeId: string, tx: DbOrTx = db) =>
      tx
        .insert(connections)
        .values({ requesterId, addresseeId, status: 'PENDING' })
        .onConflictDoNothing()
        .returning()
        .then((rows) => rows[0]),

    accept: (requesterId: string, addresseeId: string, at: Date, tx: DbOrTx = db) =>
      tx
        .update(connections)
        .set({ status: 'ACCEPTED', acceptedAt: at })
        .where(
          and(
            eq(connections.requesterId, requesterId),
            eq(connections.addresseeId, addresseeId),
            eq(connections.status, 'PENDING'),
          ),
        )
        .returning()
        .then((rows) => rows[0]),

    deletePair: (a: string, b: string, tx: DbOrTx = db) =>
      tx
        .delete(connections)
        .where(pair(a, b))
        .returning()
        .then((rows) => rows[0]),

    /** The caller's rows with the given others, to tell each one's state. */
    withOthers: (me: string, others: string[], tx: DbOrTx = db) =>
      others.length
        ? tx
            .select()
            .from(connections)
            .where(
              or(
                and(eq(connections.requesterId, me), inArray(connections.addresseeId, others)),
                and(eq(connections.addresseeId, me), inArray(connections.requesterId, others)),
              ),
            )
        : Promise.resolve([] as ConnectionRow[]),

    /** Contacts first by name, then requests newest first; `words` narrow by name or username. */
    list: (
      me: string,
      status: ContactListStatus | undefined,
      words: string[],
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) => {
      const other = sql`case when ${connections.requesterId} = ${me} then ${connections.addresseeId} else ${connections.requesterId} end`;
      const mine = or(eq(connections.requesterId, me), eq(connections.addresseeId, me));
      const byStatus = {
        CONTACT: eq(connections.status, 'ACCEPTED'),
        RECEIVED: and(eq(connections.status, 'PENDING'), eq(connections.addresseeId, me)),
        SENT: and(eq(connections.status, 'PENDING'), eq(connections.requesterId, me)),
      };
      return tx
        .select({
          ...userSummaryColumns,
          status: connections.status,
          requesterId: connections.requesterId,
          createdAt: connections.createdAt,
          acceptedAt: connections.acceptedAt,
        })
        .from(connections)
        .innerJoin(users, sql`${users.id} = ${other}`)
        .where(
          and(
            mine,
            status ? byStatus[status] : undefined,
            isNull(users.deletedAt),
            ...words.map((w) => sql`${users.searchName} like ${`%${w.replace(/[\\%_]/g, '\\$&')}%`}`),
          ),
        )
        .orderBy(
          desc(sql`${connections.status} = 'ACCEPTED'`),
          sql`case when ${connections.status} = 'ACCEPTED' then lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')) end`,
          desc(connections.createdAt),
          asc(users.id),
        )
        .limit(page.limit)
        .offset(page.offset);
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
