import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { callPath } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup.ts';
import { type Config, loadConfig } from './config.ts';
import { openDatabase, queryRows } from './db/client.ts';
import { migrateOnly, startServer } from './server.ts';

const TOKEN = 'metrics-token-that-is-long-enough-0123';
const postgresUrl = process.env.TEST_DATABASE_URL;
const cleanUps: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

/**
 * A database of the process's own: on PostgreSQL (TEST_DATABASE_URL) a new one, from the migrated template unless
 * `empty`; else PGlite in DATA_DIR, loaded from the migrated template unless `empty`.
 */
async function databaseFor(dataDir: string, empty: boolean): Promise<{ DATABASE_URL?: string }> {
  if (postgresUrl) {
    const name = `cordata_role_${randomBytes(6).toString('hex')}`;
    const admin = async (query: string) => {
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(query);
      await client.end();
    };
    await admin(`create database ${name}${empty ? '' : ` template ${inject('templateDatabase')}`}`);
    cleanUps.push(() => admin(`drop database if exists ${name} with (force)`));
    return { DATABASE_URL: withDatabase(postgresUrl, name) };
  }
  if (!empty) {
    const template = new Blob([readFileSync(inject('templateDump')!)]);
    await (await openDatabase({ dataDir, loadDataDir: template })).close();
  }
  return {};
}

/** A process's configuration on a database of its own, on a free port of the loopback. */
async function configFor(role: Config['CORDATA_ROLE'], options: { empty?: boolean } = {}): Promise<Config> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-role-'));
  cleanUps.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    ...(await databaseFor(dataDir, options.empty ?? false)),
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    METRICS_TOKEN: TOKEN,
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // NODE_ENV is not test here: no public routing or elevation service.
    ROUTER_KIND: 'none',
    ELEVATION_KIND: 'none',
  });
  // Split roles want PostgreSQL (config.test.ts, where the rules are tested); what each serves is the same on PGlite.
  return { ...config, CORDATA_ROLE: role, JOBS: role !== 'web' };
}

async function started(role: Config['CORDATA_ROLE']) {
  const config = await configFor(role);
  const server = await startServer(config);
  const address = server.served.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });
  const metrics = async () => (await get('/metrics', { authorization: `Bearer ${TOKEN}` })).text();
  const signUp = () =>
    fetch(`${origin}${callPath('auth/email/sign-up', config.PRODUCT_SLUG)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
  return { server, get, metrics, signUp };
}

// Each test starts a whole server: on this shared machine that may take tens of seconds.
describe('CORDATA_ROLE (issue 37)', { timeout: 120_000 }, () => {
  it('worker: runs the jobs and serves only its health and metrics', async () => {
    const worker = await started('worker');
    try {
      expect((await worker.get('/livez')).status).toBe(200);
      expect((await worker.get('/healthz')).status).toBe(200);
      expect((await worker.signUp()).status).toBe(404);
      expect(await worker.metrics()).toMatch(/^cordata_job_lag_seconds\{job="safety-escalation"\} \d/m);
    } finally {
      await worker.server.close();
    }
  });

  it('web: serves the calls, and runs no jobs', async () => {
    const web = await started('web');
    try {
      expect((await web.get('/livez')).status).toBe(200);
      expect((await web.signUp()).status).toBe(400);
      expect(await web.metrics()).not.toMatch(/^cordata_job_lag_seconds\{/m);
    } finally {
      await web.server.close();
    }
  });

  it('migrate: applies the migrations to an empty database and returns', async () => {
    const config = await configFor('migrate', { empty: true });
    await migrateOnly(config);
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.dataDir });
    try {
      const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from users`);
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
    }
  });
});
