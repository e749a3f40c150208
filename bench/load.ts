/**
 * Load: a realistic dataset on PostgreSQL and a mixed workload over loopback.
 * Run: `npx tsx bench/load.ts [--scale small] [--keep] [--seconds 20] [--warmup 5] [--rate 500] [--instances 1]`.
 * Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL); makes its own database `cordata_load`,
 * dropped at the end unless --keep (then a later run reuses it without seeding again).
 *
 * 1. Seeds 100 000 users, 1 000 000 activities (each with its chat and its creator as admin), 10 000
 *    groups and 1 000 000 messages with set-based `insert … select generate_series` statements
 *    (`--scale small`: a hundredth of that).
 * 2. Builds the server and starts it as `npm start` does
 *    (`node --enable-source-maps --max-semi-space-size=8 --heap-growing-percent=50 apps/server/dist/main.mjs`, its own process, NODE_ENV=production, rate limits off; BENCH_SOURCE=1 runs `src/main.ts` through tsx instead).
 *    `--instances N` starts N of them on one database and Redis (as docs/operations.md scales out: one Node.js
 *    process uses one core) and spreads every request over them in turn, as a load balancer would.
 *    and drives an open-loop mixed workload at --rate requests a second, first for --warmup seconds (5; the cold
 *    start, printed apart), then for --seconds: 70 % reads
 *    (home: nearby-activities; calendar: list-daily, count-daily; chats: list-user-chats, list-messages),
 *    25 % writes (participate/exit, send-message, set-as-read), 5 % sign-in.
 * 3. Prints throughput and p50/p99 per call and where the CPU went during the mixed load (the servers' main threads,
 *    their other threads, PostgreSQL's backends, the load generator: /proc, Linux), then the read calls' saturated throughput (autocannon)
 *    against a bare Fastify hello-world measured the same way, in the same run.
 * 4. The limit: the exact statements the read calls issue (captured from the server's own code, built in
 *    this process with pg's query recorded: SQL, parameters, statement names), replayed straight through
 *    `pg` at the same concurrency (20 streams, the server's pool of 10), the session check only as often
 *    as the server's session cache makes it (once per session per SESSION_CACHE_MS); prints the HTTP /
 *    replay ratio next to the hello-world one.
 * 5. Samples the server process's RSS (VmRSS in /proc/<pid>/status, every 250 ms) from start to end of the run
 *    and prints its peak and its last value against the 300 MB target.
 * 6. A rolling restart: stops each server as a deploy does (SIGTERM) and starts a new one in its place, then prints
 *    the first --warmup seconds again at --rate, the same clients going on.
 * BENCH_PROFILE=<dir> writes the server's (and the hello-world's) CPU profile into <dir>.
 * BENCH_DUMP=<file> writes one actor's captured statements (SQL, parameters, names) as JSON, to EXPLAIN them.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, PLAN_CACHE_MODE } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createPasswords } from '../apps/server/src/modules/auth/passwords.ts';
import { createTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { createSportsRepository } from '../apps/server/src/modules/sports/sports.repository.ts';
import { sessionKeys } from './bench-keys.ts';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : (process.argv[i + 1] ?? '');
};
const SMALL = arg('scale') === 'small';
const KEEP = process.argv.includes('--keep');
const SECONDS = Number(arg('seconds') ?? 20);
const WARMUP = Number(arg('warmup') ?? 5);
const RATE = Number(arg('rate') ?? 500);
const INSTANCES = Math.max(1, Number(arg('instances') ?? 1));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DIVISOR = SMALL ? 100 : 1;
const USERS = 100_000 / DIVISOR;
const ACTIVITIES = 1_000_000 / DIVISOR;
const GROUPS = 10_000 / DIVISOR;
const MESSAGES = 1_000_000 / DIVISOR;
/** The people the workload acts as: they live in Milan, where part of the activities are. */
const ACTORS = 200;
const PASSWORD = 'Trail#Run9x';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const NAME = SMALL ? 'cordata_load_small' : 'cordata_load';
const JWT_SECRET = 'load-bench-secret-that-is-long-enough-0123456789';
const METRICS_TOKEN = 'load-bench-metrics-token-0123456789abcdef';
const ROOT = join(import.meta.dirname, '..');
const PREFIX = '/api/space/cordata/database';

const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();
/** How the server runs here, spawned and built in-process alike: production, rate limits and jobs off. */
const SERVER_ENV = {
  NODE_ENV: 'production',
  // Benchmarks reach no public routing or elevation service.
  ROUTER_KIND: 'none',
  ELEVATION_KIND: 'none',
  // Production needs one; the bench follows no link the server writes.
  PUBLIC_URL: 'http://127.0.0.1:8080',
  DATABASE_URL: url,
  JWT_SECRET,
  RATE_LIMITS: 'false',
  JOBS: 'false',
  METRICS_TOKEN,
  LOG_LEVEL: 'warn',
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const log = (line: string) => console.log(line);

const children: ChildProcess[] = [];
const dataDirs: string[] = [];

/** A v4-shaped uuid derived from a name, so set-based inserts can refer to rows by number. */
const uuidOf = (kind: string, n: string) =>
  `overlay(overlay(md5('${kind}' || ${n}) placing '4' from 13) placing '8' from 17)::uuid`;

async function seed(client: pg.Client) {
  const started = Date.now();
  const passwordHash = await createPasswords().hash(PASSWORD);
  const step = async (what: string, query: string) => {
    const t = Date.now();
    await client.query(query);
    log(`  ${what}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await client.query(`set synchronous_commit = off`);
  await step(
    `${USERS} users`,
    `insert into users (id, email, email_confirmed_at, password_hash, username, first_name, last_name, search_name,
       country, city, birth_date, gender, completed, home_latitude, home_longitude)
     select ${uuidOf('u', 'g')}, 'load' || g || '@example.test', now(), '${passwordHash}', 'load' || g, 'Load', 'User' || g,
       'load user' || g || ' load' || g, 'Italy', 'Milano', '1990-05-17', 'UNSPECIFIED', true,
       case when g <= ${ACTORS} then 45.46 + (g % 10) * 0.005 else 38 + random() * 8 end,
       case when g <= ${ACTORS} then 9.19 + (g % 7) * 0.005 else 7 + random() * 11 end
     from generate_series(1, ${USERS}) g`,
  );
  // A tenth of the people, among them every tenth actor, keep a privacy zone of 500 m around their home: the
  // answers that carry organisers' zones (docs/privacy.md) look each organiser's up.
  await step(
    `${USERS / 10} privacy zones`,
    `insert into privacy_zones (id, user_id, chosen_latitude, chosen_longitude, latitude, longitude, radius_metres)
     select gen_random_uuid(), u.id, u.home_latitude, u.home_longitude, u.home_latitude, u.home_longitude, 500
     from generate_series(1, ${USERS / 10}) g join users u on u.id = ${uuidOf('u', 'g * 10')}`,
  );
  await step(
    'user sports',
    `insert into user_sports (user_id, sport_id, intensity_kind, intensity_value)
     select ${uuidOf('u', 'g')}, 'running', 'DISTANCE', 10000 from generate_series(1, ${USERS}) g`,
  );
  await step(
    `${GROUPS} groups with their admin`,
    `with g as (
       insert into groups (id, name, search_name, type, sport_ids, latitude, longitude, created_by)
       select ${uuidOf('g', 'g')}, 'Group ' || g, 'group ' || g, case when g % 3 = 0 then 'CLOSED' else 'OPEN' end,
         array['running'], 38 + random() * 8, 7 + random() * 11, ${uuidOf('u', `((g - 1) % ${USERS} + 1)`)}
       from generate_series(1, ${GROUPS}) g returning id, created_by)
     insert into group_members (group_id, user_id, state, is_admin, joined_at)
     select id, created_by, 'PARTICIPATING', true, now() from g`,
  );
  // A tenth of the activities are around Milan, where the actors live; they spread from a month ago to two months ahead.
  await step(
    `${ACTIVITIES} activities`,
    `insert into activities (id, name, sport_id, starts_at, ends_at, date, start_time, end_time, time_zone, access,
       visibility, difficulty, route_mode, start_latitude, start_longitude, route_steps, total_distance,
       total_elevation_gain, smoothed_elevation_gain, created_by)
     select ${uuidOf('a', 'g')}, 'Run ' || g, 'running', s, s + interval '2 hours', to_char(s, 'YYYY-MM-DD'), '09:00', '11:00',
       'Europe/Rome', 'OPEN', 'PUBLIC', 'MEDIUM', 'POINTS',
       case when g % 10 = 0 then 45.3 + random() * 0.3 else 38 + random() * 8 end,
       case when g % 10 = 0 then 9.0 + random() * 0.4 else 7 + random() * 11 end,
       '[]', 10000, 100, 90, ${uuidOf('u', `((g - 1) % ${USERS} + 1)`)}
     from (select g, date_trunc('hour', now()) + ((g % 2160) - 720) * interval '1 hour' as s
           from generate_series(1, ${ACTIVITIES}) g) x`,
  );
  await step(
    'activity admins',
    `insert into activity_members (activity_id, user_id, state, is_admin, joined_at)
     select ${uuidOf('a', 'g')}, ${uuidOf('u', `((g - 1) % ${USERS} + 1)`)}, 'PARTICIPATING', true, now()
     from generate_series(1, ${ACTIVITIES}) g`,
  );
  await step(
    'activity chats',
    `insert into chats (id, kind, activity_id) select ${uuidOf('c', 'g')}, 'ACTIVITY', ${uuidOf('a', 'g')}
     from generate_series(1, ${ACTIVITIES}) g`,
  );
  await step(
    'chat members',
    `insert into chat_members (chat_id, user_id) select ${uuidOf('c', 'g')}, ${uuidOf('u', `((g - 1) % ${USERS} + 1)`)}
     from generate_series(1, ${ACTIVITIES}) g`,
  );
  // Messages go to the chats of the first activities (100 each), so the actors' chats have history.
  // Their ids are UUID v7 (time-ordered, as the server makes them): 48 bits of milliseconds, then random.
  const chatsWithHistory = Math.max(1, MESSAGES / 100);
  await step(
    `${MESSAGES} messages`,
    `insert into messages (id, chat_id, sender_id, kind, text, created_at)
     select (lpad(to_hex(ms), 12, '0') || '7' || substr(r, 1, 3) || '8' || substr(r, 4, 15))::uuid,
       ${uuidOf('c', 'c')}, ${uuidOf('u', `((c - 1) % ${USERS} + 1)`)}, 'TEXT', 'Message ' || g, to_timestamp(ms / 1000.0)
     from (select g, (g % ${chatsWithHistory}) + 1 as c,
             (extract(epoch from now()) * 1000)::bigint - ${MESSAGES} * 1000 + g * 1000 as ms,
             md5(g::text) as r
           from generate_series(1, ${MESSAGES}) g) x`,
  );
  await step('analyze', 'vacuum analyze');
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// BENCH_PROFILE=<dir> writes each process's CPU profile there (open it in Chrome's DevTools).
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
/** BENCH_NODE_ARGS="--trace-gc …" passes more flags to the servers' Node.js (their output is printed). */
const nodeFlags = process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];

/** Node's arguments for a script: the built server runs as `npm start` runs it, TypeScript through tsx. */
const nodeArgs = (script: string) =>
  script.endsWith('.mjs')
    ? ['--enable-source-maps', '--max-semi-space-size=8', '--heap-growing-percent=50', script]
    : ['--import', 'tsx', script];

function startProcess(script: string, env: Record<string, string>, port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-load-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, [...profile, ...nodeFlags, ...nodeArgs(script)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', nodeFlags.length ? 'inherit' : 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** CPU seconds (user + system) in /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat (Linux); 0 once it is gone. */
function cpuSecondsOf(statPath: string) {
  try {
    const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Where the machine's CPU goes between two readings: each server's main thread (JavaScript, I/O), its other threads
 * (argon2id in libuv's pool, GC helpers), PostgreSQL's backends serving the bench database and this load generator.
 * It shows which share a change moved, where a CPU profile of one thread cannot (a thread preempted in a system call
 * counts there as that call's time).
 */
async function cpuSplit(admin: pg.Client, serverPids: number[]) {
  const backendPids = async () =>
    (
      await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend'",
        [NAME],
      )
    ).rows.map((row) => row.pid);
  const read = async () => {
    const servers = serverPids.map((pid) => ({
      main: cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`),
      all: cpuSecondsOf(`/proc/${pid}/stat`),
    }));
    const backends = new Map((await backendPids()).map((pid) => [pid, cpuSecondsOf(`/proc/${pid}/stat`)]));
    return { servers, backends, generator: process.cpuUsage(), at: performance.now() };
  };
  const before = await read();
  /** With the number of calls served meanwhile, also what each cost: where a saturated phase's limit lies. */
  return async (calls?: number) => {
    const after = await read();
    const seconds = (after.at - before.at) / 1000;
    const cores = (cpu: number) => (cpu / seconds).toFixed(2);
    const main = after.servers.reduce((sum, s, i) => sum + s.main - before.servers[i]!.main, 0);
    const others = after.servers.reduce(
      (sum, s, i) => sum + s.all - s.main - (before.servers[i]!.all - before.servers[i]!.main),
      0,
    );
    // A backend that ended during the run is left out; one that started counts from zero.
    const postgres = [...after.backends].reduce((sum, [pid, cpu]) => sum + cpu - (before.backends.get(pid) ?? 0), 0);
    const usage = process.cpuUsage(before.generator);
    const generator = (usage.user + usage.system) / 1e6;
    const split = `CPU in cores (of ${availableParallelism()}): servers' main threads ${cores(main)}, their other threads (argon2id, GC) ${cores(others)}, PostgreSQL backends ${cores(postgres)}, load generator ${cores(generator)}, together ${cores(main + others + postgres + generator)}`;
    if (!calls) return split;
    const perCall = (cpu: number) => ((1000 * cpu) / calls).toFixed(2);
    return `${split}; per call ${perCall(main + others + postgres + generator)} ms of CPU: servers ${perCall(main + others)}, PostgreSQL ${perCall(postgres)}, load generator ${perCall(generator)}`;
  };
}

const RSS_TARGET_MB = 300;
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);

/** The process's resident memory (VmRSS of /proc/<pid>/status, Linux), in bytes; 0 once it is gone. */
function rssOf(pid: number) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** What the server's /metrics says of its memory (prom-client's process and Node.js gauges), in bytes. */
async function memoryOf(port: number) {
  const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  }).then((r) => r.text());
  const gauge = (name: string) => Number(new RegExp(`^${name} ([0-9.e+]+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
  return {
    rss: gauge('process_resident_memory_bytes'),
    heap: gauge('nodejs_heap_size_total_bytes'),
    heapUsed: gauge('nodejs_heap_size_used_bytes'),
    external: gauge('nodejs_external_memory_bytes'),
  };
}

/**
 * Samples the server's RSS every 250 ms from outside it (the server needs no hook): the peak of each phase the
 * bench names (`phase(name)`), and the end; once a second it also asks /metrics where the memory is, and keeps
 * the answer nearest the peak.
 */
function sampleRss(pid: number, port: number) {
  const peaks = new Map<string, number>();
  let current = 'start';
  let atPeak: Awaited<ReturnType<typeof memoryOf>> | null = null;
  const sample = () => peaks.set(current, Math.max(peaks.get(current) ?? 0, rssOf(pid)));
  sample();
  const timer = setInterval(sample, 250);
  const breakdown = setInterval(() => {
    memoryOf(port).then(
      (memory) => {
        if (!atPeak || memory.rss > atPeak.rss) atPeak = memory;
      },
      () => {},
    );
  }, 1000);
  return {
    phase: (name: string) => {
      sample();
      current = name;
    },
    stop: () => {
      clearInterval(timer);
      clearInterval(breakdown);
      sample();
      const end = rssOf(pid);
      return { peak: Math.max(...peaks.values()), peaks, end, atPeak };
    },
  };
}

async function waitFor(target: string) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(target).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`${target} did not come up`);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
function post(
  port: number,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; ms: number; json: unknown }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => {
          let json: unknown = null;
          try {
            json = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, json });
        });
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, json: null }));
    req.end(payload);
  });
}

interface Actor {
  n: number;
  email: string;
  token: string;
  chatId: string;
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount;
  const database = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return client;
  };
  log(`load bench (${SMALL ? 'small' : 'full'} scale), load average ${load()}`);
  if (!exists) {
    await admin.query(`create database ${NAME}`);
    const opened = await openDatabase({ url, poolSize: 2 });
    await migrate(opened);
    await createSportsRepository(opened.db).seed();
    await opened.close();
    const client = await database();
    await seed(client);
    await client.end();
  } else {
    log('reusing the seeded database (--keep)');
  }
  const client = await database();
  const opened = await openDatabase({ url, poolSize: 2 });
  const tokens = createTokens({ db: opened.db, keys: sessionKeys(JWT_SECRET) });
  const actors: Actor[] = [];
  for (let n = 1; n <= ACTORS; n++) {
    const { rows } = await client.query(
      `select ${uuidOf('u', String(n))} as user_id, ${uuidOf('c', String(n))} as chat_id`,
    );
    const { jwt } = await tokens.issue(rows[0].user_id);
    actors.push({ n, email: `load${n}@example.test`, token: jwt, chatId: rows[0].chat_id });
  }
  // Activities near Milan the actors can join and leave: ahead, open, not theirs.
  const { rows: joinable } = await client.query(
    `select id from activities where start_latitude between 45.3 and 45.6 and starts_at > now() + interval '1 day'
     and created_by not in (select ${uuidOf('u', 'g')} from generate_series(1, ${ACTORS}) g) limit 2000`,
  );
  await opened.close();
  await client.end();

  // Instance k listens on 18 480 + 10 k; the hello-world on 18 481.
  const serverPorts = Array.from({ length: INSTANCES }, (_, k) => 18_480 + 10 * k);
  const helloPort = 18_481;
  // What ships is the bundle: run from the TypeScript sources, the tsx loader alone holds about 85 MB more.
  let serverScript = 'apps/server/src/main.ts';
  if (!process.env.BENCH_SOURCE) {
    log('building the server (npm run build -w apps/server) …');
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: ROOT, stdio: 'ignore' });
    serverScript = 'apps/server/dist/main.mjs';
  }
  const startServer = (port: number) =>
    startProcess(
      serverScript,
      {
        ...SERVER_ENV,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Several instances share sessions' ends and live events through Redis, as in production.
        ...(INSTANCES > 1 ? { REDIS_URL } : {}),
      },
      port,
    );
  const servers = serverPorts.map(startServer);
  startProcess('bench/hello-world.ts', {}, helloPort);
  for (const port of serverPorts) await waitFor(`http://127.0.0.1:${port}/healthz`);
  const rss = servers.map((server, k) => sampleRss(server.pid!, serverPorts[k]!));
  await waitFor(`http://127.0.0.1:${helloPort}/`);

  const today = new Date();
  const monthStart = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1)).toISOString();
  const monthEnd = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString();
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const joinedBy = new Map<number, string>();
  let sequence = 0;
  type Call = {
    name: string;
    weight: number;
    body: (a: Actor) => unknown;
    auth?: boolean;
    after?: (a: Actor, json: unknown) => void;
  };
  const reads: Call[] = [
    {
      name: 'activity/nearby-activities',
      weight: 25,
      body: () => ({ latitude: 45.46, longitude: 9.19, radiusKm: 50 }),
    },
    { name: 'activity/list-daily', weight: 10, body: () => ({ startDate: monthStart, endDate: monthEnd }) },
    { name: 'activity/count-daily', weight: 10, body: () => ({ startDate: monthStart, endDate: monthEnd }) },
    { name: 'chat/list-user-chats', weight: 15, body: () => ({}) },
    { name: 'chat/list-messages', weight: 10, body: (a) => ({ chatId: a.chatId }) },
  ];
  const writes: Call[] = [
    {
      name: 'activity/participate|exit',
      weight: 8,
      body: (a) => {
        const joined = joinedBy.get(a.n);
        if (joined) {
          joinedBy.delete(a.n);
          return { exit: true, activityId: joined };
        }
        const activityId = pick(joinable).id as string;
        joinedBy.set(a.n, activityId);
        return { exit: false, activityId };
      },
    },
    {
      name: 'chat/send-message',
      weight: 12,
      body: (a) => ({ chatId: a.chatId, text: 'On my way', clientMessageId: `l${++sequence}` }),
    },
    { name: 'chat/set-as-read', weight: 5, body: (a) => ({ chatId: a.chatId }) },
  ];
  const auth: Call[] = [
    { name: 'auth/email/sign-in', weight: 5, auth: false, body: (a) => ({ email: a.email, password: PASSWORD }) },
  ];
  const mix = [...reads, ...writes, ...auth];
  const wheel = mix.flatMap((c) => Array.from({ length: c.weight }, () => c));

  const timings = new Map<string, number[]>();
  const failures = new Map<string, number>();
  /** When each answer of the warm-up was asked (ms after the warm-up began) and how long it took. */
  const warmUpTrace: { at: number; ms: number }[] = [];
  let warmUpStarted: number | null = null;
  let turn = 0;
  const run = async (call: Call) => {
    const at = performance.now();
    const actor = pick(actors);
    let name = call.name;
    let body = call.body(actor) as Record<string, unknown>;
    if (name === 'activity/participate|exit') {
      name = body.exit ? 'activity/exit' : 'activity/participate';
      body = { activityId: body.activityId };
    }
    const port = serverPorts[++turn % INSTANCES]!;
    const answer = await post(port, `${PREFIX}/${name}`, body, call.auth === false ? undefined : actor.token);
    if (answer.status !== 200)
      failures.set(`${name} ${answer.status}`, (failures.get(`${name} ${answer.status}`) ?? 0) + 1);
    const list = timings.get(name) ?? [];
    list.push(answer.ms);
    timings.set(name, list);
    if (warmUpStarted !== null) warmUpTrace.push({ at: at - warmUpStarted, ms: answer.ms });
  };

  // The open loop: requests start on schedule whatever the answers' pace.
  const openLoop = async (seconds: number) => {
    const inFlight: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < RATE * seconds; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      inFlight.push(run(pick(wheel)));
    }
    await Promise.all(inFlight);
    return (performance.now() - started) / 1000;
  };
  /** The first WARMUP seconds after a start at the same rate, printed apart from the steady state. */
  const firstSeconds = async (what: string) => {
    timings.clear();
    warmUpTrace.length = 0;
    warmUpStarted = performance.now();
    await openLoop(WARMUP);
    warmUpStarted = null;
    const cold = [...timings.values()].flat().sort((x, y) => x - y);
    log(
      `\n${what}: the first ${WARMUP} s at ${RATE}/s, p50 ${percentile(cold, 50).toFixed(1)} ms, p99 ${percentile(cold, 99).toFixed(1)} ms (not counted below), load average ${load()}`,
    );
    const seconds = Array.from({ length: WARMUP }, (_, k) =>
      warmUpTrace
        .filter(({ at }) => at >= k * 1000 && at < (k + 1) * 1000)
        .map(({ ms }) => ms)
        .sort((x, y) => x - y),
    );
    log(
      `  p99 by second asked: ${seconds.map((list, k) => `${k + 1}: ${percentile(list, 99).toFixed(0)} ms`).join(', ')}`,
    );
  };
  // A server just started opens its pool's connections, prepares its statements on each and compiles its hot code
  // before it listens; its clients are new to it (their tokens never checked, their sessions never looked up).
  for (const sampler of rss) sampler.phase('warm-up');
  await firstSeconds('warm-up, a first start among clients it has never seen');
  for (const sampler of rss) sampler.phase('mixed');
  timings.clear();
  failures.clear();
  const loadBefore = load();
  const mixedCpu = await cpuSplit(
    admin,
    servers.map((server) => server.pid!),
  );
  const total = RATE * SECONDS;
  const elapsed = await openLoop(SECONDS);
  log(
    `mixed load: ${total} requests at ${RATE}/s for ${SECONDS} s (took ${elapsed.toFixed(1)} s), load average ${loadBefore} → ${load()}`,
  );
  log('call                           req/s     p50 ms   p99 ms');
  const all: number[] = [];
  for (const [name, list] of [...timings.entries()].sort()) {
    list.sort((x, y) => x - y);
    all.push(...list);
    log(
      `${name.padEnd(30)} ${(list.length / elapsed).toFixed(1).padStart(6)} ${percentile(list, 50).toFixed(1).padStart(9)} ${percentile(list, 99).toFixed(1).padStart(8)}`,
    );
  }
  all.sort((x, y) => x - y);
  log(
    `${'all'.padEnd(30)} ${(all.length / elapsed).toFixed(1).padStart(6)} ${percentile(all, 50).toFixed(1).padStart(9)} ${percentile(all, 99).toFixed(1).padStart(8)}`,
  );
  log(`mixed-load p99 ${percentile(all, 99).toFixed(1)} ms (target < 100 ms at 500 requests/s)`);
  if (failures.size) log(`non-200 answers: ${JSON.stringify(Object.fromEntries(failures))}`);
  log(await mixedCpu());

  // Saturated throughput: the read calls, then a bare Fastify hello-world, same tool, same connections.
  // With several instances the 20 connections are split between them, each instance's share run at once.
  const saturate = async (title: string, ports: number[], requests: autocannon.Request[]) => {
    const loadAt = load();
    const results = await Promise.all(
      ports.map((port) =>
        autocannon({
          url: `http://127.0.0.1:${port}`,
          connections: 20 / ports.length,
          duration: 10,
          requests,
        }),
      ),
    );
    const rps = results.reduce((sum, r) => sum + r.requests.average, 0);
    const latency = (key: 'p50' | 'p99') => Math.max(...results.map((r) => r.latency[key]));
    const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
    log(
      `${title}: ${rps.toFixed(0)} req/s, p50 ${latency('p50')} ms, p99 ${latency('p99')} ms, non-2xx ${non2xx}, load average ${loadAt}`,
    );
    return rps;
  };
  const readRequests: autocannon.Request[] = reads.flatMap((call) =>
    Array.from({ length: call.weight / 5 }, () => ({
      method: 'POST' as const,
      path: `${PREFIX}/${call.name}`,
      setupRequest: (request: autocannon.Request) => {
        const actor = pick(actors);
        return {
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${actor.token}` },
          body: JSON.stringify(call.body(actor)),
        };
      },
    })),
  );
  log('');
  for (const sampler of rss) sampler.phase('saturated reads');
  const readCpu = await cpuSplit(
    admin,
    servers.map((server) => server.pid!),
  );
  const readStarted = performance.now();
  const readRps = await saturate(
    `read calls (saturated${INSTANCES > 1 ? `, ${INSTANCES} instances` : ''})`,
    serverPorts,
    readRequests,
  );
  log(`  ${await readCpu((readRps * (performance.now() - readStarted)) / 1000)}`);
  const captured = await capture(reads, actors);
  const replayRps = await replay(reads, actors, captured, await cpuSplit(admin, []));
  const helloRps = await saturate('bare Fastify hello-world', [helloPort], [{ method: 'GET', path: '/' }]);
  log(`read throughput / direct replay of the same statements: ${(readRps / replayRps).toFixed(2)} (target ≥ 0.85)`);
  log(`read throughput / hello-world: ${((100 * readRps) / helloRps).toFixed(1)} %`);
  log(`direct replay / hello-world: ${((100 * replayRps) / helloRps).toFixed(1)} % (the database's share)`);
  rss.forEach((sampler, k) => {
    const { peak, peaks, end, atPeak } = sampler.stop();
    const which = INSTANCES > 1 ? ` (instance ${k + 1} of ${INSTANCES})` : '';
    const byPhase = [...peaks].map(([phase, bytes]) => `${phase} ${mb(bytes)}`).join(', ');
    log(
      `server RSS${which}: peak ${mb(peak)} MB (${byPhase}), at the end ${mb(end)} MB (target < ${RSS_TARGET_MB} MB through the run)`,
    );
    if (atPeak)
      log(
        `  its highest sample of /metrics: RSS ${mb(atPeak.rss)} MB = JavaScript heap ${mb(atPeak.heap)} MB (${mb(atPeak.heapUsed)} used) + external ${mb(atPeak.external)} MB + the rest (code, stacks, native) ${mb(atPeak.rss - atPeak.heap - atPeak.external)} MB`,
      );
  });

  // A rolling restart: each instance stops as a deploy stops it (SIGTERM, writing down the sessions it served) and
  // a new one starts in its place, while the same clients go on.
  for (const [k, server] of servers.entries()) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    servers[k] = startServer(serverPorts[k]!);
    await waitFor(`http://127.0.0.1:${serverPorts[k]}/healthz`);
  }
  await firstSeconds('after a restart among the same clients');
}

/** One statement as the server sent it to pg: prepared (named) or not, with its parameters. */
interface Statement {
  name?: string;
  text: string;
  values?: unknown[];
  rowMode?: string;
}
const userIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;

/** The same statement (its parameters may differ: the session check passes the time of the call). */
const same = (a: Statement, b: Statement) => a.name === b.name && a.text === b.text;
const describe = (list: Statement[]) => list.map((s) => s.name ?? 'unnamed').join('+') || 'none';

/**
 * Runs each read call once for every actor through the server's own code (built here, on the same
 * database, the session cache on as in the server, each call's session forgotten just before it so that it
 * shows its check) and records what it sends to pg. The session check is the statements every call of an actor begins with; the rest is the call's.
 */
async function capture(reads: { name: string; body: (a: Actor) => unknown }[], actors: Actor[]) {
  const original = pg.Client.prototype.query;
  let recording: Statement[] | null = null;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (recording) {
      const [first, second] = args as [string | Statement, unknown];
      const statement: Statement =
        typeof first === 'string'
          ? { text: first, values: Array.isArray(second) ? second : undefined }
          : {
              name: first.name,
              text: first.text,
              values: first.values ?? (Array.isArray(second) ? second : undefined),
              rowMode: first.rowMode,
            };
      recording.push(structuredClone(statement));
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const database = await openDatabase({ url, poolSize: 10 });
  const config = loadConfig({ ...process.env, ...SERVER_ENV });
  const built = await buildApp({ config, database, logger: false });
  await built.modules.onStart();
  await built.app.ready();
  const session = new Map<number, Statement[]>();
  const calls = new Map<string, Statement[]>();
  try {
    for (const actor of actors) {
      const perCall: Statement[][] = [];
      for (const call of reads) {
        const run = () =>
          built.app.inject({
            method: 'POST',
            url: `${PREFIX}/${call.name}`,
            headers: { authorization: `Bearer ${actor.token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(call.body(actor)),
          });
        await run(); // warm: the statements prepared on the connection, as in the server
        // The session cache is on, as in the server; forgetting the session shows its check in the recording,
        // while what the call reads of the cached check (the language) is not read again, as in the server.
        built.core.tokens.sessionsChanged(userIdOf(actor.token));
        recording = [];
        const answer = await run();
        await sleep(5); // anything the call sends after answering
        if (answer.statusCode !== 200) throw new Error(`capture: ${call.name} answered ${answer.statusCode}`);
        perCall.push(recording);
        recording = null;
      }
      let prefix = perCall[0]!.length;
      for (const list of perCall)
        for (let i = 0; i < prefix; i++) if (!list[i] || !same(list[i]!, perCall[0]![i]!)) prefix = i;
      session.set(actor.n, perCall[0]!.slice(0, prefix));
      reads.forEach((call, i) => {
        calls.set(`${call.name} ${actor.n}`, perCall[i]!.slice(prefix));
      });
    }
  } finally {
    recording = null;
    pg.Client.prototype.query = original;
    await built.app.close();
    await database.close();
  }
  const example = actors[0]!;
  log(
    `\ncaptured statements (prepared names): session check ${describe(session.get(example.n)!)}; ${reads
      .map((c) => `${c.name} ${describe(calls.get(`${c.name} ${example.n}`)!)}`)
      .join(', ')}`,
  );
  if (process.env.BENCH_DUMP) {
    const dump = Object.fromEntries(reads.map((c) => [c.name, calls.get(`${c.name} ${example.n}`)]));
    writeFileSync(process.env.BENCH_DUMP, JSON.stringify({ session: session.get(example.n), ...dump }, null, 2));
  }
  return { session, calls };
}

/**
 * Replays the captured statements straight through pg, as many streams as autocannon had connections, over
 * a pool as large as the servers' (10 each instance), in the same mix of calls and actors. Each actor's session check
 * runs only when the server's cache would have missed (first use, then every SESSION_CACHE_MS).
 */
async function replay(
  reads: { name: string; weight: number }[],
  actors: Actor[],
  captured: Awaited<ReturnType<typeof capture>>,
  cpu: Awaited<ReturnType<typeof cpuSplit>>,
) {
  const SESSION_CACHE_MS = 30_000;
  // Connected as the server's pool is (db/client.ts): the same plan cache mode for the named statements.
  const pool = new pg.Pool({
    connectionString: url,
    max: 10 * INSTANCES,
    options: `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
  });
  const wheel = reads.flatMap((c) => Array.from({ length: c.weight / 5 }, () => c));
  const checked = new Map<number, number>();
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
  const send = async (statements: Statement[]) => {
    for (const s of statements) await pool.query(s as pg.QueryConfig);
  };
  const latencies: number[] = [];
  let errors = 0;
  const errorKinds = new Map<string, number>();
  const loadAt = load();
  const end = performance.now() + 10_000;
  const stream = async () => {
    while (performance.now() < end) {
      const call = pick(wheel);
      const actor = pick(actors);
      const t = performance.now();
      try {
        const last = checked.get(actor.n);
        if (last === undefined || t - last > SESSION_CACHE_MS) {
          checked.set(actor.n, t);
          await send(captured.session.get(actor.n)!);
        }
        await send(captured.calls.get(`${call.name} ${actor.n}`)!);
      } catch (err) {
        errors++;
        const what = `${call.name}: ${(err as Error).message}`;
        errorKinds.set(what, (errorKinds.get(what) ?? 0) + 1);
      }
      latencies.push(performance.now() - t);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: 20 }, stream));
  const seconds = (performance.now() - started) / 1000;
  // Read before the pool ends: its backends are gone after.
  const split = await cpu(latencies.length);
  await pool.end();
  latencies.sort((a, b) => a - b);
  const rps = latencies.length / seconds;
  log(
    `direct replay through pg (saturated): ${rps.toFixed(0)} calls/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, errors ${errors}, load average ${loadAt}`,
  );
  log(`  ${split}`);
  if (errorKinds.size) log(`replay errors: ${JSON.stringify(Object.fromEntries(errorKinds))}`);
  return rps;
}

async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  agent.destroy();
  await sleep(500);
  if (!KEEP) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${NAME} with (force)`).catch(() => {});
    await admin.end();
  }
}

let failed = false;
try {
  await main();
} catch (error) {
  // Said, and the exit code says so: the exit below would otherwise end the process before the error is thrown.
  console.error(error);
  failed = true;
} finally {
  await cleanup();
  // autocannon's workers can keep the event loop alive after their results are in.
  process.exit(failed ? 1 : 0);
}
