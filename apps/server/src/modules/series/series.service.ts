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
import { uuidv7 } from 'uuidv7';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { activities } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import { editKind, zonedInstant } from '../activities/activity-time.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import { consentOf } from '../membership/consent.ts';
import type { MembershipRepository } from '../membership/membership.repository.ts';
import { assertConsent, type Membership, statusOf } from '../membership/membership.service.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { createSeriesRepository, type DueSeries, type SeriesRepository, type SeriesRow } from './series.repository.ts';
import { addDays, horizonOf, materialise, occurrencesOf } from './series-materialiser.ts';

/** How many coming dates series/read-info lists. */
const NEXT_DATES = 12;

export interface SeriesDeps {
  db: Db;
  changes: Changes;
  members: Pick<Membership<ActivityRow>, 'load' | 'loadAsAdmin' | 'entryFor' | 'joinIn' | 'leaveIn' | 'recordConsent'>;
  memberships: Pick<MembershipRepository, 'lockPerson' | 'member' | 'memberIds' | 'blockedByAnAdmin'>;
  chatMembership: Pick<ChatMembership, 'chatIdOf' | 'close'>;
  /** The series' SQL; made from `db` when not given. */
  repo?: SeriesRepository;
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

function ruleError(err: unknown): never {
  if (err instanceof RuleError) {
    throw new ApiError(err.code, { message: err.message, issues: [{ path: 'repeat.rule', message: err.message }] });
  }
  throw err;
}

/**
 * Series of activities (issue 22, docs/series.md): every date is a real activity, made 12 weeks ahead by
 * series-materialiser.ts. Edits by scope, cancellations, joining the whole series with per-date opt-outs.
 */
export function createSeriesService(deps: SeriesDeps) {
  const { db } = deps;
  const repo = deps.repo ?? createSeriesRepository(db);
  const run = deps.changes.run;

  /** The series of an activity and the activity's day in it; NOT_IN_SERIES without one. */
  async function seriesOf(activityId: string, tx: DbOrTx, lock = false) {
    const found = await repo.seriesOf(activityId, lock, tx);
    if (!found) throw new ApiError('NOT_IN_SERIES');
    return found;
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
  const comingDates = (tx: DbOrTx, seriesId: string, fromDay?: string) =>
    repo.comingDates(seriesId, deps.now(), fromDay, tx);

  type ComingDate = Awaited<ReturnType<typeof comingDates>>[number];

  /**
   * The person comes into a date as joining it would let them (the engine: a seat, or the waitlist when the seats
   * are taken, and the chat), unless an admin decided about them there (requested, rejected, removed) or they are in,
   * or an admin blocked them (issue 23: they are left out unaware, as the materialiser leaves them out).
   */
  async function joinDate(
    tx: DbOrTx,
    fx: Effects,
    date: ActivityRow,
    userId: string,
    consent: { version: number | null | undefined; at?: Date | null },
  ) {
    await deps.memberships.lockPerson('activity', date.id, userId, tx);
    const member = await deps.memberships.member('activity', date.id, userId, tx);
    if (member && member.state !== 'INVITED') return;
    if (await deps.memberships.blockedByAnAdmin('activity', date.id, userId, tx)) return;
    await deps.members.joinIn(tx, fx, date, userId, member);
    await deps.members.recordConsent(tx, date, userId, consent.version, consent.at ?? undefined);
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
    await repo.updateDates(ids, shared, times, deps.now(), tx);
    if (edit.notify === false) return;
    // One notification per person, on their first changed date.
    const firsts = await repo.firstDatesOf(ids, edit.told, tx);
    const byDate = new Map<string, string[]>();
    for (const row of firsts) byDate.set(row.activityId, [...(byDate.get(row.activityId) ?? []), row.userId]);
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
    const cancelled = await repo.cancelDates(ids, now, tx);
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
      repo.nextDates(series.id, userId, now, NEXT_DATES, db),
      repo.member(series.id, userId, db),
      repo.skippedDays(series.id, userId, db),
      repo.activityName(activityId, db),
    ]);
    const skipped = new Set(skips);
    const nextDates: SeriesDate[] = made.map((row) => ({
      date: row.occurrenceDate,
      activityId: row.id,
      startsAt: new Date(row.startsAt).toISOString(),
      status: statusOf(row.state),
      skipped: skipped.has(row.occurrenceDate),
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
      name: name ?? String(series.template.name),
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
      const due = await repo.create(uuidv7(), activityId, plan, userId, tx);
      await materialise(repo, tx, [due], deps.now());
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
      await repo.patchTemplate(series.id, shared, values.timeZone, tx);
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
        startDate: plan.startDate,
        exDates: plan.exDates,
        timeZone: values.timeZone,
        startTime: values.startTime,
        endTime: values.endTime,
        materialisedUntil: addDays(plan.startDate, -1),
      };
      const ruleDays = new Set(
        occurrencesOf(next, next.materialisedUntil, horizonOf(now, next.timeZone), now).occurrences.map((o) => o.day),
      );
      if (!ruleDays.size) {
        throw new ApiError('SERIES_RULE_INVALID', {
          message: 'The new rule has no date in the next 12 weeks: choose a nearer start',
        });
      }
      const { date: _date, startsAt: _s, endsAt: _e, ...shared } = values;
      await repo.createFollowing(series.id, next, shared, [...ruleDays], tx);
      await repo.end(series.id, now, tx);

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
        await repo.moveDates(
          kept.map((d) => d.id),
          next.id,
          tx,
        );
      }
      // The moved dates take the new values; nobody is told per date here: everyone is told once below.
      await applyToDates(tx, fx, kept, { ...edit, notify: false, told: [], name: values.name ?? activity.name });
      await materialise(repo, tx, [next], now);
      // Each person taking part in a date of the new series (a moved one, or one just made for a series member) is
      // told once, on their first such date, that the series repeats differently, also when a cancellation of
      // another date told them already: otherwise they would know of the cancelled dates and not of their new ones.
      const firsts = await repo.firstComingDatesOf(next.id, now, edit.actorId, tx);
      const byDate = new Map<string, string[]>();
      for (const row of firsts) byDate.set(row.activityId, [...(byDate.get(row.activityId) ?? []), row.userId]);
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
      return (await repo.firstComingDate(next.id, now, tx))!;
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
    async join(userId: string, activityId: string, consentVersion?: number) {
      await run(async (tx, fx) => {
        await deps.memberships.lockPerson('activity', activityId, userId, tx);
        const { object, member } = await deps.members.load(activityId, userId, tx, 'share');
        const { series } = await seriesOf(activityId, tx);
        if (await repo.member(series.id, userId, tx)) throw new ApiError('ALREADY_PARTICIPATING');
        if (member?.state !== 'PARTICIPATING') {
          const entry = await deps.members.entryFor(tx, object, userId, member);
          if (entry === 'REQUEST') throw new ApiError('ACCESS_REQUEST_REQUIRED');
        }
        assertConsent(object, consentVersion);
        const consent = consentOf(object) ? { consentVersion: object.consentVersion, consentedAt: deps.now() } : null;
        await repo.addMember(series.id, userId, consent, tx);
        const skipped = new Set(await repo.skippedDays(series.id, userId, tx));
        const coming = (await comingDates(tx, series.id)).filter((d) => !skipped.has(d.occurrenceDate!));
        const dates = await repo.activityRows(
          coming.map((d) => d.id),
          tx,
        );
        for (const date of dates.values()) await joinDate(tx, fx, date, userId, { version: consentVersion });
      });
      return answer(activityId, userId);
    },

    /** Leave the series and its coming dates; its last organiser may not. */
    async leave(userId: string, activityId: string) {
      await run(async (tx, fx) => {
        await deps.members.load(activityId, userId, tx, 'share');
        const { series } = await seriesOf(activityId, tx, true);
        const me = await repo.member(series.id, userId, tx);
        if (!me) throw new ApiError('SERIES_NOT_JOINED');
        if (me.isAdmin) {
          if ((await repo.adminsCount(series.id, tx)) <= 1) throw new ApiError('LAST_ADMIN');
        }
        await repo.removeMember(series.id, userId, tx);
        const coming = await comingDates(tx, series.id);
        const dates = await repo.activityRows(
          coming.map((d) => d.id),
          tx,
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
        const me = await repo.member(series.id, userId, tx);
        if (!me) throw new ApiError('SERIES_NOT_JOINED');
        if (me.isAdmin && body.skip) throw new ApiError('SERIES_ORGANISER_SKIP');
        if (!isRuleDay(series, body.date)) throw new ApiError('SERIES_DATE_NOT_IN_RULE');
        const made = await repo.dateOn(series.id, body.date, tx);
        const startsAt = made?.startsAt ?? zonedInstant(body.date, startTimeOf(series), series.timeZone);
        if (startsAt <= deps.now()) throw new ApiError('SERIES_DATE_PAST');
        if (body.skip) await repo.skip(series.id, userId, body.date, tx);
        else await repo.unskip(series.id, userId, body.date, tx);
        if (!made || made.deletedAt) return;
        const date = (await repo.activityRows([made.id], tx)).get(made.id)!;
        if (body.skip) await leaveDate(tx, fx, date, userId);
        else await joinDate(tx, fx, date, userId, { version: me.consentVersion, at: me.consentedAt });
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
          await repo.end(series.id, now, tx);
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
