import { SERIES_HORIZON_WEEKS } from '@cordata/contract';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import { activities, activitySeries, type MemberState, seriesMembers, seriesSkips } from '../../db/schema.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';

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

/** What the materialiser reads of a series. */
export interface DueSeries {
  id: string;
  rule: string;
  startDate: string;
  exDates: string[];
  timeZone: string;
  startTime: string;
  endTime: string;
  materialisedUntil: string;
}

/** One date to make. */
export interface Occurrence {
  seriesId: string;
  day: string;
  startsAt: Date;
  endsAt: Date;
}

export type SeriesRow = typeof activitySeries.$inferSelect;

/** A new series' checked rule (series.service.ts `SeriesPlan`). */
interface PlannedRule {
  rule: string;
  startDate: string;
  exDates: string[];
  firstDay: string;
}

/** The activities table's columns, by their SQL names. */
const activityColumns = Object.values(getTableColumns(activities)).map((column) => column.name);
const columns = getTableColumns(activities);

/** Field values as an activities row in JSON, keyed by column name (the template's shape). */
function asTemplatePatch(values: Record<string, unknown>) {
  const patch: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const column = columns[field as keyof typeof columns];
    if (!column || value === undefined || (PER_DATE_COLUMNS as readonly string[]).includes(column.name)) continue;
    patch[column.name] = value instanceof Date ? value.toISOString() : value;
  }
  return patch;
}

const perDateKeys = sql.raw(`array[${PER_DATE_COLUMNS.map((c) => `'${c}'`).join(',')}]::text[]`);

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

/** The series-row fields the materialiser reads, selected from `activity_series s`. */
const dueColumns = sql`s.id, s.rule, s.start_date as "startDate", s.ex_dates as "exDates", s.time_zone as "timeZone",
  s.template->>'start_time' as "startTime", s.template->>'end_time' as "endTime",
  s.materialised_until as "materialisedUntil"`;

const live = sql`${activities.deletedAt} is null`;
const startsAfter = (now: Date) => sql`${activities.startsAt} > ${now.toISOString()}::timestamptz`;

/**
 * The series of activities (issue 22, docs/series.md): the series rows, their members and opt-outs, and the dates
 * (activities) made from them. Every method runs on the caller's transaction when given one.
 */
export function createSeriesRepository(db: Db) {
  /** The coming (not started, not cancelled) dates made so far, from `fromDay` on. */
  function comingDates(seriesId: string, now: Date, fromDay: string | undefined, tx: DbOrTx = db) {
    return tx
      .select({
        id: activities.id,
        date: activities.date,
        occurrenceDate: activities.occurrenceDate,
        startsAt: activities.startsAt,
        endsAt: activities.endsAt,
        startLatitude: activities.startLatitude,
        startLongitude: activities.startLongitude,
      })
      .from(activities)
      .where(
        and(
          eq(activities.seriesId, seriesId),
          live,
          startsAfter(now),
          fromDay ? sql`${activities.occurrenceDate} >= ${fromDay}` : undefined,
        ),
      )
      .orderBy(activities.startsAt);
  }

  return {
    db,

    /** The series of an activity and the activity's day in it (its series row locked with `lock`); null without. */
    async seriesOf(activityId: string, lock: boolean, tx: DbOrTx = db) {
      const query = tx
        .select({ series: activitySeries, occurrenceDate: activities.occurrenceDate })
        .from(activities)
        .innerJoin(activitySeries, eq(activitySeries.id, activities.seriesId))
        .where(eq(activities.id, activityId));
      const [row] = lock ? await query.for('update', { of: activitySeries }) : await query;
      return row ? { series: row.series, occurrenceDate: row.occurrenceDate! } : null;
    },

    async member(seriesId: string, userId: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(seriesMembers)
        .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
      return row ?? null;
    },

    comingDates,

    /** The activity rows of dates, by id. */
    async activityRows(ids: string[], tx: DbOrTx = db) {
      if (!ids.length) return new Map<string, ActivityRow>();
      const found = await tx.select().from(activities).where(inArray(activities.id, ids));
      return new Map(found.map((row) => [row.id, row]));
    },

    /** Dates take shared values (activities columns by field name), and each its own start and end. */
    async updateDates(
      ids: string[],
      shared: Partial<typeof activities.$inferInsert>,
      times: { startsAt: Date; endsAt: Date }[],
      now: Date,
      tx: DbOrTx = db,
    ) {
      await tx
        .update(activities)
        .set({ ...shared, updatedAt: now })
        .where(inArray(activities.id, ids));
      await tx.execute(sql`update activities a set starts_at = u.starts_at, ends_at = u.ends_at
      from unnest(${uuidArray(ids)}, ${`{${times.map((t) => t.startsAt.toISOString()).join(',')}}`}::timestamptz[],
        ${`{${times.map((t) => t.endsAt.toISOString()).join(',')}}`}::timestamptz[]) as u(id, starts_at, ends_at)
      where a.id = u.id`);
    },

    /** Each participant of the dates (but `told`), with their first such date. */
    firstDatesOf(ids: string[], told: string[], tx: DbOrTx = db) {
      return queryRows<{ activityId: string; userId: string }>(
        tx,
        sql`select distinct on (m.user_id) m.activity_id as "activityId", m.user_id as "userId" from activity_members m
          join activities a on a.id = m.activity_id
          where m.activity_id = any(${uuidArray(ids)}) and m.state = 'PARTICIPATING'
            and m.user_id <> all(${uuidArray(told)})
          order by m.user_id, a.starts_at`,
      );
    },

    /** Each participant of the series' coming dates (but `actorId`), with their first such date. */
    firstComingDatesOf(seriesId: string, now: Date, actorId: string, tx: DbOrTx = db) {
      return queryRows<{ activityId: string; userId: string }>(
        tx,
        sql`select distinct on (m.user_id) m.activity_id as "activityId", m.user_id as "userId" from activity_members m
            join activities a on a.id = m.activity_id
            where a.series_id = ${seriesId} and a.deleted_at is null
              and a.starts_at > ${now.toISOString()}::timestamptz
              and m.state = 'PARTICIPATING' and m.user_id <> ${actorId}
            order by m.user_id, a.starts_at`,
      );
    },

    /** Cancels the dates not cancelled yet; answers them. */
    cancelDates(ids: string[], now: Date, tx: DbOrTx = db) {
      return tx
        .update(activities)
        .set({ cancelledAt: now, deletedAt: now, updatedAt: now })
        .where(and(inArray(activities.id, ids), live))
        .returning({
          id: activities.id,
          name: activities.name,
          date: activities.date,
          startTime: activities.startTime,
          startsAt: activities.startsAt,
        });
    },

    /** The series' next `limit` coming dates made so far, with the person's state in each. */
    async nextDates(seriesId: string, userId: string, now: Date, limit: number, tx: DbOrTx = db) {
      const rows = await queryRows<{
        id: string;
        occurrenceDate: string;
        startsAt: string | Date;
        state: MemberState | null;
      }>(
        tx,
        sql`select a.id, a.occurrence_date as "occurrenceDate", a.starts_at as "startsAt", m.state from activities a
            left join activity_members m on m.activity_id = a.id and m.user_id = ${userId}
            where a.series_id = ${seriesId} and a.deleted_at is null and a.starts_at > ${now.toISOString()}::timestamptz
            order by a.starts_at limit ${limit}`,
      );
      return rows;
    },

    /** The days a member opted out of. */
    async skippedDays(seriesId: string, userId: string, tx: DbOrTx = db) {
      const rows = await tx
        .select({ day: seriesSkips.day })
        .from(seriesSkips)
        .where(and(eq(seriesSkips.seriesId, seriesId), eq(seriesSkips.userId, userId)));
      return rows.map((row) => row.day);
    },

    async activityName(activityId: string, tx: DbOrTx = db) {
      const [row] = await tx.select({ name: activities.name }).from(activities).where(eq(activities.id, activityId));
      return row?.name ?? null;
    },

    /**
     * A series whose template is the activity (less its per-date columns), the activity its first date, the creator
     * its organiser; answers the series as the materialiser reads it.
     */
    async create(seriesId: string, activityId: string, plan: PlannedRule, userId: string, tx: DbOrTx = db) {
      await tx.execute(sql`insert into activity_series (id, rule, start_date, ex_dates, time_zone, template,
          materialised_until, created_by)
        select ${seriesId}, ${plan.rule}, ${plan.startDate}, ${`{${plan.exDates.join(',')}}`}::text[], a.time_zone,
          to_jsonb(a) - ${perDateKeys}, ${plan.firstDay}, ${userId}
        from activities a where a.id = ${activityId}`);
      await tx.update(activities).set({ seriesId, occurrenceDate: plan.firstDay }).where(eq(activities.id, activityId));
      await tx.insert(seriesMembers).values({ seriesId, userId, isAdmin: true });
      const [due] = await queryRows<DueSeries>(
        tx,
        sql`select ${dueColumns} from activity_series s where s.id = ${seriesId}`,
      );
      return due!;
    },

    /** The template takes the values (activities columns by field name, the per-date ones left out). */
    async patchTemplate(seriesId: string, values: Record<string, unknown>, timeZone: string, tx: DbOrTx = db) {
      await tx.execute(sql`update activity_series set template = template || ${JSON.stringify(asTemplatePatch(values))}::jsonb,
        time_zone = ${timeZone}, updated_at = now() where id = ${seriesId}`);
    },

    /**
     * A series that follows `fromId` with a new rule and values: its template patched, its members, and the opt-outs
     * that fall on `ruleDays`.
     */
    async createFollowing(
      fromId: string,
      next: DueSeries,
      values: Record<string, unknown>,
      ruleDays: string[],
      tx: DbOrTx = db,
    ) {
      await tx.execute(sql`insert into activity_series (id, rule, start_date, ex_dates, time_zone, template,
          materialised_until, created_by)
        select ${next.id}, ${next.rule}, ${next.startDate}, ${`{${next.exDates.join(',')}}`}::text[], ${next.timeZone},
          template || ${JSON.stringify(asTemplatePatch(values))}::jsonb, ${next.materialisedUntil}, created_by
        from activity_series where id = ${fromId}`);
      // The members keep their place (created_at orders seats and waitlists), and the opt-outs the new rule has days for.
      await tx.execute(sql`insert into series_members (series_id, user_id, is_admin, created_at)
        select ${next.id}, user_id, is_admin, created_at from series_members where series_id = ${fromId}`);
      await tx.execute(sql`insert into series_skips (series_id, user_id, day, created_at)
        select ${next.id}, user_id, day, created_at from series_skips
        where series_id = ${fromId} and day = any(${`{${ruleDays.join(',')}}`}::text[])`);
    },

    /** The series makes no more dates. */
    async end(seriesId: string, now: Date, tx: DbOrTx = db) {
      await tx.update(activitySeries).set({ ended: true, updatedAt: now }).where(eq(activitySeries.id, seriesId));
    },

    /** Dates move into another series. */
    async moveDates(ids: string[], seriesId: string, tx: DbOrTx = db) {
      await tx.update(activities).set({ seriesId }).where(inArray(activities.id, ids));
    },

    /** The id of the series' first coming date. */
    async firstComingDate(seriesId: string, now: Date, tx: DbOrTx = db) {
      const [first] = await tx
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.seriesId, seriesId), live, startsAfter(now)))
        .orderBy(activities.startsAt)
        .limit(1);
      return first?.id ?? null;
    },

    /** `consent`: the version of the dates' text they accepted on joining, and when (docs/consent.md). */
    async addMember(
      seriesId: string,
      userId: string,
      consent: { consentVersion: number; consentedAt: Date } | null,
      tx: DbOrTx = db,
    ) {
      await tx.insert(seriesMembers).values({ seriesId, userId, isAdmin: false, ...consent });
    },

    async adminsCount(seriesId: string, tx: DbOrTx = db) {
      const [admins] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from series_members where series_id = ${seriesId} and is_admin`,
      );
      return admins?.n ?? 0;
    },

    /** A member leaves the series, with their opt-outs. */
    async removeMember(seriesId: string, userId: string, tx: DbOrTx = db) {
      await tx.delete(seriesMembers).where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
      await tx.delete(seriesSkips).where(and(eq(seriesSkips.seriesId, seriesId), eq(seriesSkips.userId, userId)));
    },

    async skip(seriesId: string, userId: string, day: string, tx: DbOrTx = db) {
      await tx.insert(seriesSkips).values({ seriesId, userId, day }).onConflictDoNothing();
    },

    async unskip(seriesId: string, userId: string, day: string, tx: DbOrTx = db) {
      await tx
        .delete(seriesSkips)
        .where(and(eq(seriesSkips.seriesId, seriesId), eq(seriesSkips.userId, userId), eq(seriesSkips.day, day)));
    },

    /** The date made for a day of the series, cancelled or not. */
    async dateOn(seriesId: string, day: string, tx: DbOrTx = db) {
      const [made] = await tx
        .select({ id: activities.id, startsAt: activities.startsAt, deletedAt: activities.deletedAt })
        .from(activities)
        .where(and(eq(activities.seriesId, seriesId), eq(activities.occurrenceDate, day)));
      return made ?? null;
    },

    /**
     * Makes the given dates as activities, set-based: five statements whatever their number. The activities (copies
     * of their series' template, seats included) in one INSERT … SELECT over the days' arrays; then, for the ones
     * made, the memberships of the series' members who did not skip that day (seated up to the seats, the others
     * waiting), the chats, the chat memberships and the chats' CREATED events, each one INSERT … SELECT over real
     * tables (statements in one WITH would join CTE results, which have no statistics, and PostgreSQL then picks
     * nested loops: minutes for 100 000 dates). A date that exists already (another instance made it, or it was
     * cancelled: the row stays) is left alone, and so are its people. Answers the new activities.
     */
    async insertOccurrences(occurrences: readonly Occurrence[], now: Date, tx: DbOrTx = db) {
      if (!occurrences.length) return [];
      const at = now.toISOString();
      const seriesIds = [...new Set(occurrences.map((o) => o.seriesId))];
      const own = dateValues(at);
      // Each series' template is read into a row once (a MATERIALIZED CTE), not once per date: jsonb_populate_record
      // over the template's sixty keys was the costliest part of building the rows.
      const made = await queryRows<{ id: string; seriesId: string; occurrenceDate: string }>(
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
        returning id, series_id as "seriesId", occurrence_date as "occurrenceDate"`,
      );
      if (!made.length) return made;
      const ids = uuidArray(made.map((m) => m.id));
      // The series' members take the date's seats in order (organisers first, then by when they joined the series);
      // beyond its seats (docs/seats.md) they wait, in that order, for the waitlist job to offer them a freed seat.
      // The text a member accepted on joining the series counts for each date made from it (docs/consent.md).
      await tx.execute(sql`insert into activity_members
      (activity_id, user_id, state, is_admin, joined_at, created_at, waitlist_key, consent_version, consented_at)
    select x.id, x.user_id, case when x.seated then 'PARTICIPATING' else 'WAITLISTED' end, x.is_admin and x.seated,
      case when x.seated then ${at}::timestamptz end, ${at}::timestamptz,
      case when not x.seated then extract(epoch from x.joined) * 1000 end, x.consent_version, x.consented_at
    from (
      select a.id, sm.user_id, sm.is_admin, sm.created_at as joined, sm.consent_version, sm.consented_at,
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
    },

    /** Marks how far each series is made, and which ones make no more dates. */
    async markMade(made: { id: string; until: string; ended: boolean }[], tx: DbOrTx = db) {
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
    },

    /**
     * Claims up to `limit` series whose dates do not reach 12 weeks ahead of `now` yet (FOR UPDATE SKIP LOCKED: each
     * instance and worker its own), the least made first.
     */
    claimDue(now: Date, limit: number, tx: DbOrTx = db) {
      return queryRows<DueSeries>(
        tx,
        sql`select ${dueColumns} from activity_series s
              where not s.ended and s.materialised_until <
                to_char((${now.toISOString()}::timestamptz at time zone s.time_zone)::date + ${SERIES_HORIZON_WEEKS * 7}::int, 'YYYY-MM-DD')
              order by s.materialised_until, s.id
              limit ${limit}
              for update of s skip locked`,
      );
    },
  };
}

export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
