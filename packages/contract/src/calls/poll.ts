import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Day, Id, IsoDateTime, TimeOfDay, UserSummary } from '../common.ts';
import { POLL_ANSWERS } from '../enums.ts';
import { PlainText } from '../rules.ts';
import { ACTIVITY_CREATE_ERRORS, Activity, ActivityInput, ROUTE_BODY_LIMIT } from './activity.ts';

/**
 * Date polls (issue 40, docs/polls.md): an organiser proposes up to 10 dates with a deadline to a group, one of its
 * sub-groups or chosen contacts; the people asked answer yes, maybe or no to each and see the tally; the winning
 * date becomes an activity (or a series) that invites exactly its yes and maybe voters.
 */
export const PollAnswer = z.enum(POLL_ANSWERS);

export const POLL_SLOTS_MAX = 10;
export const POLL_DEADLINE_MAX_DAYS = 60;

export const PollSlotInput = z.object({ date: Day, startTime: TimeOfDay, endTime: TimeOfDay });

export const PollInput = z.object({
  title: PlainText(80).pipe(z.string().min(1)),
  /** Asked: the members of a group (all, or one of its sub-groups), or chosen contacts. */
  groupId: Id.optional(),
  subgroupId: Id.optional(),
  userIds: z.array(Id).min(1).max(200).optional(),
  slots: z.array(PollSlotInput).min(1).max(POLL_SLOTS_MAX),
  /** When it closes by itself; within POLL_DEADLINE_MAX_DAYS. */
  deadline: IsoDateTime,
  /** The zone of the dates' times (an IANA name); the caller's device zone. */
  timeZone: z.string().min(1).max(64),
});

const Tally = z.object({ yes: z.int(), maybe: z.int(), no: z.int() });

export const PollSlot = PollSlotInput.extend({
  slotId: Id,
  tally: Tally,
  /** The caller's answer, or null. */
  mine: PollAnswer.nullable(),
  /** Who answered what: for the poll's creator only (they invite from it); null for everyone else. */
  voters: z.object({ yes: z.array(UserSummary), maybe: z.array(UserSummary), no: z.array(UserSummary) }).nullable(),
});
export type PollSlot = z.infer<typeof PollSlot>;

export const Poll = z.object({
  pollId: Id,
  title: z.string(),
  creator: UserSummary,
  group: z.object({ groupId: Id, name: z.string() }).nullable(),
  subgroup: z.object({ subgroupId: Id, name: z.string() }).nullable(),
  timeZone: z.string(),
  deadline: IsoDateTime,
  closedAt: IsoDateTime.nullable(),
  /** The activity made from it, once made. */
  activityId: Id.nullable(),
  slots: z.array(PollSlot),
  /** The date with most yes, then most maybe, then the earliest; null while nobody said yes or maybe. */
  winningSlotId: Id.nullable(),
  askedCount: z.int(),
  answeredCount: z.int(),
  isCreator: z.boolean(),
});
export type Poll = z.infer<typeof Poll>;

const byPoll = z.object({ pollId: Id });
const pollAnswer = z.object({ poll: Poll });

export const pollCalls = {
  'poll/create-new': defineCall({
    auth: true,
    summary: 'Propose dates to a group, one of its sub-groups or chosen contacts',
    body: PollInput,
    response: pollAnswer,
    errors: ['GROUP_NOT_FOUND', 'SUBGROUP_NOT_FOUND', 'FORBIDDEN', 'ACTIVITY_TOO_SOON', 'END_BEFORE_START'],
  }),
  'poll/read-info': defineCall({
    auth: true,
    summary: 'A poll, for its creator and the people it asks',
    body: byPoll,
    response: pollAnswer,
    errors: ['POLL_NOT_FOUND'],
  }),
  'poll/answer': defineCall({
    auth: true,
    summary: 'Answer yes, maybe or no to some of its dates (the others stay as they were)',
    body: byPoll.extend({
      answers: z
        .array(z.object({ slotId: Id, answer: PollAnswer }))
        .min(1)
        .max(POLL_SLOTS_MAX),
    }),
    response: pollAnswer,
    errors: ['POLL_NOT_FOUND', 'POLL_CLOSED'],
  }),
  'poll/list-mine': defineCall({
    auth: true,
    summary: 'The polls that ask me or that I made: open ones, and those closed in the last 30 days',
    body: z.object({ groupId: Id.optional() }),
    response: z.object({ polls: z.array(Poll) }),
    errors: [],
  }),
  'poll/close': defineCall({
    auth: true,
    summary: 'Creator: close it before its deadline',
    body: byPoll,
    response: pollAnswer,
    errors: ['POLL_NOT_FOUND', 'FORBIDDEN'],
  }),
  'poll/create-activity': defineCall({
    bodyLimit: ROUTE_BODY_LIMIT,
    auth: true,
    summary:
      "Creator: the activity (or series) on one of its dates, for the poll's group or sub-group, inviting exactly that date's yes and maybe voters; closes the poll",
    body: byPoll.extend({
      slotId: Id,
      activity: ActivityInput.omit({
        date: true,
        startTime: true,
        endTime: true,
        timeZone: true,
        groupId: true,
        subgroupIds: true,
        invitedUserIds: true,
        invitedGroupIds: true,
      }),
    }),
    response: z.object({ activity: Activity, poll: Poll }),
    errors: [...ACTIVITY_CREATE_ERRORS, 'POLL_NOT_FOUND', 'POLL_ACTIVITY_EXISTS'],
  }),
};
