import { expandRule, parseRule, SERIES_HORIZON_WEEKS } from '@cordata/contract';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import { activities } from '../../db/schema.ts';
import { zonedInstant } from '../activities/activity-time.ts';

/** The columns of an activities row that belong to one date, never copied from a series' template. */
export const PER_DATE_COLUMNS = [
  'id',
  'date',
  'starts_at',
  'ends_at',
  'series_id',
  'occurrence_date',
  'cancelled_at',
  'closed_at',
  'deleted_at',
  'created_at',
  'updated_at',
] as const;

/** Series looked at per transaction of the job; the next batch follows in the same run. */
const BATCH = 500;
/** Batches made at once, each in its own transaction (the pool has two connections or more; PGlite queues them). */
const WORKERS = 2;
/** Batches per run at most: a backlog larger than this many series waits for the next run. */
const MAX_BATCHES = 200;

/** What the materialiser reads of a series. */
export interface DueSeries {
  id: string;
  rule: string;
  start_date: string;
  ex_dates: string[];
  time_zone: string;
  start_time: string;
  end_time: string;
  materialised_until: string;
}

/** The activities table's columns, by their SQL names. */
const activityColumns = Object.values(getTableColumns(activities)).map((column) => column.name);

/** A date's own values, by column; every other column is its series' template's. */
const dateValues = (at: string): Record<string, SQL> => ({
  id: sql`o.id`,
  date: sql`o.day`,
  occurrence_date: sql`o.day`,
  series_id: sql`o.series_id`,
  starts_at: sql`o.starts_at`,
  ends_at: sql`o.ends_at`,
  created_at: sql`${at}::timestamptz`,
  updated_at: sql`${at}::timestamptz`,
});

const textArray = (values: readonly string[], type: 'text' | 'uuid' | 'timestamptz') =>
  sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;

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

/** One date to make. */
export interface Occurrence {
  seriesId: string;
  day: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The dates of a series after `after` up to `to` that have not started at `now` (the job never makes a date in
 * the past, even after a long stop), and whether the rule ends there.
 */
export function occurrencesOf(series: DueSeries, after: string, to: string, now: Date) {
  const rule = parseRule(series.rule);
  const startsAt = (day: string) => zonedInstant(day, series.start_time, series.time_zone).getTime();
  const { days, exhausted } = expandRule(rule, {
    start: series.start_date,
    to,
    exDates: series.ex_dates,
    startsAt,
  });
  const occurrences: Occurrence[] = [];
  for (const day of days) {
    if (day <= after) continue;
    const start = zonedInstant(day, series.start_time, series.time_zone);
    if (start <= now) continue;
    occurrences.push({
      seriesId: series.id,
      day,
      startsAt: start,
      endsAt: zonedInstant(day, series.end_time, series.time_zone),
    });
  }
  return { occurrences, exhausted };
}

/**
 * Makes the given dates as activities, set-based: five statements whatever their number. The activities (copies of
 * their series' template, seats included) in one INSERT … SELECT over the days' arrays; then, for the ones made, the
 * memberships of the series' members who did not skip that day (seated up to the seats, the others waiting), the chats, the chat memberships and the chats' CREATED events, each
 * one INSERT … SELECT over real tables (statements in one WITH would join CTE results, which have no statistics, and
 * PostgreSQL then picks nested loops: minutes for 100 000 dates). A date that exists already (another instance made
 * it, or it was cancelled: the row stays) is left alone, and so are its people. Answers the new activities.
 */
export async function insertOccurrences(tx: DbOrTx, occurrences: readonly Occurrence[], now: Date) {
  if (!occurrences.length) return [];
  const at = now.toISOString();
  const seriesIds = [...new Set(occurrences.map((o) => o.seriesId))];
  const own = dateValues(at);
  // Each series' template is read into a row once (a MATERIALIZED CTE), not once per date: jsonb_populate_record
  // over the template's sixty keys was the costliest part of building the rows.
  const made = await queryRows<{ id: string; series_id: string; occurrence_date: string }>(
    tx,
    sql`with templates as materialized (
          select s.id as template_of, r.*
          from activity_series s
          cross join lateral jsonb_populate_record(null::activities, s.template) as r
          where s.id = any(${uuidArray(seriesIds)})
        )
        insert into activities (${sql.raw(activityColumns.map((c) => `"${c}"`).join(', '))})
        select ${sql.join(
          activityColumns.map((c) => own[c] ?? sql.raw(`t."${c}"`)),
          sql`, `,
        )}
        from unnest(
          ${textArray(
            occurrences.map((o) => o.seriesId),
            'uuid',
          )}, ${textArray(
            occurrences.map((o) => o.day),
            'text',
          )}, ${textArray(
            occurrences.map(() => uuidv7()),
            'uuid',
          )},
          ${textArray(
            occurrences.map((o) => o.startsAt.toISOString()),
            'timestamptz',
          )}, ${textArray(
            occurrences.map((o) => o.endsAt.toISOString()),
            'timestamptz',
          )}
        ) as o(series_id, day, id, starts_at, ends_at)
        join templates t on t.template_of = o.series_id
        on conflict (series_id, occurrence_date) do nothing
        returning id, series_id, occurrence_date`,
  );
  if (!made.length) return made;
  const ids = uuidArray(made.map((m) => m.id));
  // The series' members take the date's seats in order (organisers first, then by when they joined the series);
  // beyond its seats (docs/seats.md) they wait, in that order, for the waitlist job to offer them a freed seat.
  await tx.execute(sql`insert into activity_members
      (activity_id, user_id, state, is_admin, joined_at, created_at, waitlist_key)
    select x.id, x.user_id, case when x.seated then 'PARTICIPATING' else 'WAITLISTED' end, x.is_admin and x.seated,
      case when x.seated then ${at}::timestamptz end, ${at}::timestamptz,
      case when not x.seated then extract(epoch from x.joined) * 1000 end
    from (
      select a.id, sm.user_id, sm.is_admin, sm.created_at as joined,
        a.seats is null or row_number() over (partition by a.id
          order by sm.is_admin desc, sm.created_at, sm.user_id) <= a.seats as seated
      from activities a
      join series_members sm on sm.series_id = a.series_id
      join users u on u.id = sm.user_id and u.deleted_at is null
      where a.id = any(${ids})
        and not exists (select 1 from series_skips k where k.series_id = a.series_id
          and k.user_id = sm.user_id and k.day = a.occurrence_date)
        -- Someone an organiser blocked (issue 23) is not brought into new dates; nothing tells them.
        -- Looked up from the person's side: blocks are few, so most rows find none without reading the admins.
        and not exists (select 1 from user_blocks ub join series_members adm on adm.user_id = ub.blocker_id
          where ub.blocked_id = sm.user_id and adm.series_id = a.series_id and adm.is_admin)
    ) x`);
  const chatIds = made.map(() => uuidv7());
  await tx.execute(sql`insert into chats (id, kind, activity_id, created_at)
    select c.id, 'ACTIVITY', c.activity_id, ${at}::timestamptz
    from unnest(${uuidArray(chatIds)}, ${ids}) as c(id, activity_id)`);
  await tx.execute(sql`insert into chat_members (chat_id, user_id, created_at)
    select c.id, m.user_id, ${at}::timestamptz
    from unnest(${uuidArray(chatIds)}, ${ids}) as c(id, activity_id)
    join activity_members m on m.activity_id = c.activity_id and m.state = 'PARTICIPATING'`);
  await tx.execute(sql`insert into messages (id, chat_id, sender_id, kind, created_at)
    select e.id, e.chat_id, a.created_by, 'CREATED', ${at}::timestamptz
    from unnest(${uuidArray(made.map(() => uuidv7()))}, ${uuidArray(chatIds)}, ${ids}) as e(id, chat_id, activity_id)
    join activities a on a.id = e.activity_id`);
  return made;
}

/** Marks how far each series is made, and which ones make no more dates. */
async function markMade(tx: DbOrTx, made: { id: string; until: string; ended: boolean }[]) {
  if (!made.length) return;
  await tx.execute(sql`update activity_series s set materialised_until = m.until, ended = s.ended or m.ended
    from unnest(${textArray(
      made.map((m) => m.id),
      'uuid',
    )}, ${textArray(
      made.map((m) => m.until),
      'text',
    )}, ${`{${made.map((m) => m.ended).join(',')}}`}::boolean[]) as m(id, until, ended)
    where s.id = m.id`);
}

/** The series-row fields the materialiser reads, selected from `activity_series s`. */
export const dueColumns = sql`s.id, s.rule, s.start_date, s.ex_dates, s.time_zone, s.template->>'start_time' as start_time,
  s.template->>'end_time' as end_time, s.materialised_until`;

/**
 * Makes the series' dates after their `materialised_until` up to the horizon (12 weeks ahead in each one's time
 * zone), within the caller's transaction.
 */
export async function materialise(tx: DbOrTx, series: readonly DueSeries[], now: Date) {
  const occurrences: Occurrence[] = [];
  const made: { id: string; until: string; ended: boolean }[] = [];
  for (const s of series) {
    const horizon = horizonOf(now, s.time_zone);
    const { occurrences: dates, exhausted } = occurrencesOf(s, s.materialised_until, horizon, now);
    occurrences.push(...dates);
    made.push({ id: s.id, until: horizon > s.materialised_until ? horizon : s.materialised_until, ended: exhausted });
  }
  const rows = await insertOccurrences(tx, occurrences, now);
  await markMade(tx, made);
  return rows;
}

/**
 * The job (every SERIES_JOB_EVERY_MS): every series whose dates do not reach 12 weeks ahead yet is made up to
 * there. Safe on several instances and across restarts: each batch of series is claimed with FOR UPDATE SKIP
 * LOCKED, the dates and the series' new mark commit together, and a date that exists already is never made twice
 * (activities_series_day_key). A stopped server catches up on its next run; dates already started are not made.
 */
export function createSeriesMaterialiser(deps: { db: Db; now: () => Date }) {
  async function run() {
    const now = deps.now();
    let total = 0;
    let batches = 0;
    /** Claims and makes one batch; answers how many series it claimed. */
    const batch = () =>
      deps.db.transaction(async (tx) => {
        const due = await queryRows<DueSeries>(
          tx,
          sql`select ${dueColumns} from activity_series s
              where not s.ended and s.materialised_until <
                to_char((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + ${SERIES_HORIZON_WEEKS * 7}::int, 'YYYY-MM-DD')
              order by s.materialised_until, s.id
              limit ${BATCH}
              for update of s skip locked`,
        );
        const rows = await materialise(tx, due, now);
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
