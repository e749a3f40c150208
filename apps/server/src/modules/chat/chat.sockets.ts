import type { FastifyBaseLogger } from 'fastify';
import { chatRoom, type Realtime, type RealtimeSocket, type SocketHandler } from '../../realtime/realtime.ts';
import type { ChatRepository } from './chat.repository.ts';
import { createTypingTracker } from './typing.ts';

const CHAT_ROOM_PREFIX = chatRoom('');

/**
 * What the chat module adds to every socket: the rooms of the user's current chats (and only
 * those), and typing indicators accepted only from members of the chat.
 */
export function createChatSockets(deps: {
  repo: Pick<ChatRepository, 'chatIdsOf' | 'chatIdsOfUsers'>;
  realtime: Pick<Realtime, 'toChatExcept'>;
  log: FastifyBaseLogger;
  typing?: { throttleMs?: number; expiryMs?: number };
}) {
  const typing = createTypingTracker({
    ...deps.typing,
    broadcast: (chatId, userId, isTyping) =>
      deps.realtime.toChatExcept(chatId, userId, 'typing', { chatId, userId, typing: isTyping }),
  });

  function placeInRooms(socket: RealtimeSocket, chatIds: string[]) {
    const current = new Set(chatIds.map(chatRoom));
    for (const room of socket.rooms) {
      if (room.startsWith(CHAT_ROOM_PREFIX) && !current.has(room)) void socket.leave(room);
    }
    const missing = [...current].filter((room) => !socket.rooms.has(room));
    if (missing.length) void socket.join(missing);
  }

  const handler: SocketHandler = {
    async prepare(socket) {
      socket.data.chatIds = await deps.repo.chatIdsOf(socket.data.user.userId);
    },
    /**
     * A leave or join lost on its way (a Redis outage) is mended here at the next session check:
     * each socket is in exactly the rooms of its user's current chats (review M13).
     */
    async reconcile(sockets) {
      const chats = await deps.repo.chatIdsOfUsers([...new Set(sockets.map((s) => s.data.user.userId))]);
      for (const socket of sockets) placeInRooms(socket, chats.get(socket.data.user.userId) ?? []);
    },
    connected(socket: RealtimeSocket) {
      placeInRooms(socket, socket.data.chatIds ?? []);

      socket.on('typing', (event) => {
        if (!event || typeof event.chatId !== 'string' || typeof event.typing !== 'boolean') return;
        // The rooms are the chats this user is in: anything else is ignored.
        if (!socket.rooms.has(chatRoom(event.chatId))) return;
        typing.update(socket.data.user.userId, event.chatId, event.typing);
      });
      socket.on('disconnecting', () => {
        const chatIds = [...socket.rooms]
          .filter((r) => r.startsWith(CHAT_ROOM_PREFIX))
          .map((r) => r.slice(CHAT_ROOM_PREFIX.length));
        typing.stopAll(socket.data.user.userId, chatIds);
      });
    },
  };
  return { handler, typing };
}
