import type { notificationCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import { toPersonOrNull } from '../users/user-summary.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { toNotification } from './notifier.ts';

type Row = Awaited<ReturnType<NotificationsRepository['listByUser']>>[number];

const fromRow = ({ notification, actor, targetName }: Row) =>
  toNotification(notification, toPersonOrNull(actor), targetName);

export function notificationsHandlers(deps: {
  repository: NotificationsRepository;
  now: () => Date;
}): HandlersOf<typeof notificationCalls> {
  const { repository, now } = deps;
  return {
    'notification/check-new': async ({ user }) => ({ count: await repository.countUnread(user.userId) }),
    'notification/list-by-user': async ({ user, body }) => ({
      notifications: (await repository.listByUser(user.userId, body.pagination)).map(fromRow),
    }),
    'notification/mark-all-as-read': async ({ user }) => {
      await repository.markAllRead(user.userId, now());
      return { ok: true as const };
    },
    'notification/mark-some-as-read': async ({ user, body }) => {
      await repository.markSomeRead(user.userId, body.notificationIds, now());
      return { ok: true as const };
    },
  };
}
