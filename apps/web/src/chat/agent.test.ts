import type { Message, ServerToClientEvents } from '@cordata/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { aMessage, aUser, id } from '../testing/fixtures.ts';
import { ChatAgent, type ChatAgentDeps } from './agent.ts';
import type { RealtimeLink } from './realtime.ts';

const chatId = '01900000-0000-7000-8000-0000000000c1';
const me = aUser({ userId: 'me', username: 'me', firstName: 'Me', lastName: 'X' });
let seq = 0;
const message = (over: Partial<Message> = {}): Message => {
  seq += 1;
  return aMessage({
    messageId: id(seq),
    chatId,
    sender: me,
    text: `m${seq}`,
    createdAt: new Date(2026, 0, 1, 10, seq).toISOString(),
    ...over,
  });
};

function fakeLink() {
  const handlers = new Map<string, (payload: never) => void>();
  const resync = new Set<() => void>();
  const emitted: unknown[] = [];
  const link: RealtimeLink = {
    on: (event, listener) => {
      handlers.set(event, listener as never);
      return () => handlers.delete(event);
    },
    emit: (event, ...args) => emitted.push([event, ...args]),
    onResync: (listener) => {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    connected: () => true,
  };
  const push = <E extends keyof ServerToClientEvents>(event: E, payload: Parameters<ServerToClientEvents[E]>[0]) =>
    handlers.get(event)?.(payload as never);
  return {
    link,
    push,
    emitted,
    reconnect: () => {
      for (const listener of resync) listener();
    },
  };
}

describe('the chat agent', () => {
  let api: ReturnType<typeof vi.fn>;
  let live: ReturnType<typeof fakeLink>;
  let agent: ChatAgent;
  let stored: Message[];
  let sendFails: boolean;

  beforeEach(() => {
    seq = 0;
    stored = [message({ kind: 'CREATED' }), message(), message()];
    sendFails = false;
    api = vi.fn(async (call: string, body: Record<string, unknown>) => {
      switch (call) {
        case 'chat/get-info':
          return { chat: { closedAt: null } };
        case 'chat/list-messages': {
          let list = [...stored];
          if (body.after)
            list = list.filter((m) => m.messageId > (body.after as string)).slice(0, body.limit as number);
          else {
            if (body.before) list = list.filter((m) => m.messageId < (body.before as string));
            list = list.slice(-(body.limit as number));
          }
          const hasMore = body.after
            ? stored.filter((m) => m.messageId > (body.after as string)).length > list.length
            : stored.length >
              list.length + (body.before ? stored.filter((m) => m.messageId >= (body.before as string)).length : 0);
          return { messages: [...list].reverse(), hasMore };
        }
        case 'chat/send-message': {
          if (sendFails) throw Object.assign(new Error('offline'), { code: 'SERVICE_UNAVAILABLE' });
          const sent = message({ text: body.text as string, clientMessageId: body.clientMessageId as string });
          stored.push(sent);
          return { message: sent };
        }
        case 'chat/set-as-read':
          return { ok: true };
      }
      throw new Error(call);
    });
    live = fakeLink();
    let n = 0;
    const deps: ChatAgentDeps = {
      chatId,
      api: api as unknown as ChatAgentDeps['api'],
      link: live.link,
      newClientId: () => `c${++n}`,
    };
    agent = new ChatAgent(deps);
  });
  afterEach(() => agent.dispose());

  it('loads the newest messages oldest first', async () => {
    await agent.start();
    const state = agent.getSnapshot();
    expect(state.status).toBe('ready');
    expect(state.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
    expect(state.hasOlder).toBe(false);
  });

  it("offline, shows the messages an outing pack holds without the chat's details (read-only, issue 38)", async () => {
    const answer = api.getMockImplementation() as (call: string, body: Record<string, unknown>) => Promise<unknown>;
    api.mockImplementation(async (call: string, body: Record<string, unknown>) => {
      if (call === 'chat/get-info') throw Object.assign(new Error('offline'), { code: 'SERVICE_UNAVAILABLE' });
      return answer(call, body);
    });
    await agent.start();
    const state = agent.getSnapshot();
    expect(state.status).toBe('ready');
    expect(state.info).toBeNull();
    expect(state.messages.map((m) => m.text)).toEqual(['m1', 'm2', 'm3']);
  });

  it('says the chat failed when its messages cannot load', async () => {
    api.mockImplementation(async () => {
      throw Object.assign(new Error('offline'), { code: 'SERVICE_UNAVAILABLE' });
    });
    await agent.start();
    expect(agent.getSnapshot().status).toBe('error');
  });

  it('shows my message at once as pending, then confirmed, with no double when the socket echoes it', async () => {
    await agent.start();
    const sending = agent.send('  Hello  ');
    expect(agent.getSnapshot().pending).toEqual([expect.objectContaining({ text: 'Hello', status: 'sending' })]);
    await sending;
    live.push('message', stored.at(-1)!);
    const state = agent.getSnapshot();
    expect(state.pending).toEqual([]);
    expect(state.messages.filter((m) => m.text === 'Hello')).toHaveLength(1);
  });

  it('marks a failed send and retries it with the same client id', async () => {
    await agent.start();
    sendFails = true;
    await agent.send('Lost in the woods');
    expect(agent.getSnapshot().pending[0]).toMatchObject({ status: 'failed', clientMessageId: 'c1' });
    sendFails = false;
    await agent.retry('c1');
    expect(agent.getSnapshot().pending).toEqual([]);
    const sends = api.mock.calls.filter(([call]) => call === 'chat/send-message');
    expect(sends.map(([, body]) => body.clientMessageId)).toEqual(['c1', 'c1']);
  });

  it('pages back into history without repeats', async () => {
    stored = Array.from({ length: 70 }, () => message());
    await agent.start();
    expect(agent.getSnapshot().messages).toHaveLength(30);
    expect(agent.getSnapshot().hasOlder).toBe(true);
    await agent.loadOlder();
    await agent.loadOlder();
    const state = agent.getSnapshot();
    expect(state.messages.map((m) => m.messageId)).toEqual(stored.map((m) => m.messageId));
    expect(state.hasOlder).toBe(false);
  });

  it('resyncs from the last message it has after a reconnection', async () => {
    await agent.start();
    const missed = Array.from({ length: 40 }, () => message());
    stored.push(...missed);
    live.reconnect();
    await eventually(() => expect(agent.getSnapshot().messages).toHaveLength(43));
    expect(new Set(agent.getSnapshot().messages.map((m) => m.messageId)).size).toBe(43);
  });

  it('shows who is typing until they stop, send, or go quiet', async () => {
    vi.useFakeTimers();
    await agent.start();
    live.push('typing', { chatId, userId: 'bea', typing: true });
    live.push('typing', { chatId: 'another', userId: 'carl', typing: true });
    expect(agent.getSnapshot().typing).toEqual(['bea']);
    live.push('message', message({ sender: { ...me, userId: 'bea' } }));
    expect(agent.getSnapshot().typing).toEqual([]);
    live.push('typing', { chatId, userId: 'bea', typing: true });
    vi.advanceTimersByTime(6000);
    expect(agent.getSnapshot().typing).toEqual([]);
    vi.useRealTimers();
  });

  it('tells the others I am typing at most every 2 s, and when I stop', async () => {
    await agent.start();
    agent.typed('h');
    agent.typed('he');
    agent.typed('hel');
    agent.typed('');
    expect(live.emitted).toEqual([
      ['typing', { chatId, typing: true }],
      ['typing', { chatId, typing: false }],
    ]);
  });

  it('closes when the activity ends, and refuses to send', async () => {
    await agent.start();
    live.push('chat:closed', { chatId });
    expect(agent.getSnapshot().closed).toBe(true);
    await agent.send('Anyone?');
    expect(agent.getSnapshot().pending).toEqual([]);
  });
});
