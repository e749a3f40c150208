/** Activities, their routes, members and reminders. */

import type { RouteAccessFacts } from '@cordata/contract';
import type { Access, Difficulty, Visibility } from '@cordata/contract/enums';
import type { GradeScale, Hazard } from '@cordata/contract/grades';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, consentGiven, consentText, createdAt, id } from './columns.ts';
import { groups, type MemberState } from './groups.ts';
import { activitySeries } from './series.ts';
import { sports } from './sports.ts';
import { users } from './users.ts';

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
    /** What OpenStreetMap says of the route when it was saved (issue 38, osm-access.ts); null: not asked. */
    routeAccess: jsonb('route_access').$type<RouteAccessFacts>(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    /**
     * Limited to these sub-groups of its group (issue 40, access.ts activityRules.visible); {} when not limited. A
     * series copies it to every date (its template is this row).
     */
    subgroupIds: uuid('subgroup_ids').array().notNull().default(sql`'{}'::uuid[]`),
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
    ...consentText(),
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
    ...consentGiven(),
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
