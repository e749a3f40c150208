import type { CallInput, CallName, CallResponse, Message } from '@cordata/contract';

type ChatInfo = CallResponse<'chat/get-info'>['chat'];

import { CHAT_PAGE_SIZE } from '../contract.ts';
import type { RealtimeLink } from './realtime.ts';

/** A message of mine on its way: shown at once, then replaced by the stored one, or marked failed. */
export interface PendingMessage {
  clientMessageId: string;
  text: string;
  createdAt: string;
  status: 'sending' | 'failed';
}

export interface ChatState {
  status: 'loading' | 'ready' | 'error';
  /** Stored messages, oldest first. */
  messages: Message[];
  pending: PendingMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  /** Who is typing now, by user id. */
  typing: string[];
  closed: boolean;
  /** The chat's name and participants, once loaded. */
  info: ChatInfo | null;
}

type Api = <K extends CallName>(call: K, body: CallInput<K>) => Promise<CallResponse<K>>;

export interface ChatAgentDeps {
  chatId: string;
  api: Api;
  link: RealtimeLink;
  newClientId?: () => string;
  now?: () => Date;
  /** Whether the person is looking at the chat (marks what arrives as read). */
  isVisible?: () => boolean;
}

/** The contract's page of messages: the app asks for as many as the server's default. */
export const PAGE_SIZE = CHAT_PAGE_SIZE;
/** Send `typing: true` again at most this often while the person keeps typing (the server throttles too). */
export const TYPING_RENEW_MS = 2000;
/** Someone else's typing indicator disappears after this long without news (the server sends false after 5 s). */
export const TYPING_SHOWN_MS = 6000;

const byId = (a: Message, b: Message) => (a.messageId < b.messageId ? -1 : a.messageId > b.messageId ? 1 : 0);

/**
 * One chat as a plain state machine, with no React in it: the stored messages, my pending ones,
 * older pages, typing, the closed state, and the resync after a reconnection or a return from
 * the background. Bound to React with useSyncExternalStore (see useChat).
 */
export class ChatAgent {
  private state: ChatState = {
    status: 'loading',
    messages: [],
    pending: [],
    hasOlder: false,
    loadingOlder: false,
    typing: [],
    closed: false,
    info: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly cleanups: (() => void)[] = [];
  private readonly typingTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private lastTypingSentAt = 0;
  private resyncing: Promise<void> | null = null;
  private readTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly deps: ChatAgentDeps) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.state;

  private set(patch: Partial<ChatState>) {
    if (this.disposed) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private get chatId() {
    return this.deps.chatId;
  }

  /** Loads the newest page and starts listening. */
  async start() {
    this.disposed = false;
    const { link } = this.deps;
    this.cleanups.push(
      link.on('message', (message) => {
        if (message.chatId === this.chatId) this.receive([message]);
      }),
      link.on('typing', (event) => {
        if (event.chatId === this.chatId) this.someoneTyping(event.userId, event.typing);
      }),
      link.on('chat:closed', (event) => {
        if (event.chatId === this.chatId) this.set({ closed: true });
      }),
      link.onResync(() => void this.resync()),
    );
    await this.load();
  }

  private async load() {
    const [page, info] = await Promise.allSettled([
      this.deps.api('chat/list-messages', { chatId: this.chatId, limit: PAGE_SIZE }),
      this.deps.api('chat/get-info', { chatId: this.chatId }),
    ]);
    if (page.status === 'rejected') return this.set({ status: 'error' });
    if (info.status === 'fulfilled') {
      this.set({
        status: 'ready',
        hasOlder: page.value.hasMore,
        closed: info.value.chat.closedAt !== null,
        info: info.value.chat,
      });
    } else {
      // Offline, an activity's messages can come from its outing pack (issue 38) while the chat's details cannot:
      // the messages show, read-only (no info: the sheet offers no composer).
      this.set({ status: 'ready', hasOlder: page.value.hasMore, info: null });
    }
    this.receive(page.value.messages);
  }

  dispose() {
    this.disposed = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const timer of this.typingTimers.values()) clearTimeout(timer);
    if (this.readTimer) clearTimeout(this.readTimer);
    this.typingTimers.clear();
    this.readTimer = null;
    this.stopTyping();
  }

  /** Adds stored messages (from a page, a send or the socket), each once, confirming my pending ones. */
  private receive(incoming: Message[]) {
    if (!incoming.length) return;
    const known = new Set(this.state.messages.map((m) => m.messageId));
    const fresh = incoming.filter((m) => !known.has(m.messageId));
    if (!fresh.length) return;
    const confirmed = new Set(fresh.map((m) => m.clientMessageId).filter(Boolean));
    const messages = [...this.state.messages, ...fresh].sort(byId);
    const typing = this.state.typing.filter(
      (userId) => !fresh.some((m) => m.kind === 'TEXT' && m.sender?.userId === userId),
    );
    this.set({
      messages,
      pending: this.state.pending.filter((p) => !confirmed.has(p.clientMessageId)),
      typing,
      closed: this.state.closed || fresh.some((m) => m.kind === 'CLOSED'),
    });
    this.markReadSoon();
  }

  private markReadSoon() {
    if (this.readTimer || !(this.deps.isVisible?.() ?? true)) return;
    this.readTimer = setTimeout(() => {
      this.readTimer = null;
      this.deps.api('chat/set-as-read', { chatId: this.chatId }).catch(() => {});
    }, 500);
  }

  /** Pages back into history; one load at a time. */
  async loadOlder() {
    const { hasOlder, loadingOlder, messages } = this.state;
    if (!hasOlder || loadingOlder || this.state.status !== 'ready') return;
    this.set({ loadingOlder: true });
    try {
      const page = await this.deps.api('chat/list-messages', {
        chatId: this.chatId,
        limit: PAGE_SIZE,
        before: messages[0]?.messageId,
      });
      this.set({ hasOlder: page.hasMore, loadingOlder: false });
      this.receive(page.messages);
    } catch {
      this.set({ loadingOlder: false });
    }
  }

  /** Reads everything after the newest message held: after a reconnection or a return from the background. */
  resync() {
    this.resyncing ??= (async () => {
      try {
        if (this.state.status === 'error') return await this.load();
        for (;;) {
          const after = this.state.messages.at(-1)?.messageId;
          const page = await this.deps.api(
            'chat/list-messages',
            after ? { chatId: this.chatId, after, limit: PAGE_SIZE } : { chatId: this.chatId, limit: PAGE_SIZE },
          );
          this.receive(page.messages);
          if (!after || !page.hasMore || !page.messages.length) break;
        }
        const info = await this.deps.api('chat/get-info', { chatId: this.chatId });
        this.set({ info: info.chat, closed: this.state.closed || info.chat.closedAt !== null });
      } catch {
        // Still offline: the next reconnection tries again.
      } finally {
        this.resyncing = null;
      }
    })();
    return this.resyncing;
  }

  /** Shows the message at once, then sends it; a failure leaves it to retry. */
  send(text: string) {
    const trimmed = text.trim();
    if (!trimmed || this.state.closed) return;
    const pending: PendingMessage = {
      clientMessageId: this.deps.newClientId?.() ?? crypto.randomUUID(),
      text: trimmed,
      createdAt: (this.deps.now?.() ?? new Date()).toISOString(),
      status: 'sending',
    };
    this.set({ pending: [...this.state.pending, pending] });
    this.stopTyping();
    return this.deliver(pending);
  }

  /** Sends a failed message again, with the same client id: the server never stores it twice. */
  retry(clientMessageId: string) {
    const pending = this.state.pending.find((p) => p.clientMessageId === clientMessageId);
    if (pending?.status !== 'failed') return;
    this.updatePending(clientMessageId, 'sending');
    return this.deliver(pending);
  }

  private updatePending(clientMessageId: string, status: PendingMessage['status']) {
    this.set({
      pending: this.state.pending.map((p) => (p.clientMessageId === clientMessageId ? { ...p, status } : p)),
    });
  }

  private async deliver(pending: PendingMessage) {
    try {
      const { message } = await this.deps.api('chat/send-message', {
        chatId: this.chatId,
        text: pending.text,
        clientMessageId: pending.clientMessageId,
      });
      this.receive([message]);
    } catch (error) {
      this.updatePending(pending.clientMessageId, 'failed');
      const code = (error as { code?: string }).code;
      if (code === 'CHAT_CLOSED') this.set({ closed: true });
      // A direct chat whose two are no longer contacts: the composer says why instead.
      if (code === 'NOT_A_CONTACT' && this.state.info) this.set({ info: { ...this.state.info, canSend: false } });
    }
  }

  /** Called on each keystroke: tells the others at most every 2 s. */
  typed(text: string) {
    if (!text.trim()) return this.stopTyping();
    const now = Date.now();
    if (now - this.lastTypingSentAt < TYPING_RENEW_MS) return;
    this.lastTypingSentAt = now;
    this.deps.link.emit('typing', { chatId: this.chatId, typing: true });
  }

  stopTyping() {
    if (!this.lastTypingSentAt) return;
    this.lastTypingSentAt = 0;
    this.deps.link.emit('typing', { chatId: this.chatId, typing: false });
  }

  private someoneTyping(userId: string, typing: boolean) {
    const timer = this.typingTimers.get(userId);
    if (timer) clearTimeout(timer);
    this.typingTimers.delete(userId);
    const others = this.state.typing.filter((id) => id !== userId);
    if (!typing) {
      if (others.length !== this.state.typing.length) this.set({ typing: others });
      return;
    }
    this.typingTimers.set(
      userId,
      setTimeout(() => this.someoneTyping(userId, false), TYPING_SHOWN_MS),
    );
    if (!this.state.typing.includes(userId)) this.set({ typing: [...others, userId] });
  }
}
