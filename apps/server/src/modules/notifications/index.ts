import type { Core } from '../../core.ts';
import type { Module } from '../module.ts';
import { notificationsHandlers } from './notifications.handlers.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotifier, createOrganiserDigests } from './notifier.ts';
import { createPushQueue, createPushSender, pushChannels } from './push.ts';

/** Notifications: the in-app list, and the notifier every domain tells what happened, with its push queue. */
export function createNotificationsModule(core: Core) {
  const pushSender = createPushSender({ db: core.db, log: core.log, channels: pushChannels(core.config) });
  // Pushes go out right after they are queued when this instance runs jobs, else on the next job run.
  const push = createPushQueue({
    db: core.db,
    onEnqueued: core.config.JOBS ? () => setImmediate(() => void pushSender.drain().catch(() => {})) : undefined,
  });
  const notifier = createNotifier({ db: core.db, realtime: core.realtime, push });
  const digests = createOrganiserDigests({ db: core.db, push });
  return {
    handlers: notificationsHandlers({ repository: createNotificationsRepository(core.db), now: core.now }),
    jobs: [
      { name: 'push-sender', everyMs: 3000, run: pushSender.drain },
      { name: 'organiser-digests', everyMs: 60_000, run: digests.run },
    ],
    services: { notifier, pushSender, digests },
  } satisfies Module;
}
