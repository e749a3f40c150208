import { type ClientToServerEvents, realtimePath, type ServerToClientEvents } from '@cordata/contract/realtime';
import { io, type Socket } from 'socket.io-client';
import { api } from '../api/client.ts';
import { config } from '../config.ts';
import { useAuthStore } from '../state/auth.ts';

export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Listener<E extends keyof ServerToClientEvents> = ServerToClientEvents[E];

/** What the chat client needs of the live connection; a fake in tests. */
export interface RealtimeLink {
  on<E extends keyof ServerToClientEvents>(event: E, listener: Listener<E>): () => void;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): void;
  /** Called after every connection the server could not recover (the first one too): time to resync. */
  onResync(listener: () => void): () => void;
  connected(): boolean;
}

/**
 * The one Socket.IO connection of the app, opened with the login token and closed at logout.
 * Socket.IO reconnects on its own; a connection the server could not recover (the first one, more
 * than two minutes away, another instance without the session) asks the badge and the chats to resync.
 */
function createRealtimeLink(): RealtimeLink {
  let socket: RealtimeSocket | null = null;
  let token: string | null = null;
  const resyncListeners = new Set<() => void>();
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();

  function attach(jwt: string | null) {
    if (jwt === token) return;
    token = jwt;
    socket?.close();
    socket = null;
    if (!jwt) return;
    const next: RealtimeSocket = io(config.publicUrl || undefined, {
      path: realtimePath(config.product),
      transports: ['websocket'],
      auth: { token: jwt },
    });
    // Every connection the server did not recover resyncs, the first one too: what the app read before the
    // socket was up (the badge, a chat) would otherwise miss the events sent in between.
    next.on('connect', () => {
      if (!next.recovered) for (const listener of resyncListeners) listener();
    });
    // The server drops a socket itself only when its session has ended (a suspension, a deleted account,
    // a revoked token): one protected call confirms it, and its 401 logs out at once.
    next.on('disconnect', (reason) => {
      if (reason === 'io server disconnect' && token === jwt) api('user/own-profile').catch(() => {});
    });
    for (const [event, set] of listeners) {
      for (const listener of set) (next as unknown as Socket).on(event, listener);
    }
    socket = next;
  }

  attach(useAuthStore.getState().jwt);
  useAuthStore.subscribe((state) => attach(state.jwt));

  // Back from the background: the socket may have died quietly; check it at once.
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible' || !socket) return;
      if (!socket.connected) socket.connect();
      for (const listener of resyncListeners) listener();
    });
  }

  return {
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const untyped = listener as (...args: unknown[]) => void;
      set.add(untyped);
      (socket as unknown as Socket | null)?.on(event as string, untyped);
      return () => {
        set.delete(untyped);
        (socket as unknown as Socket | null)?.off(event as string, untyped);
      };
    },
    emit(event, ...args) {
      socket?.emit(event, ...args);
    },
    onResync(listener) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    connected: () => socket?.connected ?? false,
  };
}

let link: RealtimeLink | null = null;
/** The app's live connection, opened on first use. */
export function realtimeLink(): RealtimeLink {
  link ??= createRealtimeLink();
  return link;
}
