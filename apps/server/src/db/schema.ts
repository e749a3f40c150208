import type {
  Access,
  AttendanceStatus,
  Difficulty,
  Gender,
  GroupType,
  MessageKind,
  Role,
  UploadPurpose,
  Visibility,
  WaitlistOverride,
  WeatherChoice,
} from '@cordata/contract/enums';
import type { GradeScale, Hazard } from '@cordata/contract/grades';
import type { WeatherHour, WeatherThresholds } from '@cordata/contract/weather';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';

const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => at('created_at').defaultNow().notNull();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailConfirmedAt: at('email_confirmed_at'),
    /** The TOTP secret, encrypted (AES-256-GCM, key derived from the JWT secret); set at enrolment. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last time step a code was accepted for: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** Lowercased, accent-free "first last username", for search. */
    searchName: text('search_name').notNull().default(''),
    country: text('country'),
    city: text('city'),
    birthDate: text('birth_date'),
    phone: text('phone'),
    gender: text('gender').$type<Gender>(),
    profilePicture: text('profile_picture'),
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    language: text('language').$type<'en' | 'it'>().notNull().default('en'),
    role: text('role').$type<Role>().notNull().default('USER'),
    completed: boolean('completed').notNull().default(false),
    notificationPreferences: jsonb('notification_preferences').$type<Record<string, boolean>>().notNull().default({}),
    /** How long before an activity's start the person is reminded of it; 0 means never. */
    reminderMinutes: integer('reminder_minutes').notNull().default(120),
    lastOnlineAt: at('last_online_at'),
    /** Bumped to revoke the addresses of the person's private calendar feeds (they are HMACs over it). */
    calendarFeedVersion: integer('calendar_feed_version').notNull().default(0),
    suspendedUntil: at('suspended_until'),
    suspensionReason: text('suspension_reason'),
    termsAcceptedAt: at('terms_accepted_at'),
    termsVersion: text('terms_version'),
    privacyAcceptedAt: at('privacy_accepted_at'),
    privacyVersion: text('privacy_version'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    index('users_home_earth_idx')
      .using('gist', sql`ll_to_earth(${t.homeLatitude}, ${t.homeLongitude})`)
      .where(sql`${t.homeLatitude} is not null`),
    index('users_created_at_idx').on(t.createdAt),
    // People search without a name or a place ranks the most recently online (review M8).
    index('users_last_online_idx')
      .on(sql`${t.lastOnlineAt} desc nulls last`)
      .where(sql`${t.deletedAt} is null and ${t.completed}`),
    // People search matches words anywhere in the name (LIKE '%…%') and by similarity.
    index('users_search_name_trgm_idx')
      .using('gin', t.searchName.op('gin_trgm_ops'))
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const sports = pgTable('sports', {
  id: text('id').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameIt: text('name_it').notNull(),
  icon: text('icon').notNull(),
  intensityKinds: text('intensity_kinds').array().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  retiredAt: at('retired_at'),
  createdAt: createdAt(),
});

export const userSports = pgTable(
  'user_sports',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sportId: text('sport_id')
      .notNull()
      .references(() => sports.id),
    intensityKind: text('intensity_kind').$type<'DISTANCE' | 'ELEVATION' | 'TIME' | 'PACE'>().notNull(),
    intensityValue: doublePrecision('intensity_value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sportId] }), index('user_sports_sport_idx').on(t.sportId)],
);

/** Who blocked whom (security review L3, issue 23): the blocked person is not told. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId)],
);

export const connections = pgTable(
  'connections',
  {
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addresseeId: uuid('addressee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PENDING' | 'ACCEPTED'>().notNull(),
    createdAt: createdAt(),
    acceptedAt: at('accepted_at'),
    /**
     * Each side's name as the other's list of contacts sorts it, lower(first || ' ' || last), kept by triggers on
     * connections and on users' names (migration 0031): the page of a person's contacts is read in order.
     */
    requesterSortName: text('requester_sort_name').notNull().default(''),
    addresseeSortName: text('addressee_sort_name').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.requesterId, t.addresseeId] }),
    uniqueIndex('connections_pair_key').on(
      sql`least(${t.requesterId}, ${t.addresseeId})`,
      sql`greatest(${t.requesterId}, ${t.addresseeId})`,
    ),
    index('connections_requester_list_idx').on(
      t.requesterId,
      t.status,
      t.addresseeSortName,
      t.createdAt.desc(),
      t.addresseeId,
    ),
    index('connections_addressee_list_idx').on(
      t.addresseeId,
      t.status,
      t.requesterSortName,
      t.createdAt.desc(),
      t.requesterId,
    ),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull().default(''),
    description: text('description').notNull().default(''),
    type: text('type').$type<GroupType>().notNull(),
    sportIds: text('sport_ids').array().notNull().default(sql`'{}'::text[]`),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    picture: text('picture'),
    /** Leaving its activities this many hours or less before the start is a late cancel (docs/attendance.md). */
    lateCancelHours: integer('late_cancel_hours').notNull().default(12),
    /** Requests from people at or above this reliability (percent) are accepted at once; null: never. */
    autoApproveReliability: integer('auto_approve_reliability'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [
    index('groups_earth_idx')
      .using('gist', sql`ll_to_earth(${t.latitude}, ${t.longitude})`)
      .where(sql`${t.latitude} is not null and ${t.deletedAt} is null`),
    index('groups_sport_ids_idx').using('gin', t.sportIds),
  ],
);

/**
 * Membership state shared by activities and groups. REMOVED: an admin removed the person; the row stays so
 * that they cannot walk back in (they may ask again, and an admin decides).
 */
export type MemberState = 'INVITED' | 'REQUESTED' | 'PARTICIPATING' | 'REJECTED' | 'REMOVED' | 'WAITLISTED';

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<MemberState>().notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    joinedAt: at('joined_at'),
    /** When an admin last removed the person; cleared once an admin lets them back in. */
    removedAt: at('removed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.userId] }),
    index('group_members_user_idx').on(t.userId, t.state),
    // A group's member list in its order (admins first, then by joining), so the first page of 10 000 members
    // reads its ten rows instead of sorting them all (bench/big-answers.ts).
    index('group_members_list_idx').on(
      t.groupId,
      t.state,
      sql`${t.isAdmin} desc`,
      sql`coalesce(${t.joinedAt}, ${t.createdAt})`,
      t.userId,
    ),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    name: text('name').notNull(),
    sportId: text('sport_id')
      .notNull()
      .references(() => sports.id),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    /** The local day and times as the creator entered them, in timeZone. */
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    description: text('description'),
    contact: text('contact'),
    access: text('access').$type<Access>().notNull(),
    visibility: text('visibility').$type<Visibility>().notNull(),
    difficulty: text('difficulty').$type<Difficulty>().notNull(),
    requiredTime: integer('required_time'),
    /** Standard grades the organiser declared (issue 24), one per scale: { SAC: 'T3' }; {} when ungraded. */
    grades: jsonb('grades').$type<Partial<Record<GradeScale, string>>>().notNull().default({}),
    hazards: jsonb('hazards').$type<Hazard[]>().notNull().default([]),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    routeMode: text('route_mode').$type<'POINTS' | 'GPX'>().notNull(),
    startLatitude: doublePrecision('start_latitude').notNull(),
    startLongitude: doublePrecision('start_longitude').notNull(),
    startAddress: text('start_address'),
    /**
     * The centre of the meeting area (docs/activities.md, "Approximate meeting point"): the start on an open activity,
     * on a closed one the start moved by a secret offset. Set by the trigger activities_meeting_area on every write.
     */
    areaLatitude: doublePrecision('area_latitude'),
    areaLongitude: doublePrecision('area_longitude'),
    destinationLatitude: doublePrecision('destination_latitude'),
    destinationLongitude: doublePrecision('destination_longitude'),
    destinationAddress: text('destination_address'),
    /** The display line (simplified), waypoints and elevation profile, ready to send. */
    routeSteps: jsonb('route_steps').$type<{ latitude: number; longitude: number }[]>().notNull(),
    waypoints: jsonb('waypoints')
      .$type<{ type: string; latitude: number; longitude: number }[]>()
      .notNull()
      .default([]),
    elevationProfile: jsonb('elevation_profile').$type<[number, number][]>().notNull().default([]),
    totalDistance: doublePrecision('total_distance').notNull(),
    /** Null when the route's elevation is unknown (no elevation in the file, no elevation service): never 0. */
    totalElevationGain: doublePrecision('total_elevation_gain'),
    smoothedElevationGain: doublePrecision('smoothed_elevation_gain'),
    /** The descent, smoothed like smoothed_elevation_gain (the moving-time estimate uses both); null when unknown. */
    elevationLoss: doublePrecision('elevation_loss'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Seats, organisers included (docs/seats.md); null: no limit. */
    seats: integer('seats'),
    /** Joining later than this many hours before the start goes to the waitlist; null: no deadline. */
    joinDeadlineHours: integer('join_deadline_hours'),
    /** How long a seat offer lasts (null: the default); 15 min anyway within 6 h of the start. */
    claimWindowMinutes: integer('claim_window_minutes'),
    /**
     * When a seat was freed (someone left, an offer ran out or was turned down, the seats were raised) while people
     * waited, and not offered yet: the waitlist's next offer measures its latency from it, and clears it
     * (cordata_seat_offer_latency_seconds, docs/operations.md). In the row, so any instance's offer reads it.
     */
    seatFreedAt: at('seat_freed_at'),
    /** Who takes part is shown to anyone who sees the activity; false: to its participants only (issue 23). */
    participantsPublic: boolean('participants_public').notNull().default(false),
    closedAt: at('closed_at'),
    deletedAt: at('deleted_at'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
    /** A date of a series (issue 22): its series, and the day its rule gave it (its `date` may move alone). */
    seriesId: uuid('series_id').references((): AnyPgColumn => activitySeries.id, { onDelete: 'set null' }),
    occurrenceDate: text('occurrence_date'),
    /** A cancelled date of a series: deleted for everything but calendar feeds, which show it STATUS:CANCELLED. */
    cancelledAt: at('cancelled_at'),
    /** When the group plans to be back, as the organiser set it (issue 23); null: the end time. */
    plannedReturnAt: at('planned_return_at'),
  },
  (t) => [
    // One activity per series and day of its rule, whatever instance makes it (series-materialiser.ts).
    uniqueIndex('activities_series_day_key').on(t.seriesId, t.occurrenceDate),
    // Home: nearest first, by the meeting area's centre (what everyone may see). sport_id and starts_at sit in
    // the GiST entry (btree_gist), so the walk skips other sports and past dates without reading their rows.
    index('activities_near_idx')
      .using('gist', sql`ll_to_earth(${t.areaLatitude}, ${t.areaLongitude})`, t.sportId, t.startsAt)
      .where(sql`${t.deletedAt} is null`),
    index('activities_starts_at_idx').on(t.startsAt),
    // Calendars: the ids of a day's live activities without reading their rows.
    index('activities_day_idx').on(t.startsAt, t.id).where(sql`${t.deletedAt} is null`),
    index('activities_group_idx').on(t.groupId, t.startsAt),
    index('activities_created_by_idx').on(t.createdBy, t.startsAt),
    index('activities_open_chats_idx').on(t.endsAt).where(sql`${t.closedAt} is null`),
  ],
);

/**
 * A series (issue 22, docs/series.md): its rule and the activity its dates copy (`template`: an activities row as
 * JSON, keyed by column, without the per-date columns), made `materialisedUntil` ahead by series-materialiser.ts.
 */
export const activitySeries = pgTable(
  'activity_series',
  {
    id: id(),
    /** The canonical RRULE (packages/contract/src/recurrence.ts), from startDate, in timeZone. */
    rule: text('rule').notNull(),
    startDate: text('start_date').notNull(),
    exDates: text('ex_dates').array().notNull().default(sql`'{}'::text[]`),
    timeZone: text('time_zone').notNull(),
    template: jsonb('template').$type<Record<string, unknown>>().notNull(),
    /** Every day of the rule up to this one (inclusive) has its activity. */
    materialisedUntil: text('materialised_until').notNull(),
    /** The rule makes no day after materialisedUntil, or its organisers cancelled the rest. */
    ended: boolean('ended').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: at('updated_at').defaultNow().notNull(),
  },
  (t) => [index('activity_series_due_idx').on(t.materialisedUntil).where(sql`not ${t.ended}`)],
);

/** Who joined a whole series: each new date is joined for them, but the days they skip. */
export const seriesMembers = pgTable(
  'series_members',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => activitySeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Organisers: admins of every date. */
    isAdmin: boolean('is_admin').notNull().default(false),
    joinedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId] }), index('series_members_user_idx').on(t.userId)],
);

/** A series member's opt-out of one day of the series. */
export const seriesSkips = pgTable(
  'series_skips',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => activitySeries.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.userId, t.day] })],
);

/** An activity's route columns as computed when it is saved (activity-route.ts computeRoute), without its file. */
export interface StoredRoute {
  routeMode: 'POINTS' | 'GPX';
  startLatitude: number;
  startLongitude: number;
  startAddress: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
  destinationAddress: string | null;
  routeSteps: { latitude: number; longitude: number }[];
  waypoints: { type: string; latitude: number; longitude: number }[];
  elevationProfile: [number, number][];
  totalDistance: number;
  totalElevationGain: number | null;
  smoothedElevationGain: number | null;
  elevationLoss: number | null;
}

/** The full route as uploaded: kept apart so activity rows stay small. */
export const activityRoutes = pgTable('activity_routes', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  gpx: text('gpx'),
  /**
   * The organiser's optional second route (issue 24), switched in when the weather says so: the activity's route
   * columns as computed (activity-route.ts StoredRoute), and its uploaded file. Switching swaps them with the
   * activity's own, so the old route becomes the backup and can be switched back.
   */
  backupRoute: jsonb('backup_route').$type<StoredRoute>(),
  backupGpx: text('backup_gpx'),
});

export const activityMembers = pgTable(
  'activity_members',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').$type<MemberState>().notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    rejectionReason: text('rejection_reason'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    joinedAt: at('joined_at'),
    /** When an admin last removed the person; cleared once an admin lets them back in. */
    removedAt: at('removed_at'),
    /**
     * WAITLISTED rows (docs/seats.md): their order, the join time in epoch milliseconds unless an organiser moved
     * them (activity_waitlist_overrides), and the seat offer they hold until `offerExpiresAt`.
     */
    waitlistKey: doublePrecision('waitlist_key'),
    offerExpiresAt: at('offer_expires_at'),
  },
  (t) => [
    primaryKey({ columns: [t.activityId, t.userId] }),
    index('activity_members_user_idx').on(t.userId, t.state, t.activityId),
    index('activity_members_activity_state_idx').on(t.activityId, t.state),
    // The waitlist job's walk: activities with people waiting, and offers running out.
    index('activity_members_waitlist_idx')
      .on(t.activityId, t.waitlistKey, t.userId)
      .where(sql`${t.state} = 'WAITLISTED'`),
    index('activity_members_offers_idx').on(t.offerExpiresAt).where(sql`${t.offerExpiresAt} is not null`),
  ],
);

/** Every change an organiser made to the order of a waitlist: visible to the activity's organisers. */
export const activityWaitlistOverrides = pgTable(
  'activity_waitlist_overrides',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<WaitlistOverride>().notNull(),
    fromPosition: integer('from_position').notNull(),
    toPosition: integer('to_position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_waitlist_overrides_activity_idx').on(t.activityId, t.createdAt)],
);

/** Activities whose participants were told their recap is ready: the row is the claim, so it is told once. */
export const activityRecapNotices = pgTable('activity_recap_notices', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sentAt: at('sent_at').notNull(),
});

/** The recap's album (docs/recap.md): photos its participants uploaded after the end. */
export const activityPhotos = pgTable(
  'activity_photos',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    uploaderId: uuid('uploader_id').references(() => users.id, { onDelete: 'set null' }),
    /** The upload's storage key (photos/<id>): never served without a signature. */
    storageKey: text('storage_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_photos_activity_idx').on(t.activityId, t.createdAt)],
);

/**
 * Attendance (docs/attendance.md): one row per activity and person, an organiser's mark (ATTENDED, NO_SHOW,
 * EXCUSED) or a LATE_CANCEL recorded when the person left close to the start. Never public.
 */
export const activityAttendance = pgTable(
  'activity_attendance',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AttendanceStatus>().notNull(),
    /** The organiser who set the mark; null for a late cancel (the person's own exit). */
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: at('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_attendance_user_idx').on(t.userId)],
);

export const chats = pgTable(
  'chats',
  {
    id: id(),
    kind: text('kind').$type<'ACTIVITY' | 'GROUP' | 'DIRECT'>().notNull(),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    /** A DIRECT chat's two people, the smaller id first: one chat per pair (chats_direct_key). */
    userLowId: uuid('user_low_id').references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id').references(() => users.id, { onDelete: 'cascade' }),
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('chats_activity_key').on(t.activityId),
    uniqueIndex('chats_group_key').on(t.groupId),
    uniqueIndex('chats_direct_key').on(t.userLowId, t.userHighId),
    check('chats_direct_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
  ],
);

export const chatMembers = pgTable(
  'chat_members',
  {
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Ids are UUID v7, so they order by time: everything up to this id is read. */
    lastReadMessageId: uuid('last_read_message_id'),
    joinedAt: createdAt(),
    leftAt: at('left_at'),
    /** Messages before this are hidden from the member: set when they come back after a removal. */
    historyFrom: at('history_from'),
  },
  (t) => [primaryKey({ columns: [t.chatId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    text: text('text').notNull().default(''),
    clientMessageId: text('client_message_id'),
    removedAt: at('removed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('messages_client_id_key').on(t.chatId, t.senderId, t.clientMessageId),
    index('messages_created_at_idx').on(t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    targetId: uuid('target_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId, t.type, t.targetId).where(sql`${t.readAt} is null`),
  ],
);

export const pushTokens = pgTable(
  'push_tokens',
  {
    token: text('token').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered the token: null from it, or its end, removes only this device's token. */
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<'android' | 'ios' | 'web'>().notNull(),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').defaultNow().notNull(),
  },
  (t) => [index('push_tokens_user_idx').on(t.userId), index('push_tokens_session_idx').on(t.sessionId)],
);

/** Pushes to send, with retries; the embedded default records them here and logs them. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: id(),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'PENDING' | 'SENDING' | 'SENT' | 'RECORDED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').defaultNow().notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [index('push_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`)],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: id(),
    email: text('email').notNull(),
    purpose: text('purpose').$type<'CONFIRM_EMAIL' | 'RESET_PASSWORD' | 'SIGN_IN'>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_email_idx').on(t.email, t.purpose, t.createdAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** The token's jti. */
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'ACCESS' | 'RESET'>().notNull().default('ACCESS'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    lastUsedAt: at('last_used_at'),
    /** When the password was last entered again in this session (step-up before deleting the account). */
    reauthenticatedAt: at('reauthenticated_at'),
    /** When this session passed the TOTP second factor (staff only; required for the admin calls). */
    secondFactorAt: at('second_factor_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status').$type<'PENDING' | 'SENT' | 'LOGGED' | 'FAILED'>().notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').defaultNow().notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'PENDING'`),
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
  ],
);

export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    purpose: text('purpose').$type<UploadPurpose>().notNull(),
    contentType: text('content_type').notNull(),
    maxSize: bigint('max_size', { mode: 'number' }).notNull(),
    size: bigint('size', { mode: 'number' }),
    storageKey: text('storage_key').notNull(),
    status: text('status').$type<'PENDING' | 'READY'>().notNull().default('PENDING'),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);

export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type').$type<'USER' | 'ACTIVITY' | 'GROUP' | 'MESSAGE'>().notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    status: text('status').$type<'OPEN' | 'RESOLVED' | 'DISMISSED'>().notNull().default('OPEN'),
    resolution: text('resolution'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_key').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    reason: text('reason'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
);

/** The days on which a person used the app (at most one row a day): the "active users" figure. */
export const userActiveDays = pgTable(
  'user_active_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

export const releases = pgTable('releases', {
  version: text('version').primaryKey(),
  storageKey: text('storage_key').notNull(),
  sha256: text('sha256').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** Fixed-window counters for rate limits, shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: at('reset_at').notNull(),
});

// ---- Logistics: carpools, gear, data exports ----------------------------------------------------------------

/** A driver's seats to an activity (one offer per driver and activity). The origin is exact and never sent. */
export const carpoolOffers = pgTable(
  'carpool_offers',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    originLatitude: doublePrecision('origin_latitude').notNull(),
    originLongitude: doublePrecision('origin_longitude').notNull(),
    costNote: text('cost_note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('carpool_offers_driver_idx').on(t.activityId, t.driverId)],
);

/** A rider's request (one per rider and activity). The pickup point is exact and only sent once accepted. */
export const rideRequests = pgTable(
  'ride_requests',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    riderId: uuid('rider_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The offer asked for, or the one that accepted; null while any driver may pick it up. */
    offerId: uuid('offer_id').references(() => carpoolOffers.id, { onDelete: 'set null' }),
    status: text('status').$type<'PENDING' | 'ACCEPTED' | 'DECLINED'>().notNull(),
    pickupLatitude: doublePrecision('pickup_latitude').notNull(),
    pickupLongitude: doublePrecision('pickup_longitude').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ride_requests_rider_idx').on(t.activityId, t.riderId),
    index('ride_requests_offer_idx').on(t.offerId),
  ],
);

/** Gear of an activity: group items someone claims, or (personalFor set) one person's private checklist. */
export const gearItems = pgTable(
  'gear_items',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    templateKey: text('template_key'),
    required: boolean('required').notNull().default(false),
    personalFor: uuid('personal_for').references(() => users.id, { onDelete: 'cascade' }),
    claimedBy: uuid('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    checked: boolean('checked').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('gear_items_activity_idx').on(t.activityId, t.personalFor)],
);

/** One row per activity whose admins were told about unclaimed required gear: the reminder goes out once. */
export const gearReminders = pgTable('gear_reminders', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  sentAt: createdAt(),
});

/**
 * The activity reminders sent: one per activity, person and start instant, so a reminder goes once
 * across instances and restarts, and a new start time allows a new one.
 */
export const activityReminders = pgTable(
  'activity_reminders',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: at('starts_at').notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId, t.startsAt] })],
);

/** A person's data export: prepared by a job, kept for 7 days; its link is signed (HMAC), nothing secret is stored. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'PENDING' | 'READY' | 'FAILED'>().notNull(),
    storageKey: text('storage_key'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: at('locked_until'),
    requestedAt: createdAt(),
    readyAt: at('ready_at'),
    expiresAt: at('expires_at'),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt), index('data_exports_status_idx').on(t.status)],
);

/**
 * Weather (issue 24), one row per activity that has any: the organiser's thresholds (null: the sport's
 * defaults) and their latest answer to an alert. `decidedFor` is the start the answer was about, so a moved
 * activity is watched again at its new time.
 */
export const activityWeather = pgTable('activity_weather', {
  activityId: uuid('activity_id')
    .primaryKey()
    .references(() => activities.id, { onDelete: 'cascade' }),
  thresholds: jsonb('thresholds').$type<WeatherThresholds>(),
  decision: text('decision').$type<WeatherChoice>(),
  decidedAt: at('decided_at'),
  decidedFor: at('decided_for'),
  updatedAt: at('updated_at').defaultNow().notNull(),
});

/**
 * Forecasts as fetched, one row per grid cell (0.1°): the hourly series of the next 16 days, shared by every
 * instance. `attemptedAt` is the last try, successful or not, so a failing source is not asked on every view.
 */
export const weatherCells = pgTable('weather_cells', {
  cell: text('cell').primaryKey(),
  fetchedAt: at('fetched_at'),
  attemptedAt: at('attempted_at').notNull(),
  /** The height of the source's grid point, for the lapse-rate correction at the route's highest point. */
  elevation: doublePrecision('elevation'),
  hours: jsonb('hours').$type<WeatherHour[]>().notNull().default([]),
});

/**
 * Weather checks done, 24 h (`24H`) and 3 h (`3H`) before a start: one row per activity, lead and start
 * instant, inserted in the transaction of the alert, so an alert goes once whatever the instances and restarts.
 */
export const weatherChecks = pgTable(
  'weather_checks',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    lead: text('lead').$type<'24H' | '3H'>().notNull(),
    startsAt: at('starts_at').notNull(),
    breached: boolean('breached').notNull(),
    checkedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.lead, t.startsAt] })],
);

// ---- The safety loop (issue 23, docs/safety.md) ----------------------------------------------------------

/**
 * Each participant's part in an activity's safety loop, made on their first safety action or by the escalation job:
 * whether they share their live position (economy: every 5 min), when they checked in as back, and the two steps of
 * the escalation. `alerted_at` and `contacts_mailed_at` are the job's claim columns: a step is taken by the one
 * instance whose conditional upsert sets it, in the transaction of what it sends.
 */
export const activitySafety = pgTable(
  'activity_safety',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharing: boolean('sharing').notNull().default(false),
    economy: boolean('economy').notNull().default(false),
    backAt: at('back_at'),
    alertedAt: at('alerted_at'),
    contactsMailedAt: at('contacts_mailed_at'),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] })],
);

/** Positions a person shared during an activity: deleted after 28 days by the purge, or at once on request. */
export const locationPoints = pgTable(
  'location_points',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    accuracy: doublePrecision('accuracy'),
    recordedAt: at('recorded_at').notNull(),
  },
  (t) => [
    index('location_points_person_idx').on(t.activityId, t.userId, t.recordedAt),
    index('location_points_user_idx').on(t.userId),
    index('location_points_recorded_idx').on(t.recordedAt),
  ],
);

/** Up to 3 people a person wants e-mailed if they are not back from an activity; they need no account. */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The address confirmed it accepts (security review M-N2): escalations mail only confirmed addresses. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The sha-256 of the confirmation link's token, until it is used. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.position] }),
    index('emergency_contacts_confirm_token').on(t.confirmTokenHash),
  ],
);

/**
 * The no-login links e-mailed to the emergency contacts of a person not back: only the SHA-256 of the random token is
 * kept; the page answers nothing once `expires_at` has passed.
 */
export const safetyLinks = pgTable(
  'safety_links',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactName: text('contact_name').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('safety_links_token_key').on(t.tokenHash), index('safety_links_expires_idx').on(t.expiresAt)],
);

/**
 * Privacy zones (issue 23, docs/privacy.md): circles that hide a person's route points and positions from everyone
 * else. The circle's centre is drawn at random around the point they chose (`chosen*`), which never leaves the
 * owner's own answers; regenerating draws a new centre.
 */
export const privacyZones = pgTable(
  'privacy_zones',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label'),
    chosenLatitude: doublePrecision('chosen_latitude').notNull(),
    chosenLongitude: doublePrecision('chosen_longitude').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusMetres: doublePrecision('radius_metres').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_zones_user_idx').on(t.userId)],
);
