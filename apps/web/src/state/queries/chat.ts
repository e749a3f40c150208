import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { openSheet } from '../../sheets/store.ts';
import { useAuthStore } from '../auth.ts';
import { BADGE_REFRESH_MS } from './notification.ts';

export const chatKeys = {
  all: ['chat'] as const,
  userChats: ['chat', 'list-user-chats'] as const,
  list: ['chat', 'list-user-chats', 'screen'] as const,
};

/** How many chats the /chats screen shows at once. */
export const CHAT_LIST_LIMIT = 50;

/** Refreshes every chat query when a message or a closing arrives live, so lists and badges follow. */
export function useLiveChatRefresh() {
  const queryClient = useQueryClient();
  const hasToken = useAuthStore((s) => s.jwt !== null);
  useEffect(() => {
    if (!hasToken) return;
    const link = realtimeLink();
    const refresh = () => void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    const offs = [link.on('message', refresh), link.on('chat:closed', refresh), link.onResync(refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, [hasToken, queryClient]);
}

/** My chats, newest activity first, for the /chats screen. */
export function useUserChatsQuery() {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  return useQuery({
    queryKey: chatKeys.list,
    queryFn: () => api('chat/list-user-chats', { pagination: { page: 1, limit: CHAT_LIST_LIMIT } }),
    enabled: hasToken,
  });
}

/** How many chats have unread messages, for the Chats badge of the bottom menu. */
export function useUnreadChatsCount(): number {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  useLiveChatRefresh();
  const { data } = useQuery({
    queryKey: chatKeys.userChats,
    queryFn: () => api('chat/list-user-chats', { pagination: { page: 1, limit: CHAT_LIST_LIMIT } }),
    enabled: hasToken,
    refetchInterval: BADGE_REFRESH_MS,
    select: (d) => d.chats.filter((chat) => chat.unreadCount > 0).length,
  });
  return data ?? 0;
}

/** Opens the direct chat with a contact (made the first time) and shows it in the chat sheet. */
export function useOpenDirectChatMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api('chat/open-direct', { userId }),
    onSuccess: ({ chat }) => {
      openSheet({ type: 'chat', params: { id: chat.chatId } });
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
  });
}
