import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallInput, type CallName, type CallResponse, callPath } from '@cordata/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
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
import { withDatabase } from '../../../test/global-setup.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable() {
  const missing: string[] = [];
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await client.connect().then(
    () => client.end(),
    () => missing.push(`PostgreSQL at ${PG_URL}`),
  );
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {});
  await redis.connect().then(
    () => redis.quit(),
    () => missing.push(`Redis at ${REDIS_URL}`),
  );
  return missing;
}

const missing = await reachable();
const skipReason = missing.length ? ` (skipped: ${missing.join(' and ')} not reachable)` : '';

/** One server instance on a shared PostgreSQL database and Redis, listening on its own port. */
async function startInstance(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-scale-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    REDIS_URL,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const database = await openDatabase({ url: databaseUrl, poolSize: 5 });
  const built = await buildApp({ config, database, logger: false });
  await built.modules.onStart();
  async function ok<K extends CallName>(name: K, body: CallInput<K>, token: string): Promise<CallResponse<K>> {
    const res = await built.app.inject({
      method: 'POST',
      url: callPath(name, config.PRODUCT_SLUG),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }
  const instance = { ...built, db: database.db, config, ok } as unknown as TestApp;
  const url = await listen(instance);
  return {
    t: instance,
    url,
    async close() {
      await built.app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe.skipIf(missing.length > 0)(`two instances sharing PostgreSQL and Redis${skipReason}`, () => {
  let one: Awaited<ReturnType<typeof startInstance>>;
  let two: Awaited<ReturnType<typeof startInstance>>;
  let databaseName: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    databaseName = `cordata_scale_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = withDatabase(PG_URL, databaseName);
    const migrator = await openDatabase({ url, poolSize: 1 });
    await migrate(migrator);
    await migrator.close();
    one = await startInstance(url);
    two = await startInstance(url);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await one?.close();
    await two?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.end();
  });

  it('delivers a message sent through one instance to a socket on the other', async () => {
    const ada = await newUser(one.t);
    const bea = await newUser(one.t);
    const outsider = await newUser(one.t);
    const { chatId } = await newActivityChat(one.t, ada, [bea]);
    const b = await openSocket(two.url, bea.token);
    const o = await openSocket(two.url, outsider.token);
    sockets.push(b, o);
    const [atB, atO] = [collect(b, 'message'), collect(o, 'message')];
    const { message } = await one.t.ok(
      'chat/send-message',
      { chatId, text: 'Across', clientMessageId: 'x1' },
      ada.token,
    );
    await until(() => atB.length === 1, 3000, 'the message on the other instance');
    expect(atB[0]).toEqual(message);
    await sleep(100);
    expect(atO).toHaveLength(0);
  });

  it('moves sockets on the other instance into a chat a user joins, and carries typing across', async () => {
    const ada = await newUser(one.t);
    const bea = await newUser(one.t);
    const { chatId } = await newActivityChat(one.t, ada);
    const a = await openSocket(one.url, ada.token);
    const b = await openSocket(two.url, bea.token);
    sockets.push(a, b);
    const [atB, typingAtB] = [collect(b, 'message'), collect(b, 'typing')];
    await changeMembership(one.t, 'join', chatId, bea.id);
    await until(() => atB.some((m) => m.kind === 'JOINED'), 3000, 'the JOINED event');
    a.emit('typing', { chatId, typing: true });
    await until(() => typingAtB.length === 1, 3000, 'typing across instances');
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
    await until(() => atB.length === 1, 3000, 'local delivery');
    b.close();
  });
});
