import { type AdminCallBody, MODERATOR_MAX_SUSPENSION_DAYS } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { AuthUser, Tokens } from '../auth/tokens.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import type { AccountDeletionService } from '../users/account-deletion.service.ts';
import { iso, toAdminReport, toAdminReportMade, toAdminUser } from './admin.mappers.ts';
import type { AdminRepository, UserRow } from './admin.repository.ts';
import type { AuditLog } from './audit-log.repository.ts';
import type { CloseReportsIn } from './report-closing.ts';

const DAY_MS = 86_400_000;
const rank = { USER: 0, MODERATOR: 1, ADMIN: 2 } as const;

/**
 * Operators and accounts: suspend, reinstate, delete, set a role, and the directory of people. Who may act on
 * whom, and for how long, is checked here (the route checks only the least role of the call). Each action, its
 * audit entry and the closing of the reports it settles commit together, in one unit of work.
 */
export function createAccountsService(deps: {
  changes: Pick<Changes, 'run'>;
  repo: Pick<
    AdminRepository,
    'user' | 'searchUsers' | 'userCounts' | 'setSuspension' | 'setRole' | 'reportsOn' | 'reportsBy'
  >;
  audit: Pick<AuditLog, 'write' | 'lastSuspensionBy'>;
  closeReportsIn: CloseReportsIn;
  tokens: Pick<Tokens, 'revokeAll' | 'sessionsChanged'>;
  deletion: Pick<AccountDeletionService, 'deleteIn'>;
  /** Drops a suspended or deleted person's open sockets at once, on every instance. */
  realtime: Pick<Realtime, 'disconnectUser'>;
  now: () => Date;
}) {
  const { repo, audit } = deps;

  async function liveUser(userId: string, tx?: DbOrTx) {
    const row = await repo.user(userId, tx);
    if (!row || row.deletedAt) throw new ApiError('USER_NOT_FOUND');
    return row;
  }

  /** Nobody acts on themselves, and only an admin acts on another moderator or admin. */
  function assertMayActOn(actor: AuthUser, target: UserRow) {
    if (target.userId === actor.userId)
      throw new ApiError('FORBIDDEN', { message: 'You cannot do this to your own account' });
    if (rank[target.role] >= rank[actor.role] && actor.role !== 'ADMIN') {
      throw new ApiError('FORBIDDEN', { message: 'Only an admin can act on a moderator or an admin' });
    }
  }

  /** Suspends in the caller's unit of work: the account, its sessions and the audit entry. */
  async function suspendIn(
    tx: DbOrTx,
    fx: Effects,
    actor: AuthUser,
    target: { userId: string; days: number; reason: string },
    details: Record<string, unknown> = {},
  ) {
    const { userId, days, reason } = target;
    if (actor.role !== 'ADMIN' && days > MODERATOR_MAX_SUSPENSION_DAYS) {
      throw new ApiError('FORBIDDEN', {
        message: `Moderators can suspend for up to ${MODERATOR_MAX_SUSPENSION_DAYS} days`,
      });
    }
    const until = new Date(deps.now().getTime() + days * DAY_MS);
    assertMayActOn(actor, await liveUser(userId, tx));
    await repo.setSuspension(userId, until, reason, tx);
    await deps.tokens.revokeAll(userId, undefined, tx);
    await audit.write(
      {
        actorId: actor.userId,
        action: 'USER_SUSPEND',
        targetType: 'USER',
        targetId: userId,
        reason,
        details: { ...details, days, until: until.toISOString(), byRole: actor.role },
      },
      tx,
    );
    // The guard refuses suspended accounts at once; their open sockets are dropped after the commit, on every
    // instance (the periodic session check would also catch them, up to 30 s later).
    fx.afterCommit(() => deps.tokens.sessionsChanged(userId));
    fx.afterCommit(() => deps.realtime.disconnectUser(userId));
  }

  /** Deletes an account (admins only) in the caller's unit of work, as if its owner had deleted it. */
  async function deleteIn(tx: DbOrTx, fx: Effects, actor: AuthUser, userId: string, reason: string) {
    if (actor.role !== 'ADMIN') throw new ApiError('FORBIDDEN', { message: 'Only an admin can delete an account' });
    assertMayActOn(actor, await liveUser(userId, tx));
    await deps.deletion.deleteIn(tx, fx, userId);
    await audit.write(
      { actorId: actor.userId, action: 'USER_DELETE', targetType: 'USER', targetId: userId, reason },
      tx,
    );
  }

  /**
   * Lifting a suspension (review M7): nobody reinstates themselves, only an admin reinstates a
   * moderator or an admin, and a moderator lifts only what a moderator imposed.
   */
  async function reinstateIn(tx: DbOrTx, actor: AuthUser, userId: string, reason: string) {
    assertMayActOn(actor, await liveUser(userId, tx));
    if (actor.role !== 'ADMIN' && (await audit.lastSuspensionBy(userId, tx)) !== 'MODERATOR') {
      throw new ApiError('FORBIDDEN', { message: 'Only an admin can lift a suspension an admin imposed' });
    }
    await repo.setSuspension(userId, null, null, tx);
    await audit.write(
      { actorId: actor.userId, action: 'USER_REINSTATE', targetType: 'USER', targetId: userId, reason },
      tx,
    );
  }

  async function setRoleIn(tx: DbOrTx, actor: AuthUser, body: AdminCallBody<'users/set-role'>) {
    const target = await liveUser(body.userId, tx);
    if (target.userId === actor.userId) throw new ApiError('FORBIDDEN', { message: 'You cannot change your own role' });
    await repo.setRole(body.userId, body.role, tx);
    await audit.write(
      {
        actorId: actor.userId,
        action: 'USER_SET_ROLE',
        targetType: 'USER',
        targetId: body.userId,
        reason: body.reason,
        details: { from: target.role, to: body.role },
      },
      tx,
    );
  }

  /** The person as the operator sees them once the change is made, read in its transaction. */
  const answer = async (userId: string, tx: DbOrTx) => ({ user: toAdminUser((await repo.user(userId, tx))!) });

  async function getUser(userId: string) {
    const row = await repo.user(userId);
    if (!row) throw new ApiError('USER_NOT_FOUND');
    const [counts, reports, made] = await Promise.all([
      repo.userCounts(userId),
      repo.reportsOn('USER', userId),
      repo.reportsBy(userId),
    ]);
    return {
      user: toAdminUser(row),
      lastOnlineAt: iso(row.lastOnlineAt),
      profile: {
        city: row.city,
        country: row.country,
        language: row.language,
        emailConfirmed: row.emailConfirmedAt !== null,
        completed: row.completed,
      },
      counts,
      reports: reports.map(toAdminReport),
      reportsMade: made.map(toAdminReportMade),
    };
  }

  return {
    suspendIn,
    deleteIn,
    me: async (actor: AuthUser) => ({ user: toAdminUser(await liveUser(actor.userId)) }),
    search: async (body: AdminCallBody<'users/search'>) => ({
      users: (await repo.searchUsers(body, body.pagination)).map(toAdminUser),
    }),
    getUser,
    /** From the directory: the suspension settles the open reports on the person too. */
    suspend: (actor: AuthUser, body: AdminCallBody<'users/suspend'>) =>
      deps.changes.run(async (tx, fx) => {
        await suspendIn(tx, fx, actor, body);
        await deps.closeReportsIn(
          tx,
          actor,
          { targetType: 'USER', targetId: body.userId, reason: body.reason },
          'SUSPEND_USER',
        );
        return answer(body.userId, tx);
      }),
    reinstate: (actor: AuthUser, body: AdminCallBody<'users/reinstate'>) =>
      deps.changes.run(async (tx) => {
        await reinstateIn(tx, actor, body.userId, body.reason);
        return answer(body.userId, tx);
      }),
    /** From the directory: the deletion settles the open reports on the person too. */
    delete: (actor: AuthUser, body: AdminCallBody<'users/delete'>) =>
      deps.changes.run(async (tx, fx) => {
        await deleteIn(tx, fx, actor, body.userId, body.reason);
        await deps.closeReportsIn(
          tx,
          actor,
          { targetType: 'USER', targetId: body.userId, reason: body.reason },
          'DELETE_ACCOUNT',
        );
        return { ok: true as const };
      }),
    setRole: (actor: AuthUser, body: AdminCallBody<'users/set-role'>) =>
      deps.changes.run(async (tx, fx) => {
        await setRoleIn(tx, actor, body);
        // What the person may do changed: this instance forgets their sessions now, the others at the commit's notice.
        fx.afterCommit(() => deps.tokens.sessionsChanged(body.userId));
        return answer(body.userId, tx);
      }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
