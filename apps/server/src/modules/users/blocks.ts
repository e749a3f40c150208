import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Changes } from '../shared/changes.ts';
import type { ConnectionsRepository } from './connections.repository.ts';
import { toUserSummary, userSummaryColumns } from './user-summary.ts';
import type { UsersRepository } from './users.repository.ts';

export function createBlocksRepository(db: DbOrTx) {
  return {
    hasBlocked: async (blocker: string, blocked: string, tx: DbOrTx = db) =>
      (
        await tx
          .select({ one: sql`1` })
          .from(userBlocks)
          .where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked)))
      ).length > 0,
    add: (blocker: string, blocked: string, tx: DbOrTx = db) =>
      tx.insert(userBlocks).values({ blockerId: blocker, blockedId: blocked }).onConflictDoNothing(),
    remove: (blocker: string, blocked: string, tx: DbOrTx = db) =>
      tx.delete(userBlocks).where(and(eq(userBlocks.blockerId, blocker), eq(userBlocks.blockedId, blocked))),
    list: (blocker: string, page: { limit: number; offset: number }, tx: DbOrTx = db) =>
      tx
        .select(userSummaryColumns)
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(and(eq(userBlocks.blockerId, blocker), isNull(users.deletedAt)))
        .orderBy(desc(userBlocks.createdAt), users.id)
        .limit(page.limit)
        .offset(page.offset),
  };
}

export type BlocksRepository = ReturnType<typeof createBlocksRepository>;

/**
 * Blocking (security review L3, issue 23). The blocked person is not told: they no longer find the
 * blocker in search, their contact requests are answered as sent and go nowhere, and what the blocker
 * administers takes their joins as requests that nobody is told of.
 */
export function createBlocksService(deps: {
  changes: Changes;
  blocks: BlocksRepository;
  connections: Pick<ConnectionsRepository, 'deletePair'>;
  users: Pick<UsersRepository, 'findPublic'>;
}) {
  return {
    /** Blocks someone, and ends any contact or request between the two. */
    async block(me: string, other: string) {
      if (me === other) throw new ApiError('FORBIDDEN', { message: 'You cannot block yourself' });
      if (!(await deps.users.findPublic(other))) throw new ApiError('USER_NOT_FOUND');
      await deps.changes.run(async (tx) => {
        await deps.blocks.add(me, other, tx);
        await deps.connections.deletePair(me, other, tx);
      });
      return { ok: true as const };
    },
    async unblock(me: string, other: string) {
      await deps.blocks.remove(me, other);
      return { ok: true as const };
    },
    async list(me: string, page: { page: number; limit: number }) {
      const rows = await deps.blocks.list(me, { limit: page.limit, offset: (page.page - 1) * page.limit });
      return { users: rows.map(toUserSummary) };
    },
    hasBlocked: deps.blocks.hasBlocked,
  };
}

export type BlocksService = ReturnType<typeof createBlocksService>;
