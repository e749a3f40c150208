import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallInput, type CallName, type CallResponse, callPath } from '@cordata/contract';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { newActivity, newUser, TEST_PASSWORD } from '../../test/factories.ts';
import { withDatabase } from '../../test/global-setup.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { openDatabase } from './client.ts';
import { migrate } from './migrate.ts';
import { MoveError, moveTo } from './move-to.ts';

/**
 * A quick start on PGlite with real data made through the app, moved into a new PostgreSQL database, and the server
 * started on that database reading it all back through the API.
 */
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
const reachable = await admin('select 1').then(
  () => true,
  () => false,
);
const title = reachable ? '' : ` (skipped: PostgreSQL at ${PG_URL} not reachable)`;

const dataDir = mkdtempSync(join(tmpdir(), 'cordata-move-'));
const made: string[] = [];
async function newTarget() {
  const name = `cordata_move_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  made.push(name);
  return withDatabase(PG_URL, name);
}

beforeAll(async () => {
  if (!reachable) return;
  // The quick start's own database: PGlite in DATA_DIR, from the migrated template, or migrated here in the
  // PostgreSQL phase, whose global setup makes a PostgreSQL template instead.
  const dump = inject('templateDump');
  const source = await openDatabase(dump ? { dataDir, loadDataDir: new Blob([readFileSync(dump)]) } : { dataDir });
  if (!dump) await migrate(source);
  await source.close();
});
afterAll(async () => {
  for (const name of made) await admin(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

type Server = Awaited<ReturnType<typeof startServer>>;

/** The server as `npm start` runs it on DATA_DIR (and DATABASE_URL when given), driven through HTTP. */
async function start(databaseUrl?: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'false',
    JOBS: 'false',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const server: Server = await startServer(config);
  async function ok<K extends CallName>(name: K, body?: CallInput<K>, token?: string): Promise<CallResponse<K>> {
    const res = await server.app.inject({
      method: 'POST',
      url: callPath(name, config.PRODUCT_SLUG),
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      payload: body !== undefined ? JSON.stringify(body) : undefined,
    });
    if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  }
  const get = (url: string) => {
    const u = new URL(url);
    return server.app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  };
  // What the factories use of a test app: the database, the token issuer and the calls.
  const t = { db: server.database.db, core: server.core, ok } as unknown as TestApp;
  return { server, ok, get, t };
}

describe.skipIf(!reachable)(`db:move-to${title}`, () => {
  it('moves a quick start into PostgreSQL, and the server there has every person, activity, message and file', async () => {
    const quick = await start();
    const ada = await newUser(quick.t, { firstName: 'Ada', lastName: 'Moved' });
    const activity = await newActivity(quick.t, ada, { name: 'Moved run' });
    const chatId = activity.chatId!;
    await quick.ok(
      'chat/send-message',
      { chatId, text: 'See you at the bridge', clientMessageId: 'moved-1' },
      ada.token,
    );
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c83c28' } })
      .png()
      .toBuffer();
    const link = await quick.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: picture.length },
      ada.token,
    );
    const u = new URL(link.uploadUrl);
    const put = await quick.server.app.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      headers: { 'content-type': 'image/png' },
      payload: picture,
    });
    expect(put.statusCode).toBe(200);
    await quick.ok('user/update-profile', { profilePicture: link.fileUrl }, ada.token);
    const servedBefore = await quick.get(link.fileUrl);
    expect(servedBefore.statusCode).toBe(200);

    const target = await newTarget();
    // While the server holds the embedded database, nothing is moved.
    await expect(moveTo({ dataDir, targetUrl: target })).rejects.toThrow(/is in use: stop the server first/);
    await quick.server.close();

    const summary = await moveTo({ dataDir, targetUrl: target });
    const rows = Object.fromEntries(summary.tables.map((table) => [table.name, table.rows]));
    expect(rows.users).toBe(1);
    expect(rows.activities).toBe(1);
    expect(rows.messages).toBeGreaterThanOrEqual(1);
    expect(rows.meeting_area_key).toBe(1);
    expect(summary.files).toBeGreaterThanOrEqual(1);
    // The foreign keys checked at the commit are put back as the migrations made them.
    const check = new pg.Client({ connectionString: target });
    await check.connect();
    const deferrable = await check.query(`select count(*)::int as n from pg_constraint where condeferrable`);
    const triggersOff = await check.query(`select count(*)::int as n from pg_trigger where tgenabled = 'D'`);
    await check.end();
    expect([deferrable.rows[0].n, triggersOff.rows[0].n]).toEqual([0, 0]);

    const moved = await start(target);
    try {
      expect(moved.server.database.kind).toBe('postgres');
      // The session made on PGlite still opens the API: sessions and the generated JWT secret both came along.
      const { user } = await moved.ok('user/profile', { userId: ada.id }, ada.token);
      expect([user.firstName, user.lastName, user.profilePicture]).toEqual(['Ada', 'Moved', link.fileUrl]);
      const signedIn = await moved.ok('auth/email/sign-in', { email: ada.email, password: TEST_PASSWORD });
      const token = signedIn.jwt;
      const read = await moved.ok('activity/read-info', { activityId: activity.activityId }, token);
      expect([read.activity.name, read.activity.chatId, read.activity.startsAt]).toEqual([
        'Moved run',
        chatId,
        activity.startsAt,
      ]);
      const { messages } = await moved.ok('chat/list-messages', { chatId }, token);
      expect(messages.map((m) => m.text)).toContain('See you at the bridge');
      const served = await moved.get(link.fileUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(servedBefore.rawPayload)).toBe(true);
    } finally {
      await moved.server.close();
    }
    // Two starts of the server, the move and argon2: 20 s on a quiet machine.
  }, 120_000);

  it('refuses a target that is not empty, and writes nothing to it', async () => {
    const target = await newTarget();
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    try {
      await client.query('create table keep_me (id int)');
      await expect(moveTo({ dataDir, targetUrl: target })).rejects.toThrow(MoveError);
      await expect(moveTo({ dataDir, targetUrl: target })).rejects.toThrow(
        /is not empty: it holds 1 table\(s\) \(public\.keep_me\)/,
      );
      const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`);
      expect(rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });
});
