/** Date polls (issue 40, docs/polls.md): the dates proposed, who is asked and what they answered. */
import type { PollAnswer } from '@cordata/contract/enums';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at, createdAt, id } from './columns.ts';
import { groups, subgroups } from './groups.ts';
import { users } from './users.ts';

/** A poll asks a group (groupId), one of its sub-groups (subgroupId too), or the contacts in `poll_invitees`. */
export const polls = pgTable(
  'polls',
  {
    id: id(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    // Deleting the sub-group deletes its polls: a poll never widens to the whole group.
    subgroupId: uuid('subgroup_id').references(() => subgroups.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    deadline: at('deadline').notNull(),
    /** The day-before reminder went out (the `poll-deadlines` job claims it by setting this). */
    remindedAt: at('reminded_at'),
    closedAt: at('closed_at'),
    activityId: uuid('activity_id').references(() => activities.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('polls_open_idx').on(t.deadline).where(sql`${t.closedAt} is null`),
    index('polls_group_idx').on(t.groupId),
    index('polls_creator_idx').on(t.creatorId),
  ],
);

export const pollSlots = pgTable(
  'poll_slots',
  {
    id: id(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    /** The local day and times as proposed, in the poll's time zone. */
    date: text('date').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('poll_slots_poll_idx').on(t.pollId, t.position)],
);

/** The contacts a poll asks (none for a group's poll: its members are asked as they are). */
export const pollInvitees = pgTable(
  'poll_invitees',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('poll_invitees_user_idx').on(t.userId)],
);

export const pollAnswers = pgTable(
  'poll_answers',
  {
    slotId: uuid('slot_id')
      .notNull()
      .references(() => pollSlots.id, { onDelete: 'cascade' }),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => polls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    answer: text('answer').$type<PollAnswer>().notNull(),
    answeredAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] }), index('poll_answers_poll_idx').on(t.pollId, t.userId)],
);
