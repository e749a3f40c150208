/** Recurring activities (issue 22, docs/series.md). */
import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { at, consentGiven, createdAt, id } from './columns.ts';
import { users } from './users.ts';

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
    /** The text they accepted on joining the series, carried to each date made for them (docs/consent.md). */
    ...consentGiven(),
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
