/** Attendance marks and late cancels (docs/attendance.md). */
import type { AttendanceStatus } from '@cordata/contract/enums';
import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { activities } from './activities.ts';
import { at } from './columns.ts';
import { users } from './users.ts';

/**
 * Attendance (docs/attendance.md): one row per activity and person, an organiser's mark (ATTENDED, NO_SHOW,
 * EXCUSED) or a LATE_CANCEL recorded when the person left close to the start. Never public.
 */
export const activityAttendance = pgTable(
  'activity_attendance',
  {
    activityId: uuid('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<AttendanceStatus>().notNull(),
    /** The organiser who set the mark; null for a late cancel (the person's own exit). */
    markedBy: uuid('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: at('marked_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.userId] }), index('activity_attendance_user_idx').on(t.userId)],
);
