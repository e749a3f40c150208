import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  changeMembership,
  collect,
  listen,
  newActivityChat,
  openSocket,
  sleep,
  until,
} from '../../../test/chat-factories.ts';
import { newUser } from '../../../test/factories.ts';
import { skippedWithoutServices, twoInstances } from '../../../test/instances.ts';

const skipReason = await skippedWithoutServices();

describe.skipIf(skipReason !== '')(`two instances sharing PostgreSQL and Redis${skipReason}`, () => {
  const cluster = twoInstances('cordata_scale');

  it('delivers a message sent through one instance to a socket on the other', async () => {
    const ada = await newUser(cluster.one.t);
    const bea = await newUser(cluster.one.t);
    const outsider = await newUser(cluster.one.t);
    const { chatId } = await newActivityChat(cluster.one.t, ada, [bea]);
    const b = await openSocket(cluster.two.url, bea.token);
    const o = await openSocket(cluster.two.url, outsider.token);
    cluster.sockets.push(b, o);
    const [atB, atO] = [collect(b, 'message'), collect(o, 'message')];
    const { message } = await cluster.one.t.ok(
      'chat/send-message',
      { chatId, text: 'Across', clientMessageId: 'x1' },
      ada.token,
    );
    await until(() => atB.length === 1, 10_000, 'the message on the other instance');
    expect(atB[0]).toEqual(message);
    await sleep(100);
    expect(atO).toHaveLength(0);
  });

  it('moves sockets on the other instance into a chat a user joins, and carries typing across', async () => {
    const ada = await newUser(cluster.one.t);
    const bea = await newUser(cluster.one.t);
    const { chatId } = await newActivityChat(cluster.one.t, ada);
    const a = await openSocket(cluster.one.url, ada.token);
    const b = await openSocket(cluster.two.url, bea.token);
    cluster.sockets.push(a, b);
    const [atB, typingAtB] = [collect(b, 'message'), collect(b, 'typing')];
    await changeMembership(cluster.one.t, 'join', chatId, bea.id);
    await until(() => atB.some((m) => m.kind === 'JOINED'), 10_000, 'the JOINED event');
    a.emit('typing', { chatId, typing: true });
    await until(() => typingAtB.length === 1, 10_000, 'typing across instances');
    expect(typingAtB[0]).toEqual({ chatId, userId: ada.id, typing: true });
  });
});

describe('without Redis', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: Redis is down from the start.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
  });
  afterAll(() => t?.close());

  it('keeps serving its own sockets', async () => {
    const url = await listen(t);
    const ada = await newUser(t);
    const bea = await newUser(t);
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const b = await openSocket(url, bea.token);
    const atB = collect(b, 'message');
    await t.ok('chat/send-message', { chatId, text: 'Still here', clientMessageId: 'r1' }, ada.token);
    await until(() => atB.length === 1, 10_000, 'local delivery');
    b.close();
  });
});
