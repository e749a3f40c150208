import { and, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  activityReminders,
  locationPoints,
  mailOutbox,
  otpCodes,
  pushOutbox,
  queuedEvents,
  rateLimits,
  safetyLinks,
  sessions,
} from '../../db/schema.ts';

/** The deletes of the retention purge; each says how many rows it removed. */
export function createPurgeRepository(db: DbOrTx) {
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    /** One-time codes expired, or used, before `before`. */
    deleteSpentCodes: (before: Date) =>
      count(
        db
          .delete(otpCodes)
          .where(or(lt(otpCodes.expiresAt, before), lt(otpCodes.consumedAt, before)))
          .returning({ id: otpCodes.id }),
      ),
    /** Sessions expired, or revoked, before `before`. */
    deleteEndedSessions: (before: Date) =>
      count(
        db
          .delete(sessions)
          .where(or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))))
          .returning({ id: sessions.id }),
      ),
    deleteRateLimitWindowsEndedBy: (now: Date) =>
      count(db.delete(rateLimits).where(lt(rateLimits.resetAt, now)).returning({ key: rateLimits.key })),
    /** Mail sent, logged or failed, queued before `before`. */
    deleteHandledMail: (before: Date) =>
      count(
        db
          .delete(mailOutbox)
          .where(and(inArray(mailOutbox.status, ['SENT', 'LOGGED', 'FAILED']), lt(mailOutbox.createdAt, before)))
          .returning({ id: mailOutbox.id }),
      ),
    /** Pushes sent, recorded or failed, queued before `before`. */
    deleteHandledPushes: (before: Date) =>
      count(
        db
          .delete(pushOutbox)
          .where(and(inArray(pushOutbox.status, ['SENT', 'RECORDED', 'FAILED']), lt(pushOutbox.createdAt, before)))
          .returning({ id: pushOutbox.id }),
      ),
    deleteRemindersOfStartsBefore: (before: Date) =>
      count(
        db
          .delete(activityReminders)
          .where(lt(activityReminders.startsAt, before))
          .returning({ id: activityReminders.activityId }),
      ),
    deleteLocationsRecordedBefore: (before: Date) =>
      count(
        db.delete(locationPoints).where(lt(locationPoints.recordedAt, before)).returning({ id: locationPoints.id }),
      ),
    deleteSafetyLinksExpiredBy: (now: Date) =>
      count(db.delete(safetyLinks).where(lt(safetyLinks.expiresAt, now)).returning({ id: safetyLinks.id })),
    deleteQueuedEventsBefore: (before: Date) =>
      count(db.delete(queuedEvents).where(lt(queuedEvents.occurredAt, before)).returning({ id: queuedEvents.eventId })),
  };
}
