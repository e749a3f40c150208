/**
 * nearby-activities and list-daily on 1 000 000 activities in PostgreSQL.
 * Run: `npx tsx bench/activities.ts [activities=1000000] [concurrency=16] [httpRequests=2000]`.
 * Needs the PostgreSQL at 127.0.0.1:5432 (user postgres, trust; BENCH_DATABASE_URL to change it): creates
 * its own database `cordata_bench`, and drops it at the end.
 *
 * 1. Seeds 10 000 users and the activities (one `insert … select generate_series`, secondary indexes built
 *    after the load), spread over northern Italy, with their creators as admins and one bench user taking
 *    part in one activity out of 400.
 * 2. Times the repository queries alone, one at a time: the database round trip as the server makes it.
 * 3. Starts the real server (`apps/server/src/main.ts`) in a child process and loads it over HTTP with a
 *    bearer token, `concurrency` requests at once.
 * BENCH_KEEP=1 keeps `cordata_bench` afterwards and reuses it when it is already seeded (drop it by hand after).
 * BENCH_PROFILE=<dir> writes the server's CPU profile into <dir>.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callPath } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createActivitiesRepository } from '../apps/server/src/modules/activities/activities.repository.ts';
import { createTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { createSportsRepository } from '../apps/server/src/modules/sports/sports.repository.ts';
import { SEED_SPORTS } from '../apps/server/src/modules/sports/sports.seed.ts';
import { sessionKeys } from './bench-keys.ts';

const ACTIVITIES = Number(process.argv[2] ?? 1_000_000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
const HTTP_REQUESTS = Number(process.argv[4] ?? 2000);
const QUERY_RUNS = 500;
const USERS = 10_000;
const NAME = 'cordata_bench';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();
const JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function report(label: string, times: number[], extra = '') {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} n=${String(times.length).padEnd(5)} p50 ${percentile(sorted, 50).toFixed(2).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(2).padStart(6)} ms  max ${sorted.at(-1)!.toFixed(1)} ms${extra}`,
  );
}
async function timed<T>(label: string, work: () => Promise<T>) {
  const start = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return result;
}

// A deterministic generator, so that every run asks the same questions.
let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
/** A valid v4-shaped UUID for user number `n` (an SQL expression), so every run has the same ids. */
const userUuid = (n: string) =>
  sql.raw(`(overlay(overlay(md5('user' || ${n}) placing '4' from 13) placing '8' from 17))::uuid`);
const somewhere = () => ({ latitude: 44 + random() * 2.5, longitude: 7 + random() * 6 });

// BENCH_KEEP=1 keeps the database afterwards and reuses a seeded one, to measure again without seeding again.
const KEEP = process.env.BENCH_KEEP === '1';
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
if (!KEEP || !exists) {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
}
const database = await openDatabase({ url, poolSize: 4 });
const { db } = database;
let server: ReturnType<typeof spawn> | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-activities-'));

try {
  await migrate(database);
  await createSportsRepository(db).seed();
  const sportIds = SEED_SPORTS.map((s) => s.id);
  const benchUserId = (await queryRows<{ id: string }>(db, sql`select ${userUuid('1')} as id`))[0]!.id;
  const [{ n: seeded } = { n: 0 }] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from activities`);
  if (seeded >= ACTIVITIES) console.log(`reusing ${seeded.toLocaleString('en')} activities in ${NAME}`);
  else await seedData(sportIds);
  // Vacuum sets the visibility map, so the calendar's index-only scans need no heap visits.
  await timed('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze activities`);
    await db.execute(sql`vacuum analyze activity_members`);
  });

  const repo = createActivitiesRepository(db);
  const nearbyQuery = (i: number) => ({
    ...somewhere(),
    radiusMetres: 50_000,
    sportIds: i % 4 === 0 ? [sportIds[i % sportIds.length]!] : undefined,
    from: new Date(),
    order: 'DISTANCE' as const,
    page: { page: 1 + (i % 3), limit: 10 },
  });
  const dailyDay = () => {
    const from = new Date(Date.now() + Math.floor(random() * 360) * 86_400_000);
    from.setUTCHours(0, 0, 0, 0);
    return { from, to: new Date(from.getTime() + 86_400_000 - 1) };
  };

  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) ${repo.nearbyQuery(benchUserId, nearbyQuery(1))}`,
  );
  console.log('\nnearby-activities plan (one run):');
  for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);

  const dailyPlan = await queryRows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, buffers) ${repo.dailyQuery(benchUserId, { onlyOwn: false, ...dailyDay(), page: { page: 1, limit: 10 } })}`,
  );
  console.log('\nlist-daily plan (one run, participating):');
  for (const row of dailyPlan) console.log(`  ${row['QUERY PLAN']}`);

  console.log(`\nqueries alone, one at a time (${QUERY_RUNS} each after 50 warm-up):`);
  for (let i = 0; i < 50; i++) await repo.nearby(benchUserId, nearbyQuery(i));
  const nearbyTimes: number[] = [];
  let found = 0;
  for (let i = 0; i < QUERY_RUNS; i++) {
    const start = performance.now();
    found += (await repo.nearby(benchUserId, nearbyQuery(i))).length;
    nearbyTimes.push(performance.now() - start);
  }
  report('nearby-activities (50 km, page 1–3)', nearbyTimes, `  ${(found / QUERY_RUNS).toFixed(1)} rows/answer`);
  const dailyTimes: number[] = [];
  found = 0;
  for (let i = 0; i < QUERY_RUNS; i++) {
    const start = performance.now();
    found += (await repo.daily(benchUserId, { onlyOwn: i % 2 === 0, ...dailyDay(), page: { page: 1, limit: 10 } }))
      .length;
    dailyTimes.push(performance.now() - start);
  }
  report('list-daily (one day, onlyOwn on and off)', dailyTimes, `  ${(found / QUERY_RUNS).toFixed(1)} rows/answer`);

  // The server as `npm start` runs it, in its own process, so the load generator does not share its event loop.
  const port = 18_000 + Math.floor(Math.random() * 1000);
  // BENCH_PROFILE=<dir> writes the server's CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  server = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Benchmarks reach no public routing or elevation service.
      ROUTER_KIND: 'none',
      ELEVATION_KIND: 'none',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      RATE_LIMITS: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const { jwt } = await createTokens({ db, keys: sessionKeys(JWT_SECRET) }).issue(benchUserId);
  const post = async (name: Parameters<typeof callPath>[0], body: object) => {
    const res = await fetch(`http://127.0.0.1:${port}${callPath(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${text.slice(0, 300)}`);
    return text;
  };
  for (let tries = 0; ; tries++) {
    try {
      await post('sport/list-all', {});
      break;
    } catch (error) {
      if (tries > 120) throw error;
      await new Promise((r) => setTimeout(r, 500));
    }
  }

  async function load(label: string, request: (i: number) => Promise<unknown>) {
    for (let i = 0; i < 100; i++) await request(i); // warm-up
    const times: number[] = [];
    let next = 0;
    const wallStart = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < HTTP_REQUESTS) {
          const i = next++;
          const start = performance.now();
          await request(i);
          times.push(performance.now() - start);
        }
      }),
    );
    const perSecond = HTTP_REQUESTS / ((performance.now() - wallStart) / 1000);
    report(label, times, `  ${perSecond.toFixed(0)} req/s`);
  }

  console.log(`\nthrough the HTTP API with a bearer token, ${CONCURRENCY} requests at once:`);
  await load('nearby-activities', (i) => {
    const q = nearbyQuery(i);
    return post('activity/nearby-activities', {
      latitude: q.latitude,
      longitude: q.longitude,
      radiusKm: 50,
      sportIds: q.sportIds,
      pagination: q.page,
    });
  });
  await load('list-daily', (i) => {
    const { from, to } = dailyDay();
    return post('activity/list-daily', {
      onlyOwn: i % 2 === 0,
      startDate: from.toISOString(),
      endDate: to.toISOString(),
      page: 1,
      limit: 10,
    });
  });
  console.log(
    `\n${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; targets: query p99 < 10 ms, HTTP p99 < 50 ms`,
  );
} finally {
  server?.kill('SIGTERM');
  await database.close();
  if (!KEEP) await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Users, activities and memberships, each in one statement; secondary indexes are built after the load. */
async function seedData(sportIds: string[]) {
  const benchUserId = (await queryRows<{ id: string }>(db, sql`select ${userUuid('1')} as id`))[0]!.id;
  await timed(`seed ${USERS} users`, () =>
    db.execute(sql`insert into users (id, email, email_confirmed_at, username, first_name, last_name, completed)
        select ${userUuid('g')}, 'bench' || g || '@example.test', now(), 'bench' || g, 'Bench', 'User ' || g, true
        from generate_series(1, ${USERS}) g`),
  );

  // Secondary indexes are built once after the load: faster than maintaining them row by row.
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db,
    sql`select i.indexname, i.indexdef from pg_indexes i
          where i.tablename in ('activities', 'activity_members')
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const { indexname } of indexes) await db.execute(sql.raw(`drop index ${indexname}`));

  await timed(`seed ${ACTIVITIES.toLocaleString('en')} activities (one insert … select generate_series)`, () =>
    db.execute(sql`insert into activities (id, name, sport_id, starts_at, ends_at, date, start_time, end_time,
          time_zone, access, visibility, difficulty, route_mode, start_latitude, start_longitude, route_steps,
          total_distance, total_elevation_gain, smoothed_elevation_gain, created_by)
        select gen_random_uuid(), 'Bench activity ' || g, (${sql.raw(`array['${sportIds.join("','")}']`)})[1 + g % ${sportIds.length}],
          s, s + interval '2 hours', to_char(s at time zone 'Europe/Rome', 'YYYY-MM-DD'),
          to_char(s at time zone 'Europe/Rome', 'HH24:MI'), to_char((s + interval '2 hours') at time zone 'Europe/Rome', 'HH24:MI'),
          'Europe/Rome', case when g % 5 = 0 then 'CLOSED' else 'OPEN' end,
          case when g % 10 = 0 then 'PRIVATE' else 'PUBLIC' end, 'MEDIUM', 'POINTS', lat, lng,
          jsonb_build_array(jsonb_build_object('latitude', lat, 'longitude', lng)), 10000, 300, 250,
          ${userUuid(`(1 + g % ${USERS})`)}
        from (
          select g, 44 + random() * 2.5 as lat, 7 + random() * 6 as lng,
            date_trunc('minute', now() + (random() * 400 - 35) * interval '1 day') as s
          from generate_series(1, ${ACTIVITIES}) g
        ) rows`),
  );
  await timed('seed memberships (creators as admins, the bench user in 1 of 400)', async () => {
    await db.execute(sql`insert into activity_members (activity_id, user_id, state, is_admin, joined_at)
        select id, created_by, 'PARTICIPATING', true, created_at from activities`);
    await db.execute(sql`insert into activity_members (activity_id, user_id, state, joined_at)
        select id, ${benchUserId}, 'PARTICIPATING', created_at from activities
        where created_by <> ${benchUserId} and abs(hashtext(id::text)) % 400 = 0`);
  });
  await timed(`build ${indexes.length} secondary indexes`, async () => {
    for (const { indexdef } of indexes) await db.execute(sql.raw(indexdef));
  });
}
