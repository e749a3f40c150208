import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useAuthStore } from '../auth.ts';

export const BADGE_REFRESH_MS = 60_000;

export const notificationKeys = {
  all: ['notification'] as const,
  unreadCount: ['notification', 'check-new'] as const,
};

/** The unread count of the notifications badge. */
export function useUnreadNotificationsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  const { data } = useQuery({
    queryKey: notificationKeys.unreadCount,
    queryFn: () => api('notification/check-new'),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
  });
  return data?.count ?? 0;
}
