/** The waitlist's order changes (docs/seats.md). */
import type { WaitlistOverride } from '@cordata/contract/enums';
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { createdAt, id } from './columns.ts';
import { users } from './users.ts';

/** Every change an organiser made to the order of a waitlist: visible to the activity's organisers. */
export const activityWaitlistOverrides = pgTable(
  'activity_waitlist_overrides',
  {
    id: id(),
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<WaitlistOverride>().notNull(),
    fromPosition: integer('from_position').notNull(),
    toPosition: integer('to_position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activity_waitlist_overrides_activity_idx').on(t.activityId, t.createdAt)],
);
