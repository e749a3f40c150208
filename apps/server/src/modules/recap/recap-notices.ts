import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Changes } from '../shared/changes.ts';

/** Activities handled per run; the rest go on the next run (a minute later by default). */
const BATCH = 500;
/** An activity that ended longer ago than this (a server stopped for days) is not announced any more. */
const LATE_AFTER = '1 day';

/**
 * Tells the people taking part in an activity that has ended that its recap is ready (ACTIVITY_RECAP_READY), once:
 * the `activity_recap_notices` row of the activity is inserted in the same transaction as the notifications, and an
 * activity that has one is never picked again, so several instances and restarts never tell twice (a second instance
 * inserting the same row waits for the first and then skips it). People an organiser blocked, who may not see the
 * recap, are not told.
 */
export function createRecapNotices(deps: { changes: Changes; now: () => Date }) {
  async function run() {
    const nowAt = deps.now().toISOString();
    return deps.changes.run(async (tx, fx) => {
      const due = await queryRows<{ activity_id: string; name: string; user_ids: string[] }>(
        tx,
        sql`with due as (
              insert into activity_recap_notices (activity_id, sent_at)
              select a.id, ${nowAt}::timestamptz from activities a
              where a.deleted_at is null and a.ends_at <= ${nowAt}::timestamptz
                and a.ends_at > ${nowAt}::timestamptz - ${LATE_AFTER}::interval
                and not exists (select 1 from activity_recap_notices n where n.activity_id = a.id)
              order by a.ends_at
              limit ${BATCH}
              on conflict do nothing
              returning activity_id)
            select a.id as activity_id, a.name, array_agg(m.user_id)::text[] as user_ids
            from due
            join activities a on a.id = due.activity_id
            join activity_members m on m.activity_id = a.id and m.state = 'PARTICIPATING'
            where not exists (select 1 from activity_members adm
              join user_blocks ub on ub.blocker_id = adm.user_id and ub.blocked_id = m.user_id
              where adm.activity_id = a.id and adm.state = 'PARTICIPATING' and adm.is_admin)
            group by a.id, a.name`,
      );
      for (const row of due) {
        await fx.notify({
          userIds: row.user_ids,
          type: 'ACTIVITY_RECAP_READY',
          targetId: row.activity_id,
          actorId: null,
          targetName: row.name,
        });
      }
      return due.length;
    });
  }
  return { run };
}
