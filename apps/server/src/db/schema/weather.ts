/** Weather (issue 24, docs/weather.md). */
import type { WeatherChoice } from '@cordata/contract/enums';
import type { WeatherHour, WeatherThresholds } from '@cordata/contract/weather';
import { boolean, doublePrecision, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt } from './columns.ts';

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
