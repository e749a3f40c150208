import type { Db, DbOrTx } from '../../db/client.ts';
import { type ChatEvents, type ChatMembership, noChatEvents } from '../chat/chat-membership.ts';
import type { RecordedRow } from '../notifications/notifications.repository.ts';
import {
  type Notice,
  type Notifier,
  type NotifyInput,
  type StoredNotice,
  storedNotices,
} from '../notifications/notifier.ts';

/** What a change queues while its transaction runs; all of it goes out once, after the commit. */
export interface Effects {
  /** Stores notifications in the change's transaction; they go out live (and as pushes) after the commit. */
  notify(input: NotifyInput): Promise<void>;
  /**
   * Notifications one of the change's own statements stored (recordNoticeSql composed into it, one round trip
   * fewer): they go out as `notify`'s do.
   */
  recorded(notice: Notice, rows: RecordedRow[]): void;
  /** Chat membership events (JOINED, LEFT, CLOSED, room moves) to publish after the commit. */
  chat: ChatEvents;
  /** Anything else to send live once the change is committed (a socket event, a disconnect). */
  afterCommit(send: () => void | Promise<void>): void;
}

export type Work<T> = (tx: DbOrTx, fx: Effects) => Promise<T>;

export interface ChangesDeps {
  db: Db;
  notifier: Pick<Notifier, 'record' | 'deliver'>;
  chatMembership: Pick<ChatMembership, 'publish'>;
  log: { warn(details: object, message: string): void };
}

/**
 * The unit of work of every change: its writes run in one transaction, and what it queued is delivered
 * once, after the commit. A delivery that fails is logged and never turns a committed change into an
 * error: the notification rows and queued pushes are stored with the change, so the push outbox
 * (`push-sender`) retries them, and clients refetch what a lost live event would have told them.
 */
export function createChanges(deps: ChangesDeps) {
  async function deliverSafely(what: string, send: () => void | Promise<void>) {
    try {
      await send();
    } catch (err) {
      deps.log.warn({ err }, `live delivery (${what}) of a committed change failed`);
    }
  }

  async function run<T>(work: Work<T>): Promise<T> {
    const notifications: StoredNotice[] = [];
    const chat = noChatEvents();
    const later: (() => void | Promise<void>)[] = [];
    const result = await deps.db.transaction((tx) =>
      work(tx, {
        chat,
        notify: async (input) => {
          notifications.push(...(await deps.notifier.record(input, tx)));
        },
        recorded: (notice, rows) => {
          notifications.push(...storedNotices(notice, rows));
        },
        afterCommit: (send) => {
          later.push(send);
        },
      }),
    );
    // Room moves and chat events first, so that a notification never points at a chat its reader is not in yet.
    await deliverSafely('chat events', () => deps.chatMembership.publish(chat));
    for (const send of later) await deliverSafely('event', send);
    await deliverSafely('notifications', () => deps.notifier.deliver(notifications));
    return result;
  }

  return { run };
}

export type Changes = ReturnType<typeof createChanges>;
