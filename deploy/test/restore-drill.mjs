#!/usr/bin/env node
// The backup and restore drill of docs/operations.md ("Backups"), run for real on both engines: seed an account
// through the API, stop, back up, wipe, restore, start, and sign in with that account. Prints each step's time.
//   node deploy/test/restore-drill.mjs              # PGlite (the data volume) and PostgreSQL (pg_dump/pg_restore)
//   node deploy/test/restore-drill.mjs pglite       # one of them
// Runs the server from the sources (tsx), so no build is needed. PostgreSQL: PG_ADMIN_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), with pg_dump and pg_restore of the same major version on the PATH.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const adminUrl = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const which = process.argv[2];
const work = mkdtempSync(join(tmpdir(), 'cordata-drill-'));
const password = 'Trail#Run9x';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const run = (command, args, env = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
const withDatabase = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

let failed = false;
try {
  if (!which || which === 'pglite') await drill('PGlite (the DATA_DIR volume)', pgliteSteps());
  if (!which || which === 'postgres') await drill('PostgreSQL (pg_dump / pg_restore)', postgresSteps());
} catch (error) {
  console.error(`restore drill failed: ${error.stack ?? error}`);
  failed = true;
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log(`load average: ${run('uptime', []).trim()}`);
process.exitCode = failed ? 1 : 0;

/** The steps of one engine: each a function of the drill's state. */
function pgliteSteps() {
  const dataDir = join(work, 'pglite-data');
  const backup = join(work, 'pglite-backup.tgz');
  return {
    env: { DATA_DIR: dataDir },
    dataDir,
    backUp: () => run('tar', ['-czf', backup, '-C', dataDir, '.']),
    wipe: () => rmSync(dataDir, { recursive: true, force: true }),
    restore: () => {
      mkdirSync(dataDir, { recursive: true });
      run('tar', ['-xzf', backup, '-C', dataDir]);
    },
    size: () => statSync(backup).size,
    cleanUp: () => {},
  };
}

function postgresSteps() {
  const name = `cordata_drill_${randomBytes(5).toString('hex')}`;
  const url = withDatabase(adminUrl, name);
  const dataDir = join(work, 'postgres-data');
  const dump = join(work, 'postgres.dump');
  const psql = (sql) => run('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-qc', sql]);
  psql(`create database ${name}`);
  return {
    // Production keeps JWT_SECRET in its environment, not in DATA_DIR: the dump alone must restore the accounts.
    env: { DATABASE_URL: url, DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex') },
    dataDir,
    backUp: () => run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, url]),
    wipe: () => psql(`drop database ${name} with (force)`),
    restore: () => {
      psql(`create database ${name}`);
      // pg_restore runs every statement with an empty search_path, where earthdistance's ll_to_earth (in the
      // activities_near_idx index) cannot find its own type `earth`: the restore script keeps `public` on the path.
      run(
        'bash',
        [
          '-o',
          'pipefail',
          '-c',
          `pg_restore --no-owner --file=- "$DUMP" | sed "s/set_config('search_path', '', false)/set_config('search_path', 'public', false)/" | psql -q -v ON_ERROR_STOP=1 --single-transaction "$URL" >/dev/null`,
        ],
        { DUMP: dump, URL: url },
      );
    },
    size: () => statSync(dump).size,
    cleanUp: () => psql(`drop database if exists ${name} with (force)`),
  };
}

async function drill(title, steps) {
  const timings = [];
  const timed = async (label, step) => {
    const started = performance.now();
    const result = await step();
    const ms = performance.now() - started;
    timings.push([label, ms]);
    return result;
  };
  try {
    const email = `drill.${process.pid}.${randomBytes(3).toString('hex')}@example.test`;
    let server = await timed('first start', () => startServer(steps.env));
    await timed('seed: sign up and confirm an account', () => signUp(server, email, steps.dataDir));
    await timed('stop', () => server.stop());
    await timed('back up', () => steps.backUp());
    await timed('wipe', () => steps.wipe());
    if (steps.env.DATABASE_URL === undefined && existsSync(steps.dataDir)) throw new Error('the wipe left DATA_DIR');
    await timed('restore', () => steps.restore());
    server = await timed('start on the restored data', () => startServer(steps.env));
    try {
      await timed('sign in with the seeded account', async () => {
        const { jwt } = await post(server, 'auth/email/sign-in', { email, password });
        if (!jwt) throw new Error('sign-in after the restore gave no session');
      });
    } finally {
      await server.stop();
    }
    const drillMs = timings
      .filter(([label]) =>
        ['back up', 'wipe', 'restore', 'start on the restored data', 'sign in with the seeded account'].includes(label),
      )
      .reduce((sum, [, ms]) => sum + ms, 0);
    console.log(`${title}: restore drill passed (backup ${Math.round(steps.size() / 1024)} KiB)`);
    for (const [label, ms] of timings) console.log(`  ${label}: ${seconds(ms)}`);
    console.log(`  back up to signed in again: ${seconds(drillMs)}`);
  } finally {
    steps.cleanUp();
  }
}

/** The server from the sources, as `npm start` runs it, on a free port; resolves once /healthz answers 200. */
async function startServer(env) {
  const port = await freePort();
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['src/main.ts'], {
    cwd: join(root, 'apps/server'),
    env: {
      ...process.env,
      NODE_ENV: 'development',
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr.slice(-2000)}`);
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server was not ready within 120 s: ${stderr.slice(-2000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    base,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signUp(server, email, dataDir) {
  await post(server, 'auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true });
  const key = readFileSync(join(dataDir, 'mailbox-key'), 'utf8').trim();
  const mailbox = await fetch(`${server.base}/dev/mailbox?key=${key}&to=${encodeURIComponent(email)}`);
  const { mails } = await mailbox.json();
  const code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no confirmation code mailed to ${email}`);
  await post(server, 'auth/email/confirm-email', { email, code });
}

async function post(server, call, body) {
  const response = await fetch(`${server.base}/api/space/cordata/database/${call}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${call} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}
