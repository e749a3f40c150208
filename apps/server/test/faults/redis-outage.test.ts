import type { Message } from '@cordata/contract';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityInput,
  call,
  missingPostgres,
  missingRedis,
  type ServerProcess,
  seeder,
  sleep,
  startPostgres,
  startRedis,
  startServerProcess,
} from './support.ts';

const missing = missingPostgres ?? missingRedis;

describe.skipIf(missing)(`Redis outage${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    redis = await startRedis();
    a = await startServerProcess({ DATABASE_URL: postgres.url, REDIS_URL: redis.url });
    b = await startServerProcess({ DATABASE_URL: postgres.url, REDIS_URL: redis.url });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await a?.kill('SIGKILL');
    await b?.kill('SIGKILL');
    await redis?.stop();
    postgres?.destroy();
  });

  async function listen(server: ServerProcess, token: string) {
    const socket: Socket = connect(server.url, {
      path: '/api/space/cordata/realtime',
      transports: ['websocket'],
      auth: { token },
      forceNew: true,
    });
    sockets.push(socket);
    const texts = new Set<string>();
    socket.on('message', (message: Message) => texts.add(message.text));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return texts;
  }

  async function arrives(texts: Set<string>, text: string, withinMs: number) {
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      if (texts.has(text)) return true;
      await sleep(20);
    }
    return false;
  }

  it('serves its own sockets while Redis is down, and fans out again when it returns', {
    timeout: 60_000,
  }, async () => {
    const seed = await seeder(postgres.url);
    const alice = await seed.newUser();
    const onA = await seed.newUser();
    const onB = await seed.newUser();
    await seed.close();
    const created = await call(a, 'activity/create-new', activityInput('Redis run'), alice.token);
    const { chatId, activityId } = created.body.activity;
    for (const person of [onA, onB]) {
      expect((await call(a, 'activity/participate', { activityId }, person.token)).status).toBe(200);
    }
    const seenOnA = await listen(a, onA.token);
    const seenOnB = await listen(b, onB.token);
    let n = 0;
    const sendThroughA = async () => {
      const text = `message ${++n}`;
      const answer = await call(a, 'chat/send-message', { chatId, text, clientMessageId: `c${n}` }, alice.token);
      expect(answer.status).toBe(200);
      return text;
    };

    const before = await sendThroughA();
    expect(await arrives(seenOnA, before, 3000)).toBe(true);
    expect(await arrives(seenOnB, before, 3000), 'fan-out to the other instance works before the outage').toBe(true);

    await redis.stop();
    await sleep(500);
    for (let i = 0; i < 3; i++) {
      const during = await sendThroughA();
      expect(await arrives(seenOnA, during, 3000), 'a socket on the same instance gets the message').toBe(true);
    }
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200);

    await redis.start();
    let resumedAfterMs = -1;
    const restarted = Date.now();
    while (resumedAfterMs < 0 && Date.now() - restarted < 20_000) {
      const after = await sendThroughA();
      expect(await arrives(seenOnA, after, 3000)).toBe(true);
      if (await arrives(seenOnB, after, 1000)) resumedAfterMs = Date.now() - restarted;
    }
    console.log(`Redis outage: cross-instance fan-out resumed ${resumedAfterMs} ms after Redis returned`);
    expect(resumedAfterMs, 'fan-out to the other instance resumes').toBeGreaterThanOrEqual(0);
    expect(a.exitCode()).toBeNull();
    expect(b.exitCode()).toBeNull();
  });
});
