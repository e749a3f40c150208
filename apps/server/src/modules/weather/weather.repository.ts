import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { activities, activityMembers, activityWeather, weatherCells, weatherChecks } from '../../db/schema.ts';
import type { Forecast } from './open-meteo.ts';

type WeatherDecision = Pick<typeof activityWeather.$inferInsert, 'decision' | 'decidedAt' | 'decidedFor' | 'updatedAt'>;

export type WeatherCellRow = typeof weatherCells.$inferSelect;

/** The weather's tables (docs/weather.md): forecasts per grid cell and the checks done before starts. */
export function createWeatherRepository(db: Db) {
  return {
    db,

    async cell(key: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(weatherCells).where(eq(weatherCells.cell, key));
      return row ?? null;
    },

    /**
     * Claims the right to fetch a cell at `now`: a new cell, or one last tried before `retryBefore` whose forecast is
     * missing or fetched before `freshAfter` (an update of `attempted_at` guarded by its old value).
     */
    async claimCell(key: string, now: Date, retryBefore: Date, freshAfter: Date, tx: DbOrTx = db) {
      const inserted = await tx
        .insert(weatherCells)
        .values({ cell: key, attemptedAt: now })
        .onConflictDoNothing()
        .returning({ cell: weatherCells.cell });
      if (inserted.length) return true;
      const updated = await tx
        .update(weatherCells)
        .set({ attemptedAt: now })
        .where(
          and(
            eq(weatherCells.cell, key),
            lt(weatherCells.attemptedAt, retryBefore),
            or(isNull(weatherCells.fetchedAt), lt(weatherCells.fetchedAt, freshAfter)),
          ),
        )
        .returning({ cell: weatherCells.cell });
      return updated.length > 0;
    },

    async storeForecast(key: string, fetchedAt: Date, forecast: Forecast, tx: DbOrTx = db) {
      await tx
        .update(weatherCells)
        .set({ fetchedAt, elevation: forecast.elevation, hours: forecast.hours })
        .where(eq(weatherCells.cell, key));
    },

    /** Cells neither fetched nor tried since `before` go. */
    async purgeCells(before: Date, tx: DbOrTx = db) {
      await tx
        .delete(weatherCells)
        .where(
          sql`coalesce(${weatherCells.fetchedAt}, ${weatherCells.attemptedAt}) < ${before.toISOString()}::timestamptz`,
        );
    },

    /**
     * Live activities starting after `after` up to `until` whose check at `lead` for their start instant is not
     * done, soonest first, `limit` at most, with their weather row.
     */
    checksDue(lead: '24H' | '3H', after: Date, until: Date, limit: number, tx: DbOrTx = db) {
      return tx
        .select({ activity: activities, weather: activityWeather })
        .from(activities)
        .leftJoin(activityWeather, eq(activityWeather.activityId, activities.id))
        .where(
          and(
            isNull(activities.deletedAt),
            lte(activities.startsAt, until),
            gt(activities.startsAt, after),
            sql`not exists (select 1 from ${weatherChecks} wc where wc.activity_id = ${activities.id}
              and wc.lead = ${lead} and wc.starts_at = ${activities.startsAt})`,
          ),
        )
        .orderBy(activities.startsAt)
        .limit(limit);
    },

    /** Records a check, once per activity, lead and start instant; whether this call recorded it. */
    async recordCheck(
      check: { activityId: string; lead: '24H' | '3H'; startsAt: Date; breached: boolean },
      tx: DbOrTx = db,
    ) {
      const inserted = await tx
        .insert(weatherChecks)
        .values(check)
        .onConflictDoNothing()
        .returning({ activityId: weatherChecks.activityId });
      return inserted.length > 0;
    },

    /** The activity's weather row (thresholds and the organiser's last answer), or null. */
    async weatherRow(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(activityWeather).where(eq(activityWeather.activityId, activityId));
      return row ?? null;
    },

    /** The organiser's thresholds (null: the sport's defaults), creating the row if needed. */
    async setThresholds(
      activityId: string,
      thresholds: typeof activityWeather.$inferInsert.thresholds,
      now: Date,
      tx: DbOrTx = db,
    ) {
      await tx
        .insert(activityWeather)
        .values({ activityId, thresholds, updatedAt: now })
        .onConflictDoUpdate({ target: activityWeather.activityId, set: { thresholds, updatedAt: now } });
    },

    /** The organiser's answer to an alert, creating the row if needed. */
    async recordDecision(activityId: string, decision: WeatherDecision, tx: DbOrTx = db) {
      await tx
        .insert(activityWeather)
        .values({ activityId, ...decision })
        .onConflictDoUpdate({ target: activityWeather.activityId, set: decision });
    },

    /** Moves the activity to a new local day and times. */
    async moveActivity(
      activityId: string,
      times: { date: string; startTime: string; endTime: string; startsAt: Date; endsAt: Date },
      now: Date,
      tx: DbOrTx = db,
    ) {
      await tx
        .update(activities)
        .set({ ...times, updatedAt: now })
        .where(eq(activities.id, activityId));
    },

    /** Cancels the activity: it leaves every list (deleted) and stays in calendar feeds as cancelled. */
    async cancelActivity(activityId: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(activities)
        .set({ cancelledAt: now, deletedAt: now, updatedAt: now })
        .where(eq(activities.id, activityId));
    },

    /** The activity whatever its visibility (a cancelled one included), or null. */
    async activityById(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(activities).where(eq(activities.id, activityId));
      return row ?? null;
    },

    /** The ids of those taking part in the activity. */
    async participantIds(activityId: string, tx: DbOrTx = db) {
      const participants = await tx
        .select({ userId: activityMembers.userId })
        .from(activityMembers)
        .where(and(eq(activityMembers.activityId, activityId), eq(activityMembers.state, 'PARTICIPATING')));
      return participants.map((p) => p.userId);
    },

    /** The organisers taking part in the activity. */
    async organiserIds(activityId: string, tx: DbOrTx = db) {
      const admins = await tx
        .select({ userId: activityMembers.userId })
        .from(activityMembers)
        .where(
          and(
            eq(activityMembers.activityId, activityId),
            eq(activityMembers.state, 'PARTICIPATING'),
            eq(activityMembers.isAdmin, true),
          ),
        );
      return admins.map((a) => a.userId);
    },
  };
}

export type WeatherRepository = ReturnType<typeof createWeatherRepository>;
