import type { Message } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  changeMembership,
  collect,
  listen,
  newActivityChat,
  openSocket,
  sleep,
  type TestSocket,
  until,
} from '../../../test/chat-factories.ts';
import { newUser } from '../../../test/factories.ts';
import { chatMembers } from '../../db/schema.ts';
import type { RealtimeHost } from '../../realtime/realtime.ts';
import { TYPING_THROTTLE_MS } from './typing.ts';

let t: TestApp;
let url: string;
type User = Awaited<ReturnType<typeof newUser>>;
let ada: User;
let bea: User;
let outsider: User;
const sockets: TestSocket[] = [];

const socketOf = async (user: User) => {
  const socket = await openSocket(url, user.token);
  sockets.push(socket);
  return socket;
};

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  [ada, bea, outsider] = await Promise.all([newUser(t), newUser(t), newUser(t)]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t.close();
});

let sequence = 0;
const send = (user: User, chatId: string, text: string) =>
  t.ok('chat/send-message', { chatId, text, clientMessageId: `rt-${++sequence}` }, user.token);

describe('connecting', () => {
  it('refuses a missing, forged or revoked token', async () => {
    await expect(openSocket(url, '')).rejects.toThrow('UNAUTHORIZED');
    await expect(openSocket(url, `${ada.token}x`)).rejects.toThrow('UNAUTHORIZED');
    const revoked = await newUser(t);
    await t.core.tokens.revokeAll(revoked.id);
    await expect(openSocket(url, revoked.token)).rejects.toThrow('UNAUTHORIZED');
  });

  it('disconnects a socket whose session is revoked while connected', async () => {
    const user = await newUser(t);
    const socket = await socketOf(user);
    const other = await socketOf(ada);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.core.tokens.revokeAll(user.id);
    await (t.core.realtime as RealtimeHost).checkSessions();
    expect(await disconnected).toBe('io server disconnect');
    expect(other.connected).toBe(true);
  });
});

describe('delivery', () => {
  it('reaches the other person of a direct chat opened while both are connected, and nobody else', async () => {
    const [ann, ben] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: ben.id }, ann.token);
    await t.ok('user/accept-connection', { userId: ann.id }, ben.token);
    const [a, b, o] = await Promise.all([socketOf(ann), socketOf(ben), socketOf(outsider)]);
    const [atB, atO] = [collect(b, 'message'), collect(o, 'message')];
    // Both sockets were connected before the chat existed: opening it puts them in its room.
    const { chat } = await t.ok('chat/open-direct', { userId: ben.id }, ann.token);
    const { message } = await send(ann, chat.chatId, 'Ciao!');
    await until(() => atB.length === 1, 10_000, 'the first direct message at the other person');
    expect(atB[0]).toEqual(message);
    await sleep(100);
    expect(atO).toHaveLength(0);
    expect(a.connected).toBe(true);
  });

  it('reaches the participants of a chat and nobody else', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const [a, b, o] = await Promise.all([socketOf(ada), socketOf(bea), socketOf(outsider)]);
    const [atA, atB, atO] = [collect(a, 'message'), collect(b, 'message'), collect(o, 'message')];
    const { message } = await send(ada, chatId, 'Meet at the bridge');
    await until(() => atA.length === 1 && atB.length === 1, 10_000, 'the message at both members');
    expect(atB[0]).toEqual(message);
    await sleep(100);
    expect(atO).toHaveLength(0);
  });

  it('follows membership: a new participant starts receiving, one who left stops', async () => {
    const { chatId } = await newActivityChat(t, ada);
    const b = await socketOf(bea);
    const atB = collect(b, 'message');
    await send(ada, chatId, 'Before Bea');
    await changeMembership(t, 'join', chatId, bea.id);
    await until(() => atB.some((m) => m.kind === 'JOINED'), 10_000, 'the JOINED event');
    await send(ada, chatId, 'Welcome Bea');
    await until(() => atB.some((m) => m.text === 'Welcome Bea'), 10_000, 'the welcome');
    await changeMembership(t, 'leave', chatId, bea.id);
    await until(() => atB.some((m) => m.kind === 'LEFT'), 10_000, 'the LEFT event');
    await send(ada, chatId, 'After Bea');
    await sleep(150);
    expect(atB.map((m) => m.text)).not.toContain('Before Bea');
    expect(atB.map((m) => m.text)).not.toContain('After Bea');
  });

  it('puts a socket that connects later into the rooms of its chats', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const b = await socketOf(bea);
    const atB = collect(b, 'message');
    await send(ada, chatId, 'Hello late joiner');
    await until(() => atB.length === 1, 10_000, 'the message');
  });

  it('sends chat:closed when the chat of an ended activity closes', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea], { endsAt: new Date(Date.now() - 1000) });
    const b = await socketOf(bea);
    const closed = collect(b, 'chat:closed');
    const atB = collect(b, 'message');
    await t.modules.services.chat.closeEndedActivityChats();
    await until(() => closed.length === 1, 10_000, 'chat:closed');
    expect(closed[0]).toEqual({ chatId });
    expect(atB.map((m: Message) => m.kind)).toContain('CLOSED');
  });

  it('replays nothing to a reconnecting socket: it is checked again and catches up through the API', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const b = await openSocket(url, bea.token);
    sockets.push(b);
    b.io.reconnection(true);
    b.io.reconnectionDelay(50);
    const atB = collect(b, 'message');
    await send(ada, chatId, 'Before the drop');
    await until(() => atB.length === 1, 10_000, 'the first message');
    b.io.engine.close(); // the network drops, not a deliberate disconnect
    await until(() => !b.connected, 10_000, 'the disconnect');
    await send(ada, chatId, 'While away');
    await until(() => b.connected, 5000, 'the reconnection');
    expect(b.recovered).toBeFalsy();
    const { messages } = await t.ok('chat/list-messages', { chatId }, bea.token);
    expect(messages.map((m) => m.text)).toContain('While away');
  });

  it('mends rooms a lost leave left behind, at the next session check (review M13)', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const b = await socketOf(bea);
    const atB = collect(b, 'message');
    await send(ada, chatId, 'Still a member');
    await until(() => atB.length === 1, 10_000, 'the first message');
    // Bea leaves the chat in the database, but the live leave is lost (as in a Redis outage).
    await t.db
      .update(chatMembers)
      .set({ leftAt: new Date() })
      .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, bea.id)));
    await (t.core.realtime as RealtimeHost).checkSessions();
    await send(ada, chatId, 'After she left');
    await new Promise((r) => setTimeout(r, 300));
    expect(atB.map((m: Message) => m.text)).toEqual(['Still a member']);
  });

  it('sends nothing to a socket whose session ended while it was away (review M1)', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const { jwt, sessionId } = await t.core.tokens.issue(bea.id);
    const b = await openSocket(url, jwt);
    sockets.push(b);
    b.io.reconnection(true);
    b.io.reconnectionDelay(50);
    const atB = collect(b, 'message');
    const refused = new Promise<string>((resolve) => b.on('connect_error', (e) => resolve(e.message)));
    b.io.engine.close();
    await until(() => !b.connected, 10_000, 'the disconnect');
    await t.core.tokens.revoke(sessionId);
    await send(ada, chatId, 'Secret after the revocation');
    expect(await refused).toBe('UNAUTHORIZED');
    await new Promise((r) => setTimeout(r, 300));
    expect(atB).toEqual([]);
    b.io.reconnection(false);
  });
});

describe('typing', () => {
  it('goes to the other members, at most once per window, and ends on its own', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const [a, b, o] = await Promise.all([socketOf(ada), socketOf(bea), socketOf(outsider)]);
    const [atA, atB, atO] = [collect(a, 'typing'), collect(b, 'typing'), collect(o, 'typing')];
    a.emit('typing', { chatId, typing: true });
    a.emit('typing', { chatId, typing: true });
    a.emit('typing', { chatId, typing: true });
    await until(() => atB.length === 1, 10_000, 'typing at Bea');
    expect(atB[0]).toEqual({ chatId, userId: ada.id, typing: true });
    // Not renewed: it ends by itself.
    await until(() => atB.length === 2, 7000, 'the expiry');
    expect(atB[1]).toEqual({ chatId, userId: ada.id, typing: false });
    expect(atA).toHaveLength(0);
    expect(atO).toHaveLength(0);
  }, 15_000);

  it('disconnects a socket that floods events past its budget (review L2)', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const a = await socketOf(ada);
    const gone = new Promise<string>((resolve) => a.once('disconnect', resolve));
    for (let i = 0; i < 200; i++) a.emit('typing', { chatId, typing: i % 2 === 0 });
    expect(await gone).toBe('io server disconnect');
  });

  it('stops carrying a blocked person’s typing in a direct chat, from the next session check', async () => {
    const [ann, ben] = [await newUser(t), await newUser(t)];
    await t.ok('user/request-connection', { userId: ben.id }, ann.token);
    await t.ok('user/accept-connection', { userId: ann.id }, ben.token);
    const { chat } = await t.ok('chat/open-direct', { userId: ben.id }, ann.token);
    const [a, b] = await Promise.all([socketOf(ann), socketOf(ben)]);
    const atA = collect(a, 'typing');
    b.emit('typing', { chatId: chat.chatId, typing: true });
    await until(() => atA.length === 1, 10_000, 'typing before the block');
    b.emit('typing', { chatId: chat.chatId, typing: false });
    await until(() => atA.length === 2, 10_000, 'typing stopped');
    await t.ok('user/block', { userId: ben.id }, ann.token);
    await (t.core.realtime as RealtimeHost).checkSessions();
    await sleep(2100);
    b.emit('typing', { chatId: chat.chatId, typing: true });
    await sleep(300);
    expect(atA).toHaveLength(2);
    // Reconnecting does not put it back either.
    const b2 = await socketOf(ben);
    b2.emit('typing', { chatId: chat.chatId, typing: true });
    await sleep(300);
    expect(atA).toHaveLength(2);
  }, 15_000);

  it('ignores typing from someone outside the chat, and malformed events', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const [b, o] = await Promise.all([socketOf(bea), socketOf(outsider)]);
    const atB = collect(b, 'typing');
    o.emit('typing', { chatId, typing: true });
    (o as unknown as { emit(e: string, p: unknown): void }).emit('typing', { chatId: 42, typing: 'yes' });
    (o as unknown as { emit(e: string, p: unknown): void }).emit('typing', null);
    await sleep(200);
    expect(atB).toHaveLength(0);
    expect(o.connected).toBe(true);
  });

  it('ends when the typist stops or goes away', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const [a, b] = await Promise.all([socketOf(ada), socketOf(bea)]);
    const atB = collect(b, 'typing');
    a.emit('typing', { chatId, typing: true });
    await until(() => atB.length === 1, 10_000, 'typing');
    a.emit('typing', { chatId, typing: false });
    await until(() => atB.length === 2 && atB[1]!.typing === false, 10_000, 'typing false');
    // Typing again is broadcast once the throttle window has passed (a quicker true is dropped: review L2).
    await new Promise((r) => setTimeout(r, TYPING_THROTTLE_MS));
    a.emit('typing', { chatId, typing: true });
    await until(() => atB.length === 3, 10_000, 'typing again');
    a.close();
    await until(() => atB.length === 4 && atB[3]!.typing === false, 10_000, 'typing false on disconnect');
  });
});
