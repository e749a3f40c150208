import {
  checkSeries,
  expandRule,
  parseRule,
  type RepeatInput,
  RuleError,
  type Series,
  type SeriesDate,
  type SeriesScope,
} from '@cordata/contract';
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { type Db, type DbOrTx, queryRows, uuidArray } from '../../db/client.ts';
import { activities, activitySeries, type MemberState, seriesMembers, seriesSkips } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { editKind, zonedInstant } from '../activities/activity-time.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import { type Membership, statusOf } from '../membership/membership.service.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import {
  addDays,
  type DueSeries,
  dueColumns,
  horizonOf,
  materialise,
  occurrencesOf,
  PER_DATE_COLUMNS,
} from './series-materialiser.ts';

/** How many coming dates series/read-info lists. */
const NEXT_DATES = 12;

export interface SeriesDeps {
  db: Db;
  changes: Changes;
  members: Pick<Membership<ActivityRow>, 'load' | 'loadAsAdmin' | 'entryFor' | 'joinIn' | 'leaveIn'>;
  memberships: Pick<MembershipRepository, 'lockPerson' | 'member' | 'memberIds' | 'blockedByAnAdmin'>;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
  now: () => Date;
}

/** A series checked for create-new: its canonical rule, its exceptions and the day of its first date. */
export interface SeriesPlan {
  rule: string;
  startDate: string;
  exDates: string[];
  firstDay: string;
}

/** The values an edit of several dates writes (activities columns, by their field names). */
export type SharedValues = Partial<typeof activities.$inferInsert> & {
  startTime: string;
  endTime: string;
  timeZone: string;
};

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

function ruleError(err: unknown): never {
  if (err instanceof RuleError) {
    throw new ApiError(err.code, { message: err.message, issues: [{ path: 'repeat.rule', message: err.message }] });
  }
  throw err;
}

type SeriesRow = typeof activitySeries.$inferSelect;

/**
 * Series of activities (issue 22, docs/series.md): every date is a real activity, made 12 weeks ahead by
 * series-materialiser.ts. Edits by scope, cancellations, joining the whole series with per-date opt-outs.
 */
export function createSeriesService(deps: SeriesDeps) {
  const { db } = deps;
  const run = deps.changes.run;

  /** The series of an activity and the activity's day in it; NOT_IN_SERIES without one. */
  async function seriesOf(activityId: string, tx: DbOrTx, lock = false) {
    const query = tx
      .select({ series: activitySeries, occurrenceDate: activities.occurrenceDate })
      .from(activities)
      .innerJoin(activitySeries, eq(activitySeries.id, activities.seriesId))
      .where(eq(activities.id, activityId));
    const [row] = lock ? await query.for('update', { of: activitySeries }) : await query;
    if (!row) throw new ApiError('NOT_IN_SERIES');
    return { series: row.series, occurrenceDate: row.occurrenceDate! };
  }

  async function seriesMember(seriesId: string, userId: string, tx: DbOrTx) {
    const [row] = await tx
      .select()
      .from(seriesMembers)
      .where(and(eq(seriesMembers.seriesId, seriesId), eq(seriesMembers.userId, userId)));
    return row ?? null;
  }

  const startTimeOf = (series: SeriesRow) => String(series.template.start_time);

  /** Whether `day` is a date of the series' rule (not an exception). */
  function isRuleDay(series: SeriesRow, day: string) {
    const rule = parseRule(series.rule);
    const { days } = expandRule(rule, {
      start: series.startDate,
      to: day,
      exDates: series.exDates,
      startsAt: (d) => zonedInstant(d, startTimeOf(series), series.timeZone).getTime(),
    });
    return days.includes(day);
  }

  /** The coming (not started, not cancelled) dates made so far, from `fromDay` on. */
  async function comingDates(tx: DbOrTx, seriesId: string, fromDay?: string) {
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
          sql`${activities.deletedAt} is null`,
          sql`${activities.startsAt} > ${deps.now().toISOString()}::timestamptz`,
          fromDay ? sql`${activities.occurrenceDate} >= ${fromDay}` : undefined,
        ),
      )
      .orderBy(activities.startsAt);
  }

  type ComingDate = Awaited<ReturnType<typeof comingDates>>[number];

  /** The activity rows of dates, by id. */
  async function rows(tx: DbOrTx, ids: string[]) {
    if (!ids.length) return new Map<string, ActivityRow>();
    const found = await tx.select().from(activities).where(inArray(activities.id, ids));
    return new Map(found.map((row) => [row.id, row]));
  }

  /**
   * The person comes into a date as joining it would let them (the engine: a seat, or the waitlist when the seats
   * are taken, and the chat), unless an admin decided about them there (requested, rejected, removed) or they are in,
   * or an admin blocked them (issue 23: they are left out unaware, as the materialiser leaves them out).
   */
  async function joinDate(tx: DbOrTx, fx: Effects, date: ActivityRow, userId: string) {
    await deps.memberships.lockPerson('activity', date.id, userId, tx);
    const member = await deps.memberships.member('activity', date.id, userId, tx);
    if (member && member.state !== 'INVITED') return;
    if (await deps.memberships.blockedByAnAdmin('activity', date.id, userId, tx)) return;
    await deps.members.joinIn(tx, fx, date, userId, member);
  }

  /** Out of a date as leaving it is (the seat freed for the waitlist, out of the chat); whether they were in. */
  async function leaveDate(tx: DbOrTx, fx: Effects, date: ActivityRow, userId: string) {
    await deps.memberships.lockPerson('activity', date.id, userId, tx);
    const member = await deps.memberships.member('activity', date.id, userId, tx);
    if (member?.state !== 'PARTICIPATING' && member?.state !== 'WAITLISTED') return;
    await deps.members.leaveIn(tx, fx, date, member);
  }

  /** Checks a rule for a series starting on `date`: its canonical form, its exceptions and its first day. */
  function planOf(repeat: RepeatInput, date: string, startTime: string, timeZone: string): SeriesPlan {
    try {
      const checked = checkSeries(repeat.rule, date, repeat.exDates ?? [], (d) =>
        zonedInstant(d, startTime, timeZone).getTime(),
      );
      return {
        rule: checked.canonical,
        startDate: date,
        exDates: [...new Set(repeat.exDates ?? [])].sort(),
        firstDay: checked.firstDay,
      };
    } catch (err) {
      ruleError(err);
    }
  }

  /**
   * Several coming dates take an edit's values, each on its own day with the new start and end time. Each person
   * taking part in a changed date is told once, on their first such date, unless already told (`told`).
   */
  async function applyToDates(
    tx: DbOrTx,
    fx: Effects,
    dates: ComingDate[],
    edit: {
      values: SharedValues;
      route: { startLatitude: number; startLongitude: number } | null;
      actorId: string;
      told: string[];
      name: string;
      /** false: the dates change silently (a split tells everyone once, afterwards). */
      notify?: boolean;
    },
  ) {
    if (!dates.length) return;
    const { values } = edit;
    const { date: _date, startsAt: _s, endsAt: _e, ...shared } = values;
    const ids = dates.map((s) => s.id);
    const times = dates.map((s) => ({
      startsAt: zonedInstant(s.date, values.startTime, values.timeZone),
      endsAt: zonedInstant(s.date, values.endTime, values.timeZone),
    }));
    await tx
      .update(activities)
      .set({ ...shared, updatedAt: deps.now() })
      .where(inArray(activities.id, ids));
    await tx.execute(sql`update activities a set starts_at = u.starts_at, ends_at = u.ends_at
      from unnest(${uuidArray(ids)}, ${`{${times.map((t) => t.startsAt.toISOString()).join(',')}}`}::timestamptz[],
        ${`{${times.map((t) => t.endsAt.toISOString()).join(',')}}`}::timestamptz[]) as u(id, starts_at, ends_at)
      where a.id = u.id`);
    if (edit.notify === false) return;
    // One notification per person, on their first changed date.
    const firsts = await queryRows<{ activity_id: string; user_id: string }>(
      tx,
      sql`select distinct on (m.user_id) m.activity_id, m.user_id from activity_members m
          join activities a on a.id = m.activity_id
          where m.activity_id = any(${uuidArray(ids)}) and m.state = 'PARTICIPATING'
            and m.user_id <> all(${uuidArray(edit.told)})
          order by m.user_id, a.starts_at`,
    );
    const byDate = new Map<string, string[]>();
    for (const row of firsts) byDate.set(row.activity_id, [...(byDate.get(row.activity_id) ?? []), row.user_id]);
    for (const [activityId, userIds] of byDate) {
      const index = ids.indexOf(activityId);
      await fx.notify({
        userIds,
        type: 'ACTIVITY_EDIT',
        targetId: activityId,
        actorId: edit.actorId,
        reason: editKind(dates[index]!, times[index]!, edit.route),
        targetName: edit.name,
      });
    }
  }

  /**
   * Cancels dates: each leaves every list and its chat closes, but stays in calendar feeds as cancelled; its
   * participants are told, once each and never `actorId`. Answers who was told, and how many dates were cancelled.
   */
  async function cancelDates(tx: DbOrTx, fx: Effects, ids: string[], actorId: string) {
    const told = new Set<string>([actorId]);
    if (!ids.length) return { told, cancelled: 0 };
    const now = deps.now();
    const cancelled = await tx
      .update(activities)
      .set({ cancelledAt: now, deletedAt: now, updatedAt: now })
      .where(and(inArray(activities.id, ids), sql`${activities.deletedAt} is null`))
      .returning({
        id: activities.id,
        name: activities.name,
        date: activities.date,
        startTime: activities.startTime,
        startsAt: activities.startsAt,
      });
    cancelled.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    for (const date of cancelled) {
      const chatId = await deps.chatMembership.chatIdOf(tx, { kind: 'ACTIVITY', activityId: date.id });
      if (chatId) await deps.chatMembership.close(tx, chatId, fx.chat);
      const people = (await deps.memberships.memberIds('activity', date.id, { state: 'PARTICIPATING' }, tx)).filter(
        (id) => !told.has(id),
      );
      for (const id of people) told.add(id);
      if (!people.length) continue;
      await fx.notify({
        userIds: people,
        type: 'ACTIVITY_CANCELLED',
        targetId: date.id,
        actorId,
        // The local day and start time of the cancelled date ("2026-12-08 18:30"): "Tue 8 Dec at 18:30".
        reason: `${date.date} ${date.startTime}`,
        targetName: date.name,
      });
    }
    return { told, cancelled: cancelled.length };
  }

  /** The series as the caller sees it, with its next dates. */
  async function view(activityId: string, userId: string): Promise<Series> {
    const { series } = await seriesOf(activityId, db);
    const now = deps.now();
    const [made, me, skips, name] = await Promise.all([
      queryRows<{ id: string; occurrence_date: string; starts_at: string | Date; state: MemberState | null }>(
        db,
        sql`select a.id, a.occurrence_date, a.starts_at, m.state from activities a
            left join activity_members m on m.activity_id = a.id and m.user_id = ${userId}
            where a.series_id = ${series.id} and a.deleted_at is null and a.starts_at > ${now.toISOString()}::timestamptz
            order by a.starts_at limit ${NEXT_DATES}`,
      ),
      seriesMember(series.id, userId, db),
      db
        .select({ day: seriesSkips.day })
        .from(seriesSkips)
        .where(and(eq(seriesSkips.seriesId, series.id), eq(seriesSkips.userId, userId))),
      db.select({ name: activities.name }).from(activities).where(eq(activities.id, activityId)),
    ]);
    const skipped = new Set(skips.map((s) => s.day));
    const nextDates: SeriesDate[] = made.map((row) => ({
      date: row.occurrence_date,
      activityId: row.id,
      startsAt: new Date(row.starts_at).toISOString(),
      status: statusOf(row.state),
      skipped: skipped.has(row.occurrence_date),
    }));
    // Beyond the dates made so far, the rule's next days (not activities yet).
    if (nextDates.length < NEXT_DATES && !series.ended) {
      const startsAt = (d: string) => zonedInstant(d, startTimeOf(series), series.timeZone);
      const { days } = expandRule(parseRule(series.rule), {
        start: series.startDate,
        to: addDays(series.materialisedUntil, 400),
        exDates: series.exDates,
        startsAt: (d) => startsAt(d).getTime(),
      });
      for (const day of days) {
        if (nextDates.length >= NEXT_DATES) break;
        if (day <= series.materialisedUntil) continue;
        nextDates.push({
          date: day,
          activityId: null,
          startsAt: startsAt(day).toISOString(),
          status: 'NONE',
          skipped: skipped.has(day),
        });
      }
    }
    return {
      seriesId: series.id,
      rule: series.rule,
      startDate: series.startDate,
      exDates: series.exDates,
      name: name[0]?.name ?? String(series.template.name),
      startTime: startTimeOf(series),
      endTime: String(series.template.end_time),
      timeZone: series.timeZone,
      ended: series.ended,
      joined: !!me,
      isAdmin: !!me?.isAdmin,
      nextDates,
    };
  }

  const answer = async (activityId: string, userId: string) => ({ series: await view(activityId, userId) });

  return {
    /** Checks `repeat` for create-new: the rule, its exceptions, and the first date (the day of `date` or later). */
    plan: planOf,

    /**
     * Turns a just-created activity into the first date of a new series (in create-new's transaction): the series
     * copies it as its template, its creator organises every date, and the dates 12 weeks ahead are made.
     */
    async start(tx: DbOrTx, activityId: string, plan: SeriesPlan, userId: string) {
      const seriesId = uuidv7();
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
      await materialise(tx, [due!], deps.now());
    },

    /**
     * An edit of this and the following dates, or of all (in update-existing's transaction, after the edited date
     * itself): the other coming dates take the same values (each keeps its own day), and so do the dates made from
     * now on (the template). Dates that have started never change. Each person taking part in a changed date is
     * told once, on their first such date, unless the edited date already told them (`told`).
     */
    async propagate(
      tx: DbOrTx,
      fx: Effects,
      edit: {
        activity: ActivityRow;
        scope: Exclude<SeriesScope, 'THIS'>;
        values: SharedValues;
        route: { startLatitude: number; startLongitude: number } | null;
        actorId: string;
        told: string[];
      },
    ) {
      const { activity, scope, values } = edit;
      if (!activity.seriesId) throw new ApiError('NOT_IN_SERIES');
      const { series, occurrenceDate } = await seriesOf(activity.id, tx, true);
      const siblings = (await comingDates(tx, series.id, scope === 'FOLLOWING' ? occurrenceDate : undefined)).filter(
        (s) => s.id !== activity.id,
      );
      const { date: _date, startsAt: _s, endsAt: _e, ...shared } = values;
      await tx.execute(sql`update activity_series set template = template || ${JSON.stringify(asTemplatePatch(shared))}::jsonb,
        time_zone = ${values.timeZone}, updated_at = now() where id = ${series.id}`);
      await applyToDates(tx, fx, siblings, { ...edit, name: values.name ?? activity.name });
    },

    /**
     * A new rule for this and the following dates, or for every coming one (in update-existing's transaction): the
     * series is split (docs/series.md). The old series ends; a new one starts on the edit's day with the new rule, the
     * edited values and the old one's members (and their opt-outs that fall on days of the new rule). Each coming date
     * of the old series from the edited one on (all of them for ALL) whose day the new rule keeps moves into the new
     * series with the new values, its people, chat and waitlist; the others are cancelled as series/cancel cancels a
     * date. The new rule's days not made yet are made, as the job makes them. Dates that have started never change.
     * Answers the date to show: the edited one when the new rule keeps it, else the new series' first coming date.
     */
    async split(
      tx: DbOrTx,
      fx: Effects,
      edit: {
        activity: ActivityRow;
        scope: Exclude<SeriesScope, 'THIS'>;
        repeat: RepeatInput;
        values: SharedValues & { date: string };
        route: { startLatitude: number; startLongitude: number } | null;
        actorId: string;
      },
    ): Promise<string> {
      const { activity, scope, values } = edit;
      const { series, occurrenceDate } = await seriesOf(activity.id, tx, true);
      const plan = planOf(edit.repeat, values.date, values.startTime, values.timeZone);
      const now = deps.now();
      const next: DueSeries = {
        id: uuidv7(),
        rule: plan.rule,
        start_date: plan.startDate,
        ex_dates: plan.exDates,
        time_zone: values.timeZone,
        start_time: values.startTime,
        end_time: values.endTime,
        materialised_until: addDays(plan.startDate, -1),
      };
      const ruleDays = new Set(
        occurrencesOf(next, next.materialised_until, horizonOf(now, next.time_zone), now).occurrences.map((o) => o.day),
      );
      if (!ruleDays.size) {
        throw new ApiError('SERIES_RULE_INVALID', {
          message: 'The new rule has no date in the next 12 weeks: choose a nearer start',
        });
      }
      const { date: _date, startsAt: _s, endsAt: _e, ...shared } = values;
      await tx.execute(sql`insert into activity_series (id, rule, start_date, ex_dates, time_zone, template,
          materialised_until, created_by)
        select ${next.id}, ${next.rule}, ${next.start_date}, ${`{${next.ex_dates.join(',')}}`}::text[], ${next.time_zone},
          template || ${JSON.stringify(asTemplatePatch(shared))}::jsonb, ${next.materialised_until}, created_by
        from activity_series where id = ${series.id}`);
      // The members keep their place (created_at orders seats and waitlists), and the opt-outs the new rule has days for.
      await tx.execute(sql`insert into series_members (series_id, user_id, is_admin, created_at)
        select ${next.id}, user_id, is_admin, created_at from series_members where series_id = ${series.id}`);
      await tx.execute(sql`insert into series_skips (series_id, user_id, day, created_at)
        select ${next.id}, user_id, day, created_at from series_skips
        where series_id = ${series.id} and day = any(${`{${[...ruleDays].join(',')}}`}::text[])`);
      await tx.update(activitySeries).set({ ended: true, updatedAt: now }).where(eq(activitySeries.id, series.id));

      const affected = await comingDates(tx, series.id, scope === 'FOLLOWING' ? occurrenceDate : undefined);
      const kept = affected.filter((d) => ruleDays.has(d.occurrenceDate!));
      const dropped = affected.filter((d) => !ruleDays.has(d.occurrenceDate!));
      await cancelDates(
        tx,
        fx,
        dropped.map((d) => d.id),
        edit.actorId,
      );
      if (kept.length) {
        await tx
          .update(activities)
          .set({ seriesId: next.id })
          .where(
            inArray(
              activities.id,
              kept.map((d) => d.id),
            ),
          );
      }
      // The moved dates take the new values; nobody is told per date here: everyone is told once below.
      await applyToDates(tx, fx, kept, { ...edit, notify: false, told: [], name: values.name ?? activity.name });
      await materialise(tx, [next], now);
      // Each person taking part in a date of the new series (a moved one, or one just made for a series member) is
      // told once, on their first such date, that the series repeats differently, also when a cancellation of
      // another date told them already: otherwise they would know of the cancelled dates and not of their new ones.
      const firsts = await queryRows<{ activity_id: string; user_id: string }>(
        tx,
        sql`select distinct on (m.user_id) m.activity_id, m.user_id from activity_members m
            join activities a on a.id = m.activity_id
            where a.series_id = ${next.id} and a.deleted_at is null
              and a.starts_at > ${now.toISOString()}::timestamptz
              and m.state = 'PARTICIPATING' and m.user_id <> ${edit.actorId}
            order by m.user_id, a.starts_at`,
      );
      const byDate = new Map<string, string[]>();
      for (const row of firsts) byDate.set(row.activity_id, [...(byDate.get(row.activity_id) ?? []), row.user_id]);
      for (const [activityId, userIds] of byDate) {
        await fx.notify({
          userIds,
          type: 'ACTIVITY_EDIT',
          targetId: activityId,
          actorId: edit.actorId,
          reason: 'RULE',
          targetName: values.name ?? activity.name,
        });
      }
      if (kept.some((d) => d.id === activity.id)) return activity.id;
      const [first] = await tx
        .select({ id: activities.id })
        .from(activities)
        .where(
          and(
            eq(activities.seriesId, next.id),
            sql`${activities.deletedAt} is null`,
            sql`${activities.startsAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(activities.startsAt)
        .limit(1);
      return first!.id;
    },

    answer,

    read: async (userId: string, activityId: string) => {
      await deps.members.load(activityId, userId);
      return answer(activityId, userId);
    },

    /**
     * Join the whole series: every coming date (but skipped days, and dates where an admin decided about the
     * person: requested, rejected or removed), and each new one. Whoever could join this date directly may; on a
     * closed series, whoever takes part in this date already (an admin accepted them).
     */
    async join(userId: string, activityId: string) {
      await run(async (tx, fx) => {
        await deps.memberships.lockPerson('activity', activityId, userId, tx);
        const { object, member } = await deps.members.load(activityId, userId, tx, 'share');
        const { series } = await seriesOf(activityId, tx);
        if (await seriesMember(series.id, userId, tx)) throw new ApiError('ALREADY_PARTICIPATING');
        if (member?.state !== 'PARTICIPATING') {
          const entry = await deps.members.entryFor(tx, object, userId, member);
          if (entry === 'REQUEST') throw new ApiError('ACCESS_REQUEST_REQUIRED');
        }
        await tx.insert(seriesMembers).values({ seriesId: series.id, userId, isAdmin: false });
        const skipped = new Set(
          (
            await tx
              .select({ day: seriesSkips.day })
              .from(seriesSkips)
              .where(and(eq(seriesSkips.seriesId, series.id), eq(seriesSkips.userId, userId)))
          ).map((k) => k.day),
        );
        const coming = (await comingDates(tx, series.id)).filter((d) => !skipped.has(d.occurrenceDate!));
        const dates = await rows(
          tx,
          coming.map((d) => d.id),
        );
        for (const date of dates.values()) await joinDate(tx, fx, date, userId);
      });
      return answer(activityId, userId);
    },

    /** Leave the series and its coming dates; its last organiser may not. */
    async leave(userId: string, activityId: string) {
      await run(async (tx, fx) => {
        await deps.members.load(activityId, userId, tx, 'share');
        const { series } = await seriesOf(activityId, tx, true);
        const me = await seriesMember(series.id, userId, tx);
        if (!me) throw new ApiError('SERIES_NOT_JOINED');
        if (me.isAdmin) {
          const [admins] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from series_members where series_id = ${series.id} and is_admin`,
          );
          if ((admins?.n ?? 0) <= 1) throw new ApiError('LAST_ADMIN');
        }
        await tx
          .delete(seriesMembers)
          .where(and(eq(seriesMembers.seriesId, series.id), eq(seriesMembers.userId, userId)));
        await tx.delete(seriesSkips).where(and(eq(seriesSkips.seriesId, series.id), eq(seriesSkips.userId, userId)));
        const coming = await comingDates(tx, series.id);
        const dates = await rows(
          tx,
          coming.map((d) => d.id),
        );
        for (const date of dates.values()) await leaveDate(tx, fx, date, userId);
      });
      return answer(activityId, userId);
    },

    /** A series member opts out of one coming day (and leaves its date if made), or back in (and joins it). */
    async skipDate(userId: string, body: { activityId: string; date: string; skip: boolean }) {
      await run(async (tx, fx) => {
        await deps.members.load(body.activityId, userId, tx, 'share');
        const { series } = await seriesOf(body.activityId, tx);
        const me = await seriesMember(series.id, userId, tx);
        if (!me) throw new ApiError('SERIES_NOT_JOINED');
        if (me.isAdmin && body.skip) throw new ApiError('SERIES_ORGANISER_SKIP');
        if (!isRuleDay(series, body.date)) throw new ApiError('SERIES_DATE_NOT_IN_RULE');
        const [made] = await tx
          .select({ id: activities.id, startsAt: activities.startsAt, deletedAt: activities.deletedAt })
          .from(activities)
          .where(and(eq(activities.seriesId, series.id), eq(activities.occurrenceDate, body.date)));
        const startsAt = made?.startsAt ?? zonedInstant(body.date, startTimeOf(series), series.timeZone);
        if (startsAt <= deps.now()) throw new ApiError('SERIES_DATE_PAST');
        if (body.skip) {
          await tx.insert(seriesSkips).values({ seriesId: series.id, userId, day: body.date }).onConflictDoNothing();
        } else {
          await tx
            .delete(seriesSkips)
            .where(
              and(eq(seriesSkips.seriesId, series.id), eq(seriesSkips.userId, userId), eq(seriesSkips.day, body.date)),
            );
        }
        if (!made || made.deletedAt) return;
        const date = (await rows(tx, [made.id])).get(made.id)!;
        if (body.skip) await leaveDate(tx, fx, date, userId);
        else await joinDate(tx, fx, date, userId);
      });
      return answer(body.activityId, userId);
    },

    /**
     * Admin: cancel this date, this and the following ones, or every coming one; the last two end the series (no
     * more dates are made). A cancelled date leaves every list and closes its chat, but stays in calendar feeds as
     * cancelled; its participants (only them, and not the admin who cancelled) are told, once each.
     */
    async cancel(userId: string, body: { activityId: string; scope: SeriesScope }) {
      return run(async (tx, fx) => {
        const { object } = await deps.members.loadAsAdmin(body.activityId, userId, tx, true);
        const { series, occurrenceDate } = await seriesOf(body.activityId, tx, true);
        const now = deps.now();
        if (body.scope === 'THIS' && object.startsAt <= now) throw new ApiError('SERIES_DATE_PAST');
        const dates =
          body.scope === 'THIS'
            ? [{ id: object.id }]
            : await comingDates(tx, series.id, body.scope === 'FOLLOWING' ? occurrenceDate : undefined);
        if (body.scope !== 'THIS') {
          await tx.update(activitySeries).set({ ended: true, updatedAt: now }).where(eq(activitySeries.id, series.id));
        }
        const { cancelled } = await cancelDates(
          tx,
          fx,
          dates.map((d) => d.id),
          userId,
        );
        return { cancelled };
      });
    },
  };
}

export type SeriesService = ReturnType<typeof createSeriesService>;
