import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userBlocks, users } from '../../db/schema.ts';
import { userSummaryColumns } from './user-summary.ts';

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
