import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useAuthStore } from '../auth.ts';

const BADGE_REFRESH_MS = 60_000;

export const unreadNotificationsQueryKey = ['notification', 'check-new'] as const;
export const userChatsQueryKey = ['chat', 'list-user-chats'] as const;

export function useUnreadNotificationsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  const { data } = useQuery({
    queryKey: unreadNotificationsQueryKey,
    queryFn: () => api('notification/check-new'),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
  });
  return data?.count ?? 0;
}

export function useUnreadChatsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  const { data } = useQuery({
    queryKey: userChatsQueryKey,
    queryFn: () => api('chat/list-user-chats', {}),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
    select: (d) => d.chats.reduce((sum, chat) => sum + (chat.unreadCount > 0 ? 1 : 0), 0),
  });
  return data ?? 0;
}
