import { LOCATION_HISTORY_DAYS, QUEUED_EVENT_MAX_AGE_HOURS } from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { createPurgeRepository } from './purge.repository.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long what is no longer needed is kept (review M9): used or expired codes, ended sessions and
 * spent rate-limit windows go after a day (long enough to read an incident), the outbox's handled
 * mail after a day (the dev mailbox shows the last day) and handled pushes after a week. A sent activity
 * reminder's row only keeps the reminder job from sending it twice: it goes a day after the start it was for.
 * Shared positions (the safety loop's location history) go 28 days after they were recorded, and an emergency
 * contact's link as soon as it has expired (it already shows nothing). A queued event's replay row goes once an
 * event that old would be refused as stale anyway.
 */
export const RETENTION = {
  codes: DAY,
  sessions: DAY,
  mail: DAY,
  pushes: 7 * DAY,
  reminders: DAY,
  locations: LOCATION_HISTORY_DAYS * DAY,
  queuedEvents: (QUEUED_EVENT_MAX_AGE_HOURS + 1) * HOUR,
} as const;

/**
 * Deletes what the retention allows. Each statement deletes rows nobody else needs, so instances
 * running it at the same time only share the work; a restart loses nothing.
 */
export function createPurge(deps: { db: DbOrTx; now: () => Date }) {
  const repo = createPurgeRepository(deps.db);
  return async function purge() {
    const now = deps.now();
    const before = (ms: number) => new Date(now.getTime() - ms);
    const removed = await Promise.all([
      repo.deleteSpentCodes(before(RETENTION.codes)),
      repo.deleteEndedSessions(before(RETENTION.sessions)),
      repo.deleteRateLimitWindowsEndedBy(now),
      repo.deleteHandledMail(before(RETENTION.mail)),
      repo.deleteHandledPushes(before(RETENTION.pushes)),
      repo.deleteRemindersOfStartsBefore(before(RETENTION.reminders)),
      repo.deleteLocationsRecordedBefore(before(RETENTION.locations)),
      repo.deleteSafetyLinksExpiredBy(now),
      repo.deleteQueuedEventsBefore(before(RETENTION.queuedEvents)),
    ]);
    return removed.reduce((sum, rows) => sum + rows, 0);
  };
}
