import {
  type Activity,
  type ActivityInput,
  type ActivitySummary,
  type ActivityUpdate,
  type BackupRoute,
  type CallBody,
  type Language,
  type LatLng,
  ROUTE_FILES_QUOTA_BYTES,
  type RouteAccessFacts,
  type RouteInput,
} from '@cordata/contract';
import { type DeclaredLevel, estimateMovingTime, isInsideZones, type ZoneCircle } from '@cordata/geo';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { StoredRoute } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { type ClubFacts, clubRules } from '../access/access.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import { localizedPlace } from '../location/localized-place.ts';
import { consentChange, consentGivenOf, consentOf } from '../membership/consent.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import { type Membership, statusOf } from '../membership/membership.service.ts';
import { mayHoldHiddenStart, visibleRoute, type ZonesForViewer, zonesForViewer } from '../privacy/privacy-trim.ts';
import { viewerMapped } from '../privacy/viewer-mapped.ts';
import { type CalibrationOutcome, calibratedGroupMovingTime } from '../recordings/calibration.ts';
import { overlappingWaitlistsOf, waitlistPlaceOf } from '../seats/seats.repository.ts';
import { joinDeadline, type Seats } from '../seats/seats.service.ts';
import type { SeriesService } from '../series/series.service.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import type { SportsService } from '../sports/sports.service.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { ActivitiesRepository, ActivityRow, DetailRow, RouteFile, SummaryRow } from './activities.repository.ts';
import { gradeColumns, gradesView } from './activity-grades.ts';
import type { ComputedRoute } from './activity-route.ts';
import { activityTimes, assertStartsLateEnough, canonicalTimeZone, editKind } from './activity-time.ts';
import { meetingAreaFor, roundedDistance, routeOutside } from './meeting-area.ts';
import type { RouteComputer } from './route-computer.ts';

/** count-daily answers at most this many days at once (a calendar shows one month; a year is plenty). */
export const COUNT_DAILY_MAX_DAYS = 400;

export interface ActivitiesDeps {
  db: Db;
  repo: ActivitiesRepository;
  /** Parses uploaded files off the event loop (route-computer.ts). */
  routes: Pick<RouteComputer, 'compute' | 'computeUpload'>;
  /** The bytes of the caller's own GPX upload behind a `gpxUrl` (uploads.service readOwnFile). */
  routeFiles: { read(url: string, userId: string, baseUrl: string): Promise<Uint8Array> };
  sports: Pick<SportsService, 'assertSportExists'>;
  changes: Changes;
  /** Who takes part: the membership engine with the activity policy (activity-membership.ts). */
  members: Pick<Membership<ActivityRow>, 'invite' | 'load' | 'loadAsAdmin'>;
  memberships: Pick<MembershipRepository, 'put' | 'count' | 'adminsCount' | 'memberIds'>;
  /** Groups an activity may be added to. */
  groups: {
    isGroupMember(groupId: string, userId: string, tx: DbOrTx): Promise<boolean>;
    /** Limiting to sub-groups (issue 40): access.ts clubRules.mayLimit, or SUBGROUP_NOT_FOUND / FORBIDDEN. */
    requireMayLimit(groupId: string, subgroupIds: readonly string[], userId: string, tx: DbOrTx): Promise<string[]>;
    /** The caller's role in the group (access.ts `club`): its admins and ride leaders take attendance. */
    club(groupId: string, userId: string): Promise<ClubFacts | null>;
  };
  chatMembership: Pick<ChatMembership, 'create' | 'close'>;
  /** Seats and waitlists (seats/seats.service.ts). */
  seats: Pick<Seats, 'edited'>;
  /** Series (issue 22): create-new with `repeat`, edits by scope, the series in the answer. */
  series: Pick<SeriesService, 'plan' | 'start' | 'propagate' | 'split'>;
  now: () => Date;
  /** The caller's language, for places shown in the reader's language (tokens.languageOf). */
  readerLanguage: (userId: string) => Promise<Language>;
  /**
   * What OpenStreetMap says of a saved route (osm/, issue 38): null when unknown (not configured, no answer). Left
   * out, nothing is asked and the facts stay unknown.
   */
  routeAccess?: (points: readonly LatLng[]) => Promise<RouteAccessFacts | null>;
}

/** What the mappers of an activity need to know of its reader: their language and the zones hidden from them. */
export interface ActivityViewer {
  language: Language;
  zones: ZonesForViewer;
}

export function createActivitiesService(deps: ActivitiesDeps) {
  const { repo } = deps;

  const change = deps.changes.run;

  const loadVisible = deps.members.load;
  const loadAsAdmin = (activityId: string, userId: string, tx: DbOrTx, lock = true) =>
    deps.members.loadAsAdmin(activityId, userId, tx, lock);

  async function assertMayUseGroup(groupId: string, userId: string, tx: DbOrTx) {
    if (!(await repo.liveGroup(groupId, tx))) throw new ApiError('GROUP_NOT_FOUND');
    if (!(await deps.groups.isGroupMember(groupId, userId, tx))) {
      throw new ApiError('FORBIDDEN', { message: 'Only members of the group can add activities to it' });
    }
  }

  /**
   * The sub-groups an activity of `groupId` is limited to (issue 40): none without a group; a new or changed limit
   * is the group admins' or its sub-groups' ride leaders' to set (access.ts clubRules.mayLimit).
   */
  async function limitOf(
    groupId: string | null,
    subgroupIds: readonly string[],
    userId: string,
    tx: DbOrTx,
    current: readonly string[] = [],
  ) {
    if (!subgroupIds.length) return [];
    if (!groupId) {
      throw new ApiError('VALIDATION_ERROR', {
        message: 'Only a group activity can be limited to sub-groups',
        issues: [{ path: 'subgroupIds', message: 'Choose a group first' }],
      });
    }
    const same = subgroupIds.length === current.length && subgroupIds.every((id) => current.includes(id));
    return same ? [...current] : deps.groups.requireMayLimit(groupId, subgroupIds, userId, tx);
  }

  /** Keeps the file of an uploaded route or backup route, within its creator's quota (review M5). */
  async function assertRouteFileFits(
    activity: Pick<ActivityRow, 'id' | 'createdBy'>,
    file: RouteFile,
    gpx: string | null,
    tx: DbOrTx,
  ) {
    if (!gpx || !activity.createdBy) return;
    const stored = await repo.routeFileBytes(activity.createdBy, { activityId: activity.id, file }, tx);
    if (stored + Buffer.byteLength(gpx) > ROUTE_FILES_QUOTA_BYTES) throw new ApiError('ROUTE_FILES_QUOTA');
  }

  async function saveRouteFile(activity: Pick<ActivityRow, 'id' | 'createdBy'>, gpx: string | null, tx: DbOrTx) {
    await assertRouteFileFits(activity, 'gpx', gpx, tx);
    await repo.saveRouteFiles(activity.id, { gpx }, tx);
  }

  /** The route's figures; a `gpxUrl` is the caller's own upload, read from storage and parsed like a file sent inline. */
  async function computeRoute(route: RouteInput, userId: string, baseUrl: string): Promise<ComputedRoute> {
    if (route.mode === 'POINTS') return deps.routes.compute(route);
    if (route.gpx !== undefined) return deps.routes.compute({ mode: 'GPX', gpx: route.gpx });
    return deps.routes.computeUpload(await deps.routeFiles.read(route.gpxUrl!, userId, baseUrl));
  }

  /** Seats, deadline and claim window: left out of an update, they stay as they are (docs/seats.md). */
  function seatValues(input: ActivityInput | ActivityUpdate) {
    return {
      ...(input.seats !== undefined ? { seats: input.seats } : {}),
      ...(input.joinDeadlineHours !== undefined ? { joinDeadlineHours: input.joinDeadlineHours } : {}),
      ...(input.claimWindowMinutes !== undefined ? { claimWindowMinutes: input.claimWindowMinutes } : {}),
    };
  }

  /** Settings an update may leave out, which then stay as they are. */
  function keptUnlessSent(input: ActivityInput | ActivityUpdate) {
    return {
      ...seatValues(input),
      ...(input.participantsPublic !== undefined ? { participantsPublic: input.participantsPublic } : {}),
    };
  }

  function rowValues(input: ActivityInput | ActivityUpdate, times: ReturnType<typeof activityTimes>) {
    return {
      ...keptUnlessSent(input),
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

  /** Asked before the transaction, like the route's figures: a slow OpenStreetMap holds no lock. */
  async function routeAccessOf(route: ComputedRoute) {
    return { routeAccess: (await deps.routeAccess?.(route.routeSteps)) ?? null };
  }

  function routeValues(route: ComputedRoute) {
    const { gpx: _file, ...columns } = route;
    return columns;
  }

  /** The reader of `rows`, with their organisers' zones as the rows carried them (zoneCirclesJsonSql). */
  async function viewerOf(
    userId: string,
    rows: readonly { creatorId: string | null; creatorZones: ZoneCircle[] }[],
  ): Promise<ActivityViewer> {
    const circles = new Map(rows.flatMap((row) => (row.creatorId ? [[row.creatorId, row.creatorZones] as const] : [])));
    return { language: await deps.readerLanguage(userId), zones: zonesForViewer(userId, circles) };
  }

  /**
   * The full activity as the caller sees it: admins see the pending count, participants the chat. Its counts, chat,
   * series, the participants' levels and the caller's seat facts come with the row, in one statement (issue 17); a
   * group's activity read by anyone but its organisers asks the caller's role in the club.
   */
  async function view(activityId: string, userId: string): Promise<Activity> {
    const row = await repo.readDetail(activityId, userId);
    if (!row) throw new ApiError('ACTIVITY_NOT_FOUND');
    const viewer = await viewerOf(userId, [row]);
    const participating = row.myState === 'PARTICIPATING';
    const isAdmin = participating && !!row.myIsAdmin;
    const club = row.groupId && !isAdmin ? await deps.groups.club(row.groupId, userId) : null;
    const takesAttendance = clubRules.takesAttendance({
      type: club?.type ?? 'OPEN',
      member: club?.member ?? null,
      organiser: isAdmin,
      visible: true,
    });
    return toActivity(row, viewer, {
      waitlist: waitlistPlaceOf(row.waitlistPlace),
      waitlistCount: row.allWaitlistedCount,
      overlappingWaitlists: overlappingWaitlistsOf(row.overlappingWaitlists),
      pendingRequestsCount: isAdmin || takesAttendance ? row.requestedCount : 0,
      isOnlyAdmin: isAdmin && row.adminsCount === 1,
      takesAttendance,
      blockedParticipantsCount: row.blockedParticipantsCount,
      chatId: participating ? row.chatId : null,
      series: row.seriesId
        ? {
            seriesId: row.seriesId,
            rule: row.seriesRule!,
            startDate: row.seriesStartDate!,
            exDates: row.seriesExDates!,
            occurrenceDate: row.occurrenceDate ?? row.seriesStartDate!,
          }
        : null,
      participantLevels: row.participantLevels as DeclaredLevel[],
      calibrationOutcomes: row.calibrationOutcomes,
    });
  }

  const answer = async (activityId: string, userId: string) => ({ activity: await view(activityId, userId) });

  return {
    answer,

    /** The summaries of `ids` the reader may see, in that order (a group's calendar). */
    async summaries(userId: string, ids: string[]): Promise<ActivitySummary[]> {
      const rows = await repo.summaries(userId, ids);
      const viewer = await viewerOf(userId, rows);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return (row && toSummary(row, viewer)) ?? [];
      });
    },

    /**
     * `vouchedInvitees`: people invited without being the creator's contacts (a date poll's voters, docs/polls.md);
     * `within`: what else the same transaction does with the new activity (the poll it is made from), so that both
     * happen or neither.
     */
    async create(
      userId: string,
      body: ActivityInput,
      baseUrl: string,
      vouchedInvitees: string[] = [],
      within?: (tx: DbOrTx, effects: Effects, activityId: string) => Promise<void>,
    ) {
      // A series' first date is the first day its rule gives from `date` on (the day itself when it matches).
      const canonicalZone = body.repeat ? canonicalTimeZone(body.timeZone) : undefined;
      const plan = body.repeat ? deps.series.plan(body.repeat, body.date, body.startTime, canonicalZone!) : null;
      const input = plan ? { ...body, date: plan.firstDay } : body;
      const times = activityTimes(input);
      assertStartsLateEnough(times.startsAt, deps.now());
      await deps.sports.assertSportExists(input.sportId);
      gradeColumns(input.sportId, input);
      const route = await computeRoute(input.route, userId, baseUrl);
      const access = await routeAccessOf(route);
      const activityId = await change(async (tx, effects) => {
        if (input.groupId) await assertMayUseGroup(input.groupId, userId, tx);
        const subgroupIds = await limitOf(input.groupId ?? null, input.subgroupIds ?? [], userId, tx);
        const activity = await repo.insert(
          {
            subgroupIds,
            ...rowValues(input, times),
            ...consentChange(null, input.consentText),
            ...gradeColumns(input.sportId, input),
            ...routeValues(route),
            ...access,
            groupId: input.groupId ?? null,
            createdBy: userId,
          },
          tx,
        );
        if (route.gpx) await saveRouteFile(activity, route.gpx, tx);
        await deps.memberships.put(
          'activity',
          { objectId: activity.id, userIds: [userId], state: 'PARTICIPATING', isAdmin: true, joinedAt: deps.now() },
          tx,
        );
        await deps.chatMembership.create(tx, { kind: 'ACTIVITY', activityId: activity.id }, userId, effects.chat);
        // A series' invitations are to its first date.
        await deps.members.invite(tx, effects, activity, userId, {
          userIds: input.invitedUserIds,
          groupIds: input.invitedGroupIds,
          vouchedUserIds: vouchedInvitees,
        });
        if (plan) await deps.series.start(tx, activity.id, plan, userId);
        await within?.(tx, effects, activity.id);
        return activity.id;
      });
      return answer(activityId, userId);
    },

    /** Admins change an activity; a route left out stays as it is; participants are told. */
    async update(userId: string, input: ActivityUpdate, baseUrl: string) {
      const times = activityTimes(input);
      await deps.sports.assertSportExists(input.sportId);
      gradeColumns(input.sportId, input);
      // Only an admin gets a route parsed (review M5): a stranger's 20 MB GPX is refused unread.
      if (input.route) await loadAsAdmin(input.activityId, userId, deps.db, false);
      const route = input.route ? await computeRoute(input.route, userId, baseUrl) : null;
      const access = route ? await routeAccessOf(route) : {};
      const shown = await change(async (tx, effects) => {
        const { object: activity } = await loadAsAdmin(input.activityId, userId, tx);
        const scope = input.scope ?? 'THIS';
        if (input.repeat && scope === 'THIS') throw new ApiError('SERIES_RULE_SCOPE');
        if (scope !== 'THIS') {
          if (!activity.seriesId) throw new ApiError('NOT_IN_SERIES');
          if (!input.repeat && input.date !== activity.date) throw new ApiError('SERIES_DATE_FIXED');
        }
        // Past dates of a series never change with the others: an edit of several dates skips a started one.
        const editsThis = scope === 'THIS' || activity.startsAt > deps.now();
        if (editsThis && times.startsAt.getTime() !== activity.startsAt.getTime())
          assertStartsLateEnough(times.startsAt, deps.now());
        const groupId = input.groupId === undefined ? activity.groupId : input.groupId;
        if (groupId && groupId !== activity.groupId) await assertMayUseGroup(groupId, userId, tx);
        // A limit holds within its group: moving to another group (or none) drops it unless a new one is sent.
        const kept = groupId === activity.groupId ? activity.subgroupIds : [];
        const subgroupIds = await limitOf(groupId, input.subgroupIds ?? kept, userId, tx, activity.subgroupIds);
        const values = {
          subgroupIds,
          ...rowValues(input, times),
          ...consentChange(activity, input.consentText),
          ...gradeColumns(input.sportId, input, activity),
          ...(route ? routeValues(route) : {}),
          ...access,
          groupId,
        };
        if (input.repeat && scope !== 'THIS') {
          // A new rule: the series splits on `date`, the new rule's first day (docs/series.md).
          assertStartsLateEnough(times.startsAt, deps.now());
          const shownId = await deps.series.split(tx, effects, {
            activity,
            scope,
            repeat: input.repeat,
            values,
            route: route ?? null,
            actorId: userId,
          });
          if (route && shownId === activity.id) await saveRouteFile(activity, route.gpx, tx);
          return shownId;
        }
        const told = editsThis
          ? await deps.memberships.memberIds('activity', activity.id, { state: 'PARTICIPATING' }, tx)
          : [];
        if (scope !== 'THIS') {
          await deps.series.propagate(tx, effects, {
            activity,
            scope,
            values,
            route: route ?? null,
            actorId: userId,
            told,
          });
        }
        if (!editsThis) return activity.id;
        if (Object.keys(seatValues(input)).length)
          await deps.seats.edited(tx, effects, activity.id, input.seats === undefined ? activity.seats : input.seats);
        await repo.update(activity.id, values, tx);
        if (route) await saveRouteFile(activity, route.gpx, tx);
        const updated = { ...activity, name: input.name, groupId };
        await deps.members.invite(tx, effects, updated, userId, {
          userIds: input.invitedUserIds,
          groupIds: input.invitedGroupIds,
        });
        // One notification per edit; its reason says whether the time or the start point changed, so the
        // list and the push can say so (null: other details).
        await effects.notify({
          userIds: told,
          type: 'ACTIVITY_EDIT',
          targetId: activity.id,
          actorId: userId,
          reason: editKind(activity, times, route),
          targetName: input.name,
        });
        return activity.id;
      });
      return answer(shown ?? input.activityId, userId);
    },

    /**
     * Admins set the optional backup route (drawn or a file, computed as the route is) or remove it (null). It waits
     * beside the route until a weather decision switches the two (backup-route.ts).
     */
    async setBackupRoute(userId: string, input: { activityId: string; route: RouteInput | null }, baseUrl: string) {
      // As for the route: only an admin gets a file parsed.
      if (input.route) await loadAsAdmin(input.activityId, userId, deps.db, false);
      const route = input.route ? await computeRoute(input.route, userId, baseUrl) : null;
      await change(async (tx) => {
        const { object: activity } = await loadAsAdmin(input.activityId, userId, tx);
        await assertRouteFileFits(activity, 'backupGpx', route?.gpx ?? null, tx);
        await repo.saveRouteFiles(
          activity.id,
          { backupRoute: route ? routeValues(route) : null, backupGpx: route?.gpx ?? null },
          tx,
        );
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
      try {
        await loadVisible(activityId, userId);
      } catch (err) {
        // A cancelled date opens as cancelled for whoever was in it (they were told of it), never as "not found".
        const cancelled =
          err instanceof ApiError && err.code === 'ACTIVITY_NOT_FOUND'
            ? await repo.cancelledFor(activityId, userId)
            : null;
        if (!cancelled) throw err;
        throw new ApiError('ACTIVITY_CANCELLED', {
          details: { ...cancelled, activityId, cancelledAt: cancelled.cancelledAt.toISOString() },
        });
      }
      return answer(activityId, userId);
    },

    async nearby(userId: string, body: CallBody<'activity/nearby-activities'>) {
      const now = deps.now();
      const requestedFrom = body.fromDate ? new Date(body.fromDate) : now;
      const rows = await repo.nearby(userId, {
        latitude: body.latitude,
        longitude: body.longitude,
        radiusMetres: body.radiusKm * 1000,
        sportIds: body.sportIds,
        difficulties: body.difficulties,
        maxDistanceMetres: body.maxDistanceMetres,
        fitsMe: body.fitsMe,
        maxGrade: body.maxGrade,
        stepFree: body.stepFree,
        order: body.order,
        // Only upcoming activities, however early the range starts.
        from: requestedFrom > now ? requestedFrom : now,
        to: body.toDate ? new Date(body.toDate) : undefined,
        page: body.pagination,
      });
      const viewer = await viewerOf(userId, rows);
      return { activities: rows.flatMap((row) => toSummary(row, viewer) ?? []) };
    },

    async listDaily(userId: string, body: CallBody<'activity/list-daily'>) {
      const range = dayRange(body.startDate, body.endDate);
      const rows = await repo.daily(userId, {
        onlyOwn: body.onlyOwn,
        ...range,
        page: { page: body.page, limit: body.limit },
      });
      const viewer = await viewerOf(userId, rows);
      return rows.flatMap((row) => toSummary(row, viewer) ?? []);
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

/** A stored place, its label in the reader's language when it is the gazetteer's (localized-place.ts). */
const place = (latitude: number, longitude: number, address: string | null, language: Language) =>
  address ? localizedPlace({ latitude, longitude, address }, language) : { latitude, longitude };

/**
 * An activity as `viewer` sees it: the start, or the meeting area in its place (meeting-area.ts), and neither where
 * the organiser's privacy zones may hold it (docs/privacy.md). `zones` are the organiser's zones for this viewer.
 */
function summaryFor(row: SummaryRow, viewer: ActivityViewer) {
  const zones = viewer.zones.zonesOf(row.creatorId);
  const meetingArea = meetingAreaFor(row);
  const start = meetingArea ? null : place(row.startLatitude, row.startLongitude, row.startAddress, viewer.language);
  const startHidden =
    zones.length > 0 &&
    ((start !== null && isInsideZones(start, zones)) ||
      (meetingArea !== null && mayHoldHiddenStart(meetingArea, zones)));
  const summary: ActivitySummary = {
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
    ...gradesView(row),
    totalDistance: row.totalDistance,
    totalElevationGain: row.totalElevationGain,
    requiredTime: row.requiredTime,
    stepFree: row.stepFree,
    start: startHidden ? null : start,
    meetingArea: startHidden ? null : meetingArea,
    group: row.groupId && row.groupName ? { groupId: row.groupId, name: row.groupName } : null,
    participantsCount: Number(row.participantsCount),
    seats: row.seats,
    seatsLeft:
      row.seats === null ? null : Math.max(0, row.seats - Number(row.participantsCount) - Number(row.waitlistedCount)),
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
    ...(row.distance !== undefined ? { distance: roundedDistance(row.distance) } : {}),
  };
  return { summary, zones, startHidden };
}

/** An activity in a list, as `viewer` sees it; null when it must not be listed. */
export function toSummary(row: SummaryRow, viewer: ActivityViewer): ActivitySummary | null {
  const { summary, startHidden } = summaryFor(row, viewer);
  // A distance to a hidden start is that start, found again from a few searches: such an activity is not listed.
  if (startHidden && summary.distance !== undefined) return null;
  return viewerMapped(summary);
}

/** The route columns a route view is made of: the activity's own, or its backup route's. */
type RouteColumns = Pick<
  StoredRoute,
  | 'routeMode'
  | 'startLatitude'
  | 'startLongitude'
  | 'startAddress'
  | 'destinationLatitude'
  | 'destinationLongitude'
  | 'destinationAddress'
  | 'routeSteps'
  | 'waypoints'
  | 'elevationProfile'
>;

/** A route as the app draws it: the one way both the route and the backup route are answered. */
function routeView(r: RouteColumns, language: Language): Activity['route'] {
  return {
    mode: r.routeMode,
    start: place(r.startLatitude, r.startLongitude, r.startAddress, language),
    destination:
      r.destinationLatitude !== null && r.destinationLongitude !== null
        ? place(r.destinationLatitude, r.destinationLongitude, r.destinationAddress, language)
        : null,
    routeSteps: r.routeSteps,
    routeBreaks: [],
    waypoints: r.waypoints as Activity['route']['waypoints'],
    elevationProfile: r.elevationProfile,
    // Set by visibleRoute where the organiser's privacy zones cut the route for this reader.
    hiddenByPrivacy: false,
  };
}

function backupRouteView(r: StoredRoute, sportId: string, language: Language): BackupRoute {
  return {
    route: routeView(r, language),
    totalDistance: r.totalDistance,
    totalElevationGain: r.totalElevationGain,
    smoothedElevationGain: r.smoothedElevationGain,
    elevationLoss: r.elevationLoss,
    estimatedMovingTime: estimateMovingTime(sportId, {
      distance: r.totalDistance,
      gain: r.smoothedElevationGain,
      loss: r.elevationLoss,
    }),
  };
}

/** An activity's page as `viewer` sees it: the summary's rules, and its routes cut by the area and the zones. */
function toActivity(
  row: NonNullable<DetailRow>,
  viewer: ActivityViewer,
  extra: Pick<Activity, 'waitlist' | 'waitlistCount' | 'overlappingWaitlists'> & {
    pendingRequestsCount: number;
    isOnlyAdmin: boolean;
    takesAttendance: boolean;
    blockedParticipantsCount: number;
    chatId: string | null;
    series: Activity['series'];
    participantLevels: DeclaredLevel[];
    calibrationOutcomes: CalibrationOutcome[];
  },
): Activity {
  const effort = { distance: row.totalDistance, gain: row.smoothedElevationGain, loss: row.elevationLoss };
  const { summary, zones } = summaryFor(row, viewer);
  const area = meetingAreaFor(row);
  const route = routeView(row, viewer.language);
  const backup = row.backupRoute && backupRouteView(row.backupRoute, row.sportId, viewer.language);
  return viewerMapped({
    ...summary,
    description: row.description,
    contact: row.contact,
    route: area ? routeOutside(route, area, zones) : visibleRoute(route, zones),
    // A backup route may start elsewhere: those who see an area see none until they take part.
    backupRoute: backup && !area ? { ...backup, route: visibleRoute(backup.route, zones) } : null,
    participantsPublic: row.participantsPublic,
    consent: consentOf(row),
    myConsent: consentGivenOf(row.myConsentVersion, row.myConsentedAt),
    routeAccess: row.routeAccess,
    smoothedElevationGain: row.smoothedElevationGain,
    elevationLoss: row.elevationLoss,
    // The same function the wizard uses (packages/geo): the climb without noise, the descent likewise.
    estimatedMovingTime: estimateMovingTime(row.sportId, effort),
    rejectionReason: row.myState === 'REJECTED' ? row.myRejectionReason : null,
    pendingRequestsCount: extra.pendingRequestsCount,
    isOnlyAdmin: extra.isOnlyAdmin,
    takesAttendance: extra.takesAttendance,
    blockedParticipantsCount: extra.blockedParticipantsCount,
    groupMovingTime: calibratedGroupMovingTime(row.sportId, effort, extra.participantLevels, extra.calibrationOutcomes),
    chatId: extra.chatId,
    series: extra.series,
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    joinDeadlineHours: row.joinDeadlineHours,
    claimWindowMinutes: row.claimWindowMinutes,
    joinDeadlineAt: joinDeadline(row)?.toISOString() ?? null,
    waitlistCount: extra.waitlistCount,
    waitlist: extra.waitlist,
    overlappingWaitlists: extra.overlappingWaitlists,
  });
}
