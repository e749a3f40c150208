import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallInput, type CallName, type CallResponse, callPath } from '@cordata/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrate } from '../src/db/migrate.ts';
import type { TestApp } from './app.ts';
import { listen, type TestSocket } from './chat-factories.ts';
import { withDatabase } from './global-setup.ts';

/** Several server instances on one PostgreSQL database and one Redis, as a scaled-out deployment runs. */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** '' when PostgreSQL and Redis answer, else the words for the test's title: ' (skipped: … not reachable)'. */
export async function skippedWithoutServices() {
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
  return missing.length ? ` (skipped: ${missing.join(' and ')} not reachable)` : '';
}

async function admin<T>(work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own, shared by the instances of one test file. */
export async function sharedDatabase(prefix: string) {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await admin((client) => client.query(`create database ${name}`));
  const url = withDatabase(PG_URL, name);
  const migrator = await openDatabase({ url, poolSize: 1 });
  await migrate(migrator);
  await migrator.close();
  return { url, drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)) };
}

/** One server instance on the shared database and Redis, listening on its own port. */
export async function startInstance(databaseUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-instance-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    RATE_LIMITS: 'false',
    REDIS_URL,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const database = await openDatabase({ url: databaseUrl, poolSize: 5 });
  const built = await buildApp({ config, database, logger: false });
  await built.modules.onStart();
  async function call<K extends CallName>(name: K, body: CallInput<K>, token: string) {
    const res = await built.app.inject({
      method: 'POST',
      url: callPath(name, config.PRODUCT_SLUG),
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.statusCode, body: res.json() as CallResponse<K> };
  }
  async function ok<K extends CallName>(name: K, body: CallInput<K>, token: string): Promise<CallResponse<K>> {
    const res = await call(name, body, token);
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
  const instance = { ...built, db: database.db, config, call, ok } as unknown as TestApp;
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

type Instance = Awaited<ReturnType<typeof startInstance>>;

/**
 * Two instances on a fresh shared database for the describe block that calls it: started before its tests,
 * closed after them with the sockets the tests push into `sockets`.
 */
export function twoInstances(prefix: string) {
  const cluster = {
    one: undefined as unknown as Instance,
    two: undefined as unknown as Instance,
    sockets: [] as TestSocket[],
  };
  let database: Awaited<ReturnType<typeof sharedDatabase>> | undefined;
  beforeAll(async () => {
    database = await sharedDatabase(prefix);
    cluster.one = await startInstance(database.url);
    cluster.two = await startInstance(database.url);
  });
  afterAll(async () => {
    for (const socket of cluster.sockets) socket.close();
    await cluster.one?.close();
    await cluster.two?.close();
    await database?.drop();
  });
  return cluster;
}
