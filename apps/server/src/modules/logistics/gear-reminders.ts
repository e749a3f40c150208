import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { Changes } from '../shared/changes.ts';

export const GEAR_REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * Tells the admins of each activity starting within 24 h which required group items nobody has claimed.
 * Once per activity, whatever the number of instances and restarts: the `gear_reminders` row is inserted
 * in the same transaction as the notifications, and an activity that already has one is never picked again.
 */
export function createGearReminders(deps: { changes: Changes; now: () => Date }) {
  async function run() {
    const now = deps.now();
    const until = new Date(now.getTime() + GEAR_REMINDER_LEAD_MS);
    return deps.changes.run(async (tx, fx) => {
      const due = await queryRows<{ activity_id: string; name: string; admins: string[]; items: string[] }>(
        tx,
        sql`with due as (
              insert into gear_reminders (activity_id)
              select a.id from activities a
              where a.deleted_at is null and a.starts_at > ${now.toISOString()}::timestamptz
                and a.starts_at <= ${until.toISOString()}::timestamptz
                and exists (select 1 from gear_items g where g.activity_id = a.id and g.required
                  and g.personal_for is null and g.claimed_by is null)
              order by a.starts_at
              limit 200
              on conflict (activity_id) do nothing
              returning activity_id)
            select a.id as activity_id, a.name,
              array(select m.user_id from activity_members m where m.activity_id = a.id
                and m.state = 'PARTICIPATING' and m.is_admin)::text[] as admins,
              array(select g.name from gear_items g where g.activity_id = a.id and g.required
                and g.personal_for is null and g.claimed_by is null order by g.created_at)::text[] as items
            from due join activities a on a.id = due.activity_id`,
      );
      for (const row of due) {
        await fx.notify({
          userIds: row.admins,
          type: 'GEAR_UNCLAIMED',
          targetId: row.activity_id,
          actorId: null,
          // The reason carries what is missing: the list and the push name the items.
          reason: row.items.join(', '),
          targetName: row.name,
        });
      }
      return due.length;
    });
  }
  return { run };
}
