import { LOCATION_HISTORY_DAYS } from '@cordata/contract';
import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activityReminders,
  locationPoints,
  mailOutbox,
  otpCodes,
  pushOutbox,
  rateLimits,
  safetyLinks,
  sessions,
} from '../../db/schema.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * How long what is no longer needed is kept (review M9): used or expired codes, ended sessions and
 * spent rate-limit windows go after a day (long enough to read an incident), the outbox's handled
 * mail after a day (the dev mailbox shows the last day) and handled pushes after a week. A sent activity
 * reminder's row only keeps the reminder job from sending it twice: it goes a day after the start it was for.
 * Shared positions (the safety loop's location history) go 28 days after they were recorded, and an emergency
 * contact's link as soon as it has expired (it already shows nothing).
 */
export const RETENTION = {
  codes: DAY,
  sessions: DAY,
  mail: DAY,
  pushes: 7 * DAY,
  reminders: DAY,
  locations: LOCATION_HISTORY_DAYS * DAY,
} as const;

/**
 * Deletes what the retention allows. Each statement deletes rows nobody else needs, so instances
 * running it at the same time only share the work; a restart loses nothing.
 */
export function createPurge(deps: { db: DbOrTx; now: () => Date }) {
  return async function purge() {
    const now = deps.now().getTime();
    const before = (ms: number) => new Date(now - ms);
    const removed = await Promise.all([
      deps.db
        .delete(otpCodes)
        .where(or(lt(otpCodes.expiresAt, before(RETENTION.codes)), lt(otpCodes.consumedAt, before(RETENTION.codes))))
        .returning({ id: otpCodes.id }),
      deps.db
        .delete(sessions)
        .where(
          or(
            lt(sessions.expiresAt, before(RETENTION.sessions)),
            and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before(RETENTION.sessions))),
          ),
        )
        .returning({ id: sessions.id }),
      deps.db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, new Date(now)))
        .returning({ key: rateLimits.key }),
      deps.db
        .delete(mailOutbox)
        .where(
          and(
            inArray(mailOutbox.status, ['SENT', 'LOGGED', 'FAILED']),
            lt(mailOutbox.createdAt, before(RETENTION.mail)),
          ),
        )
        .returning({ id: mailOutbox.id }),
      deps.db
        .delete(pushOutbox)
        .where(
          and(
            inArray(pushOutbox.status, ['SENT', 'RECORDED', 'FAILED']),
            lt(pushOutbox.createdAt, before(RETENTION.pushes)),
          ),
        )
        .returning({ id: pushOutbox.id }),
      deps.db
        .delete(activityReminders)
        .where(lt(activityReminders.startsAt, before(RETENTION.reminders)))
        .returning({ id: activityReminders.activityId }),
      deps.db
        .delete(locationPoints)
        .where(lt(locationPoints.recordedAt, before(RETENTION.locations)))
        .returning({ id: locationPoints.id }),
      deps.db
        .delete(safetyLinks)
        .where(lt(safetyLinks.expiresAt, new Date(now)))
        .returning({ id: safetyLinks.id }),
    ]);
    return removed.reduce((sum, rows) => sum + rows.length, 0);
  };
}
