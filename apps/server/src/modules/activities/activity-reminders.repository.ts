import { sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client.ts';

/** An activity's reminder to its participants: the local start time ("TOMORROW HH:mm" when after today there). */
export interface DueReminder {
  activityId: string;
  name: string;
  startTime: string;
  userIds: string[];
}

/**
 * Claims the reminders due at `nowAt` (ISO) for activities starting up to `until` (ISO): each participant whose lead
 * time has come, once per person and start instant (an `activity_reminders` row, inserted in the caller's
 * transaction), `limit` at most; answers them by activity.
 */
export function claimDueReminders(nowAt: string, until: string, limit: number, tx: DbOrTx) {
  return queryRows<DueReminder>(
    tx,
    sql`with due as (
              insert into activity_reminders (activity_id, user_id, starts_at)
              select a.id, m.user_id, a.starts_at from activities a
              join activity_members m on m.activity_id = a.id and m.state = 'PARTICIPATING'
              join users u on u.id = m.user_id and u.deleted_at is null and u.reminder_minutes > 0
              where a.deleted_at is null and a.starts_at > ${nowAt}::timestamptz
                and a.starts_at <= ${until}::timestamptz
                and a.starts_at <= ${nowAt}::timestamptz + make_interval(mins => u.reminder_minutes)
                and not exists (select 1 from activity_reminders r where r.activity_id = a.id
                  and r.user_id = m.user_id and r.starts_at = a.starts_at)
              order by a.starts_at
              limit ${limit}
              on conflict do nothing
              returning activity_id, user_id)
            select a.id as "activityId", a.name,
              case when a.date > to_char(${nowAt}::timestamptz at time zone a.time_zone, 'YYYY-MM-DD')
                then 'TOMORROW ' || a.start_time else a.start_time end as "startTime",
              array_agg(due.user_id)::text[] as "userIds"
            from due join activities a on a.id = due.activity_id
            group by a.id, a.name, a.start_time, a.date, a.time_zone`,
  );
}
