/**
 * Materialising 12 weeks of dates for 10 000 weekly series (issue 22): target under 10 s, set-based.
 * Run: `npm run bench -- series [series=10000] [members=2]`.
 *
 * On PostgreSQL at 127.0.0.1:5432 (its own database `cordata_bench_series`, dropped at the end;
 * BENCH_DATABASE_URL to change the server), then on an in-memory PGlite when BENCH_ENGINES includes `pglite`:
 * 1. seeds people, one template activity, and `series` weekly series (spread over the week, a few time zones),
 *    each with its organiser and `members - 1` more members (every date joins them), none made yet;
 * 2. runs the series job once (`createSeriesMaterialiser().run()`): it claims the series 500 at a time and makes
 *    their 12 weeks with five INSERT … SELECTs per batch (activities, memberships, chats, chat members, events);
 * 3. prints the time, the CPU time of PostgreSQL's backends and of Node.js (steadier than the wall time on a busy
 *    machine), the rows made, the time per kind of statement and the load average, and checks the counts;
 * 4. runs the job again: nothing to make (the horizon is reached), which is the daily extension's steady state.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { PER_DATE_COLUMNS } from '../apps/server/src/modules/series/series.repository.ts';
import { createSeriesMaterialiser } from '../apps/server/src/modules/series/series-materialiser.ts';
import { createSportsRepository } from '../apps/server/src/modules/sports/sports.repository.ts';

const SERIES = Number(process.argv[2] ?? 10_000);
const MEMBERS = Number(process.argv[3] ?? 2);
const BUDGET_MS = 10_000;
const NAME = 'cordata_bench_series';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ENGINES = (process.env.BENCH_ENGINES ?? 'postgres').split(',');
const ZONES = ['Europe/Rome', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** Time spent in each kind of statement (its first words), summed over the batches: where the time goes. */
const statementMs = new Map<string, { ms: number; count: number }>();
let timing = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function timed(this: pg.Client, ...args: unknown[]) {
  const result = query.apply(this, args);
  const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
  if (!timing || !text || !(result instanceof Promise)) return result;
  const label = text.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' ');
  const started = performance.now();
  return result.finally(() => {
    const entry = statementMs.get(label) ?? { ms: 0, count: 0 };
    entry.ms += performance.now() - started;
    entry.count += 1;
    statementMs.set(label, entry);
  });
} as typeof pg.Client.prototype.query;

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function seed(database: Database) {
  const { db } = database;
  await migrate(database);
  await createSportsRepository(db).seed();
  const people = SERIES + MEMBERS;
  await db.execute(sql`insert into users (id, email, username, first_name, last_name, search_name, completed)
    select gen_random_uuid(), 's' || i || '@bench.test', 'series' || i, 'Bench', 'Person', 'bench person ' || i, true
    from generate_series(1, ${people}) i`);
  // One activity as every series' template (the series copy its columns; names and organisers differ).
  await db.execute(sql`insert into activities (id, name, sport_id, starts_at, ends_at, date, start_time, end_time,
      time_zone, access, visibility, difficulty, route_mode, start_latitude, start_longitude, route_steps,
      total_distance, total_elevation_gain, smoothed_elevation_gain, created_by)
    select gen_random_uuid(), 'Template', 'running', now(), now() + interval '1 hour', '2026-01-01', '18:30', '20:00',
      'Europe/Rome', 'OPEN', 'PUBLIC', 'MEDIUM', 'POINTS', 45.46, 9.19, '[]'::jsonb, 10000, 100, 90,
      (select id from users order by id limit 1)`);
  const keys = sql.raw(`array[${PER_DATE_COLUMNS.map((c) => `'${c}'`).join(',')}]::text[]`);
  // Series i: weekly on weekday i % 7 from today, in one of four zones, organised by person i; made up to yesterday.
  await db.execute(sql`with people as (select id, row_number() over (order by id) as n from users)
    insert into activity_series (id, rule, start_date, time_zone, template, materialised_until, created_by)
    select gen_random_uuid(),
      'FREQ=WEEKLY;BYDAY=' || (${`{${WEEKDAYS.join(',')}}`}::text[])[1 + i % 7],
      to_char(current_date, 'YYYY-MM-DD'),
      (${`{${ZONES.join(',')}}`}::text[])[1 + i % 4],
      (to_jsonb(a) - ${keys}) || jsonb_build_object('name', 'Series ' || i, 'created_by', p.id,
        'time_zone', (${`{${ZONES.join(',')}}`}::text[])[1 + i % 4],
        -- Each club meets somewhere else (one shared point would make the GiST index degenerate).
        'start_latitude', 44 + random() * 3, 'start_longitude', 7 + random() * 6),
      to_char(current_date - 1, 'YYYY-MM-DD'),
      p.id
    from generate_series(1, ${SERIES}) i
    join people p on p.n = i
    cross join (select * from activities where name = 'Template') a`);
  await db.execute(sql`insert into series_members (series_id, user_id, is_admin)
    select id, created_by, true from activity_series`);
  if (MEMBERS > 1) {
    await db.execute(sql`insert into series_members (series_id, user_id)
      select s.id, p.id from activity_series s
      cross join (select id from users order by id desc limit ${MEMBERS - 1}) p`);
  }
  await db.execute(sql`analyze`);
}

/**
 * CPU seconds the pool's PostgreSQL backends have used (Linux /proc), read around the run: unlike the wall time it
 * hardly moves when other work shares the machine. Null on PGlite or where /proc cannot be read.
 */
async function backendCpu(database: Database) {
  if (database.kind !== 'postgres') return null;
  const pids = new Set<number>();
  // Hold both connections at once so each answers with its own backend.
  await Promise.all(
    [0, 1].map(() =>
      database.db.transaction(async (tx) => {
        const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid, pg_sleep(0.1)`);
        pids.add(row!.pid);
      }),
    ),
  );
  return () => {
    try {
      let ticks = 0;
      for (const pid of pids) {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        ticks += Number(fields[11]) + Number(fields[12]);
      }
      return ticks / 100;
    } catch {
      return null;
    }
  };
}

async function count(database: Database, table: string) {
  const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`));
  return row!.n;
}

async function bench(engine: string, database: Database) {
  const seeding = performance.now();
  await seed(database);
  console.log(`${engine}: seeded ${SERIES} series in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
  const before = await count(database, 'activities');
  const job = createSeriesMaterialiser({ db: database.db, now: () => new Date() });
  const postgresCpu = await backendCpu(database);
  const postgresBefore = postgresCpu?.() ?? null;
  const nodeBefore = process.cpuUsage();
  const started = performance.now();
  timing = true;
  const made = await job.run();
  timing = false;
  const ms = performance.now() - started;
  const nodeCpu = process.cpuUsage(nodeBefore);
  const postgresAfter = postgresCpu?.() ?? null;
  const cpu = [
    postgresBefore !== null && postgresAfter !== null
      ? `PostgreSQL ${(postgresAfter - postgresBefore).toFixed(2)} s (its two backends)`
      : null,
    `Node.js ${((nodeCpu.user + nodeCpu.system) / 1e6).toFixed(2)} s`,
  ].filter(Boolean);
  const activities = (await count(database, 'activities')) - before;
  const [members, chats, chatMembers, messages] = await Promise.all(
    ['activity_members', 'chats', 'chat_members', 'messages'].map((t) => count(database, t)),
  );
  const again = performance.now();
  const second = await job.run();
  const secondMs = performance.now() - again;
  const batches = Math.ceil(SERIES / 500);
  console.log(
    [
      `${engine}: ${SERIES} weekly series × 12 weeks: ${activities} dates in ${(ms / 1000).toFixed(2)} s ` +
        `(${Math.round(activities / (ms / 1000))} dates/s; target < ${BUDGET_MS / 1000} s: ${ms < BUDGET_MS ? 'met' : 'MISSED'})`,
      `  CPU time: ${cpu.join(', ')}; on 2 cores the wall time cannot be under half their sum`,
      `  rows: ${members} memberships, ${chats} chats, ${chatMembers} chat members, ${messages} chat events`,
      `  statements: ${batches} batches × (1 claim + 5 INSERT … SELECT + 1 mark) = ${batches * 7}, none per row`,
      ...[...statementMs].map(
        ([label, { ms: spent, count }]) => `  ${label} …: ${(spent / 1000).toFixed(2)} s in ${count} statements`,
      ),
      `  second run (horizon reached): ${second} dates in ${secondMs.toFixed(0)} ms`,
      `  load average ${load()} on ${cpus().length} cores`,
    ].join('\n'),
  );
  if (made !== activities || activities < SERIES * 12 || members !== activities * MEMBERS || chats !== activities) {
    throw new Error(
      `unexpected counts: job said ${made}, ${activities} activities, ${members} members, ${chats} chats`,
    );
  }
}

async function main() {
  console.log(`load average before: ${load()} on ${cpus().length} cores`);
  if (ENGINES.includes('postgres')) {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.query(`create database ${NAME}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${NAME}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    try {
      await bench('postgres', database);
    } finally {
      await database.close();
      // BENCH_KEEP=1 keeps the seeded and materialised database to EXPLAIN its statements.
      if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${NAME} with (force)`);
      await admin.end();
    }
  }
  if (ENGINES.includes('pglite')) {
    const database = await openDatabase({});
    try {
      await bench('pglite', database);
    } finally {
      await database.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
