import { ApiError } from '../../http/errors.ts';
import type { Changes } from '../shared/changes.ts';
import type { BlocksRepository } from './blocks.repository.ts';
import type { ConnectionsRepository } from './connections.repository.ts';
import { toUserSummary } from './user-summary.ts';
import type { UsersRepository } from './users.repository.ts';

// Kept here so the wiring in modules.ts imports both from one place.
export { type BlocksRepository, createBlocksRepository } from './blocks.repository.ts';

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
