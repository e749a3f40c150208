import type { CallBody, CallResponse, ConnectionStatus } from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';
import type { Changes } from '../shared/changes.ts';
import type { BlocksService } from './blocks.ts';
import type { ConnectionRow, ConnectionsRepository } from './connections.repository.ts';
import { toUserSport } from './own-user.ts';
import { searchable, toUserSummary } from './user-summary.ts';
import type { UsersRepository } from './users.repository.ts';

/** The state of a pair's row as `me` sees it. */
export function connectionOf(row: ConnectionRow | undefined, me: string): ConnectionStatus {
  if (!row) return 'NONE';
  if (row.status === 'ACCEPTED') return 'CONTACT';
  return row.requesterId === me ? 'REQUEST_SENT' : 'REQUEST_RECEIVED';
}

/** A contact request sent again within this time after the last one does not notify again. */
export const CONTACT_REQUEST_COOLDOWN_MS = 24 * 3_600_000;

export const searchWords = (query: string | undefined) => (query ? searchable(query).split(/\s+/).filter(Boolean) : []);

/**
 * Contacts: one row per pair. Every call acts on the pair (caller, other), so only the two people
 * concerned can ever change it.
 */
export function createConnectionsService(deps: {
  changes: Changes;
  connections: ConnectionsRepository;
  users: Pick<UsersRepository, 'findPublic' | 'sportsOf'>;
  blocks: Pick<BlocksService, 'hasBlocked'>;
  now: () => Date;
}) {
  const { connections } = deps;

  async function assertOther(me: string, other: string) {
    if (me === other) throw new ApiError('FORBIDDEN', { message: 'You cannot connect with yourself' });
    if (!(await deps.users.findPublic(other))) throw new ApiError('USER_NOT_FOUND');
  }

  /** Sends a request; when the other person already asked, it accepts theirs instead. */
  async function request(me: string, other: string): Promise<ConnectionStatus> {
    await assertOther(me, other);
    if (await deps.blocks.hasBlocked(me, other)) {
      throw new ApiError('FORBIDDEN', { message: 'You blocked this person: unblock them first' });
    }
    // Someone who blocked the caller never hears of the request; the caller is not told (issue 23).
    if (await deps.blocks.hasBlocked(other, me)) return 'REQUEST_SENT';
    return deps.changes.run(async (tx, fx) => {
      const inserted = await connections.insertRequest(me, other, tx);
      if (inserted) {
        // A request sent again after cancelling it does not notify again within a day (security review L3).
        await fx.notify({
          userIds: [other],
          type: 'CONTACT_REQUEST',
          targetId: me,
          actorId: me,
          onceWithinMs: CONTACT_REQUEST_COOLDOWN_MS,
        });
        return 'REQUEST_SENT' as const;
      }
      const existing = await connections.findPair(me, other, tx);
      if (existing?.status === 'PENDING' && existing.requesterId === other) {
        await connections.accept(other, me, deps.now(), tx);
        await fx.notify({ userIds: [other], type: 'NEW_CONTACT', targetId: me, actorId: me });
        return 'CONTACT' as const;
      }
      throw new ApiError('CONNECTION_EXISTS', { details: { connection: connectionOf(existing, me) } });
    });
  }

  /** Only the person who received the request may accept it. */
  async function accept(me: string, other: string): Promise<ConnectionStatus> {
    return deps.changes.run(async (tx, fx) => {
      const existing = await connections.findPair(me, other, tx);
      if (!existing) throw new ApiError('CONNECTION_NOT_FOUND');
      if (existing.status === 'ACCEPTED') return 'CONTACT' as const;
      if (existing.addresseeId !== me) {
        throw new ApiError('FORBIDDEN', { message: 'Only the person who received the request can accept it' });
      }
      await connections.accept(other, me, deps.now(), tx);
      await fx.notify({ userIds: [other], type: 'NEW_CONTACT', targetId: me, actorId: me });
      return 'CONTACT' as const;
    });
  }

  /** Cancels a sent request, declines a received one or removes a contact; nobody is notified. */
  async function remove(me: string, other: string): Promise<ConnectionStatus> {
    const deleted = await connections.deletePair(me, other);
    if (!deleted) throw new ApiError('CONNECTION_NOT_FOUND');
    return 'NONE';
  }

  async function list(me: string, body: CallBody<'user/list-contacts'>): Promise<CallResponse<'user/list-contacts'>> {
    const { page, limit } = body.pagination;
    const rows = await connections.list(me, body.status, searchWords(body.query), {
      limit,
      offset: (page - 1) * limit,
    });
    const sports = await deps.users.sportsOf(rows.map((r) => r.userId));
    return {
      contacts: rows.map((r) => ({
        ...toUserSummary(r),
        connection: r.status === 'ACCEPTED' ? 'CONTACT' : r.requesterId === me ? 'REQUEST_SENT' : 'REQUEST_RECEIVED',
        sports: (sports.get(r.userId) ?? []).map(toUserSport),
        since: (r.acceptedAt ?? r.createdAt).toISOString(),
      })),
    };
  }

  /** The caller's state with each of the others. */
  async function statuses(me: string, others: string[]) {
    const rows = await connections.withOthers(me, others);
    const byOther = new Map<string, ConnectionStatus>();
    for (const row of rows)
      byOther.set(row.requesterId === me ? row.addresseeId : row.requesterId, connectionOf(row, me));
    return (other: string) => byOther.get(other) ?? 'NONE';
  }

  return { request, accept, remove, list, statuses };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
