import { and, asc, desc, eq, inArray, isNull, or, type Placeholder, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
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

type Side = 'requester' | 'addressee';
type Param = string | Placeholder;
type Count = number | Placeholder;

/**
 * One side and state of the caller's connections (`me` asked, or was asked), the other person joined, in the
 * list's order: by the other's sort name for contacts, newest first for requests; at most `take` rows.
 */
function branch(me: Param, side: Side, accepted: boolean, words: string[], db: DbOrTx) {
  const mine = side === 'requester' ? connections.requesterId : connections.addresseeId;
  const other = side === 'requester' ? connections.addresseeId : connections.requesterId;
  const otherSortName = side === 'requester' ? connections.addresseeSortName : connections.requesterSortName;
  return db
    .select({
      ...userSummaryColumns,
      status: connections.status,
      requesterId: connections.requesterId,
      createdAt: connections.createdAt,
      acceptedAt: connections.acceptedAt,
      sortName: sql<string | null>`${accepted ? otherSortName : sql`null::text`}`.as('sort_name'),
    })
    .from(connections)
    .innerJoin(users, eq(users.id, other))
    .where(
      and(
        eq(mine, me),
        eq(connections.status, accepted ? 'ACCEPTED' : 'PENDING'),
        isNull(users.deletedAt),
        ...words.map((w) => sql`${users.searchName} like ${`%${w.replace(/[\\%_]/g, '\\$&')}%`}`),
      ),
    )
    .orderBy(...(accepted ? [asc(otherSortName)] : []), desc(connections.createdAt), asc(other))
    .$dynamic();
}

/**
 * The page of the branches `status` asks for (contacts: both sides; received: asked; sent: asked by me): each
 * branch cut at offset + limit, merged in the list's order.
 */
function listQuery(
  me: Param,
  status: ContactListStatus | undefined,
  words: string[],
  page: { limit: Count; offset: Count; take: Count },
  db: DbOrTx,
) {
  const parts = {
    CONTACT: [
      ['requester', true],
      ['addressee', true],
    ],
    RECEIVED: [['addressee', false]],
    SENT: [['requester', false]],
    all: [
      ['requester', true],
      ['addressee', true],
      ['requester', false],
      ['addressee', false],
    ],
  }[status ?? 'all'] as [Side, boolean][];
  const branches = parts.map(([side, accepted]) => branch(me, side, accepted, words, db));
  const [first, ...rest] = branches as [ReturnType<typeof branch>, ...ReturnType<typeof branch>[]];
  if (!rest.length) return first.limit(page.limit).offset(page.offset);
  return (
    unionAll(first.limit(page.take), ...(rest.map((b) => b.limit(page.take)) as [typeof first]))
      // A union orders by its columns only: 'ACCEPTED' sorts before 'PENDING', so contacts come first.
      .orderBy(sql`status`, sql`sort_name`, desc(sql`created_at`), asc(sql`id`))
      .limit(page.limit)
      .offset(page.offset)
  );
}

export function createConnectionsRepository(db: DbOrTx) {
  const prepareList = (status: ContactListStatus | undefined) =>
    listQuery(
      sql.placeholder('me'),
      status,
      [],
      { limit: sql.placeholder('limit'), offset: sql.placeholder('offset'), take: sql.placeholder('take') },
      db,
    ).prepare(`contacts_list_${status ?? 'all'}`);
  // Built once per status (PostgreSQL prepares each once per connection, on first use).
  const statements = {
    all: prepareList(undefined),
    CONTACT: prepareList('CONTACT'),
    RECEIVED: prepareList('RECEIVED'),
    SENT: prepareList('SENT'),
  };

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

    /**
     * Contacts first by name (the other's lower(first || ' ' || last), kept on the row), then requests newest
     * first; `words` narrow by name or username. One branch per side and state, each read in index order
     * (connections_*_list_idx) and cut at offset + limit, so a page reads about that many rows, not every contact.
     * Without words the statement is prepared, once per status.
     */
    list: (
      me: string,
      status: ContactListStatus | undefined,
      words: string[],
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) => {
      if (!words.length && tx === db)
        return statements[status ?? 'all'].execute({ me, ...page, take: page.offset + page.limit });
      return listQuery(me, status, words, { ...page, take: page.offset + page.limit }, tx);
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
