import { type Notification, type NotificationType, ORGANISER_BATCH_MINUTES, type UserSummary } from '@cordata/contract';
import { uuidv7 } from 'uuidv7';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { notifications } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import {
  createDigestRepository,
  createNotifierRepository,
  type NoticeValues,
  type RecordedRow,
  toRecorded,
} from './notifications.repository.ts';

/** A stored notification as the API shows it, live or listed. */
export const toNotification = (
  row: typeof notifications.$inferSelect,
  actor: UserSummary | null,
  targetName: string | null,
): Notification => ({
  notificationId: row.id,
  type: row.type as NotificationType,
  targetId: row.targetId,
  actor,
  targetName,
  reason: row.reason,
  read: row.readAt !== null,
  createdAt: row.createdAt.toISOString(),
});

export interface NotifyInput {
  /** Who receives it; the actor never notifies themself. */
  userIds: string[];
  type: NotificationType;
  targetId: string;
  actorId: string | null;
  reason?: string | null;
  /** The name of what it is about (an activity, a group), sent with the live event. */
  targetName?: string | null;
  /**
   * A cool-down: recipients who got this type about this target from this actor within this many
   * milliseconds are not notified again (request-cancel loops, security review L3).
   */
  onceWithinMs?: number;
  /**
   * Delivered whatever blocks lie between recipient and actor: only for an organiser told that a participant is
   * missing (the safety loop decides itself who else may be told; docs/safety.md).
   */
  despiteBlocks?: boolean;
  /**
   * Batching (docs/notifications.md): a recipient who got this type about this target within this many milliseconds
   * (from anyone) gets no new notification; that one is folded instead: " +N" added to its reason (N people folded
   * in), marked unread again and sent live, without a push. State lives in the rows, so it holds across restarts
   * and instances.
   */
  foldWithinMs?: number;
  /** Recipients who turned this type off get nothing, not even the in-app row (the organisers' activity feed). */
  onlyIfWanted?: boolean;
}

/**
 * What organisers are told of people's comings and goings (joins, waitlist joins, late leaves, taken seats): batched,
 * so that a popular outing does not flood them, and nothing at all once they turn the type off.
 */
export const toOrganisers = { foldWithinMs: ORGANISER_BATCH_MINUTES * 60_000, onlyIfWanted: true } as const;

export interface PushQueue {
  /** Queues pushes for stored notifications; sending happens off the request path. */
  enqueue(stored: { id: string; userId: string; type: string }[], tx: DbOrTx): Promise<void>;
  /** The queued pushes are committed: a sender may pick them up now (inside the transaction it would see none). */
  committed(): void;
}

/** A notification ready to record: its statement's values, and the name sent with its live event. */
export interface Notice {
  values: NoticeValues;
  targetName: string | null;
}

/** What a notification's statement takes (its recipients but the actor, an id each), or null: nobody to tell. */
export function noticeOf(input: NotifyInput): Notice | null {
  const userIds = [...new Set(input.userIds)].filter((id) => id !== input.actorId);
  if (!userIds.length) return null;
  return {
    values: {
      // Ids are uuidv7 as everywhere: they order the list.
      ids: userIds.map(() => uuidv7()),
      userIds,
      type: input.type,
      targetId: input.targetId,
      actorId: input.actorId,
      reason: input.reason ?? null,
      despiteBlocks: input.despiteBlocks ?? false,
      onlyIfWanted: input.onlyIfWanted ?? false,
      onceWithinMs: input.onceWithinMs && input.actorId ? input.onceWithinMs : null,
      foldWithinMs: input.foldWithinMs && input.actorId ? input.foldWithinMs : null,
    },
    targetName: input.targetName ?? null,
  };
}

/** The notifications a notice's statement stored (its `noticed` rows), as `deliver` sends them. */
export const storedNotices = (notice: Notice, recorded: RecordedRow[]) =>
  recorded.map((row) => ({ ...toRecorded(row), targetName: notice.targetName }));
export type StoredNotice = ReturnType<typeof storedNotices>[number];

/**
 * Turns what happened into notification rows, a live `notification` event and queued pushes.
 * Rows are written with the caller's transaction when one is given, so they are never lost;
 * live delivery happens once `deliver` is called after the commit.
 */
export function createNotifier(deps: { db: Db; realtime: Realtime; push?: Pick<PushQueue, 'committed'> }) {
  const repo = createNotifierRepository(deps.db);

  async function record(input: NotifyInput, tx: DbOrTx = deps.db): Promise<StoredNotice[]> {
    const notice = noticeOf(input);
    return notice ? storedNotices(notice, await repo.record(notice.values, tx)) : [];
  }

  /** Sends stored notifications live to their recipients. */
  function deliver(stored: StoredNotice[]) {
    if (!stored.length) return;
    try {
      for (const { row, actor, targetName } of stored) {
        deps.realtime.toUser(row.userId, 'notification', toNotification(row, actor, targetName));
      }
    } finally {
      // The queued pushes are sent once the live events are out, so that the sender's first batch does not
      // hold up the rest of the request (it runs on the same event loop).
      deps.push?.committed();
    }
  }

  /** record then deliver, for callers outside a transaction. */
  async function notify(input: NotifyInput) {
    deliver(await record(input));
  }

  return { record, deliver, notify };
}

export type Notifier = ReturnType<typeof createNotifier>;

/** Digests taken per run; the rest wait for the next run. */
const DIGEST_BATCH = 500;

/**
 * The digest push of the organisers' batched notifications: once the window of a notification that had events
 * folded in has closed, one push says "Anna Rossi and 2 more joined Sunday ride" (the first event was pushed at
 * once). Safe on several instances (each row is taken once, skip locked) and across restarts (the mark is in the row).
 */
export function createOrganiserDigests(deps: { db: Db; push: PushQueue }) {
  const repo = createDigestRepository();
  return {
    async run() {
      const taken = await deps.db.transaction(async (tx) => {
        const rows = await repo.take(toOrganisers.foldWithinMs, DIGEST_BATCH, tx);
        await deps.push.enqueue(rows, tx);
        return rows.length;
      });
      if (taken) deps.push.committed();
      return taken;
    },
  };
}
