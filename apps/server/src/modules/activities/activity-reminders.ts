import { REMINDER_MINUTES_CHOICES } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Changes } from '../shared/changes.ts';

/** The longest lead time a person may choose: no activity starting later than this is looked at. */
const MAX_LEAD_MINUTES = Math.max(...REMINDER_MINUTES_CHOICES);
/** Reminders handled per run; the rest go on the next run (a minute later by default). */
const BATCH = 1000;

/**
 * Reminds each participant of a live activity once its start is within their lead time
 * (users.reminder_minutes, 0 = never) and still ahead. Once per person and start instant, whatever the
 * number of instances and restarts: the `activity_reminders` row is inserted in the same transaction as
 * the notification, and a pair that has one is never picked again. A new start time is a new key, so a
 * rescheduled activity is reminded again at its new time. Rows of starts long gone are the hourly purge's
 * (maintenance/purge.ts), not this every-minute job's.
 */
export function createActivityReminders(deps: { changes: Changes; now: () => Date }) {
  async function run() {
    const now = deps.now();
    const nowAt = now.toISOString();
    const until = new Date(now.getTime() + MAX_LEAD_MINUTES * 60_000).toISOString();
    return deps.changes.run(async (tx, fx) => {
      const due = await queryRows<{ activity_id: string; name: string; start_time: string; user_ids: string[] }>(
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
              limit ${BATCH}
              on conflict do nothing
              returning activity_id, user_id)
            select a.id as activity_id, a.name,
              case when a.date > to_char(${nowAt}::timestamptz at time zone a.time_zone, 'YYYY-MM-DD')
                then 'TOMORROW ' || a.start_time else a.start_time end as start_time,
              array_agg(due.user_id)::text[] as user_ids
            from due join activities a on a.id = due.activity_id
            group by a.id, a.name, a.start_time, a.date, a.time_zone`,
      );
      for (const row of due) {
        await fx.notify({
          userIds: row.user_ids,
          type: 'ACTIVITY_REMINDER',
          targetId: row.activity_id,
          actorId: null,
          // The local start time as entered (HH:mm, in the activity's time zone), "TOMORROW HH:mm" when the
          // activity's day is after today there (a 1-day lead): "starts at 09:00", "starts tomorrow at 09:00".
          reason: row.start_time,
          targetName: row.name,
        });
      }
      return due.reduce((sum, row) => sum + row.user_ids.length, 0);
    });
  }
  return { run };
}
