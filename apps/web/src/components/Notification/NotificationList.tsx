import { type Notification, notificationPath } from '@cordata/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openSheet } from '../../sheets/store.ts';
import { useLiveNotifications, useMarkReadMutation, useNotificationsQuery } from '../../state/queries/notification.ts';
import { EmptyState } from '../EmptyState.tsx';
import { QueryState } from '../QueryState.tsx';
import { NotificationItem } from './NotificationItem.tsx';
import './notification.css';

/** Marks a notification read and opens its target: the chat sheet for messages, else its screen. */
export function useOpenNotification(onOpened?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkReadMutation();
  return (n: Notification) => {
    if (!n.read) markRead.mutate([n.notificationId]);
    onOpened?.();
    if (n.type === 'SEND_MESSAGE') openSheet({ type: 'chat', params: { id: n.targetId } });
    else navigate(notificationPath({ type: n.type, targetId: n.targetId, actorId: n.actor?.userId }));
  };
}

/** The unread count of what is loaded, and the "mark all as read" action. */
export function MarkAllRead() {
  const { t } = useTranslation();
  const query = useNotificationsQuery();
  const markRead = useMarkReadMutation();
  const anyUnread = query.data?.pages.some((p) => p.notifications.some((n) => !n.read)) ?? false;
  return (
    <button
      type="button"
      className="btn btn-ghost mark-all-read"
      data-testid="mark-all-read"
      disabled={!anyUnread || markRead.isPending}
      onClick={() => markRead.mutate('all')}
    >
      {t('notification.markAllRead')}
    </button>
  );
}

/** My notifications, newest first, loading the next page as the end of the list comes into view. */
export function NotificationList({ onOpened }: { onOpened?: () => void }) {
  const { t } = useTranslation();
  const query = useNotificationsQuery();
  useLiveNotifications();
  const open = useOpenNotification(onOpened);
  const end = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  useEffect(() => {
    const target = end.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const notifications = query.data?.pages.flatMap((p) => p.notifications);
  if (!notifications || notifications.length === 0) {
    return (
      <QueryState query={query} testPrefix="notifications" skeleton="row" errorText={t('notification.loadError')}>
        {() => <EmptyState icon="bell" text={t('notification.empty')} testId="notifications-empty" />}
      </QueryState>
    );
  }
  return (
    <>
      <ul className="notification-list" data-testid="notification-list">
        {notifications.map((n) => (
          <NotificationItem key={n.notificationId} notification={n} onOpen={() => open(n)} />
        ))}
      </ul>
      <div ref={end} data-testid="notification-list-end">
        {isFetchingNextPage && <p className="muted">{t('notification.loadingMore')}</p>}
      </div>
    </>
  );
}
