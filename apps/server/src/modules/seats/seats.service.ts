import {
  CLAIM_WINDOW_DEFAULT_MINUTES,
  CLAIM_WINDOW_LATE_MINUTES,
  LATE_LEAVE_NOTIFY_HOURS,
  LATE_OFFER_HOURS,
  type WaitlistEntry,
  type WaitlistOverride,
} from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Access } from '../access/access.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { Member } from '../membership/membership.repository.ts';
import type { Capacity } from '../membership/membership.service.ts';
import { type NotifyInput, toOrganisers } from '../notifications/notifier.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toPersonOrNull, toUserSummary } from '../users/user-summary.ts';
import type { SeatsRepository } from './seats.repository.ts';

type Seatable = Pick<
  ActivityRow,
  'id' | 'name' | 'startsAt' | 'endsAt' | 'seats' | 'joinDeadlineHours' | 'claimWindowMinutes' | 'seatFreedAt'
>;

/** Activities served per job run; the rest wait for the next run. */
const BATCH = 200;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** When joining starts to go to the waitlist whatever the seats; null without a deadline. */
export const joinDeadline = (a: Pick<ActivityRow, 'startsAt' | 'joinDeadlineHours'>) =>
  a.joinDeadlineHours ? new Date(a.startsAt.getTime() - a.joinDeadlineHours * HOUR) : null;

const pastDeadline = (a: Pick<ActivityRow, 'startsAt' | 'joinDeadlineHours'>, now: Date) => {
  const deadline = joinDeadline(a);
  return !!deadline && now >= deadline;
};

/**
 * Until when an offer made at `now` may be claimed: the activity's claim window (120 min unless its organiser set
 * 15 min to 24 h), 15 min once the start is less than 6 h away, and never past the start.
 */
export function offerExpiry(a: Pick<ActivityRow, 'startsAt' | 'claimWindowMinutes'>, now: Date) {
  const late = a.startsAt.getTime() - now.getTime() < LATE_OFFER_HOURS * HOUR;
  const minutes = late ? CLAIM_WINDOW_LATE_MINUTES : (a.claimWindowMinutes ?? CLAIM_WINDOW_DEFAULT_MINUTES);
  return new Date(Math.min(now.getTime() + minutes * MINUTE, a.startsAt.getTime()));
}

export interface SeatsDeps {
  repo: SeatsRepository;
  changes: Changes;
  access: Pick<Access, 'require'>;
  realtime: Pick<Realtime, 'toUser'>;
  /** Seats someone in the activity (the membership engine's: the row, the chat). */
  seat(
    tx: DbOrTx,
    fx: Effects,
    activity: ActivityRow,
    userId: string,
    before: Member | null,
    tell?: NotifyInput | null,
  ): Promise<void>;
  /** The ids of an activity's admins taking part. */
  adminIds(activityId: string, tx: DbOrTx): Promise<string[]>;
  now: () => Date;
  /** Serves an activity's waitlist right after a change that freed a seat commits (instances that run jobs). */
  immediate: boolean;
  log: { warn(details: object, message: string): void };
}

/**
 * Seats, the join deadline and the waitlist with timed offers of activities (docs/seats.md). The membership engine
 * asks `capacity` where someone let in goes and tells it who left; the job (`run`) and the organisers' calls move
 * the waitlist. Every count of free seats happens under the activity's seats lock (`repo.lock`).
 */
export function createSeats(deps: SeatsDeps) {
  const { repo } = deps;

  /** The waitlist of an activity, served after the commit of the change that called it (when this instance may). */
  function kickAfter(fx: Effects, activityId: string) {
    if (!deps.immediate) return;
    fx.afterCommit(() => {
      setImmediate(() => {
        serve(activityId).catch((err) => deps.log.warn({ err, activityId }, 'serving a waitlist failed'));
      });
    });
  }

  const limited = (a: Seatable) => a.seats !== null || a.joinDeadlineHours !== null;

  /** Seconds from a freed seat to its offer (metrics: cordata_seat_offer_latency_seconds). */
  let observeOfferLatency: (seconds: number) => void = () => {};

  /** A seat of the activity is free from now, for the people waiting: the offer's latency counts from here. */
  const freed = (tx: DbOrTx, activityId: string) => repo.markSeatFreed(activityId, deps.now(), tx);

  /**
   * Offers free seats to the next people waiting, once an offer ran out; the people offered a seat. The first offer
   * after a seat was freed (the activity's mark, or an offer that ran out) is timed from that moment, and the mark
   * goes whether or not anyone could be offered the seat.
   */
  async function offer(tx: DbOrTx, fx: Effects, activity: Seatable) {
    const now = deps.now();
    if (activity.startsAt <= now) return [];
    const ranOut = await repo.dropExpired(activity.id, now, tx);
    const next = await offerFree(tx, fx, activity, now);
    const freedAt = [activity.seatFreedAt, ranOut].flatMap((d) => (d ? [d.getTime()] : []));
    if (next.length && freedAt.length) observeOfferLatency(Math.max(0, now.getTime() - Math.min(...freedAt)) / 1000);
    if (activity.seatFreedAt) await repo.clearSeatFreed(activity.id, tx);
    return next;
  }

  async function offerFree(tx: DbOrTx, fx: Effects, activity: Seatable, now: Date) {
    const counts = await repo.counts(activity.id, now, tx);
    const free =
      activity.seats === null
        ? pastDeadline(activity, now)
          ? 0
          : counts.waitlisted
        : activity.seats - counts.participating - counts.offers;
    if (free <= 0) return [];
    const next = await repo.nextWaiting(activity.id, free, tx);
    const expiresAt = offerExpiry(activity, now);
    for (const userId of next) await repo.setOffer(activity.id, userId, expiresAt, tx);
    if (next.length) await tellOffered(fx, activity, next, expiresAt);
    return next;
  }

  async function tellOffered(fx: Effects, activity: Seatable, userIds: string[], expiresAt: Date) {
    await fx.notify({
      userIds,
      type: 'ACTIVITY_SEAT_OFFER',
      targetId: activity.id,
      actorId: null,
      reason: expiresAt.toISOString(),
      targetName: activity.name,
    });
    fx.afterCommit(() => {
      for (const userId of userIds)
        deps.realtime.toUser(userId, 'seat', {
          activityId: activity.id,
          kind: 'offered',
          expiresAt: expiresAt.toISOString(),
        });
    });
  }

  /** One activity's waitlist, in its own change: run-out offers dropped, free seats offered. */
  async function serve(activityId: string) {
    return deps.changes.run(async (tx, fx) => {
      await repo.lock(activityId, tx);
      const activity = await repo.activity(activityId, tx);
      if (!activity) return 0;
      return (await offer(tx, fx, activity)).length;
    });
  }

  /** What the membership engine asks (see Capacity). */
  const capacity: Capacity<ActivityRow> = {
    async admit(tx, _fx, activity, userId) {
      if (!limited(activity)) return 'JOIN';
      await repo.lock(activity.id, tx);
      const now = deps.now();
      const counts = await repo.counts(activity.id, now, tx);
      // Everyone already waiting comes first: a newcomer takes a seat only if one is left after all of them.
      const full = activity.seats !== null && counts.participating + counts.waitlisted >= activity.seats;
      if (!full && !pastDeadline(activity, now)) return 'JOIN';
      await repo.addToWaitlist(activity.id, userId, now, tx);
      return 'WAIT';
    },

    async left(tx, fx, activity, member, removed) {
      const now = deps.now();
      const soon = activity.startsAt.getTime() - now.getTime() <= LATE_LEAVE_NOTIFY_HOURS * HOUR;
      if (member.state === 'PARTICIPATING' && !removed && (pastDeadline(activity, now) || soon)) {
        await fx.notify({
          userIds: await deps.adminIds(activity.id, tx),
          type: 'ACTIVITY_LATE_LEAVE',
          targetId: activity.id,
          actorId: member.userId,
          // After the deadline says so (no reason); a leave close to the start without a passed deadline is SOON.
          reason: pastDeadline(activity, now) ? null : 'SOON',
          targetName: activity.name,
          ...toOrganisers,
        });
      }
      // Nobody waits for a seat of an activity without seats or a deadline (admit seats everyone).
      if (member.state === 'PARTICIPATING' && limited(activity)) await freed(tx, activity.id);
      if (member.state === 'PARTICIPATING' || member.state === 'WAITLISTED') kickAfter(fx, activity.id);
    },
  };

  async function waitlist(activityId: string, tx: DbOrTx = repo.db) {
    const [rows, log] = await Promise.all([repo.list(activityId, tx), repo.overrides(activityId, tx)]);
    const entries: WaitlistEntry[] = rows.map((r, i) => ({
      ...toUserSummary(r),
      position: i + 1,
      waitlistedAt: r.createdAt.toISOString(),
      offerExpiresAt: r.offerExpiresAt?.toISOString() ?? null,
    }));
    const overrides: WaitlistOverride[] = log.map((o) => ({
      kind: o.kind,
      actor: toPersonOrNull(o.actor),
      user: toPersonOrNull(o.user),
      fromPosition: o.fromPosition,
      toPosition: o.toPosition,
      createdAt: o.createdAt.toISOString(),
    }));
    return { waitlist: entries, overrides };
  }

  /** The waitlisted person's index in `entries`, or WAITLIST_ENTRY_NOT_FOUND. */
  function indexOf(entries: { userId: string }[], userId: string) {
    const index = entries.findIndex((e) => e.userId === userId);
    if (index < 0) throw new ApiError('WAITLIST_ENTRY_NOT_FOUND');
    return index;
  }

  /** A key that sorts the moved person into `position` (1-based) among the others. */
  function keyAt(others: { key: number | null }[], position: number) {
    const i = Math.min(Math.max(position, 1), others.length + 1) - 1;
    const before = i > 0 ? (others[i - 1]!.key ?? 0) : null;
    const after = i < others.length ? (others[i]!.key ?? 0) : null;
    if (before === null && after === null) return 0;
    if (before === null) return after! - 1;
    if (after === null) return before + 1;
    return (before + after) / 2;
  }

  return {
    capacity,
    serve,

    /** Tells `observe` the seconds from each freed seat to its offer (app.ts: the seat-offer latency histogram). */
    onOfferLatency(observe: (seconds: number) => void) {
      observeOfferLatency = observe;
    },

    /**
     * The job: every activity whose waitlist needs serving, one change each (safe on several instances: each
     * change holds the activity's seats lock and counts again). Returns how many offers it made.
     */
    async run() {
      const due = await repo.due(deps.now(), BATCH);
      let offered = 0;
      for (const activityId of due) offered += await serve(activityId);
      return offered;
    },

    /** The caller takes the seat offered to them, if one is still free (exactly one of many at the last seat). */
    async claim(userId: string, activityId: string) {
      await deps.changes
        .run(async (tx, fx) => {
          const { activity, member } = await deps.access.require('activity', activityId, userId, {
            as: 'viewer',
            lock: 'share',
            tx,
          });
          if (member?.state === 'PARTICIPATING') throw new ApiError('ALREADY_PARTICIPATING');
          await repo.lock(activityId, tx);
          const now = deps.now();
          const mine = await repo.position(activityId, userId, tx);
          if (!mine?.offerExpiresAt || new Date(mine.offerExpiresAt) <= now) throw new ApiError('NO_SEAT_OFFER');
          if (activity.startsAt <= now) throw new ApiError('ACTIVITY_STARTED');
          const counts = await repo.counts(activityId, now, tx);
          if (activity.seats !== null && counts.participating >= activity.seats) {
            // The organiser lowered the seats below the offers out: first come, first seated; they stay first in line.
            await repo.setOffer(activityId, userId, null, tx);
            return 'FULL' as const;
          }
          await deps.seat(tx, fx, activity, userId, member as Member, {
            userIds: await deps.adminIds(activityId, tx),
            type: 'ACTIVITY_SEAT_TAKEN',
            targetId: activityId,
            actorId: userId,
            targetName: activity.name,
            ...toOrganisers,
          });
          await repo.clearWaitlist(activityId, userId, tx);
          return 'SEATED' as const;
        })
        .then((outcome) => {
          if (outcome === 'FULL') throw new ApiError('ACTIVITY_FULL');
        });
    },

    /** The caller turns the offer down: they leave the waitlist and the seat goes to the next person. */
    async decline(userId: string, activityId: string) {
      await deps.changes.run(async (tx, fx) => {
        await deps.access.require('activity', activityId, userId, { as: 'viewer', lock: 'share', tx });
        await repo.lock(activityId, tx);
        const mine = await repo.position(activityId, userId, tx);
        if (!mine?.offerExpiresAt || new Date(mine.offerExpiresAt) <= deps.now()) throw new ApiError('NO_SEAT_OFFER');
        // The row goes: the person is as they were before joining.
        await repo.leave(activityId, userId, tx);
        await freed(tx, activityId);
        kickAfter(fx, activityId);
      });
    },

    async list(userId: string, activityId: string) {
      await deps.access.require('activity', activityId, userId, { as: 'organiser' });
      return waitlist(activityId);
    },

    /** An organiser moves someone to a place; recorded. */
    async move(adminId: string, activityId: string, userId: string, position: number) {
      await deps.changes.run(async (tx, fx) => {
        await deps.access.require('activity', activityId, adminId, { as: 'organiser', tx });
        await repo.lock(activityId, tx);
        const entries = await repo.entries(activityId, tx);
        const from = indexOf(entries, userId) + 1;
        const others = entries.filter((e) => e.userId !== userId);
        const to = Math.min(position, entries.length);
        if (to === from) return;
        await repo.setKey(activityId, userId, keyAt(others, to), tx);
        await repo.recordOverride({ activityId, actorId: adminId, userId, kind: 'MOVE', from, to }, deps.now(), tx);
        fx.afterCommit(() => deps.realtime.toUser(userId, 'seat', { activityId, kind: 'moved' }));
      });
      return waitlist(activityId);
    },

    /**
     * An organiser picks someone: first in line, and offered a seat at once when one is free (or, without seats,
     * past the deadline: the organiser's pick is how people get in then); recorded.
     */
    async pick(adminId: string, activityId: string, userId: string) {
      await deps.changes.run(async (tx, fx) => {
        const { activity } = await deps.access.require('activity', activityId, adminId, { as: 'organiser', tx });
        const now = deps.now();
        if (activity.startsAt <= now) throw new ApiError('ACTIVITY_STARTED');
        await repo.lock(activityId, tx);
        const entries = await repo.entries(activityId, tx);
        const from = indexOf(entries, userId) + 1;
        const others = entries.filter((e) => e.userId !== userId);
        await repo.setKey(activityId, userId, keyAt(others, 1), tx);
        await repo.recordOverride({ activityId, actorId: adminId, userId, kind: 'PICK', from, to: 1 }, now, tx);
        const held = entries[from - 1]!.offerExpiresAt;
        if (held && held > now) return;
        const counts = await repo.counts(activityId, now, tx);
        const free = activity.seats === null || activity.seats - counts.participating - counts.offers > 0;
        if (free) {
          const expiresAt = offerExpiry(activity, now);
          await repo.setOffer(activityId, userId, expiresAt, tx);
          await tellOffered(fx, activity, [userId], expiresAt);
        } else {
          fx.afterCommit(() => deps.realtime.toUser(userId, 'seat', { activityId, kind: 'moved' }));
        }
      });
      return waitlist(activityId);
    },

    /**
     * An organiser takes someone off the waitlist: the row goes, as when they leave it themselves (they may join
     * again, at the end); recorded. An offer they held passes to the next person after the commit.
     */
    async remove(adminId: string, activityId: string, userId: string) {
      await deps.changes.run(async (tx, fx) => {
        await deps.access.require('activity', activityId, adminId, { as: 'organiser', tx });
        await repo.lock(activityId, tx);
        const entries = await repo.entries(activityId, tx);
        const from = indexOf(entries, userId) + 1;
        await repo.leave(activityId, userId, tx);
        const now = deps.now();
        await repo.recordOverride({ activityId, actorId: adminId, userId, kind: 'REMOVE', from, to: 0 }, now, tx);
        fx.afterCommit(() => deps.realtime.toUser(userId, 'seat', { activityId, kind: 'removed' }));
        const held = entries[from - 1]!.offerExpiresAt;
        if (held && held > now) {
          await freed(tx, activityId);
          kickAfter(fx, activityId);
        }
      });
      return waitlist(activityId);
    },

    /**
     * An edit of the seats or the deadline: the seats may not go below the people taking part; raised or
     * removed, the waitlist is served after the commit. Runs inside the edit's change.
     */
    async edited(tx: DbOrTx, fx: Effects, activityId: string, seats: number | null) {
      await repo.lock(activityId, tx);
      if (seats !== null) {
        const { participating } = await repo.counts(activityId, deps.now(), tx);
        if (seats < participating) {
          throw new ApiError('SEATS_BELOW_CONFIRMED', { details: { participating } });
        }
      }
      // Read before the edit is written: raised (or removed), the new seats are free from now.
      const before = await repo.activity(activityId, tx);
      if (before?.seats != null && (seats === null || seats > before.seats)) await freed(tx, activityId);
      kickAfter(fx, activityId);
    },
  };
}

export type Seats = ReturnType<typeof createSeats>;
