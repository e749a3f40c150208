import type {
  Activity,
  ActivityInput,
  ActivitySummary,
  ActivityUpdate,
  CallBody,
  ParticipationStatus,
  SkipReason,
} from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MemberState } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { type Access, activityRules, isAdmin } from '../access/access.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import type { SportsService } from '../sports/sports.service.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { ActivitiesRepository, ActivityRow, DetailRow, MemberRow, SummaryRow } from './activities.repository.ts';
import { type ComputedRoute, computeRoute } from './activity-route.ts';
import { activityTimes, assertStartsLateEnough, canonicalTimeZone } from './activity-time.ts';

/** count-daily answers at most this many days at once (a calendar shows one month; a year is plenty). */
export const COUNT_DAILY_MAX_DAYS = 400;

export interface ActivitiesDeps {
  db: Db;
  repo: ActivitiesRepository;
  sports: Pick<SportsService, 'assertSportExists'>;
  changes: Changes;
  access: Pick<Access, 'activity' | 'isGroupMember'>;
  chatMembership: Pick<ChatMembership, 'create' | 'chatIdOf' | 'join' | 'leave' | 'close'>;
  now: () => Date;
}

interface Visible {
  activity: ActivityRow;
  member: MemberRow | null;
}

const uniq = <T>(items: readonly T[] | undefined) => [...new Set(items ?? [])];

/** Why an invitation would be skipped; null when the person may be invited (a rejected request may be). */
export function skipReason(state: MemberState | null, inActivityGroup: boolean): SkipReason | null {
  if (state === 'INVITED') return 'ALREADY_INVITED';
  if (state === 'PARTICIPATING') return 'ALREADY_PARTICIPATING';
  if (state === 'REQUESTED') return 'PENDING_REQUEST';
  if (!inActivityGroup) return 'NOT_GROUP_MEMBER';
  return null;
}

export function createActivitiesService(deps: ActivitiesDeps) {
  const { repo } = deps;

  const change = deps.changes.run;

  /** The activity if the caller may see it (access), else 404: a private activity does not exist for outsiders. */
  async function loadVisible(activityId: string, userId: string, tx: DbOrTx = deps.db, lock = false): Promise<Visible> {
    const found = await deps.access.activity(activityId, userId, tx, { lock });
    if (!found?.visible) throw new ApiError('ACTIVITY_NOT_FOUND');
    return { activity: found.activity, member: found.member };
  }

  /** Only admins administer; visibility is checked first, so outsiders of a private activity get a 404. */
  async function loadAsAdmin(activityId: string, userId: string, tx: DbOrTx, lock = true) {
    const visible = await loadVisible(activityId, userId, tx, lock);
    if (!isAdmin(visible.member)) throw new ApiError('FORBIDDEN');
    return visible;
  }

  async function assertMayUseGroup(groupId: string, userId: string, tx: DbOrTx) {
    if (!(await repo.liveGroup(groupId, tx))) throw new ApiError('GROUP_NOT_FOUND');
    if (!(await deps.access.isGroupMember(groupId, userId, tx))) {
      throw new ApiError('FORBIDDEN', { message: 'Only members of the group can add activities to it' });
    }
  }

  function assertNotStarted(activity: ActivityRow) {
    if (activity.startsAt <= deps.now()) throw new ApiError('ACTIVITY_STARTED');
  }

  /** The person takes part from now on, and is in the activity's chat. */
  async function join(tx: DbOrTx, effects: Effects, activity: ActivityRow, userId: string, isAdmin = false) {
    await repo.putMembers(
      { activityId: activity.id, userIds: [userId], state: 'PARTICIPATING', isAdmin, joinedAt: deps.now() },
      tx,
    );
    const chatId = await repo.chatId(activity.id, tx);
    if (chatId) await deps.chatMembership.join(tx, chatId, userId, effects.chat);
  }

  async function leave(tx: DbOrTx, effects: Effects, activityId: string, userId: string) {
    await repo.deleteMember(activityId, userId, tx);
    const chatId = await repo.chatId(activityId, tx);
    if (chatId) await deps.chatMembership.leave(tx, chatId, userId, effects.chat);
  }

  async function assertNotLastAdmin(tx: DbOrTx, activityId: string, member: MemberRow) {
    if (!member.isAdmin) return;
    const admins = await repo.memberIds(activityId, { state: 'PARTICIPATING', admins: true }, tx);
    if (admins.length <= 1) throw new ApiError('LAST_ADMIN');
  }

  /**
   * Invites contacts of the actor, and the members of groups the actor belongs to. Those already invited,
   * participating, requesting, or (for a group activity) outside its group are skipped with the reason.
   */
  async function invite(
    tx: DbOrTx,
    effects: Effects,
    activity: ActivityRow,
    actorId: string,
    request: { userIds?: string[]; groupIds?: string[] },
  ) {
    const direct = uniq(request.userIds).filter((id) => id !== actorId);
    const contacts = await repo.contactsAmong(actorId, direct, tx);
    const strangers = direct.filter((id) => !contacts.has(id));
    if (strangers.length) {
      throw new ApiError('FORBIDDEN', {
        message: 'You can invite only your contacts',
        details: { userIds: strangers },
      });
    }
    const groupIds = uniq(request.groupIds);
    const groupMembers = await repo.membersOfGroups(groupIds, tx);
    for (const groupId of groupIds) {
      const members = groupMembers.filter((m) => m.groupId === groupId);
      if (!members.length && !(await repo.liveGroup(groupId, tx))) throw new ApiError('GROUP_NOT_FOUND');
      if (!members.some((m) => m.userId === actorId)) {
        throw new ApiError('FORBIDDEN', { message: 'You can invite only groups you belong to' });
      }
    }
    const candidates = uniq([...direct, ...groupMembers.map((m) => m.userId)]).filter((id) => id !== actorId);
    const states = await repo.candidateStates(activity.id, activity.groupId, candidates, tx);
    const invited: string[] = [];
    const skipped: { userId: string; reason: SkipReason }[] = [];
    for (const { userId, state, inGroup } of states) {
      const reason = skipReason(state, inGroup);
      if (reason) skipped.push({ userId, reason });
      else invited.push(userId);
    }
    if (invited.length) {
      await repo.putMembers({ activityId: activity.id, userIds: invited, state: 'INVITED', invitedBy: actorId }, tx);
      await effects.notify({
        userIds: invited,
        type: 'ACTIVITY_INVITE',
        targetId: activity.id,
        actorId,
        targetName: activity.name,
      });
    }
    return { invited, skipped };
  }

  function rowValues(input: ActivityInput | ActivityUpdate, times: ReturnType<typeof activityTimes>) {
    return {
      name: input.name,
      sportId: input.sportId,
      date: input.date,
      startTime: input.startTime,
      endTime: input.endTime,
      timeZone: times.timeZone,
      startsAt: times.startsAt,
      endsAt: times.endsAt,
      description: input.description || null,
      contact: input.contact || null,
      access: input.access,
      visibility: input.visibility,
      difficulty: input.difficulty,
      requiredTime: input.requiredTime ?? null,
    };
  }

  function routeValues(route: ComputedRoute) {
    const { gpx: _file, ...columns } = route;
    return columns;
  }

  /** The full activity as the caller sees it: admins see the pending count, participants the chat. */
  async function view(activityId: string, userId: string): Promise<Activity> {
    const row = await repo.readDetail(activityId, userId);
    if (!row) throw new ApiError('ACTIVITY_NOT_FOUND');
    const participating = row.myState === 'PARTICIPATING';
    const isAdmin = participating && !!row.myIsAdmin;
    return toActivity(row, {
      pendingRequestsCount: isAdmin ? await repo.countMembers(activityId, 'REQUESTED') : 0,
      chatId: participating ? await repo.chatId(activityId) : null,
    });
  }

  const answer = async (activityId: string, userId: string) => ({ activity: await view(activityId, userId) });

  return {
    async create(userId: string, input: ActivityInput) {
      const times = activityTimes(input);
      assertStartsLateEnough(times.startsAt, deps.now());
      await deps.sports.assertSportExists(input.sportId);
      const route = computeRoute(input.route);
      const activityId = await change(async (tx, effects) => {
        if (input.groupId) await assertMayUseGroup(input.groupId, userId, tx);
        const activity = await repo.insert(
          { ...rowValues(input, times), ...routeValues(route), groupId: input.groupId ?? null, createdBy: userId },
          tx,
        );
        if (route.gpx) await repo.saveRouteFile(activity.id, route.gpx, tx);
        await repo.putMembers(
          { activityId: activity.id, userIds: [userId], state: 'PARTICIPATING', isAdmin: true, joinedAt: deps.now() },
          tx,
        );
        await deps.chatMembership.create(tx, { kind: 'ACTIVITY', activityId: activity.id }, userId, effects.chat);
        await invite(tx, effects, activity, userId, { userIds: input.invitedUserIds, groupIds: input.invitedGroupIds });
        return activity.id;
      });
      return answer(activityId, userId);
    },

    /** Admins change an activity; a route left out stays as it is; participants are told. */
    async update(userId: string, input: ActivityUpdate) {
      const times = activityTimes(input);
      await deps.sports.assertSportExists(input.sportId);
      const route = input.route ? computeRoute(input.route) : null;
      await change(async (tx, effects) => {
        const { activity } = await loadAsAdmin(input.activityId, userId, tx);
        if (times.startsAt.getTime() !== activity.startsAt.getTime())
          assertStartsLateEnough(times.startsAt, deps.now());
        const groupId = input.groupId === undefined ? activity.groupId : input.groupId;
        if (groupId && groupId !== activity.groupId) await assertMayUseGroup(groupId, userId, tx);
        await repo.update(
          activity.id,
          { ...rowValues(input, times), ...(route ? routeValues(route) : {}), groupId },
          tx,
        );
        if (route) await repo.saveRouteFile(activity.id, route.gpx, tx);
        const updated = { ...activity, name: input.name, groupId };
        await invite(tx, effects, updated, userId, { userIds: input.invitedUserIds, groupIds: input.invitedGroupIds });
        await effects.notify({
          userIds: await repo.memberIds(activity.id, { state: 'PARTICIPATING' }, tx),
          type: 'ACTIVITY_EDIT',
          targetId: activity.id,
          actorId: userId,
          targetName: input.name,
        });
      });
      return answer(input.activityId, userId);
    },

    /** Soft delete: the activity leaves every list and its chat closes. */
    async remove(userId: string, activityId: string) {
      await change(async (tx, effects) => {
        await loadAsAdmin(activityId, userId, tx);
        await repo.update(activityId, { deletedAt: deps.now() }, tx);
        const chatId = await repo.chatId(activityId, tx);
        if (chatId) await deps.chatMembership.close(tx, chatId, effects.chat);
      });
      return { ok: true as const };
    },

    async read(userId: string, activityId: string) {
      await loadVisible(activityId, userId);
      return answer(activityId, userId);
    },

    /** Join an open activity, accept an invitation, or (members of its group) join a group activity. */
    async participate(userId: string, activityId: string) {
      await change(async (tx, effects) => {
        const { activity, member } = await loadVisible(activityId, userId, tx, true);
        if (member?.state === 'PARTICIPATING') throw new ApiError('ALREADY_PARTICIPATING');
        assertNotStarted(activity);
        if (member?.state !== 'INVITED') {
          if (activity.groupId) {
            if (!(await deps.access.isGroupMember(activity.groupId, userId, tx))) {
              throw new ApiError('GROUP_MEMBERSHIP_REQUIRED');
            }
          } else if (activity.access === 'CLOSED') {
            throw new ApiError('ACCESS_REQUEST_REQUIRED');
          }
        }
        await join(tx, effects, activity, userId);
      });
      return answer(activityId, userId);
    },

    /** Ask the admins to join a closed activity; whoever may join directly just joins. */
    async requestAccess(userId: string, activityId: string) {
      await change(async (tx, effects) => {
        const { activity, member } = await loadVisible(activityId, userId, tx, true);
        if (member?.state === 'PARTICIPATING') throw new ApiError('ALREADY_PARTICIPATING');
        if (member?.state === 'REQUESTED') throw new ApiError('ALREADY_REQUESTED');
        assertNotStarted(activity);
        if (activity.groupId && member?.state !== 'INVITED') {
          // Non-members ask the group, not the activity.
          if (!(await deps.access.isGroupMember(activity.groupId, userId, tx)))
            throw new ApiError('GROUP_MEMBERSHIP_REQUIRED');
          return join(tx, effects, activity, userId);
        }
        if (member?.state === 'INVITED' || activity.access === 'OPEN') return join(tx, effects, activity, userId);
        await repo.putMembers({ activityId, userIds: [userId], state: 'REQUESTED' }, tx);
        await effects.notify({
          userIds: await repo.memberIds(activityId, { state: 'PARTICIPATING', admins: true }, tx),
          type: 'ACTIVITY_REQUEST',
          targetId: activityId,
          actorId: userId,
          targetName: activity.name,
        });
      });
      return answer(activityId, userId);
    },

    /** Leave, decline an invitation, withdraw a request or dismiss a rejection. The last admin may not leave. */
    async exit(userId: string, activityId: string) {
      await change(async (tx, effects) => {
        const { member } = await loadVisible(activityId, userId, tx, true);
        if (!member) return;
        if (member.state !== 'PARTICIPATING') return repo.deleteMember(activityId, userId, tx);
        await assertNotLastAdmin(tx, activityId, member);
        await leave(tx, effects, activityId, userId);
      });
      return answer(activityId, userId);
    },

    async acceptRequest(userId: string, activityId: string, targetId: string) {
      await change(async (tx, effects) => {
        const { activity } = await loadAsAdmin(activityId, userId, tx);
        const target = await repo.member(activityId, targetId, tx);
        if (target?.state !== 'REQUESTED') throw new ApiError('REQUEST_NOT_FOUND');
        await join(tx, effects, activity, targetId);
        await effects.notify({
          userIds: [targetId],
          type: 'ACTIVITY_ACCEPT',
          targetId: activityId,
          actorId: userId,
          targetName: activity.name,
        });
      });
      return answer(activityId, userId);
    },

    async rejectRequest(userId: string, activityId: string, targetId: string, reason: string) {
      await change(async (tx, effects) => {
        const { activity } = await loadAsAdmin(activityId, userId, tx);
        const target = await repo.member(activityId, targetId, tx);
        if (target?.state !== 'REQUESTED') throw new ApiError('REQUEST_NOT_FOUND');
        await repo.updateMember(activityId, targetId, { state: 'REJECTED', rejectionReason: reason }, tx);
        await effects.notify({
          userIds: [targetId],
          type: 'ACTIVITY_REJECT',
          targetId: activityId,
          actorId: userId,
          reason,
          targetName: activity.name,
        });
      });
      return answer(activityId, userId);
    },

    /** Removes a participant (or cancels an invitation); removing oneself is leaving. */
    async removeUser(userId: string, activityId: string, targetId: string) {
      await change(async (tx, effects) => {
        await loadAsAdmin(activityId, userId, tx);
        const target = await repo.member(activityId, targetId, tx);
        if (target?.state === 'INVITED') return repo.deleteMember(activityId, targetId, tx);
        if (target?.state !== 'PARTICIPATING') {
          throw new ApiError('USER_NOT_FOUND', { message: 'This person is not taking part' });
        }
        await assertNotLastAdmin(tx, activityId, target);
        await leave(tx, effects, activityId, targetId);
      });
      return answer(activityId, userId);
    },

    async makeAdmin(userId: string, activityId: string, targetId: string) {
      await change(async (tx) => {
        await loadAsAdmin(activityId, userId, tx);
        const target = await repo.member(activityId, targetId, tx);
        if (target?.state !== 'PARTICIPATING') {
          throw new ApiError('USER_NOT_FOUND', { message: 'Only participants can be admins' });
        }
        await repo.updateMember(activityId, targetId, { isAdmin: true }, tx);
      });
      return answer(activityId, userId);
    },

    async removeAdmin(userId: string, activityId: string, targetId: string) {
      await change(async (tx) => {
        await loadAsAdmin(activityId, userId, tx);
        const target = await repo.member(activityId, targetId, tx);
        if (target?.state !== 'PARTICIPATING') {
          throw new ApiError('USER_NOT_FOUND', { message: 'This person is not taking part' });
        }
        await assertNotLastAdmin(tx, activityId, target);
        await repo.updateMember(activityId, targetId, { isAdmin: false }, tx);
      });
      return answer(activityId, userId);
    },

    async inviteUsers(userId: string, body: CallBody<'activity/invite-users'>) {
      return change(async (tx, effects) => {
        const { activity } = await loadAsAdmin(body.activityId, userId, tx);
        return invite(tx, effects, activity, userId, body);
      });
    },

    /**
     * Participants may list the participants of any activity they take part in; for a public activity, anyone
     * who can see it may. Others (invited or requesting on a private one) get only the count.
     */
    async listParticipants(userId: string, activityId: string, page: { page: number; limit: number }) {
      const { activity, member } = await loadVisible(activityId, userId);
      if (!activityRules.participantsVisible({ visibility: activity.visibility, myState: member?.state ?? null })) {
        throw new ApiError('FORBIDDEN');
      }
      const rows = await repo.listMembers(activityId, 'PARTICIPATING', page);
      return {
        participants: rows.map((r) => ({
          ...toUserSummary(r),
          isAdmin: r.isAdmin,
          joinedAt: (r.joinedAt ?? r.createdAt).toISOString(),
        })),
      };
    },

    async countHiddenParticipants(userId: string, activityId: string) {
      await loadVisible(activityId, userId);
      return { count: await repo.countMembers(activityId, 'PARTICIPATING') };
    },

    async listRequests(userId: string, activityId: string, page: { page: number; limit: number }) {
      await loadAsAdmin(activityId, userId, deps.db, false);
      const rows = await repo.listMembers(activityId, 'REQUESTED', page);
      return { requests: rows.map((r) => ({ ...toUserSummary(r), requestedAt: r.createdAt.toISOString() })) };
    },

    async listInvitableContacts(userId: string, body: CallBody<'activity/list-invitable-contacts'>) {
      const { activity } = await loadAsAdmin(body.activityId, userId, deps.db, false);
      const rows = await repo.listContacts(userId, activity, body.query || undefined, body.pagination);
      return {
        contacts: rows.map((r) => {
          const reason = skipReason(r.state, r.inGroup);
          return { ...toUserSummary(r), invitable: reason === null, reason };
        }),
      };
    },

    async nearby(userId: string, body: CallBody<'activity/nearby-activities'>) {
      const now = deps.now();
      const requestedFrom = body.fromDate ? new Date(body.fromDate) : now;
      const rows = await repo.nearby(userId, {
        latitude: body.latitude,
        longitude: body.longitude,
        radiusMetres: body.radiusKm * 1000,
        sportIds: body.sportIds,
        // Only upcoming activities, however early the range starts.
        from: requestedFrom > now ? requestedFrom : now,
        to: body.toDate ? new Date(body.toDate) : undefined,
        page: body.pagination,
      });
      return { activities: rows.map(toSummary) };
    },

    async listDaily(userId: string, body: CallBody<'activity/list-daily'>) {
      const range = dayRange(body.startDate, body.endDate);
      const rows = await repo.daily(userId, {
        onlyOwn: body.onlyOwn,
        ...range,
        page: { page: body.page, limit: body.limit },
      });
      return rows.map(toSummary);
    },

    async countDaily(userId: string, body: CallBody<'activity/count-daily'>) {
      const range = dayRange(body.startDate, body.endDate);
      if (range.to.getTime() - range.from.getTime() > COUNT_DAILY_MAX_DAYS * 86_400_000) {
        throw new ApiError('VALIDATION_ERROR', {
          message: `Ask for at most ${COUNT_DAILY_MAX_DAYS} days at once`,
          issues: [{ path: 'endDate', message: `At most ${COUNT_DAILY_MAX_DAYS} days after startDate` }],
        });
      }
      const timeZone = canonicalTimeZone(body.timeZone);
      const days = await repo.countDaily(userId, { onlyOwn: body.onlyOwn, ...range, timeZone });
      return { days: days.map((d) => ({ date: d.date, count: Number(d.count) })) };
    },
  };
}

export type ActivitiesService = ReturnType<typeof createActivitiesService>;

function dayRange(startDate: string, endDate: string) {
  const from = new Date(startDate);
  const to = new Date(endDate);
  if (to < from) {
    throw new ApiError('VALIDATION_ERROR', {
      message: 'The end of the range comes before its start',
      issues: [{ path: 'endDate', message: 'Must not be before startDate' }],
    });
  }
  return { from, to };
}

const statusOf = (state: MemberState | null): ParticipationStatus => state ?? 'NONE';

const place = (latitude: number, longitude: number, address: string | null) =>
  address ? { latitude, longitude, address } : { latitude, longitude };

export function toSummary(row: SummaryRow): ActivitySummary {
  return {
    activityId: row.id,
    name: row.name,
    sportId: row.sportId,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    timeZone: row.timeZone,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    access: row.access,
    visibility: row.visibility,
    difficulty: row.difficulty,
    totalDistance: row.totalDistance,
    totalElevationGain: row.totalElevationGain,
    requiredTime: row.requiredTime,
    start: place(row.startLatitude, row.startLongitude, row.startAddress),
    group: row.groupId && row.groupName ? { groupId: row.groupId, name: row.groupName } : null,
    participantsCount: Number(row.participantsCount),
    createdBy: row.creatorId
      ? toUserSummary({
          userId: row.creatorId,
          username: row.creatorUsername,
          firstName: row.creatorFirstName,
          lastName: row.creatorLastName,
          profilePicture: row.creatorProfilePicture,
          lastOnlineAt: row.creatorLastOnlineAt,
        })
      : null,
    status: statusOf(row.myState),
    isAdmin: row.myState === 'PARTICIPATING' && !!row.myIsAdmin,
    ...(row.distance !== undefined ? { distance: Math.round(row.distance * 100) / 100 } : {}),
  };
}

function toActivity(
  row: NonNullable<DetailRow>,
  extra: { pendingRequestsCount: number; chatId: string | null },
): Activity {
  return {
    ...toSummary(row),
    description: row.description,
    contact: row.contact,
    route: {
      mode: row.routeMode,
      start: place(row.startLatitude, row.startLongitude, row.startAddress),
      destination:
        row.destinationLatitude !== null && row.destinationLongitude !== null
          ? place(row.destinationLatitude, row.destinationLongitude, row.destinationAddress)
          : null,
      routeSteps: row.routeSteps,
      waypoints: row.waypoints as Activity['route']['waypoints'],
      elevationProfile: row.elevationProfile,
    },
    smoothedElevationGain: row.smoothedElevationGain,
    rejectionReason: row.myState === 'REJECTED' ? row.myRejectionReason : null,
    pendingRequestsCount: extra.pendingRequestsCount,
    chatId: extra.chatId,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
