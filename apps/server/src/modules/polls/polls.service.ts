import type { CallBody, Poll, PollSlot } from '@cordata/contract';
import { POLL_DEADLINE_MAX_DAYS } from '@cordata/contract';
import type { PollAnswer } from '@cordata/contract/enums';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import type { Access } from '../access/access.ts';
import { isMember } from '../access/access.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import { activityTimes, assertStartsLateEnough, canonicalTimeZone } from '../activities/activity-time.ts';
import type { Changes, Effects } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { PollRow, PollsRepository } from './polls.repository.ts';

export interface PollsDeps {
  repo: PollsRepository;
  access: Pick<Access, 'club' | 'requireMayLimit'>;
  activities: Pick<ActivitiesService, 'create'>;
  changes: Changes;
  realtime: Pick<Realtime, 'toUser'>;
  now: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Closed polls stay in the lists this long (their creator may still make the activity). */
const CLOSED_LISTED_MS = 30 * DAY_MS;
/** The reminder goes to those who have not answered, this long before the deadline. */
export const POLL_REMINDER_BEFORE_MS = DAY_MS;

type Found = NonNullable<Awaited<ReturnType<PollsRepository['findAsked']>>>;

/**
 * Date polls (issue 40, docs/polls.md). Who a poll asks is access.ts pollRules.asked; the winning date is the one
 * with most yes, then most maybe, then the earliest.
 */
export function createPollsService(deps: PollsDeps) {
  const { repo } = deps;
  const notFound = () => new ApiError('POLL_NOT_FOUND');

  async function found(pollId: string, userId: string, tx: DbOrTx = repo.db, lock = false): Promise<Found> {
    const row = await repo.findAsked(pollId, userId, tx, lock);
    if (!row) throw notFound();
    return row;
  }

  /** The polls as `userId` sees them: tallies for everyone asked, who answered what for the creator only. */
  async function view(rows: Found[], userId: string): Promise<Poll[]> {
    const ids = rows.map((r) => r.poll.id);
    const [slots, answers, counts] = await Promise.all([repo.slots(ids), repo.answers(ids), repo.askedCounts(ids)]);
    return rows.map(({ poll, groupName, subgroupName, creator, activityVisible }) => {
      const isCreator = poll.creatorId === userId;
      const given = answers.filter((a) => a.pollId === poll.id);
      const pollSlots: PollSlot[] = slots
        .filter((s) => s.pollId === poll.id)
        .map((s) => {
          const of = (answer: PollAnswer) => given.filter((a) => a.slotId === s.id && a.answer === answer);
          const [yes, maybe, no] = [of('YES'), of('MAYBE'), of('NO')];
          return {
            slotId: s.id,
            date: s.date,
            startTime: s.startTime,
            endTime: s.endTime,
            tally: { yes: yes.length, maybe: maybe.length, no: no.length },
            mine: given.find((a) => a.slotId === s.id && a.userId === userId)?.answer ?? null,
            voters: isCreator
              ? { yes: yes.map(toUserSummary), maybe: maybe.map(toUserSummary), no: no.map(toUserSummary) }
              : null,
          };
        });
      return {
        pollId: poll.id,
        title: poll.title,
        creator: toUserSummary(creator),
        group: poll.groupId ? { groupId: poll.groupId, name: groupName ?? '' } : null,
        subgroup: poll.subgroupId ? { subgroupId: poll.subgroupId, name: subgroupName ?? '' } : null,
        timeZone: poll.timeZone,
        deadline: poll.deadline.toISOString(),
        closedAt: poll.closedAt?.toISOString() ?? null,
        activityId: activityVisible ? poll.activityId : null,
        slots: pollSlots,
        winningSlotId: winner(pollSlots),
        askedCount: counts.get(poll.id) ?? 0,
        answeredCount: new Set(given.filter((a) => a.userId !== poll.creatorId).map((a) => a.userId)).size,
        isCreator,
      };
    });
  }

  /** Tells everyone a poll asks, and its creator, to read it again (a new answer, a close). */
  async function changed(tx: DbOrTx, fx: Effects, poll: PollRow) {
    const ids = [...(await repo.askedIds(poll, false, tx)), poll.creatorId];
    fx.afterCommit(() => {
      for (const id of ids) deps.realtime.toUser(id, 'poll:changed', { pollId: poll.id });
    });
  }

  async function assertMayAsk(userId: string, input: CallBody<'poll/create-new'>) {
    if (input.groupId) {
      if (input.userIds?.length) throw invalid('userIds', 'A poll asks a group or chosen contacts, not both');
      if (input.subgroupId) {
        await deps.access.requireMayLimit(input.groupId, [input.subgroupId], userId);
        return;
      }
      const club = await deps.access.club(input.groupId, userId);
      if (!club) throw new ApiError('GROUP_NOT_FOUND');
      if (!isMember(club.member)) throw new ApiError('FORBIDDEN', { message: 'Only members can ask a group' });
      return;
    }
    if (input.subgroupId) throw invalid('groupId', 'A sub-group is asked with its group');
    if (!input.userIds?.length) throw invalid('userIds', 'Ask a group or at least one contact');
    const contacts = await repo.contactsAmong(userId, input.userIds);
    const strangers = input.userIds.filter((id) => !contacts.has(id));
    if (strangers.length) {
      throw new ApiError('FORBIDDEN', { message: 'You can ask only your contacts', details: { userIds: strangers } });
    }
  }

  return {
    async create(userId: string, input: CallBody<'poll/create-new'>) {
      const now = deps.now();
      const deadline = new Date(input.deadline);
      if (deadline.getTime() <= now.getTime()) throw invalid('deadline', 'The deadline must be in the future');
      if (deadline.getTime() > now.getTime() + POLL_DEADLINE_MAX_DAYS * DAY_MS) {
        throw invalid('deadline', `The deadline must be within ${POLL_DEADLINE_MAX_DAYS} days`);
      }
      const timeZone = canonicalTimeZone(input.timeZone);
      const seen = new Set<string>();
      for (const slot of input.slots) {
        const key = `${slot.date} ${slot.startTime}`;
        if (seen.has(key)) throw invalid('slots', 'Each date and start time once');
        seen.add(key);
        assertStartsLateEnough(activityTimes({ ...slot, timeZone }).startsAt, now);
      }
      await assertMayAsk(userId, input);
      const slots = [...input.slots].sort((a, b) => `${a.date}${a.startTime}`.localeCompare(`${b.date}${b.startTime}`));
      const pollId = await deps.changes.run(async (tx, fx) => {
        const poll = await repo.insert(
          {
            creatorId: userId,
            title: input.title.trim(),
            groupId: input.groupId ?? null,
            subgroupId: input.subgroupId ?? null,
            timeZone,
            deadline,
          },
          slots,
          input.groupId ? [] : [...new Set(input.userIds)],
          tx,
        );
        await fx.notify({
          userIds: await repo.askedIds(poll, false, tx),
          type: 'POLL_ASKED',
          targetId: poll.id,
          actorId: userId,
          targetName: poll.title,
          reason: poll.deadline.toISOString(),
        });
        return poll.id;
      });
      return { poll: (await view([await found(pollId, userId)], userId))[0]! };
    },

    async read(userId: string, pollId: string) {
      return { poll: (await view([await found(pollId, userId)], userId))[0]! };
    },

    async list(userId: string, groupId: string | undefined) {
      const rows = await repo.listAsked(userId, new Date(deps.now().getTime() - CLOSED_LISTED_MS), groupId);
      return { polls: await view(rows, userId) };
    },

    async answer(userId: string, input: CallBody<'poll/answer'>) {
      await deps.changes.run(async (tx, fx) => {
        const { poll } = await found(input.pollId, userId, tx, true);
        if (poll.closedAt || poll.deadline <= deps.now()) throw new ApiError('POLL_CLOSED');
        const slotIds = new Set((await repo.slots([poll.id], tx)).map((s) => s.id));
        if (input.answers.some((a) => !slotIds.has(a.slotId))) throw invalid('answers', "Not one of this poll's dates");
        const last = new Map(input.answers.map((a) => [a.slotId, a.answer]));
        await repo.saveAnswers(
          poll.id,
          userId,
          [...last].map(([slotId, answer]) => ({ slotId, answer })),
          deps.now(),
          tx,
        );
        await changed(tx, fx, poll);
      });
      return this.read(userId, input.pollId);
    },

    async close(userId: string, pollId: string) {
      await deps.changes.run(async (tx, fx) => {
        const { poll } = await found(pollId, userId, tx, true);
        assertCreator(poll, userId);
        await repo.close(poll.id, deps.now(), tx);
        await changed(tx, fx, poll);
      });
      return this.read(userId, pollId);
    },

    /** The activity on one of the poll's dates, inviting exactly its yes and maybe voters; closes the poll. */
    async createActivity(userId: string, input: CallBody<'poll/create-activity'>, baseUrl: string) {
      const { poll } = await found(input.pollId, userId);
      assertCreator(poll, userId);
      if (poll.activityId) throw new ApiError('POLL_ACTIVITY_EXISTS');
      const slot = (await repo.slots([poll.id])).find((s) => s.id === input.slotId);
      if (!slot) throw invalid('slotId', "Not one of this poll's dates");
      const voters = (await repo.answers([poll.id]))
        .filter((a) => a.slotId === slot.id && a.answer !== 'NO' && a.userId !== userId)
        .map((a) => a.userId);
      const { activity } = await deps.activities.create(
        userId,
        {
          ...input.activity,
          date: slot.date,
          startTime: slot.startTime,
          endTime: slot.endTime,
          timeZone: poll.timeZone,
          groupId: poll.groupId,
          subgroupIds: poll.subgroupId ? [poll.subgroupId] : undefined,
        },
        baseUrl,
        voters,
        // In the activity's own transaction: of two calls at once, the second makes nothing and invites nobody.
        async (tx, fx, activityId) => {
          if (!(await repo.setActivity(poll.id, activityId, deps.now(), tx)))
            throw new ApiError('POLL_ACTIVITY_EXISTS');
          await changed(tx, fx, poll);
        },
      );
      return { activity, poll: (await this.read(userId, poll.id)).poll };
    },

    /**
     * The `poll-deadlines` job: the day-before reminder to those who have not answered, and closing the polls whose
     * deadline passed (their creator is told). Each poll is claimed by an update in the transaction that tells
     * people, so several instances may run it and a crash in between sends nothing twice and loses nothing.
     */
    async runDeadlines() {
      const now = deps.now();
      await deps.changes.run(async (tx, fx) => {
        for (const poll of await repo.claimReminders(now, new Date(now.getTime() + POLL_REMINDER_BEFORE_MS), tx)) {
          await fx.notify({
            userIds: await repo.askedIds(poll, true, tx),
            type: 'POLL_REMINDER',
            targetId: poll.id,
            actorId: poll.creatorId,
            targetName: poll.title,
            reason: poll.deadline.toISOString(),
          });
        }
        for (const poll of await repo.claimPastDeadline(now, tx)) {
          await fx.notify({
            userIds: [poll.creatorId],
            type: 'POLL_CLOSED',
            targetId: poll.id,
            actorId: null,
            targetName: poll.title,
          });
          await changed(tx, fx, poll);
        }
      });
    },
  };
}

/** The date with most yes, then most maybe, then the earliest (slots come in date order); null without a yes or maybe. */
export function winner(slots: readonly Pick<PollSlot, 'slotId' | 'tally'>[]): string | null {
  let best: Pick<PollSlot, 'slotId' | 'tally'> | null = null;
  for (const slot of slots) {
    if (slot.tally.yes + slot.tally.maybe === 0) continue;
    if (
      !best ||
      slot.tally.yes > best.tally.yes ||
      (slot.tally.yes === best.tally.yes && slot.tally.maybe > best.tally.maybe)
    ) {
      best = slot;
    }
  }
  return best?.slotId ?? null;
}

function assertCreator(poll: PollRow, userId: string) {
  if (poll.creatorId !== userId) throw new ApiError('FORBIDDEN', { message: 'Only who made the poll can do this' });
}

const invalid = (path: string, message: string) =>
  new ApiError('VALIDATION_ERROR', { message, issues: [{ path, message }] });

export type PollsService = ReturnType<typeof createPollsService>;
