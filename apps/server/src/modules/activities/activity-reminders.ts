import { REMINDER_MINUTES_CHOICES } from '@cordata/contract';
import type { Changes } from '../shared/changes.ts';
import { claimDueReminders } from './activity-reminders.repository.ts';

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
      const due = await claimDueReminders(nowAt, until, BATCH, tx);
      for (const row of due) {
        await fx.notify({
          userIds: row.userIds,
          type: 'ACTIVITY_REMINDER',
          targetId: row.activityId,
          actorId: null,
          // The local start time as entered (HH:mm, in the activity's time zone), "TOMORROW HH:mm" when the
          // activity's day is after today there (a 1-day lead): "starts at 09:00", "starts tomorrow at 09:00".
          reason: row.startTime,
          targetName: row.name,
        });
      }
      return due.reduce((sum, row) => sum + row.userIds.length, 0);
    });
  }
  return { run };
}
