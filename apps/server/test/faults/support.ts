import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CallName } from '@cordata/contract';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createTokens } from '../../src/modules/auth/tokens.ts';
import { serverKeys } from '../../src/secrets.ts';
import { type NewUserOptions, newUser } from '../factories.ts';

/**
 * Throwaway PostgreSQL, Redis and server processes for the fault tests, so stopping them never
 * disturbs the shared instances other test files use.
 */
const PG_BIN = '/usr/lib/postgresql/15/bin';
const repoRoot = resolve(import.meta.dirname, '../../../..');

const which = (binary: string) => {
  try {
    return execFileSync('which', [binary], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
};

export const missingPostgres = existsSync(join(PG_BIN, 'pg_ctl'))
  ? null
  : `PostgreSQL server binaries are absent (${PG_BIN}/pg_ctl)`;
export const missingRedis = which('redis-server') ? null : 'redis-server is absent';

/**
 * A free port below the kernel's ephemeral range (32768 and up), where every other test's
 * OS-assigned port lives: none of them can take it between this probe and the child's listen.
 * Each worker process starts at its own offset, so fault tests in parallel workers do not collide.
 */
let nextPort = 20_000 + ((process.pid * 97) % 9_000);
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 500; tries++) {
    const port = nextPort;
    nextPort = nextPort >= 29_999 ? 20_000 : nextPort + 1;
    if (await canListen(port)) return port;
  }
  throw new Error('no free port between 20000 and 30000');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((res) => {
    const srv = createServer();
    srv.once('error', () => res(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => res(true)));
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const asPostgres = (args: string[]) =>
  process.getuid?.() === 0
    ? (['runuser', ['-u', 'postgres', '--', ...args]] as const)
    : ([args[0]!, args.slice(1)] as const);

function run(args: string[]) {
  const [command, rest] = asPostgres(args);
  execFileSync(command, [...rest], { stdio: 'pipe' });
}

/** A PostgreSQL cluster of its own in a temporary directory, on a free port. */
export async function startPostgres() {
  const dir = mkdtempSync(join(tmpdir(), 'cordata-faults-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  run([join(PG_BIN, 'initdb'), '-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = () => run([join(PG_BIN, 'pg_ctl'), '-D', data, '-o', options, '-w', '-l', join(dir, 'log'), 'start']);
  const stop = (mode: 'fast' | 'immediate' = 'fast') => {
    run([join(PG_BIN, 'pg_ctl'), '-D', data, '-m', mode, '-w', 'stop']);
  };
  /** Every process of the cluster stops answering (SIGSTOP), as a hung or partitioned database would. */
  const signalAll = (signal: 'SIGSTOP' | 'SIGCONT') => {
    const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter(Boolean);
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  };
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    destroy: () => {
      try {
        signalAll('SIGCONT');
      } catch {}
      try {
        stop('immediate');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis of its own, without persistence, on a free port. */
export async function startRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      if (await canConnect(port)) return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

function canConnect(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}`, { signal: AbortSignal.timeout(500) }).then(
    () => true,
    (err: Error & { cause?: { code?: string } }) => err.cause?.code !== 'ECONNREFUSED',
  );
}

export const JWT_SECRET = randomBytes(32).toString('hex');

export interface ServerProcess {
  url: string;
  port: number;
  /** Everything the process printed, for failure messages. */
  output: () => string;
  exitCode: () => number | null;
  kill: (signal: NodeJS.Signals) => Promise<void>;
}

/** The real server as a child process, on a free port, healthy before this resolves. */
export async function startServerProcess(
  env: { DATABASE_URL: string; REDIS_URL?: string },
  port?: number,
): Promise<ServerProcess> {
  port ??= await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-faults-data-'));
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      RATE_LIMITS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    log += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with ${child.exitCode}:\n${log}`);
    }
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`server not healthy in time:\n${log}`);
    }
    await sleep(200);
  }
  return { url, port, output: () => log, exitCode: () => child.exitCode, kill };
}

// biome-ignore lint/suspicious/noExplicitAny: answers of any call, checked by the tests
export interface Answer<T = any> {
  status: number;
  body: T;
  ms: number;
}

/** One call over HTTP; a transport failure or a timeout is status 0. */
// biome-ignore lint/suspicious/noExplicitAny: answers of any call, checked by the tests
export async function call<T = any>(
  server: { url: string },
  name: CallName,
  body: unknown,
  token?: string,
  timeoutMs = 10_000,
): Promise<Answer<T>> {
  const started = Date.now();
  try {
    const res = await fetch(`${server.url}/api/space/cordata/database/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, ms: Date.now() - started };
  } catch {
    return { status: 0, body: null as T, ms: Date.now() - started };
  }
}

/** Direct database access to a server's database: for seeding users and checking invariants with SQL. */
export async function seeder(url: string) {
  const database: Database = await openDatabase({ url, poolSize: 3 });
  const tokens = createTokens({
    db: database.db,
    keys: serverKeys({ master: Buffer.from(JWT_SECRET), previous: null, totpKey: null }).sessions,
  });
  const t = { db: database.db, core: { tokens } } as unknown as Parameters<typeof newUser>[0];
  return {
    db: database.db,
    newUser: (options?: NewUserOptions) => newUser(t, options),
    close: () => database.close(),
  };
}

export function dayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An open public run near Milan, a few days ahead. */
export function activityInput(name: string) {
  return {
    name,
    sportId: 'running',
    date: dayFromNow(3),
    startTime: '09:00',
    endTime: '11:00',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'MEDIUM',
    route: {
      mode: 'POINTS',
      start: { latitude: 45.4642, longitude: 9.19 },
      destination: { latitude: 45.4728, longitude: 9.1797 },
      routeSteps: [{ latitude: 45.468, longitude: 9.185 }],
    },
  };
}
