import { expandRule, parseRule, SERIES_HORIZON_WEEKS } from '@cordata/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { zonedInstant } from '../activities/activity-time.ts';
import { createSeriesRepository, type DueSeries, type Occurrence, type SeriesRepository } from './series.repository.ts';

/** Series looked at per transaction of the job; the next batch follows in the same run. */
const BATCH = 500;
/** Batches made at once, each in its own transaction (the pool has two connections or more; PGlite queues them). */
const WORKERS = 2;
/** Batches per run at most: a backlog larger than this many series waits for the next run. */
const MAX_BATCHES = 200;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** Today's date (YYYY-MM-DD) in a time zone. */
export function localDay(now: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The last day a series' dates are made up to: 12 weeks after today, in its time zone. */
export const horizonOf = (now: Date, timeZone: string) => addDays(localDay(now, timeZone), SERIES_HORIZON_WEEKS * 7);

/**
 * The dates of a series after `after` up to `to` that have not started at `now` (the job never makes a date in
 * the past, even after a long stop), and whether the rule ends there.
 */
export function occurrencesOf(series: DueSeries, after: string, to: string, now: Date) {
  const rule = parseRule(series.rule);
  const startsAt = (day: string) => zonedInstant(day, series.startTime, series.timeZone).getTime();
  const { days, exhausted } = expandRule(rule, {
    start: series.startDate,
    to,
    exDates: series.exDates,
    startsAt,
  });
  const occurrences: Occurrence[] = [];
  for (const day of days) {
    if (day <= after) continue;
    const start = zonedInstant(day, series.startTime, series.timeZone);
    if (start <= now) continue;
    occurrences.push({
      seriesId: series.id,
      day,
      startsAt: start,
      endsAt: zonedInstant(day, series.endTime, series.timeZone),
    });
  }
  return { occurrences, exhausted };
}

/**
 * Makes the series' dates after their `materialisedUntil` up to the horizon (12 weeks ahead in each one's time
 * zone), within the caller's transaction.
 */
export async function materialise(repo: SeriesRepository, tx: DbOrTx, series: readonly DueSeries[], now: Date) {
  const occurrences: Occurrence[] = [];
  const made: { id: string; until: string; ended: boolean }[] = [];
  for (const s of series) {
    const horizon = horizonOf(now, s.timeZone);
    const { occurrences: dates, exhausted } = occurrencesOf(s, s.materialisedUntil, horizon, now);
    occurrences.push(...dates);
    made.push({ id: s.id, until: horizon > s.materialisedUntil ? horizon : s.materialisedUntil, ended: exhausted });
  }
  const rows = await repo.insertOccurrences(occurrences, now, tx);
  await repo.markMade(made, tx);
  return rows;
}

/**
 * The job (every SERIES_JOB_EVERY_MS): every series whose dates do not reach 12 weeks ahead yet is made up to
 * there. Safe on several instances and across restarts: each batch of series is claimed with FOR UPDATE SKIP
 * LOCKED, the dates and the series' new mark commit together, and a date that exists already is never made twice
 * (activities_series_day_key). A stopped server catches up on its next run; dates already started are not made.
 */
export function createSeriesMaterialiser(deps: { db: Db; now: () => Date }) {
  const repo = createSeriesRepository(deps.db);
  async function run() {
    const now = deps.now();
    let total = 0;
    let batches = 0;
    /** Claims and makes one batch; answers how many series it claimed. */
    const batch = () =>
      deps.db.transaction(async (tx) => {
        const due = await repo.claimDue(now, BATCH, tx);
        const rows = await materialise(repo, tx, due, now);
        total += rows.length;
        return due.length;
      });
    // Two batches at once on two connections (SKIP LOCKED gives each its own series): one's rows are computed and
    // sent while the other's are written, and PostgreSQL uses two cores. Each stops at its first short batch.
    const worker = async () => {
      while (batches++ < MAX_BATCHES) if ((await batch()) < BATCH) break;
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    return total;
  }
  return { run };
}
