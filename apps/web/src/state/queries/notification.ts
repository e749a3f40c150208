import type { Notification } from '@cordata/contract';
import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { FIRST_PAGE, PAGE_SIZE } from '../../contract.ts';
import { useAuthStore } from '../auth.ts';
import { nextParticipantsPage } from './pages.ts';

export const BADGE_REFRESH_MS = 60_000;

export const notificationKeys = {
  all: ['notification'] as const,
  unreadCount: ['notification', 'check-new'] as const,
  list: ['notification', 'list-by-user'] as const,
};

type Pages = InfiniteData<{ notifications: Notification[] }, number>;

/**
 * Keeps the badge and the list live: every `notification` event, and every reconnection the
 * server could not recover, refetches them. Rides on the app's one socket.
 */
export function useLiveNotifications() {
  const queryClient = useQueryClient();
  const hasToken = useAuthStore((s) => s.jwt !== null);
  useEffect(() => {
    if (!hasToken) return;
    const link = realtimeLink();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    const offs = [link.on('notification', refresh), link.onResync(refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [hasToken, queryClient]);
}

/** The unread count of the notifications badge, live. */
export function useUnreadNotificationsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  useLiveNotifications();
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: () => api('notification/check-new'),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
  });
  return data?.count ?? 0;
}

/** My notifications, newest first, 10 a page; a next page exists while the last one was full. */
export function useNotificationsQuery() {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  return useInfiniteQuery({
    queryKey: notificationKeys.list,
    queryFn: ({ pageParam }) => api('notification/list-by-user', { pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.notifications, pages),
    enabled: hasToken,
  });
}

/** Marks notifications read in the cached list at once, so the list and the badge answer the tap. */
function markReadInCache(data: Pages | undefined, isTarget: (n: Notification) => boolean): Pages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      notifications: page.notifications.map((n) => (isTarget(n) && !n.read ? { ...n, read: true } : n)),
    })),
  };
}

/** Marks read: the given ids, or all of mine when `ids` is 'all'. */
export function useMarkReadMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | 'all') =>
      ids === 'all'
        ? api('notification/mark-all-as-read')
        : api('notification/mark-some-as-read', { notificationIds: ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const isTarget = (n: Notification) => ids === 'all' || ids.includes(n.notificationId);
      const before = queryClient.getQueryData<Pages>(notificationKeys.list);
      const unreadMarked =
        before?.pages.flatMap((p) => p.notifications).filter((n) => isTarget(n) && !n.read).length ?? 0;
      queryClient.setQueryData<Pages>(notificationKeys.list, (data) => markReadInCache(data, isTarget));
      queryClient.setQueryData<{ count: number }>(notificationKeys.unreadCount, (data) =>
        data ? { count: ids === 'all' ? 0 : Math.max(0, data.count - unreadMarked) } : data,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
