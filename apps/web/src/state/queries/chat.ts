import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useAuthStore } from '../auth.ts';
import { BADGE_REFRESH_MS } from './notification.ts';

export const chatKeys = {
  all: ['chat'] as const,
  userChats: ['chat', 'list-user-chats'] as const,
};

/** How many chats have unread messages, for the Chats badge of the bottom menu. */
export function useUnreadChatsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  const { data } = useQuery({
    queryKey: chatKeys.userChats,
    queryFn: () => api('chat/list-user-chats', {}),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
    select: (d) => d.chats.filter((chat) => chat.unreadCount > 0).length,
  });
  return data ?? 0;
}
