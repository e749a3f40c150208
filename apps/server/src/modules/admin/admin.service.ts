import {
  type AdminCallBody,
  type AdminSport,
  FIGURES_MAX_DAYS,
  MODERATOR_MAX_SUSPENSION_DAYS,
  type ReportAction,
  type ReportContext,
  type ReportedTarget,
} from '@cordata/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { auditLog, sports } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { AuthUser, Tokens } from '../auth/tokens.ts';
import { type ChatEvents, type ChatMembership, noChatEvents } from '../chat/chat-membership.ts';
import { SEED_SPORTS } from '../sports/sports.seed.ts';
import type { AccountDeletionService } from '../users/account-deletion.service.ts';
import {
  iso,
  type Row,
  toAdminActivity,
  toAdminGroup,
  toAdminMessage,
  toAdminReport,
  toAdminUser,
  toSummary,
} from './admin.mappers.ts';
import type { AdminRepository, AuditInput, TargetType } from './admin.repository.ts';

const DAY_MS = 86_400_000;
const CONTEXT_MESSAGES = 5;
const rank = { USER: 0, MODERATOR: 1, ADMIN: 2 } as const;

/**
 * Moderation and administration. The route checks the least role of each call; what depends on the
 * object (who may be suspended, for how long, who may delete an account) is checked here. Every action
 * writes the audit log in its own transaction.
 */
export function createAdminService(deps: {
  db: Db;
  repo: AdminRepository;
  tokens: Pick<Tokens, 'revokeAll'>;
  accounts: Pick<AccountDeletionService, 'deleteAccount'>;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close' | 'publish'>;
  /** Drops a suspended or deleted person's open sockets at once, on every instance. */
  realtime: Pick<Realtime, 'disconnectUser'>;
  now: () => Date;
}) {
  const { repo } = deps;

  async function loadUser(userId: string, tx?: DbOrTx) {
    const row = await repo.user(userId, tx);
    if (!row || row.deleted_at) throw new ApiError('USER_NOT_FOUND');
    return row;
  }

  /** Nobody acts on themselves, and only an admin acts on another moderator or admin. */
  function assertMayActOn(actor: AuthUser, target: Row) {
    if (target.id === actor.userId)
      throw new ApiError('FORBIDDEN', { message: 'You cannot do this to your own account' });
    if (rank[target.role as keyof typeof rank] >= rank[actor.role] && actor.role !== 'ADMIN') {
      throw new ApiError('FORBIDDEN', { message: 'Only an admin can act on a moderator or an admin' });
    }
  }

  async function suspend(
    actor: AuthUser,
    userId: string,
    days: number,
    reason: string,
    audit: Partial<AuditInput> = {},
  ) {
    if (actor.role !== 'ADMIN' && days > MODERATOR_MAX_SUSPENSION_DAYS) {
      throw new ApiError('FORBIDDEN', {
        message: `Moderators can suspend for up to ${MODERATOR_MAX_SUSPENSION_DAYS} days`,
      });
    }
    const until = new Date(deps.now().getTime() + days * DAY_MS);
    await deps.db.transaction(async (tx) => {
      assertMayActOn(actor, await loadUser(userId, tx));
      await repo.setSuspension(userId, until, reason, tx);
      await repo.audit(
        {
          actorId: actor.userId,
          action: 'USER_SUSPEND',
          targetType: 'USER',
          targetId: userId,
          reason,
          ...audit,
          details: { ...audit.details, days, until: until.toISOString(), byRole: actor.role },
        },
        tx,
      );
    });
    // The guard refuses suspended accounts at once; their open sockets are dropped now, on every instance
    // (the periodic session check would also catch them, up to 30 s later).
    await deps.tokens.revokeAll(userId);
    deps.realtime.disconnectUser(userId);
    return { user: toAdminUser(await loadUser(userId)) };
  }

  async function deleteUser(actor: AuthUser, userId: string, reason: string) {
    if (actor.role !== 'ADMIN') throw new ApiError('FORBIDDEN', { message: 'Only an admin can delete an account' });
    assertMayActOn(actor, await loadUser(userId));
    await deps.accounts.deleteAccount(userId);
    // The deletion runs in the people module's own transaction; the entry follows it at once.
    await repo.audit({ actorId: actor.userId, action: 'USER_DELETE', targetType: 'USER', targetId: userId, reason });
    return { ok: true as const };
  }

  /** Removes (soft delete, chat closed) or restores an activity or group inside the caller's transaction. */
  async function changeContent(
    tx: DbOrTx,
    out: ChatEvents,
    actor: AuthUser,
    kind: 'activity' | 'group',
    id: string,
    remove: boolean,
    reason: string,
  ) {
    const row = kind === 'activity' ? await repo.activity(id, tx) : await repo.group(id, tx);
    if (!row) throw new ApiError(kind === 'activity' ? 'ACTIVITY_NOT_FOUND' : 'GROUP_NOT_FOUND');
    if (remove && !row.deleted_at) {
      await repo.setDeleted(kind, id, deps.now(), tx);
      const chatId = await deps.chatMembership.chatIdOf(
        tx,
        kind === 'activity' ? { kind: 'ACTIVITY', activityId: id } : { kind: 'GROUP', groupId: id },
      );
      if (chatId) await deps.chatMembership.close(tx, chatId, out);
    } else if (!remove && row.deleted_at) {
      await repo.setDeleted(kind, id, null, tx);
    }
    const action = `${kind.toUpperCase()}_${remove ? 'REMOVE' : 'RESTORE'}`;
    await repo.audit({ actorId: actor.userId, action, targetType: kind.toUpperCase(), targetId: id, reason }, tx);
  }

  async function setContentRemoved(
    actor: AuthUser,
    kind: 'activity' | 'group',
    id: string,
    remove: boolean,
    reason: string,
  ) {
    const out = noChatEvents();
    await deps.db.transaction((tx) => changeContent(tx, out, actor, kind, id, remove, reason));
    await deps.chatMembership.publish(out);
  }

  /** Whose content a target is: the person suspended or deleted when a report is acted on. */
  async function ownerOf(targetType: TargetType, targetId: string): Promise<string | null> {
    if (targetType === 'USER') return targetId;
    const row =
      targetType === 'ACTIVITY'
        ? await repo.activity(targetId)
        : targetType === 'GROUP'
          ? await repo.group(targetId)
          : await repo.message(targetId);
    return (row?.created_by ?? row?.s_id ?? null) as string | null;
  }

  async function contextOf(targetType: TargetType, targetId: string): Promise<ReportContext | null> {
    if (targetType === 'USER') {
      const row = await repo.user(targetId);
      return row ? { user: toAdminUser(row), owner: row.deleted_at ? null : toSummary(row, '') } : null;
    }
    if (targetType === 'ACTIVITY') {
      const row = await repo.activity(targetId);
      return row ? { activity: toAdminActivity(row), owner: toSummary(row, 'c_') } : null;
    }
    if (targetType === 'GROUP') {
      const row = await repo.group(targetId);
      return row ? { group: toAdminGroup(row), owner: toSummary(row, 'c_') } : null;
    }
    const row = await repo.message(targetId);
    if (!row) return null;
    const around = await repo.messagesAround(String(row.chat_id), targetId, CONTEXT_MESSAGES);
    return {
      message: {
        ...toAdminMessage(row),
        chatId: String(row.chat_id),
        before: around.before.map(toAdminMessage),
        after: around.after.map(toAdminMessage),
      },
      owner: toSummary(row, 's_'),
    };
  }

  async function listReports(body: AdminCallBody<'reports/list'>) {
    const targets = await repo.reportedTargets(body.status === 'OPEN', body.pagination);
    return {
      targets: await Promise.all(
        targets.map(async (t): Promise<ReportedTarget> => {
          const targetType = t.target_type as TargetType;
          const targetId = String(t.target_id);
          const [reports, context] = await Promise.all([
            repo.reportsOn(targetType, targetId),
            contextOf(targetType, targetId),
          ]);
          return {
            targetType,
            targetId,
            openCount: Number(t.open_count),
            reportCount: Number(t.report_count),
            lastReportedAt: iso(t.last_reported_at)!,
            reports: reports.map(toAdminReport),
            context,
          };
        }),
      ),
    };
  }

  async function resolve(actor: AuthUser, body: AdminCallBody<'reports/resolve'>) {
    const { targetType, targetId, action, reason } = body;
    const open = (await repo.reportsOn(targetType, targetId)).filter((r) => r.status === 'OPEN');
    if (!open.length) throw new ApiError('REPORT_NOT_FOUND', { message: 'There is no open report on this' });
    const audit = { details: { reports: open.length, action } };
    if (action === 'DISMISS') return { closed: await closeAfter(actor, body, action) };
    if (action === 'REMOVE_CONTENT') return removeContent(actor, body, audit);

    const ownerId = await ownerOf(targetType, targetId);
    if (!ownerId) throw new ApiError('USER_NOT_FOUND', { message: 'The account behind this is already deleted' });
    if (action === 'SUSPEND_USER') {
      if (!body.days)
        throw new ApiError('VALIDATION_ERROR', {
          message: 'Say for how many days',
          issues: [{ path: 'days', message: 'Required' }],
        });
      await suspend(actor, ownerId, body.days, reason, {
        details: { ...audit.details, days: body.days, report: { targetType, targetId } },
      });
    } else {
      await deleteUser(actor, ownerId, reason);
    }
    return { closed: await closeAfter(actor, body, action) };
  }

  /**
   * Closes the open reports on a target, dismissed or resolved by `action`, with an audit entry when there were
   * any, in the caller's transaction. The queue's actions end with it, and so do the same actions taken from a
   * directory or a detail page, so that nobody handles those reports twice.
   */
  async function closeReportsIn(
    tx: DbOrTx,
    actor: AuthUser,
    target: { targetType: TargetType; targetId: string; reason: string },
    action: ReportAction,
  ) {
    const dismissed = action === 'DISMISS';
    const closed = await repo.closeReports(
      target,
      { status: dismissed ? 'DISMISSED' : 'RESOLVED', resolution: action, by: actor.userId, at: deps.now() },
      tx,
    );
    if (closed) {
      await repo.audit(
        {
          actorId: actor.userId,
          action: dismissed ? 'REPORT_DISMISS' : 'REPORT_RESOLVE',
          targetType: target.targetType,
          targetId: target.targetId,
          reason: target.reason,
          details: { action, reports: closed },
        },
        tx,
      );
    }
    return closed;
  }

  const closeAfter = (
    actor: AuthUser,
    target: { targetType: TargetType; targetId: string; reason: string },
    action: ReportAction,
  ) => deps.db.transaction((tx) => closeReportsIn(tx, actor, target, action));

  async function removeContent(
    actor: AuthUser,
    body: AdminCallBody<'reports/resolve'>,
    audit: { details: Record<string, unknown> },
  ) {
    const { targetType, targetId, reason } = body;
    if (targetType === 'USER') {
      throw new ApiError('VALIDATION_ERROR', {
        message: 'A person is not content: suspend or delete the account instead',
        issues: [{ path: 'action', message: 'Not for a person' }],
      });
    }
    let closed = 0;
    const out = noChatEvents();
    const work = async (tx: DbOrTx) => {
      if (targetType === 'MESSAGE') {
        if (!(await repo.message(targetId, tx))) throw new ApiError('NOT_FOUND', { message: 'Message not found' });
        await repo.removeMessage(targetId, deps.now(), tx);
        await repo.audit(
          { actorId: actor.userId, action: 'MESSAGE_REMOVE', targetType, targetId, reason, ...audit },
          tx,
        );
      } else {
        await changeContent(tx, out, actor, targetType === 'ACTIVITY' ? 'activity' : 'group', targetId, true, reason);
      }
      closed = await closeReportsIn(tx, actor, body, 'REMOVE_CONTENT');
    };
    await deps.db.transaction(work);
    await deps.chatMembership.publish(out);
    return { closed };
  }

  /**
   * Lifting a suspension (review M7): nobody reinstates themselves, only an admin reinstates a
   * moderator or an admin, and a moderator lifts only what a moderator imposed.
   */
  async function reinstate(actor: AuthUser, userId: string, reason: string) {
    await deps.db.transaction(async (tx) => {
      assertMayActOn(actor, await loadUser(userId, tx));
      if (actor.role !== 'ADMIN') {
        const [last] = await tx
          .select({ details: auditLog.details })
          .from(auditLog)
          .where(and(eq(auditLog.action, 'USER_SUSPEND'), eq(auditLog.targetId, userId)))
          .orderBy(desc(auditLog.createdAt))
          .limit(1);
        if ((last?.details as { byRole?: string } | null)?.byRole !== 'MODERATOR') {
          throw new ApiError('FORBIDDEN', { message: 'Only an admin can lift a suspension an admin imposed' });
        }
      }
      await repo.setSuspension(userId, null, null, tx);
      await repo.audit(
        { actorId: actor.userId, action: 'USER_REINSTATE', targetType: 'USER', targetId: userId, reason },
        tx,
      );
    });
    return { user: toAdminUser(await loadUser(userId)) };
  }

  async function setRole(actor: AuthUser, body: AdminCallBody<'users/set-role'>) {
    await deps.db.transaction(async (tx) => {
      const target = await loadUser(body.userId, tx);
      if (target.id === actor.userId) throw new ApiError('FORBIDDEN', { message: 'You cannot change your own role' });
      await repo.setRole(body.userId, body.role, tx);
      await repo.audit(
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
    });
    return { user: toAdminUser(await loadUser(body.userId)) };
  }

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
      lastOnlineAt: iso(row.last_online_at),
      profile: {
        city: (row.city as string | null) ?? null,
        country: (row.country as string | null) ?? null,
        language: (row.language as string | null) ?? null,
        emailConfirmed: row.email_confirmed_at != null,
        completed: Boolean(row.completed),
      },
      counts,
      reports: reports.map(toAdminReport),
      reportsMade: made.map((r) => ({
        ...toAdminReport(r),
        targetType: r.target_type as TargetType,
        targetId: String(r.target_id),
      })),
    };
  }

  async function getContent(kind: 'activity' | 'group', id: string) {
    const row = kind === 'activity' ? await repo.activity(id) : await repo.group(id);
    if (!row) throw new ApiError(kind === 'activity' ? 'ACTIVITY_NOT_FOUND' : 'GROUP_NOT_FOUND');
    const [reports, admins] = await Promise.all([
      repo.reportsOn(kind === 'activity' ? 'ACTIVITY' : 'GROUP', id),
      repo.adminsOf(kind, id),
    ]);
    return {
      row,
      admins: admins.map((a) => toSummary(a, '')).filter((a) => a !== null),
      reports: reports.map(toAdminReport),
    };
  }

  // Sports: a sport in use, or one of the seed list (the seed would add it back), is retired, never deleted.
  const toAdminSport = (r: Row): AdminSport => ({
    sportId: String(r.id),
    names: { en: String(r.name_en), it: String(r.name_it) },
    icon: String(r.icon),
    intensityKinds: r.intensity_kinds as AdminSport['intensityKinds'],
    retiredAt: iso(r.retired_at),
    usage: { users: Number(r.user_count ?? 0), activities: Number(r.activity_count ?? 0) },
  });
  async function sportById(sportId: string) {
    const row = (await repo.sports()).find((s) => s.id === sportId);
    if (!row) throw new ApiError('SPORT_NOT_FOUND');
    return row;
  }
  async function createSport(actor: AuthUser, body: AdminCallBody<'sports/create'>) {
    await deps.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(sports)
        .values({
          id: body.sportId,
          nameEn: body.names.en,
          nameIt: body.names.it,
          icon: body.icon,
          intensityKinds: body.intensityKinds,
          sortOrder: 1000,
        })
        .onConflictDoNothing()
        .returning({ id: sports.id });
      if (!inserted) throw new ApiError('SPORT_EXISTS');
      await repo.audit(
        {
          actorId: actor.userId,
          action: 'SPORT_CREATE',
          targetType: 'SPORT',
          targetId: body.sportId,
          details: { ...body },
        },
        tx,
      );
    });
    return { sport: toAdminSport(await sportById(body.sportId)) };
  }
  async function updateSport(actor: AuthUser, body: AdminCallBody<'sports/update'>) {
    const before = await sportById(body.sportId);
    await deps.db.transaction(async (tx) => {
      await tx
        .update(sports)
        .set({
          ...(body.names ? { nameEn: body.names.en, nameIt: body.names.it } : {}),
          ...(body.icon ? { icon: body.icon } : {}),
          ...(body.intensityKinds ? { intensityKinds: body.intensityKinds } : {}),
          ...(body.retired === undefined
            ? {}
            : {
                retiredAt: body.retired
                  ? before.retired_at
                    ? new Date(before.retired_at as string)
                    : deps.now()
                  : null,
              }),
        })
        .where(eq(sports.id, body.sportId));
      await repo.audit(
        {
          actorId: actor.userId,
          action: 'SPORT_UPDATE',
          targetType: 'SPORT',
          targetId: body.sportId,
          details: { ...body },
        },
        tx,
      );
    });
    return { sport: toAdminSport(await sportById(body.sportId)) };
  }
  async function deleteSport(actor: AuthUser, sportId: string) {
    const row = await sportById(sportId);
    const inUse =
      Number(row.user_count) > 0 || Number(row.activity_count) > 0 || SEED_SPORTS.some((s) => s.id === sportId);
    return deps.db.transaction(async (tx) => {
      if (inUse)
        await tx
          .update(sports)
          .set({ retiredAt: row.retired_at ? new Date(row.retired_at as string) : deps.now() })
          .where(eq(sports.id, sportId));
      else await tx.delete(sports).where(eq(sports.id, sportId));
      const outcome = inUse ? ('RETIRED' as const) : ('DELETED' as const);
      await repo.audit(
        {
          actorId: actor.userId,
          action: `SPORT_${outcome === 'RETIRED' ? 'RETIRE' : 'DELETE'}`,
          targetType: 'SPORT',
          targetId: sportId,
        },
        tx,
      );
      return { outcome };
    });
  }

  async function figures(body: AdminCallBody<'figures/get'>) {
    const today = deps.now().toISOString().slice(0, 10);
    const to = body.to ?? today;
    const from = body.from ?? new Date(Date.parse(to) - 29 * DAY_MS).toISOString().slice(0, 10);
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (span < 1 || span > FIGURES_MAX_DAYS) {
      throw new ApiError('VALIDATION_ERROR', {
        message: `Choose a period of 1 to ${FIGURES_MAX_DAYS} days, from before to`,
        issues: [{ path: 'from', message: 'Out of range' }],
      });
    }
    const [days, openReports] = await Promise.all([repo.figures(from, to), repo.openReportCount()]);
    return {
      from,
      to,
      openReports,
      days: days.map((d) => ({
        date: String(d.day),
        signUps: Number(d.sign_ups),
        activeUsers: Number(d.active_users),
        activitiesCreated: Number(d.activities_created),
        messagesSent: Number(d.messages_sent),
      })),
    };
  }

  async function audit(body: AdminCallBody<'audit/list'>) {
    const rows = await repo.auditEntries(body, body.pagination);
    return {
      entries: rows.map((r) => ({
        auditId: String(r.id),
        actor: toSummary(r, 'a_'),
        action: String(r.action),
        targetType: (r.target_type as string | null) ?? null,
        targetId: (r.target_id as string | null) ?? null,
        reason: (r.reason as string | null) ?? null,
        details: (r.details as Record<string, unknown> | null) ?? null,
        createdAt: iso(r.created_at)!,
      })),
    };
  }

  return {
    me: async (actor: AuthUser) => ({ user: toAdminUser(await loadUser(actor.userId)) }),
    listReports,
    resolve,
    searchUsers: async (b: AdminCallBody<'users/search'>) => ({
      users: (await repo.searchUsers(b, b.pagination)).map(toAdminUser),
    }),
    getUser,
    suspend: async (actor: AuthUser, b: AdminCallBody<'users/suspend'>) => {
      const answer = await suspend(actor, b.userId, b.days, b.reason);
      await closeAfter(actor, { targetType: 'USER', targetId: b.userId, reason: b.reason }, 'SUSPEND_USER');
      return answer;
    },
    reinstate,
    deleteUser: async (actor: AuthUser, userId: string, reason: string) => {
      const answer = await deleteUser(actor, userId, reason);
      await closeAfter(actor, { targetType: 'USER', targetId: userId, reason }, 'DELETE_ACCOUNT');
      return answer;
    },
    setRole,
    searchActivities: async (b: AdminCallBody<'activities/search'>) => ({
      activities: (await repo.searchActivities(b.query, b.pagination)).map(toAdminActivity),
    }),
    getActivity: async (id: string) => {
      const { row, admins, reports } = await getContent('activity', id);
      return { activity: toAdminActivity(row), admins, reports };
    },
    setActivityRemoved: async (actor: AuthUser, id: string, remove: boolean, reason: string) => {
      await setContentRemoved(actor, 'activity', id, remove, reason);
      if (remove) await closeAfter(actor, { targetType: 'ACTIVITY', targetId: id, reason }, 'REMOVE_CONTENT');
      return { activity: toAdminActivity((await repo.activity(id))!) };
    },
    searchGroups: async (b: AdminCallBody<'groups/search'>) => ({
      groups: (await repo.searchGroups(b.query, b.pagination)).map(toAdminGroup),
    }),
    getGroup: async (id: string) => {
      const { row, admins, reports } = await getContent('group', id);
      return { group: toAdminGroup(row), admins, reports };
    },
    setGroupRemoved: async (actor: AuthUser, id: string, remove: boolean, reason: string) => {
      await setContentRemoved(actor, 'group', id, remove, reason);
      if (remove) await closeAfter(actor, { targetType: 'GROUP', targetId: id, reason }, 'REMOVE_CONTENT');
      return { group: toAdminGroup((await repo.group(id))!) };
    },
    listSports: async () => ({ sports: (await repo.sports()).map(toAdminSport) }),
    createSport,
    updateSport,
    deleteSport,
    figures,
    audit,
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
