import type { Gender } from '@cordata/contract/enums';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { activities, activityMembers, groupMembers, groups, pushTokens, userSports, users } from '../../db/schema.ts';
import {
  activityParticipantsVisibleSql,
  activityVisibleSql,
  blockedPairSql,
  groupMembersVisibleSql,
  organiserNotBlockedSql,
} from '../access/access.ts';
import { paceGroupsOfSql } from '../groups/pace-groups.sql.ts';
import type { PaceGroupLevelRow } from './own-user.ts';

export type UserRow = typeof users.$inferSelect;
export type UserSportRow = Pick<typeof userSports.$inferSelect, 'sportId' | 'intensityKind' | 'intensityValue'>;

/** The columns a public profile is made of: never e-mail, phone or the birth date itself. */
const publicColumns = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  profilePicture: users.profilePicture,
  lastOnlineAt: users.lastOnlineAt,
  country: users.country,
  city: users.city,
  birthDate: users.birthDate,
  gender: users.gender,
};
export type PublicUserRow = {
  userId: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profilePicture: string | null;
  lastOnlineAt: Date | null;
  country: string | null;
  city: string | null;
  birthDate: string | null;
  gender: Gender | null;
};

export interface ExploreFilter {
  /** Accent-free, lowercased words that must all appear in the name or username. */
  words: string[];
  sportIds: string[];
  near: { latitude: number; longitude: number; radiusKm: number } | null;
  limit: number;
  offset: number;
  /** Without a name, how many people are ranked: the nearest, or with no place the last online. */
  candidates?: number;
}

export type ExploreRow = PublicUserRow & { sharedSports: string[]; distanceKm: number | null };

/** How many people a search without a name ranks: the nearest, or the most recently online. */
export const EXPLORE_CANDIDATES = 2000;
/**
 * People are found and measured from the centre of the ~2 km cell their home falls in, never from
 * the home itself, so no choice of centre and radius can trilaterate it (security review M4).
 */
export const HOME_CELL_DEGREES = 0.02;
const HOME_CELL_SLACK_M = 2000;

const escapeLike = (word: string) => word.replace(/[\\%_]/g, '\\$&');

export function createUsersRepository(db: DbOrTx) {
  return {
    findOwn: (userId: string, tx: DbOrTx = db) =>
      tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .then((rows) => rows[0]),

    /** Someone others may see: a live account with a completed profile. */
    findPublic: (userId: string, tx: DbOrTx = db) =>
      tx
        .select(publicColumns)
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt), eq(users.completed, true)))
        .then((rows) => rows[0] as PublicUserRow | undefined),

    /** The levels of the pace groups the person is in, in the groups they take part in (issue 40). */
    paceGroupLevelsOf: (userId: string, tx: DbOrTx = db) =>
      queryRows<PaceGroupLevelRow>(
        tx,
        sql`select sg.sport_id as "sportId", sg.intensity_kind as "intensityKind",
            sg.intensity_value as "intensityValue", sg.name as "subgroupName"
          from ${paceGroupsOfSql(userId)} order by sg.sport_id, sg.name`,
      ),

    sportsOf: async (userIds: string[], tx: DbOrTx = db) => {
      if (!userIds.length) return new Map<string, UserSportRow[]>();
      const rows = await tx
        .select({
          userId: userSports.userId,
          sportId: userSports.sportId,
          intensityKind: userSports.intensityKind,
          intensityValue: userSports.intensityValue,
        })
        .from(userSports)
        .where(inArray(userSports.userId, userIds))
        .orderBy(asc(userSports.sportId));
      const byUser = new Map<string, UserSportRow[]>(userIds.map((id) => [id, []]));
      for (const { userId, ...sport } of rows) byUser.get(userId)?.push(sport);
      return byUser;
    },

    replaceSports: async (userId: string, sports: UserSportRow[], tx: DbOrTx = db) => {
      await tx.delete(userSports).where(eq(userSports.userId, userId));
      if (sports.length) await tx.insert(userSports).values(sports.map((s) => ({ userId, ...s })));
    },

    usernameTaken: (username: string, exceptUserId: string, tx: DbOrTx = db) =>
      tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, ne(users.id, exceptUserId)))
        .limit(1)
        .then((rows) => rows.length > 0),

    update: (userId: string, values: Partial<typeof users.$inferInsert>, tx: DbOrTx = db) =>
      tx
        .update(users)
        .set({ ...values, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .returning()
        .then((rows) => rows[0]),

    setLastOnline: (userId: string, at: Date, tx: DbOrTx = db) =>
      tx.update(users).set({ lastOnlineAt: at }).where(eq(users.id, userId)),

    preferences: (userId: string, tx: DbOrTx = db) =>
      tx
        .select({ preferences: users.notificationPreferences, reminderMinutes: users.reminderMinutes })
        .from(users)
        .where(eq(users.id, userId))
        .then((rows) => rows[0] ?? { preferences: {}, reminderMinutes: null }),

    /**
     * Merges the given switches into the stored ones (and sets the reminder lead time when given), in one
     * statement so two devices never lose a change.
     */
    mergePreferences: (userId: string, changes: Record<string, boolean>, reminderMinutes?: number, tx: DbOrTx = db) =>
      tx
        .update(users)
        .set({
          notificationPreferences: sql`${users.notificationPreferences} || ${JSON.stringify(changes)}::jsonb`,
          ...(reminderMinutes === undefined ? {} : { reminderMinutes }),
        })
        .where(eq(users.id, userId))
        .returning({ preferences: users.notificationPreferences, reminderMinutes: users.reminderMinutes })
        .then((rows) => rows[0] ?? { preferences: {}, reminderMinutes: null }),

    /**
     * A device's token belongs to the session that registered it last; a session keeps one token,
     * so a device whose token changed does not get each push twice.
     */
    registerPushToken: (
      owner: { userId: string; sessionId: string },
      token: string,
      platform: 'android' | 'ios' | 'web',
      tx: DbOrTx = db,
    ) =>
      tx.transaction(async (t) => {
        await t.delete(pushTokens).where(and(eq(pushTokens.sessionId, owner.sessionId), ne(pushTokens.token, token)));
        await t
          .insert(pushTokens)
          .values({ token, userId: owner.userId, sessionId: owner.sessionId, platform })
          .onConflictDoUpdate({
            target: pushTokens.token,
            set: { userId: owner.userId, sessionId: owner.sessionId, platform, lastSeenAt: sql`now()` },
            // A token already held by someone else's live session stays theirs (review L10): a device
            // changes hands only from the same person, or from a session that has ended.
            setWhere: sql`${pushTokens.userId} = ${owner.userId} or not exists (
              select 1 from sessions s where s.id = ${pushTokens.sessionId}
                and s.revoked_at is null and s.expires_at > now())`,
          });
      }),

    /** Removes the token of one session only: the other phones of the person keep their pushes. */
    unregisterPushToken: (owner: { userId: string; sessionId: string }, tx: DbOrTx = db) =>
      tx.delete(pushTokens).where(and(eq(pushTokens.userId, owner.userId), eq(pushTokens.sessionId, owner.sessionId))),

    /**
     * People to meet, best first: how well the name matches, then shared sports at a similar
     * intensity plus nearness, then who was online last. Distances are from `near` or the caller's home.
     */
    explore: async (me: string, f: ExploreFilter, tx: DbOrTx = db) => {
      const center = f.near
        ? sql`ll_to_earth(${f.near.latitude}, ${f.near.longitude})`
        : sql`(select ll_to_earth(home_latitude, home_longitude) from users where id = ${me} and home_latitude is not null)`;
      const home = sql`ll_to_earth(u.home_latitude, u.home_longitude)`;
      const cell = sql`ll_to_earth(round(u.home_latitude / ${HOME_CELL_DEGREES}) * ${HOME_CELL_DEGREES},
        round(u.home_longitude / ${HOME_CELL_DEGREES}) * ${HOME_CELL_DEGREES})`;
      const all = (parts: ReturnType<typeof sql>[]) => sql.join(parts, sql` and `);
      const contains = f.words.map((w) => sql`u.search_name like ${`%${escapeLike(w)}%`}`);
      const startsWord = f.words.map((w) => sql`(' ' || u.search_name) like ${`% ${escapeLike(w)}%`}`);
      const phrase = f.words.join(' ');
      const textTier = f.words.length
        ? sql`case when lower(coalesce(u.username, '')) = ${phrase} then 3
            when ${all(startsWord)} then 2 when ${all(contains)} then 1 else 0 end`
        : sql`0`;
      const similarity = f.words.length ? sql`word_similarity(${phrase}, u.search_name)` : sql`0`;
      // Names that contain every word, each found through the trigram index; only when nobody does, names
      // similar to the query (a typo). One OR of both would make the planner read every row.
      const fuzzy =
        f.words.length > 0 &&
        !(
          await queryRows(
            tx,
            sql`select 1 from users u where u.deleted_at is null and u.completed and u.id <> ${me} and ${all(contains)} limit 1`,
          )
        ).length;
      const conditions = [
        sql`u.id <> ${me}`,
        sql`u.deleted_at is null`,
        // Nobody finds a person who blocked them, nor sees those they blocked (issue 23).
        sql`not ${blockedPairSql(sql`u.id`, me)}`,
        sql`u.completed`,
        f.words.length ? (fuzzy ? sql`${phrase} <% u.search_name` : all(contains)) : undefined,
        f.sportIds.length
          ? sql`exists (select 1 from user_sports f where f.user_id = u.id and f.sport_id in ${f.sportIds})`
          : undefined,
        f.near
          ? sql`u.home_latitude is not null
              and earth_box(${center}, ${f.near.radiusKm * 1000 + HOME_CELL_SLACK_M}) @> ${home}
              and earth_distance(${center}, ${cell}) <= ${f.near.radiusKm * 1000}`
          : undefined,
      ].filter((c) => c !== undefined);
      // Without a name, only the nearest people are ranked, or with no place either the most recently
      // online (review M8): an index-ordered scan that stops early, however many people there are.
      const candidates = f.candidates ?? EXPLORE_CANDIDATES;
      const firstCandidates = f.words.length
        ? sql``
        : f.near
          ? sql`order by ${home} <-> ${center} limit ${candidates}`
          : sql`order by u.last_online_at desc nulls last limit ${candidates}`;
      return queryRows<ExploreRow & { lastOnlineAt: string | Date | null }>(
        tx,
        sql`
        with candidates as (
          select u.id, u.username, u.first_name, u.last_name, u.profile_picture, u.last_online_at,
                 u.country, u.city, u.birth_date, u.gender,
                 earth_distance(${center}, ${cell}) / 1000 as distance_km,
                 ${textTier} as text_tier,
                 ${similarity} as text_similarity
          from users u
          where ${all(conditions)}
          ${firstCandidates}
        )
        select c.id as "userId", c.username, c.first_name as "firstName", c.last_name as "lastName",
               c.profile_picture as "profilePicture", c.last_online_at as "lastOnlineAt",
               c.country, c.city, c.birth_date as "birthDate", c.gender,
               c.distance_km as "distanceKm", coalesce(s.shared, '{}') as "sharedSports"
        from candidates c
        left join lateral (
          -- Each shared sport counts 1, and up to 1 more the closer the intensities (same kind, within 3x).
          select array_agg(us.sport_id order by us.sport_id) as shared,
                 sum(1 + case when us.intensity_kind = mine.intensity_kind
                   and us.intensity_value > 0 and mine.intensity_value > 0
                   then greatest(0, 1 - abs(ln(us.intensity_value / mine.intensity_value)) / ln(3)) else 0 end) as score
          from user_sports us
          join user_sports mine on mine.user_id = ${me} and mine.sport_id = us.sport_id
          where us.user_id = c.id
        ) s on true
        order by c.text_tier desc,
                 coalesce(s.score, 0) + coalesce(1 / (1 + c.distance_km / 25), 0) desc,
                 c.text_similarity desc,
                 c.last_online_at desc nulls last,
                 c.id
        limit ${f.limit} offset ${f.offset}`,
      );
    },

    /**
     * Activities the person takes part in, where the viewer may see who takes part (public ones, or ones the
     * viewer takes part in too): an invitation or a request does not reveal the participants.
     */
    listActivities: (
      userId: string,
      viewerId: string,
      when: 'UPCOMING' | 'PAST',
      now: Date,
      page: { limit: number; offset: number },
      tx: DbOrTx = db,
    ) => {
      return tx
        .select({
          activityId: activities.id,
          name: activities.name,
          sportId: activities.sportId,
          startsAt: activities.startsAt,
          endsAt: activities.endsAt,
        })
        .from(activities)
        .innerJoin(
          activityMembers,
          and(
            eq(activityMembers.activityId, activities.id),
            eq(activityMembers.userId, userId),
            eq(activityMembers.state, 'PARTICIPATING'),
          ),
        )
        .where(
          and(
            isNull(activities.deletedAt),
            when === 'UPCOMING' ? sql`${activities.endsAt} >= ${now}` : sql`${activities.endsAt} < ${now}`,
            // Whom someone goes with is seen where the viewer sees the activity and its participants.
            // A limited activity (issue 40) stays out even of one's own list once one is out of its sub-groups.
            userId === viewerId
              ? activityVisibleSql(viewerId)
              : and(
                  activityVisibleSql(viewerId),
                  activityParticipantsVisibleSql(viewerId),
                  organiserNotBlockedSql(viewerId),
                ),
          ),
        )
        .orderBy(when === 'UPCOMING' ? asc(activities.startsAt) : sql`${activities.startsAt} desc`, asc(activities.id))
        .limit(page.limit)
        .offset(page.offset);
    },

    /** The person's groups; a closed group shows only to its members (and to the person). */
    listGroups: (userId: string, viewerId: string, page: { limit: number; offset: number }, tx: DbOrTx = db) =>
      tx
        .select({
          groupId: groups.id,
          name: groups.name,
          picture: groups.picture,
          membersCount: sql<number>`(select count(*)::int from ${groupMembers} m
            where m.group_id = ${groups.id} and m.state = 'PARTICIPATING')`,
        })
        .from(groups)
        .innerJoin(
          groupMembers,
          and(
            eq(groupMembers.groupId, groups.id),
            eq(groupMembers.userId, userId),
            eq(groupMembers.state, 'PARTICIPATING'),
          ),
        )
        .where(and(isNull(groups.deletedAt), userId === viewerId ? undefined : groupMembersVisibleSql(viewerId)))
        .orderBy(asc(groups.name), asc(groups.id))
        .limit(page.limit)
        .offset(page.offset),
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
