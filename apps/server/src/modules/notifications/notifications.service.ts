import type { Notification, NotificationType } from '@cordata/contract';
import type { Handlers } from '../../http/handlers.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { NotificationsRepository } from './notifications.repository.ts';

type Row = Awaited<ReturnType<NotificationsRepository['listByUser']>>[number];

const toNotification = ({ notification: n, actor, actorDeletedAt, targetName }: Row): Notification => ({
  notificationId: n.id,
  type: n.type as NotificationType,
  targetId: n.targetId,
  actor: actor?.userId && !actorDeletedAt ? toUserSummary(actor) : null,
  targetName,
  reason: n.reason,
  read: n.readAt !== null,
  createdAt: n.createdAt.toISOString(),
});

export function notificationsHandlers(deps: { repository: NotificationsRepository; now: () => Date }): Handlers {
  const { repository, now } = deps;
  return {
    'notification/check-new': async ({ user }) => ({ count: await repository.countUnread(user.userId) }),
    'notification/list-by-user': async ({ user, body }) => ({
      notifications: (await repository.listByUser(user.userId, body.pagination)).map(toNotification),
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
