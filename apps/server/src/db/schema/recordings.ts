/** Recordings from a watch or from Strava, and what they calibrate (docs/recordings.md, issue 42). */
import type { RecordingSource } from '@cordata/contract/enums';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt, id } from './columns.ts';
import { groups } from './groups.ts';
import { users } from './users.ts';

/**
 * A participant's recording of an activity, one per person and activity: kept only when it matched the activity.
 * The line is thinned (RECORDING_LINE_MAX_POINTS); the file itself is not kept.
 */
export const activityRecordings = pgTable(
  'activity_recordings',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<RecordingSource>().notNull(),
    /** The Strava activity's id, for a recording from Strava. */
    externalId: text('external_id'),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at').notNull(),
    movingSeconds: integer('moving_seconds').notNull(),
    distance: doublePrecision('distance').notNull(),
    onRouteShare: real('on_route_share').notNull(),
    /** [latitude, longitude] pairs. */
    line: jsonb('line').$type<[number, number][]>().notNull(),
    /** Its owner lets the others taking part see it; never true for a recording from Strava. */
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('activity_recordings_activity_user_key').on(t.activityId, t.userId),
    index('activity_recordings_user_source_idx').on(t.userId, t.source),
  ],
);

/**
 * An activity's real moving time against its estimate, from its shared recordings: what calibrates the estimate of
 * later outings of its group and sport. Kept in step with the recordings; no row without a shared recording.
 */
export const activityOutcomes = pgTable(
  'activity_outcomes',
  {
    activityId: uuid('activity_id')
      .primaryKey()
      .references(() => activities.id, { onDelete: 'cascade' }),
    sportId: text('sport_id').notNull(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'set null' }),
    startsAt: at('starts_at').notNull(),
    /** The group's estimate before calibration (the model slowed by the declared levels). */
    modelMinutes: integer('model_minutes').notNull(),
    /** The median moving time of the shared recordings. */
    realMinutes: integer('real_minutes').notNull(),
    recordings: integer('recordings').notNull(),
  },
  (t) => [
    index('activity_outcomes_sport_idx').on(t.sportId, t.startsAt),
    index('activity_outcomes_group_idx').on(t.groupId, t.sportId, t.startsAt),
  ],
);

/** A person's Strava link: the tokens are sealed (AES-256-GCM, the key that seals secrets at rest). */
export const stravaConnections = pgTable('strava_connections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  athleteId: text('athlete_id').notNull().unique(),
  accessToken: text('access_token').notNull(),
  refreshToken: text('refresh_token').notNull(),
  expiresAt: at('expires_at').notNull(),
  scope: text('scope'),
  connectedAt: createdAt(),
});

/** A started Strava connection: its state, kept as a hash, taken once by the person who started it. */
export const stravaStates = pgTable('strava_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
});

/**
 * New Strava activities told by the webhook, to fetch and match: a queue that survives a restart and is shared by
 * instances (claimed with skip locked), retried after Strava's rate limit or a failure.
 */
export const stravaImports = pgTable(
  'strava_imports',
  {
    id: id(),
    athleteId: text('athlete_id').notNull(),
    stravaActivityId: text('strava_activity_id').notNull(),
    notBefore: at('not_before').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('strava_imports_activity_key').on(t.athleteId, t.stravaActivityId),
    index('strava_imports_due_idx').on(t.notBefore),
  ],
);
