import type { Changes } from '../shared/changes.ts';
import type { GearRepository } from './gear.repository.ts';

export const GEAR_REMINDER_LEAD_MS = 24 * 3_600_000;

/**
 * Tells the admins of each activity starting within 24 h which required group items nobody has claimed.
 * Once per activity, whatever the number of instances and restarts: the `gear_reminders` row is inserted
 * in the same transaction as the notifications, and an activity that already has one is never picked again.
 */
export function createGearReminders(deps: {
  changes: Changes;
  repo: Pick<GearRepository, 'dueReminders'>;
  now: () => Date;
}) {
  async function run() {
    const now = deps.now();
    const until = new Date(now.getTime() + GEAR_REMINDER_LEAD_MS);
    return deps.changes.run(async (tx, fx) => {
      const due = await deps.repo.dueReminders(now, until, tx);
      for (const row of due) {
        await fx.notify({
          userIds: row.admins,
          type: 'GEAR_UNCLAIMED',
          targetId: row.activityId,
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
