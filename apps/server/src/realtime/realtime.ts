import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@cordata/contract';
import { realtimePath } from '@cordata/contract';
import { Server, type Socket } from 'socket.io';
import type { AuthUser, Tokens } from '../modules/auth/tokens.ts';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser }
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser }
>;

export const userRoom = (userId: string) => `user:${userId}`;
export const chatRoom = (chatId: string) => `chat:${chatId}`;

/** What services use to reach people live; every event goes out after its data is stored. */
export interface Realtime {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  toChat<E extends keyof ServerToClientEvents>(
    chatId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Puts every connected socket of a user into (or out of) a chat's room, on every instance. */
  joinChat(userId: string, chatId: string): void;
  leaveChat(userId: string, chatId: string): void;
}

/**
 * Socket.IO on the API server. A token is checked at connect, and each socket joins only its own
 * user's room; the chat module adds the chat rooms.
 */
export function createRealtimeServer(
  httpServer: HttpServer,
  deps: { product: string; tokens: Tokens; corsOrigins: (origin: string) => boolean },
) {
  const io: RealtimeServer = new Server(httpServer, {
    path: realtimePath(deps.product),
    transports: ['websocket', 'polling'],
    serveClient: false,
    cors: { origin: (origin, cb) => cb(null, !origin || deps.corsOrigins(origin)), credentials: false },
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000, skipMiddlewares: false },
  });
  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = typeof token === 'string' ? await deps.tokens.verify(token).catch(() => null) : null;
    if (!user) return next(new Error('UNAUTHORIZED'));
    socket.data.user = user;
    next();
  });
  io.on('connection', (socket) => {
    void socket.join(userRoom(socket.data.user.userId));
  });

  const realtime: Realtime = {
    toUser: (userId, event, ...args) => io.to(userRoom(userId)).emit(event, ...args),
    toChat: (chatId, event, ...args) => io.to(chatRoom(chatId)).emit(event, ...args),
    joinChat: (userId, chatId) => io.in(userRoom(userId)).socketsJoin(chatRoom(chatId)),
    leaveChat: (userId, chatId) => io.in(userRoom(userId)).socketsLeave(chatRoom(chatId)),
  };
  return { io, realtime };
}
