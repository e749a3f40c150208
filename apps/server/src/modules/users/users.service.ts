import {
  ageOn,
  type CallBody,
  type CallResponse,
  DEFAULT_REMINDER_MINUTES,
  type NotificationPreferences,
  NotificationType,
  type PublicUser,
  type ReminderMinutes,
  type UserSport,
} from '@cordata/contract';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { parseWebPushToken } from '../notifications/web-push-endpoint.ts';
import type { SportsService } from '../sports/sports.service.ts';
import type { BlocksService } from './blocks.ts';
import type { ConnectionsService } from './connections.service.ts';
import { searchWords } from './connections.service.ts';
import { toOwnUser, toUserSport } from './own-user.ts';
import { searchable, toUserSummary } from './user-summary.ts';
import type { PublicUserRow, UserSportRow, UsersRepository } from './users.repository.ts';

/** How far "near" reaches when the caller gives a point but no radius. */
export const DEFAULT_NEAR_RADIUS_KM = 50;
/** How far from home people are looked for when the caller gives neither a name nor a place. */
export const HOME_RADIUS_KM = 100;

/** Checks that a picture URL was issued by this server to this person, and gives it back in its canonical form. */
export interface PictureClaims {
  claim(url: string, userId: string, purpose: 'PROFILE_PICTURE', baseUrl: string): Promise<string>;
}

export function toPublicUser(row: PublicUserRow, sports: UserSportRow[], today: Date): PublicUser {
  return {
    ...toUserSummary(row),
    country: row.country,
    city: row.city,
    age: row.birthDate ? ageOn(row.birthDate, today) : null,
    gender: row.gender,
    sports: sports.map(toUserSport),
  };
}

const toSportRows = (sports: UserSport[]): UserSportRow[] =>
  sports.map((s) => ({ sportId: s.sportId, intensityKind: s.intensity.kind, intensityValue: s.intensity.value }));

const page = (p: { page: number; limit: number }) => ({ limit: p.limit, offset: (p.page - 1) * p.limit });

export function createUsersService(deps: {
  db: Db;
  users: UsersRepository;
  connections: Pick<ConnectionsService, 'statuses'>;
  blocks: Pick<BlocksService, 'hasBlocked'>;
  sports: Pick<SportsService, 'assertValidUserSports'>;
  pictures: PictureClaims;
  /** The push services a browser subscription may name; null when Web Push is not configured. */
  webPushHosts: readonly string[] | null;
  /** Counts the person active today when the app reports them online (admin's "active users" figure). */
  recordActiveDay?: (userId: string) => Promise<void>;
  now: () => Date;
}) {
  const { users } = deps;

  async function ownProfile(userId: string) {
    const row = await users.findOwn(userId);
    if (!row) throw new ApiError('UNAUTHORIZED');
    const [sports, paceGroupLevels] = await Promise.all([users.sportsOf([userId]), users.paceGroupLevelsOf(userId)]);
    return toOwnUser(row, sports.get(userId) ?? [], paceGroupLevels);
  }

  async function profile(me: string, userId: string): Promise<CallResponse<'user/profile'>> {
    const row = await users.findPublic(userId);
    if (!row) throw new ApiError('USER_NOT_FOUND');
    const [sports, connectionWith, blocked] = await Promise.all([
      users.sportsOf([userId]),
      deps.connections.statuses(me, [userId]),
      deps.blocks.hasBlocked(me, userId),
    ]);
    return {
      user: toPublicUser(row, sports.get(userId) ?? [], deps.now()),
      connection: connectionWith(userId),
      blocked,
    };
  }

  async function updateProfile(userId: string, body: CallBody<'user/update-profile'>, baseUrl: string) {
    const current = await users.findOwn(userId);
    if (!current) throw new ApiError('UNAUTHORIZED');
    if (body.username && (await users.usernameTaken(body.username, userId))) throw new ApiError('USERNAME_TAKEN');
    let profilePicture = body.profilePicture;
    if (profilePicture && profilePicture !== current.profilePicture) {
      profilePicture = await deps.pictures.claim(profilePicture, userId, 'PROFILE_PICTURE', baseUrl);
    }
    const { home, ...fields } = body;
    const firstName = fields.firstName ?? current.firstName;
    const lastName = fields.lastName ?? current.lastName;
    const username = fields.username ?? current.username;
    try {
      await users.update(userId, {
        ...fields,
        profilePicture,
        ...(home !== undefined ? { homeLatitude: home?.latitude ?? null, homeLongitude: home?.longitude ?? null } : {}),
        searchName: searchable(firstName, lastName, username),
      });
    } catch (err) {
      // Two people taking the same name at once: the unique index decides.
      if (
        (err as { code?: string }).code === '23505' ||
        (err as { cause?: { code?: string } }).cause?.code === '23505'
      ) {
        throw new ApiError('USERNAME_TAKEN');
      }
      throw err;
    }
    return ownProfile(userId);
  }

  async function ownSports(userId: string) {
    const sports = await users.sportsOf([userId]);
    return (sports.get(userId) ?? []).map(toUserSport);
  }

  async function updateSports(userId: string, sports: UserSport[]) {
    await deps.sports.assertValidUserSports(sports);
    await deps.db.transaction((tx) => users.replaceSports(userId, toSportRows(sports), tx));
    return ownSports(userId);
  }

  async function explore(
    me: string,
    body: CallBody<'user/explore-contacts'>,
  ): Promise<CallResponse<'user/explore-contacts'>> {
    const words = searchWords(body.query);
    let near = body.near
      ? {
          latitude: body.near.latitude,
          longitude: body.near.longitude,
          radiusKm: body.near.radiusKm ?? DEFAULT_NEAR_RADIUS_KM,
        }
      : null;
    if (!words.length && !near) {
      // Without a name, partners are looked for around home: the ranking then covers the people nearby
      // (found through the GiST index) instead of everyone.
      const own = await users.findOwn(me);
      if (own?.homeLatitude != null && own.homeLongitude != null) {
        near = { latitude: own.homeLatitude, longitude: own.homeLongitude, radiusKm: HOME_RADIUS_KM };
      }
    }
    const rows = await users.explore(me, { words, sportIds: body.sportIds ?? [], near, ...page(body.pagination) });
    const ids = rows.map((r) => r.userId);
    const [sports, connectionWith] = await Promise.all([users.sportsOf(ids), deps.connections.statuses(me, ids)]);
    const today = deps.now();
    return {
      users: rows.map((row) => ({
        ...toPublicUser(
          { ...row, lastOnlineAt: row.lastOnlineAt ? new Date(row.lastOnlineAt) : null },
          sports.get(row.userId) ?? [],
          today,
        ),
        connection: connectionWith(row.userId),
        sharedSports: row.sharedSports,
        // Whole kilometres from the home's cell, at least 1 (review M4).
        distanceKm: row.distanceKm === null ? null : Math.max(1, Math.round(Number(row.distanceKm))),
      })),
    };
  }

  async function listActivities(me: string, body: CallBody<'user/list-activities'>) {
    const rows = await users.listActivities(
      body.userId,
      me,
      body.when ?? 'UPCOMING',
      deps.now(),
      page(body.pagination),
    );
    return {
      activities: rows.map((r) => ({
        activityId: r.activityId,
        name: r.name,
        sportId: r.sportId,
        startsAt: r.startsAt.toISOString(),
        endsAt: r.endsAt.toISOString(),
      })),
    };
  }

  async function listGroups(me: string, body: CallBody<'user/list-groups'>) {
    const rows = await users.listGroups(body.userId, me, page(body.pagination));
    return {
      groups: rows.map((r) => ({ groupId: r.groupId, name: r.name, picture: r.picture, membersCount: r.membersCount })),
    };
  }

  /** Every notification type, on unless turned off. */
  const withDefaults = (stored: { preferences: Record<string, boolean>; reminderMinutes: number | null }) => ({
    preferences: Object.fromEntries(
      NotificationType.options.map((type) => [type, stored.preferences[type] ?? true]),
    ) as NotificationPreferences,
    // Only the offered choices are ever stored (the call validates them).
    reminderMinutes: (stored.reminderMinutes ?? DEFAULT_REMINDER_MINUTES) as ReminderMinutes,
  });

  return {
    ownProfile,
    profile,
    updateProfile,
    ownSports,
    updateSports,
    explore,
    listActivities,
    listGroups,
    preferences: async (userId: string) => withDefaults(await users.preferences(userId)),
    updatePreferences: async (userId: string, changes: NotificationPreferences, reminderMinutes?: ReminderMinutes) =>
      withDefaults(await users.mergePreferences(userId, changes as Record<string, boolean>, reminderMinutes)),
    /** Registers or (null) removes the push token of the caller's session, never another session's. */
    async updatePushToken(
      caller: { userId: string; sessionId: string },
      body: CallBody<'user/update-notification-token'>,
    ) {
      if (body.token === null) return users.unregisterPushToken(caller);
      // A browser subscription is a URL the server will call: only a known push service (review H3).
      if (body.platform === 'web' && !(deps.webPushHosts && parseWebPushToken(body.token, deps.webPushHosts)))
        throw new ApiError('PUSH_TOKEN_INVALID');
      // FCM tokens are alike on Android and iOS; the platform only matters for how a push is shaped.
      await users.registerPushToken(caller, body.token, body.platform ?? 'android');
    },
    /**
     * The app reports the person online every 5 minutes while open. The active day is one upsert that does
     * nothing after the first of the day, cheaper than a write in the bearer guard.
     */
    async touchLastOnline(userId: string) {
      const at = deps.now();
      await users.setLastOnline(userId, at);
      await deps.recordActiveDay?.(userId);
      return at;
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
