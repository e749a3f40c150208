/**
 * Offer after a seat frees (issue 22, target: under 60 s end to end, through the job). Run:
 * `npm run bench -- seat-offers [runs=5] [batch=200]`.
 *
 * On a temporary PGlite database, then on the PostgreSQL at 127.0.0.1:5432 when it answers (its own database
 * `cordata_bench_seat_offers`, dropped at the end; BENCH_DATABASE_URL to change the server):
 * 1. starts the whole server in-process with jobs on (WAITLIST_JOB_EVERY_MS as configured, 15 s by default) and FCM
 *    pointed at a local stand-in HTTP server that notes when each push arrives;
 * 2. per run, an organiser's activity with 2 seats is full (the organiser and one participant) and one person waits;
 *    the participant leaves through the HTTP API (`activity/exit`): times until the waiting person's offer push
 *    reaches the stand-in (the usual path: the waitlist is served right after the commit);
 * 3. then `batch` full activities lose a participant at once behind the server's back (straight in the database,
 *    as if the instance that committed the exit died before serving the waitlist): times until every offer push
 *    arrived, which only the periodic job can do (the worst case: up to one job interval, plus the work).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, callPath } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../apps/server/src/db/client.ts';
import { startBenchServer } from './bench-server.ts';

const RUNS = Number(process.argv[2] ?? 5);
const BATCH = Number(process.argv[3] ?? 200);
const TARGET_MS = 60_000;
const FCM_TOKEN = 'bench-fcm-access-token';
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_NAME = 'cordata_bench_seat_offers';
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const load = () => loadavg()[0]!.toFixed(2);

/** The FCM stand-in: answers every send like FCM does and notes when each device got its push. */
async function startFcmStandIn() {
  const arrivals = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const message = (JSON.parse(body) as { message?: { token?: string; data?: Record<string, string> } }).message;
      if (message?.token && message.data?.type === 'ACTIVITY_SEAT_OFFER')
        arrivals.set(message.token, performance.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: `projects/bench/messages/${arrivals.size}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrivals, close: () => server.close() };
}

async function run(label: string, database: { DATABASE_URL?: string; DATA_DIR: string }) {
  const fcm = await startFcmStandIn();
  const server = await startBenchServer({
    JOBS: 'true',
    FCM_PROJECT_ID: 'bench',
    FCM_ACCESS_TOKEN: FCM_TOKEN,
    FCM_BASE_URL: fcm.url,
    ...database,
  });
  const { db } = server.database;
  const { port } = server.app.server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  let people = 0;

  /** A signed-in person with a phone; their token and push device. */
  async function person() {
    people += 1;
    const [user] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (id, email, username, first_name, last_name, completed, email_confirmed_at)
          values (gen_random_uuid(), ${`seat-${people}@example.test`}, ${`seat${people}`}, 'Seat', ${String(people)}, true, now())
          returning id`,
    );
    const { jwt } = await server.core.tokens.issue(user!.id);
    const [session] = await queryRows<{ id: string }>(
      db,
      sql`select id from sessions where user_id = ${user!.id} order by expires_at desc limit 1`,
    );
    const device = `bench-device-${user!.id}`;
    await db.execute(
      sql`insert into push_tokens (token, user_id, session_id, platform) values (${device}, ${user!.id}, ${session!.id}, 'android')`,
    );
    return { id: user!.id, jwt, device };
  }

  async function post(name: CallName, body: object, jwt: string) {
    const res = await fetch(base + callPath(name), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  }

  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  /** A full activity of 2 seats (organiser and participant) with one person waiting. */
  async function fullActivity(n: number) {
    const [organiser, participant, waiting] = [await person(), await person(), await person()];
    const { activity } = (await post(
      'activity/create-new',
      {
        name: `Bench ${n}`,
        sportId: 'running',
        date: day,
        startTime: '09:00',
        endTime: '11:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'MEDIUM',
        seats: 2,
        route: {
          mode: 'POINTS',
          start: { latitude: 45.4642, longitude: 9.19 },
          destination: { latitude: 45.4728, longitude: 9.1797 },
          routeSteps: [],
        },
      },
      organiser.jwt,
    )) as { activity: { activityId: string } };
    await post('activity/participate', { activityId: activity.activityId }, participant.jwt);
    const answer = (await post('activity/participate', { activityId: activity.activityId }, waiting.jwt)) as {
      activity: { status: string };
    };
    if (answer.activity.status !== 'WAITLISTED') throw new Error(`expected WAITLISTED, got ${answer.activity.status}`);
    return { activityId: activity.activityId, participant, waiting };
  }

  async function arrivedWithin(devices: string[], since: number, limitMs: number) {
    const deadline = Date.now() + limitMs;
    while (devices.some((d) => !fcm.arrivals.has(d))) {
      if (Date.now() > deadline) {
        const missing = devices.filter((d) => !fcm.arrivals.has(d)).length;
        throw new Error(`${missing} of ${devices.length} offer pushes missing after ${limitMs} ms`);
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    return Math.max(...devices.map((d) => fcm.arrivals.get(d)!)) - since;
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  try {
    console.log(`\n[${label}] the job runs every ${server.core.config.WAITLIST_JOB_EVERY_MS} ms`);
    const usual: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const { activityId, participant, waiting } = await fullActivity(i);
      const start = performance.now();
      await post('activity/exit', { activityId }, participant.jwt);
      const took = await arrivedWithin([waiting.device], start, TARGET_MS * 2);
      usual.push(took);
      console.log(`[${label}] run ${i + 1}: exit → offer push ${took.toFixed(0)} ms (load ${load()})`);
    }

    // The worst case: nothing served the waitlists after the commit; only the periodic job finds them.
    const seeded: { activityId: string; participant: { id: string }; waiting: { device: string } }[] = [];
    const seedStart = performance.now();
    for (let i = 0; i < BATCH; i++) seeded.push(await fullActivity(RUNS + i));
    console.log(
      `[${label}] ${BATCH} full activities with one person waiting, in ${(performance.now() - seedStart).toFixed(0)} ms`,
    );
    const start = performance.now();
    for (const s of seeded)
      await db.execute(
        sql`delete from activity_members where activity_id = ${s.activityId} and user_id = ${s.participant.id}`,
      );
    const allIn = await arrivedWithin(
      seeded.map((s) => s.waiting.device),
      start,
      TARGET_MS * 2,
    );
    console.log(
      `[${label}] usual path (exit through the API): median ${median(usual).toFixed(0)} ms, max ${Math.max(...usual).toFixed(0)} ms; ` +
        `job only, ${BATCH} seats freed at once: every offer push within ${allIn.toFixed(0)} ms ` +
        `(target ${TARGET_MS} ms: ${Math.max(allIn, ...usual) < TARGET_MS ? 'met' : 'MISSED'}; load ${load()}, ${cpus().length} cores)`,
    );
  } finally {
    await server.close();
    fcm.close();
  }
}

console.log(`cordata seat-offers bench: ${cpus().length} cores, load ${load()}, ${RUNS} runs, batch ${BATCH}`);
if (ENGINES.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-seats-'));
  try {
    await run('PGlite', { DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
const reachable =
  ENGINES.includes('postgres') &&
  (await admin.connect().then(
    () => true,
    () => false,
  ));
if (!reachable) console.log('\n[PostgreSQL] not reachable: skipped');
else {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_NAME}`;
  const pgDataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-seats-'));
  try {
    await admin.query(`drop database if exists ${PG_NAME} with (force)`);
    await admin.query(`create database ${PG_NAME}`);
    await run('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: pgDataDir });
  } finally {
    await admin.query(`drop database if exists ${PG_NAME} with (force)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
process.exit(0);
