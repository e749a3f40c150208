import type { Changes } from '../shared/changes.ts';
import { claimDueRecapNotices } from './recap.repository.ts';

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
      const due = await claimDueRecapNotices({ now: nowAt, lateAfter: LATE_AFTER, limit: BATCH }, tx);
      for (const row of due) {
        await fx.notify({
          userIds: row.userIds,
          type: 'ACTIVITY_RECAP_READY',
          targetId: row.activityId,
          actorId: null,
          targetName: row.name,
        });
      }
      return due.length;
    });
  }
  return { run };
}
