import type { Difficulty, Grade, NearbyOrder } from '@cordata/contract';
import { NEARBY_ORDERS } from '@cordata/contract/enums';
import { and, asc, count, eq, gte, inArray, isNull, lte, type Placeholder, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, type DbOrTx, preparedOn, queryRows, uuidArray } from '../../db/client.ts';
import {
  activities,
  activityMembers,
  activityRoutes,
  activitySeries,
  chats,
  groupMembers,
  groups,
  type MemberState,
  userSports,
  users,
} from '../../db/schema.ts';
import {
  activityExactPointVisibleSql,
  activityVisibleSql,
  groupMemberSql,
  hasBlockedSql,
  organiserNotBlockedSql,
} from '../access/access.ts';
import { zoneCirclesJsonSql } from '../privacy/privacy.repository.ts';
import { calibrationOutcomesSql } from '../recordings/outcomes.sql.ts';
import {
  type OverlappingWaitlistJson,
  overlappingWaitlistsJsonSql,
  type WaitlistPlaceJson,
  waitlistPlaceJsonSql,
} from '../seats/seats.repository.ts';
import { contactsAmong } from '../users/contacts.repository.ts';
import { atMostGradeSql } from './activity-grades.sql.ts';
import { withinLevelSql } from './partner-fit.sql.ts';

export type ActivityRow = typeof activities.$inferSelect;
/** The two files an activity may keep: its route's and its backup route's. */
export type RouteFile = 'gpx' | 'backupGpx';
export type NewActivityRow = typeof activities.$inferInsert;
export type MemberRow = typeof activityMembers.$inferSelect;

/** The caller's own membership row, joined to every activity read. */
const mine = alias(activityMembers, 'mine');
const creator = alias(users, 'creator');

/**
 * Spec §9 distances use a 6371 km sphere; earthdistance uses earth() (6378.168 km). Both measure the same
 * angle, so scaling by their ratio keeps the index condition while answering in spec metres.
 */
const EARTH_RADIUS_METRES = 6_371_000;
/**
 * Nearby reads the meeting area's centre (what everyone may see, and what activities_near_idx holds): the walk,
 * its order and its page never depend on a hidden start. Only the radius and the distance of those taking part
 * use the start itself (seenPoint).
 */
const areaPoint = sql`ll_to_earth(${activities.areaLatitude}, ${activities.areaLongitude})`;
const startPoint = sql`ll_to_earth(${activities.startLatitude}, ${activities.startLongitude})`;
/** The area's centre is at most this far from the start (migration 0030): the walk's box grows by it. */
const AREA_OFFSET_MAX_METRES = 350;

const participantsCount = sql<number>`(select count(*)::int from ${activityMembers} pm
  where pm.activity_id = ${activities.id} and pm.state = 'PARTICIPATING')`;

/** People waiting for a seat, counted only where there are seats (the answer's seatsLeft). */
const waitlistedCount = sql<number>`(case when ${activities.seats} is null then 0 else (select count(*)::int
  from ${activityMembers} wm where wm.activity_id = ${activities.id} and wm.state = 'WAITLISTED') end)`;

const summaryColumns = {
  id: activities.id,
  name: activities.name,
  sportId: activities.sportId,
  date: activities.date,
  startTime: activities.startTime,
  endTime: activities.endTime,
  timeZone: activities.timeZone,
  startsAt: activities.startsAt,
  endsAt: activities.endsAt,
  access: activities.access,
  visibility: activities.visibility,
  difficulty: activities.difficulty,
  grades: activities.grades,
  hazards: activities.hazards,
  totalDistance: activities.totalDistance,
  totalElevationGain: activities.totalElevationGain,
  requiredTime: activities.requiredTime,
  stepFree: sql<boolean>`coalesce((${activities.routeAccess} ->> 'stepFree') = 'true', false)`,
  startLatitude: activities.startLatitude,
  startLongitude: activities.startLongitude,
  startAddress: activities.startAddress,
  areaLatitude: activities.areaLatitude,
  areaLongitude: activities.areaLongitude,
  groupId: activities.groupId,
  groupName: groups.name,
  participantsCount,
  seats: activities.seats,
  waitlistedCount,
  creatorId: creator.id,
  creatorUsername: creator.username,
  creatorFirstName: creator.firstName,
  creatorLastName: creator.lastName,
  creatorProfilePicture: creator.profilePicture,
  creatorLastOnlineAt: creator.lastOnlineAt,
  // The organiser's privacy zones, which trim the route for every other reader (docs/privacy.md).
  creatorZones: zoneCirclesJsonSql(creator.id),
  myState: mine.state,
  myIsAdmin: mine.isAdmin,
};

const detailColumns = {
  ...summaryColumns,
  description: activities.description,
  contact: activities.contact,
  routeMode: activities.routeMode,
  destinationLatitude: activities.destinationLatitude,
  destinationLongitude: activities.destinationLongitude,
  destinationAddress: activities.destinationAddress,
  routeSteps: activities.routeSteps,
  waypoints: activities.waypoints,
  elevationProfile: activities.elevationProfile,
  smoothedElevationGain: activities.smoothedElevationGain,
  elevationLoss: activities.elevationLoss,
  backupRoute: activityRoutes.backupRoute,
  routeAccess: activities.routeAccess,
  myRejectionReason: mine.rejectionReason,
  joinDeadlineHours: activities.joinDeadlineHours,
  claimWindowMinutes: activities.claimWindowMinutes,
  participantsPublic: activities.participantsPublic,
  consentText: activities.consentText,
  consentVersion: activities.consentVersion,
  myConsentVersion: mine.consentVersion,
  myConsentedAt: mine.consentedAt,
  closedAt: activities.closedAt,
  createdAt: activities.createdAt,
  updatedAt: activities.updatedAt,
};

export type SummaryRow = Awaited<ReturnType<ActivitiesRepository['daily']>>[number] & { distance?: number };
export type DetailRow = Awaited<ReturnType<ActivitiesRepository['readDetail']>>;

const paging = (page: { page: number; limit: number }) => ({ limit: page.limit, offset: (page.page - 1) * page.limit });
/*
 * The hot reads run as named statements, one name per shape of SQL text (drizzle leaves out `offset 0`, and a
 * list of n sports is n parameters), built once with placeholders, so PostgreSQL parses and plans each shape once
 * per connection instead of on every call: planning cost more than running them. PGlite ignores the names.
 */

export interface NearbyQuery {
  latitude: number;
  longitude: number;
  radiusMetres: number;
  sportIds?: string[];
  difficulties?: Difficulty[];
  maxDistanceMetres?: number;
  fitsMe?: boolean;
  maxGrade?: Grade;
  /** Only routes OpenStreetMap shows step-free (issue 38). */
  stepFree?: boolean;
  from: Date;
  to?: Date;
  order: NearbyOrder;
  page: { page: number; limit: number };
}

/** What nearbySelect is built from: values, or placeholders for a prepared statement. */
interface NearbyParams {
  userId: string | Placeholder;
  latitude: number | Placeholder;
  longitude: number | Placeholder;
  radiusMetres: number | Placeholder;
  from: Date | Placeholder;
  to?: Date | Placeholder;
  sportId?: string | Placeholder;
  sportIds?: string[];
  difficulties?: Difficulty[];
  maxDistanceMetres?: number;
  fitsMe?: boolean;
  maxGrade?: Grade;
  /** Only routes OpenStreetMap shows step-free (issue 38). */
  stepFree?: boolean;
  order: NearbyOrder;
  limit: number | Placeholder;
  offset?: number | Placeholder;
}

export interface DailyQuery {
  onlyOwn: boolean;
  from: Date;
  to: Date;
}

export function createActivitiesRepository(db: Db) {
  const selectSummaries = (userId: string, tx: DbOrTx = db) =>
    tx
      .select(summaryColumns)
      .from(activities)
      .leftJoin(mine, and(eq(mine.activityId, activities.id), eq(mine.userId, userId)))
      .leftJoin(creator, eq(creator.id, activities.createdBy))
      .leftJoin(groups, eq(groups.id, activities.groupId))
      .$dynamic();

  /**
   * Activities of a calendar: the ones I take part in, or (onlyOwn) the ones I created. Written as a semi-join
   * so that both sides can come from narrow indexes (activities_day_idx, activity_members_user_idx) alone.
   */
  const dailyCondition = (
    userId: string | Placeholder,
    q: { onlyOwn: boolean; from: Date | Placeholder; to: Date | Placeholder },
  ) =>
    and(
      isNull(activities.deletedAt),
      gte(activities.startsAt, q.from),
      lte(activities.startsAt, q.to),
      // Taking part is not enough for an activity limited to sub-groups one has left (issue 40, access.ts).
      q.onlyOwn ? undefined : activityVisibleSql(userId),
      q.onlyOwn
        ? eq(activities.createdBy, userId)
        : inArray(
            activities.id,
            db
              .select({ id: activityMembers.activityId })
              .from(activityMembers)
              .where(and(eq(activityMembers.userId, userId), eq(activityMembers.state, 'PARTICIPATING'))),
          ),
    );

  /**
   * Nearest first through the GiST index on ll_to_earth(start): `<->` walks the index in distance order,
   * earth_box bounds the walk to the radius, earth_distance keeps only what is truly inside. The walk runs on
   * activities alone and stops at the page; only the page's rows are then joined, so the planner has no reason
   * to fetch the whole box and sort it. `deleted_at is null` must stay: the index is partial on it.
   * With order STARTS_AT the page is the soonest first, still bounded by the same box and radius: the planner
   * then either reads the box through the GiST index and sorts it, or walks activities_day_idx in start order.
   * The values may be placeholders: the common shapes are prepared once (nearbyStatement).
   */
  const nearbySelect = (p: NearbyParams, tx: DbOrTx = db) => {
    const centre = sql`ll_to_earth(${p.latitude}::float8, ${p.longitude}::float8)`;
    const earthRadius = sql`(${p.radiusMetres}::float8 * earth() / ${EARTH_RADIUS_METRES})`;
    const boxRadius = sql`((${p.radiusMetres}::float8 + ${AREA_OFFSET_MAX_METRES}) * earth() / ${EARTH_RADIUS_METRES})`;
    // What the viewer may see (activityRules.exactPointVisible): the start, or the area's centre.
    const seenPoint = sql`(case when ${activityExactPointVisibleSql(p.userId)} then ${startPoint} else ${areaPoint} end)`;
    const near = tx
      .select({
        id: activities.id,
        startsAt: activities.startsAt,
        distance: sql<number>`earth_distance(${seenPoint}, ${centre}) * ${EARTH_RADIUS_METRES} / earth()`
          .mapWith(Number)
          .as('distance'),
      })
      .from(activities)
      .where(
        and(
          isNull(activities.deletedAt),
          sql`earth_box(${centre}, ${boxRadius}) @> ${areaPoint}`,
          sql`earth_distance(${seenPoint}, ${centre}) <= ${earthRadius}`,
          gte(activities.startsAt, p.from),
          p.to === undefined ? undefined : lte(activities.startsAt, p.to),
          p.sportIds === undefined ? undefined : inArray(activities.sportId, p.sportIds),
          p.sportId === undefined ? undefined : eq(activities.sportId, p.sportId),
          p.difficulties === undefined ? undefined : inArray(activities.difficulty, p.difficulties),
          p.maxDistanceMetres === undefined ? undefined : lte(activities.totalDistance, p.maxDistanceMetres),
          p.fitsMe ? withinLevelSql(p.userId) : undefined,
          p.maxGrade ? atMostGradeSql(p.maxGrade) : undefined,
          p.stepFree ? sql`${activities.routeAccess} ->> 'stepFree' = 'true'` : undefined,
          activityVisibleSql(p.userId),
          organiserNotBlockedSql(p.userId),
        ),
      )
      .orderBy(
        ...(p.order === 'STARTS_AT'
          ? [asc(activities.startsAt), asc(activities.id)]
          : [sql`${areaPoint} <-> ${centre}`]),
      )
      .limit(p.limit);
    const page = (p.offset === undefined ? near : near.offset(p.offset)).as('near');
    return tx
      .select({ ...summaryColumns, distance: page.distance })
      .from(page)
      .innerJoin(activities, eq(activities.id, page.id))
      .leftJoin(mine, and(eq(mine.activityId, activities.id), eq(mine.userId, p.userId)))
      .leftJoin(creator, eq(creator.id, activities.createdBy))
      .leftJoin(groups, eq(groups.id, activities.groupId))
      .orderBy(...(p.order === 'STARTS_AT' ? [asc(page.startsAt), asc(page.id)] : [asc(page.distance), asc(page.id)]));
  };

  const concreteParams = (userId: string, q: NearbyQuery): NearbyParams => {
    const { limit, offset } = paging(q.page);
    return {
      userId,
      ...q,
      offset: offset || undefined,
      limit,
      sportIds: q.sportIds?.length ? q.sportIds : undefined,
      difficulties: q.difficulties?.length ? q.difficulties : undefined,
    };
  };
  const nearbyQuery = (userId: string, q: NearbyQuery, tx: DbOrTx = db) => nearbySelect(concreteParams(userId, q), tx);

  /**
   * Home asks nearby in either order, with no sport or one, with or without an end date, on the first page or a
   * later one: sixteen shapes, each built and prepared once (building the query cost more than the database's
   * work), executed with the request's values. Difficulties and a route length are rarer: they run unprepared.
   */
  type NearbyShape = { order: NearbyOrder; sport: boolean; to: boolean; next: boolean };
  const nearbyStatements = new Map<string, ReturnType<typeof prepareNearby>>();
  const prepareNearby = (key: string, shape: NearbyShape) =>
    nearbySelect({
      order: shape.order,
      userId: sql.placeholder('userId'),
      latitude: sql.placeholder('latitude'),
      longitude: sql.placeholder('longitude'),
      radiusMetres: sql.placeholder('radiusMetres'),
      from: sql.placeholder('from'),
      to: shape.to ? sql.placeholder('to') : undefined,
      sportId: shape.sport ? sql.placeholder('sportId') : undefined,
      limit: sql.placeholder('limit'),
      offset: shape.next ? sql.placeholder('offset') : undefined,
    }).prepare(`nearby_${key}`);
  const nearbyStatement = (shape: NearbyShape) => {
    const key = `${shape.order === 'STARTS_AT' ? 'soon' : 'near'}_${shape.sport ? 'sport' : 'all'}_${shape.to ? 'window' : 'open'}_${shape.next ? 'page' : 'first'}`;
    const known = nearbyStatements.get(key);
    if (known) return known;
    const statement = prepareNearby(key, shape);
    nearbyStatements.set(key, statement);
    return statement;
  };
  // Every shape is built at start rather than on first use, so that the instance's warm-up prepares them all.
  const bothWays = [false, true];
  for (const order of NEARBY_ORDERS)
    for (const sport of bothWays)
      for (const to of bothWays) for (const next of bothWays) nearbyStatement({ order, sport, to, next });

  /** The page of ids first, then only its rows are read and joined. */
  const dailySelect = (
    userId: string | Placeholder,
    q: { onlyOwn: boolean; from: Date | Placeholder; to: Date | Placeholder },
    limit: number | Placeholder,
    offset: number | Placeholder,
  ) => {
    const page = db
      .select({ id: activities.id, startsAt: activities.startsAt })
      .from(activities)
      .where(dailyCondition(userId, q))
      .orderBy(asc(activities.startsAt), asc(activities.id))
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select(summaryColumns)
      .from(page)
      .innerJoin(activities, eq(activities.id, page.id))
      .leftJoin(mine, and(eq(mine.activityId, activities.id), eq(mine.userId, userId)))
      .leftJoin(creator, eq(creator.id, activities.createdBy))
      .leftJoin(groups, eq(groups.id, activities.groupId))
      .orderBy(asc(page.startsAt), asc(page.id));
  };
  const dailyQuery = (userId: string, q: DailyQuery & { page: { page: number; limit: number } }) => {
    const { limit, offset } = paging(q.page);
    return dailySelect(userId, q, limit, offset);
  };

  /**
   * The calendar's two reads, each built and prepared once per shape (onlyOwn or not; the first page, which
   * drizzle writes without `offset`, or a later one) and executed with the request's values.
   */
  const placeholders = { from: sql.placeholder('from'), to: sql.placeholder('to') };
  const dailyStatements = new Map<string, ReturnType<typeof prepareDaily>>();
  const prepareDaily = (name: string, onlyOwn: boolean, next: boolean) =>
    dailySelect(
      sql.placeholder('userId'),
      { onlyOwn, ...placeholders },
      sql.placeholder('limit'),
      next ? sql.placeholder('offset') : 0,
    ).prepare(name);
  const dailyStatement = (onlyOwn: boolean, next: boolean) => {
    const name = `daily_${next ? 'page' : 'first'}${onlyOwn ? '_own' : ''}`;
    let statement = dailyStatements.get(name);
    if (!statement) {
      statement = prepareDaily(name, onlyOwn, next);
      dailyStatements.set(name, statement);
    }
    return statement;
  };
  for (const onlyOwn of bothWays) for (const next of bothWays) dailyStatement(onlyOwn, next);
  const day = sql<string>`to_char(${activities.startsAt} at time zone ${sql.placeholder('timeZone')}, 'YYYY-MM-DD')`;
  const countDailyStatements = [false, true].map((onlyOwn) =>
    db
      .select({ date: day, count: count() })
      .from(activities)
      .where(dailyCondition(sql.placeholder('userId'), { onlyOwn, ...placeholders }))
      // By position: the zone is a parameter, and two parameters are two expressions to PostgreSQL.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .prepare(`count_daily${onlyOwn ? '_own' : ''}`),
  );

  const detailStatement = (() => {
    const userId = sql.placeholder('userId');
    const members = (state: MemberState, extra = sql``) =>
      sql<number>`(select count(*)::int from ${activityMembers} dm
        where dm.activity_id = ${activities.id} and dm.state = ${state} ${extra})`;
    return preparedOn(
      db,
      'activity_detail',
      db
        .select({
          ...detailColumns,
          chatId: sql<string | null>`(select dc.id from ${chats} dc where dc.activity_id = ${activities.id})`,
          allWaitlistedCount: members('WAITLISTED'),
          requestedCount: members('REQUESTED'),
          adminsCount: members('PARTICIPATING', sql`and dm.is_admin`),
          blockedParticipantsCount: members('PARTICIPATING', sql`and ${hasBlockedSql(userId, sql`dm.user_id`)}`),
          participantLevels: sql<{ kind: string; value: number }[]>`(select coalesce(json_agg(json_build_object(
              'kind', us.intensity_kind, 'value', us.intensity_value)), '[]'::json)
            from ${activityMembers} lm join ${userSports} us on us.user_id = lm.user_id and us.sport_id = ${activities.sportId}
            where lm.activity_id = ${activities.id} and lm.state = 'PARTICIPATING')`,
          calibrationOutcomes: calibrationOutcomesSql(),
          seriesId: activitySeries.id,
          seriesRule: activitySeries.rule,
          seriesStartDate: activitySeries.startDate,
          seriesExDates: activitySeries.exDates,
          occurrenceDate: activities.occurrenceDate,
          // The caller's seat facts (docs/seats.md): their place while they wait, their other waitlists at the same
          // time while they take part.
          waitlistPlace: sql<WaitlistPlaceJson | null>`${waitlistPlaceJsonSql('mine')}`,
          overlappingWaitlists: sql<OverlappingWaitlistJson[]>`(case when ${mine.state} = 'PARTICIPATING'
            then ${overlappingWaitlistsJsonSql(userId, activities)} else '[]'::json end)`,
        })
        .from(activities)
        .leftJoin(mine, and(eq(mine.activityId, activities.id), eq(mine.userId, userId)))
        .leftJoin(creator, eq(creator.id, activities.createdBy))
        .leftJoin(groups, eq(groups.id, activities.groupId))
        .leftJoin(activityRoutes, eq(activityRoutes.activityId, activities.id))
        .leftJoin(activitySeries, eq(activitySeries.id, activities.seriesId))
        .where(eq(activities.id, sql.placeholder('activityId'))),
    );
  })();

  return {
    /** A live (not deleted) activity; `lock` holds it for the transaction so membership changes queue up. */
    async find(activityId: string, tx: DbOrTx = db, options: { lock?: boolean } = {}) {
      const query = tx
        .select()
        .from(activities)
        .where(and(eq(activities.id, activityId), isNull(activities.deletedAt)));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * The whole activity as `userId` sees it, with everything its answer counts (issue 17): read after every change
     * of it (join, exit, an admin's decision, an edit) and by read-info, so one prepared statement.
     */
    async readDetail(activityId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await detailStatement.on(tx).execute({ activityId, userId });
      return row ?? null;
    },

    /**
     * A cancelled activity (a date of a series, or one cancelled for the weather) as someone who was in it sees it:
     * its name and when it was; null when it is not cancelled or the person had no part in it (issue 22).
     */
    async cancelledFor(activityId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({
          name: activities.name,
          date: activities.date,
          startTime: activities.startTime,
          cancelledAt: activities.cancelledAt,
        })
        .from(activities)
        .innerJoin(
          activityMembers,
          and(eq(activityMembers.activityId, activities.id), eq(activityMembers.userId, userId)),
        )
        .where(
          and(
            eq(activities.id, activityId),
            sql`${activities.cancelledAt} is not null`,
            // Removed or rejected people learn nothing more of it than of any activity gone.
            inArray(activityMembers.state, ['PARTICIPATING', 'WAITLISTED', 'INVITED', 'REQUESTED']),
          ),
        );
      return row?.cancelledAt ? { ...row, cancelledAt: row.cancelledAt } : null;
    },

    async insert(values: NewActivityRow, tx: DbOrTx = db) {
      const [row] = await tx.insert(activities).values(values).returning();
      return row!;
    },

    async update(activityId: string, values: Partial<NewActivityRow>, tx: DbOrTx = db) {
      await tx
        .update(activities)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(activities.id, activityId));
    },

    /** A deleted group's activities become standalone. */
    async detachFromGroup(groupId: string, tx: DbOrTx = db) {
      await tx.update(activities).set({ groupId: null }).where(eq(activities.groupId, groupId));
    },

    /**
     * Bytes of the route files (routes and backup routes) of the activities a person created, as uploaded (the
     * length needs no decompressing), but for the one file about to be replaced.
     */
    async routeFileBytes(createdBy: string, replacing: { activityId: string; file: RouteFile }, tx: DbOrTx = db) {
      const replaced = activityRoutes[replacing.file];
      const [row] = await tx
        .select({
          bytes: sql<string>`coalesce(sum(coalesce(octet_length(${activityRoutes.gpx}), 0)
            + coalesce(octet_length(${activityRoutes.backupGpx}), 0)
            - case when ${activities.id} = ${replacing.activityId} then coalesce(octet_length(${replaced}), 0)
              else 0 end), 0)`,
        })
        .from(activityRoutes)
        .innerJoin(activities, eq(activities.id, activityRoutes.activityId))
        .where(and(eq(activities.createdBy, createdBy), isNull(activities.deletedAt)));
      return Number(row?.bytes ?? 0);
    },

    /** Stores the route's file, the backup route, or both (what is left out stays). */
    async saveRouteFiles(
      activityId: string,
      values: Partial<Pick<typeof activityRoutes.$inferInsert, 'gpx' | 'backupGpx' | 'backupRoute'>>,
      tx: DbOrTx = db,
    ) {
      await tx
        .insert(activityRoutes)
        .values({ activityId, ...values })
        .onConflictDoUpdate({ target: activityRoutes.activityId, set: values });
    },

    async chatId(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx.select({ id: chats.id }).from(chats).where(eq(chats.activityId, activityId));
      return row?.id ?? null;
    },

    async liveGroup(groupId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: groups.id, name: groups.name })
        .from(groups)
        .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
      return row ?? null;
    },

    /**
     * For each of `userIds`: their membership state in the activity (null without one) and whether they are a
     * member of `groupId` (true without a group), in the order given. One statement over one uuid[] parameter.
     */
    async candidateStates(activityId: string, groupId: string | null, userIds: string[], tx: DbOrTx = db) {
      if (!userIds.length) return [];
      // A group activity's invitees are its group's members, and of a limited one those who see it (issue 40).
      const inGroup = groupId
        ? sql`(${groupMemberSql(groupId, sql`c.id`)} and exists (select 1 from ${activities}
            where ${activities.id} = ${activityId} and ${activityVisibleSql(sql`c.id`)}))`
        : sql`true`;
      return queryRows<{ userId: string; state: MemberState | null; inGroup: boolean }>(
        tx,
        sql`select c.id as "userId", am.state, ${inGroup} as "inGroup"
            from unnest(${uuidArray(userIds)}) with ordinality as c(id, n)
            left join ${activityMembers} am on am.activity_id = ${activityId} and am.user_id = c.id
            order by c.n`,
      );
    },

    /** The live groups among `groupIds` that `userId` is a member of, with their members. */
    async membersOfGroups(groupIds: string[], tx: DbOrTx = db) {
      if (!groupIds.length) return [];
      return tx
        .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(
          and(
            sql`${groupMembers.groupId} = any(${uuidArray(groupIds)})`,
            eq(groupMembers.state, 'PARTICIPATING'),
            isNull(groups.deletedAt),
          ),
        );
    },

    contactsAmong: (userId: string, userIds: string[], tx: DbOrTx = db) => contactsAmong(userId, userIds, tx),

    async summaries(userId: string, ids: string[]) {
      if (!ids.length) return [];
      return selectSummaries(userId).where(inArray(activities.id, ids));
    },

    nearbyQuery,
    /**
     * The planner cannot size the box (it costs a cube `<@` at 0.1 % of the table). One sport and the dates are
     * conditions of the index walk, but a list of sports is not (GiST takes no `= any`), and with one the planner
     * would fetch the whole box through a bitmap and sort it: 100 000 rows around a city on a million. The
     * nearest-first walk stops at the page, so bitmaps are off for that query.
     */
    async nearby(userId: string, q: NearbyQuery) {
      const sports = q.sportIds ?? [];
      // Soonest first has no nearest-first walk to keep: the planner chooses freely.
      if (sports.length > 1 && q.order === 'DISTANCE') {
        return db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          return nearbyQuery(userId, q, tx);
        });
      }
      if (
        sports.length > 1 ||
        q.difficulties?.length ||
        q.maxDistanceMetres !== undefined ||
        q.fitsMe ||
        q.maxGrade ||
        q.stepFree
      ) {
        return nearbyQuery(userId, q);
      }
      const { limit, offset } = paging(q.page);
      const shape = { order: q.order, sport: sports.length === 1, to: q.to !== undefined, next: offset > 0 };
      return nearbyStatement(shape).execute({
        userId,
        latitude: q.latitude,
        longitude: q.longitude,
        radiusMetres: q.radiusMetres,
        from: q.from,
        to: q.to,
        sportId: sports[0],
        limit,
        offset,
      });
    },

    dailyQuery,
    async daily(userId: string, q: DailyQuery & { page: { page: number; limit: number } }) {
      const { limit, offset } = paging(q.page);
      return dailyStatement(q.onlyOwn, offset > 0).execute({
        userId,
        from: q.from.toISOString(),
        to: q.to.toISOString(),
        limit,
        offset,
      });
    },

    /** Per local day in `timeZone` (a canonical IANA name), how many activities start. */
    async countDaily(userId: string, q: DailyQuery & { timeZone: string }) {
      return countDailyStatements[q.onlyOwn ? 1 : 0]!.execute({
        userId,
        from: q.from.toISOString(),
        to: q.to.toISOString(),
        timeZone: q.timeZone,
      });
    },
  };
}

export type ActivitiesRepository = ReturnType<typeof createActivitiesRepository>;
