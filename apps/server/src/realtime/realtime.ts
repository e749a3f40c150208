import type { Server as HttpServer } from 'node:http';
import type { ClientToServerEvents, ServerToClientEvents } from '@cordata/contract';
import { realtimePath } from '@cordata/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { DbOrTx } from '../db/client.ts';
import type { AuthUser, Tokens } from '../modules/auth/tokens.ts';
import { createRedisAdapter } from './redis.ts';
import { liveSessionIds } from './sessions.repository.ts';

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser; chatIds?: string[] }
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser; chatIds?: string[] }
>;

export const userRoom = (userId: string) => `user:${userId}`;
export const chatRoom = (chatId: string) => `chat:${chatId}`;

/** What a module adds to every socket: `prepare` runs before the connection is accepted, `connected` once it is. */
export interface SocketHandler {
  prepare?(socket: RealtimeSocket): Promise<void>;
  connected?(socket: RealtimeSocket): void;
  /** Brings the live sockets of this instance back in line with the database (run with the session check). */
  reconcile?(sockets: RealtimeSocket[]): Promise<void>;
}

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
  /** To a chat, but not to any socket of one user (their own typing, say). */
  toChatExcept<E extends keyof ServerToClientEvents>(
    chatId: string,
    exceptUserId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Puts every connected socket of a user into (or out of) a chat's room, on every instance. */
  joinChat(userId: string, chatId: string): void;
  leaveChat(userId: string, chatId: string): void;
  /**
   * Drops every open socket of a user at once, on every instance (through the adapter): for a
   * suspension or an account deletion, rather than waiting for the periodic session check.
   */
  disconnectUser(userId: string): void;
  /** Adds per-socket behaviour (the chat module's rooms and typing). */
  onSocket(handler: SocketHandler): void;
}

/** The realtime object as the server holds it; checkSessions is there for tests and operators. */
export interface RealtimeHost extends Realtime {
  checkSessions(): Promise<void>;
}

/**
 * Every event a client sends spends from its socket's budget: a burst of this many, refilled at
 * EVENTS_PER_SECOND. A socket that keeps sending past an empty budget is disconnected (review L2).
 */
export const EVENT_BURST = 20;
export const EVENTS_PER_SECOND = 5;
const OVERDRAFTS_BEFORE_DISCONNECT = 20;

/** How often connected sockets' sessions are checked again, so a revoked token is cut off. */
export const SESSION_CHECK_MS = 30_000;

export interface RealtimeOptions {
  product: string;
  tokens: Tokens;
  db: DbOrTx;
  log: FastifyBaseLogger;
  corsOrigins: (origin: string) => boolean;
  /** With it, events fan out across instances through Redis; without it, in-process. */
  redisUrl?: string;
  sessionCheckMs?: number;
  now?: () => Date;
}

/**
 * Socket.IO on the API server. A token is checked at every connect, each socket
 * joins its own user's room, and modules add the rest through `onSocket`.
 */
export async function createRealtimeServer(httpServer: HttpServer, deps: RealtimeOptions) {
  const now = deps.now ?? (() => new Date());
  const redis = deps.redisUrl ? await createRedisAdapter(deps.redisUrl, deps.product, deps.log) : null;
  const io: RealtimeServer = new Server(httpServer, {
    path: realtimePath(deps.product),
    // Long-polling across instances would need sticky sessions: websocket only.
    transports: ['websocket'],
    serveClient: false,
    cors: { origin: (origin, cb) => cb(null, !origin || deps.corsOrigins(origin)), credentials: false },
    // No connection-state recovery: Socket.IO replays missed packets to a recovered socket before any
    // middleware checks its token (review M1). A client that reconnects is a new socket, checked like
    // any other, and catches up through chat/list-messages and notification/list-by-user.
    ...(redis ? { adapter: redis.adapter } : {}),
  });
  const handlers: SocketHandler[] = [];

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = typeof token === 'string' ? await deps.tokens.verify(token).catch(() => null) : null;
    if (!user) return next(new Error('UNAUTHORIZED'));
    socket.data.user = user;
    try {
      for (const handler of handlers) await handler.prepare?.(socket);
    } catch (err) {
      deps.log.warn({ err }, 'realtime: could not prepare a socket');
      return next(new Error('UNAVAILABLE'));
    }
    next();
  });
  io.on('connection', (socket) => {
    let budget = EVENT_BURST;
    let refilledAt = now().getTime();
    let overdrafts = 0;
    socket.use((_packet, next) => {
      const at = now().getTime();
      budget = Math.min(EVENT_BURST, budget + ((at - refilledAt) / 1000) * EVENTS_PER_SECOND);
      refilledAt = at;
      if (budget >= 1) {
        budget -= 1;
        return next();
      }
      overdrafts += 1;
      if (overdrafts >= OVERDRAFTS_BEFORE_DISCONNECT) socket.disconnect(true);
    });
    void socket.join(userRoom(socket.data.user.userId));
    for (const handler of handlers) handler.connected?.(socket);
  });

  /** Disconnects the sockets of this instance whose session was revoked, expired or suspended since they connected. */
  async function checkSessions() {
    const sockets = [...io.of('/').sockets.values()];
    const ids = [...new Set(sockets.map((s) => s.data.user.sessionId))];
    const live = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const id of await liveSessionIds(deps.db, ids.slice(i, i + 500), now())) live.add(id);
    }
    for (const socket of sockets) {
      if (!live.has(socket.data.user.sessionId)) socket.disconnect(true);
    }
    const kept = sockets.filter((s) => s.connected);
    for (const handler of handlers) await handler.reconcile?.(kept);
  }
  const sessionTimer = setInterval(() => {
    checkSessions().catch((err) => deps.log.warn({ err }, 'realtime: session check failed'));
  }, deps.sessionCheckMs ?? SESSION_CHECK_MS);
  sessionTimer.unref();

  const realtime: RealtimeHost = {
    toUser: (userId, event, ...args) => io.to(userRoom(userId)).emit(event, ...args),
    toChat: (chatId, event, ...args) => io.to(chatRoom(chatId)).emit(event, ...args),
    toChatExcept: (chatId, exceptUserId, event, ...args) =>
      io
        .to(chatRoom(chatId))
        .except(userRoom(exceptUserId))
        .emit(event, ...args),
    joinChat: (userId, chatId) => io.in(userRoom(userId)).socketsJoin(chatRoom(chatId)),
    leaveChat: (userId, chatId) => io.in(userRoom(userId)).socketsLeave(chatRoom(chatId)),
    disconnectUser: (userId) => io.in(userRoom(userId)).disconnectSockets(true),
    onSocket: (handler) => {
      handlers.push(handler);
    },
    checkSessions,
  };

  async function close() {
    clearInterval(sessionTimer);
    await io.close();
    redis?.close();
  }

  return { io, realtime, checkSessions, close };
}
