/**
 * People search (user/explore-contacts) on many people in PostgreSQL.
 * Run: `npx tsx bench/people.ts [users=100000] [runs=50]`.
 * Needs the PostgreSQL at 127.0.0.1:5432 (user postgres, trust; BENCH_DATABASE_URL to change it): creates
 * its own database `cordata_bench_people`, and drops it at the end.
 *
 * Seeds the people in one `insert … select generate_series` (names from Italian first and last names,
 * homes over northern Italy, one to three sports each), then times the repository's explore query as the
 * server runs it, one at a time, for the searches the app makes.
 */
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createSportsRepository } from '../apps/server/src/modules/sports/sports.repository.ts';
import { createUsersRepository, type ExploreFilter } from '../apps/server/src/modules/users/users.repository.ts';

const USERS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 50);
const NAME = 'cordata_bench_people';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();

const FIRST = ['marco', 'giulia', 'luca', 'francesca', 'matteo', 'chiara', 'andrea', 'sara', 'niccolo', 'elena'];
const LAST = ['rossi', 'bianchi', 'ferrari', 'esposito', 'romano', 'colombo', 'ricci', 'marino', 'greco', 'bruno'];
const SPORTS = ['running', 'trail-running', 'hiking', 'road-cycling', 'mountain-biking', 'climbing'];

const pgArray = (values: string[]) => `{${values.join(',')}}`;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    await migrate(database);
    await createSportsRepository(database.db).seed();
    const started = performance.now();
    await database.db.execute(sql`
      insert into users (id, email, username, first_name, last_name, search_name, completed, home_latitude, home_longitude, birth_date)
      select gen_random_uuid(), 'p' || i || '@bench.test', 'user' || i,
             (${pgArray(FIRST)}::text[])[1 + i % 10], (${pgArray(LAST)}::text[])[1 + (i / 10) % 10],
             (${pgArray(FIRST)}::text[])[1 + i % 10] || ' ' || (${pgArray(LAST)}::text[])[1 + (i / 10) % 10] || ' user' || i,
             true, 44.5 + random() * 2, 7.5 + random() * 5, '1990-01-01'
      from generate_series(1, ${USERS}) i`);
    await database.db.execute(sql`
      insert into user_sports (user_id, sport_id, intensity_kind, intensity_value)
      select u.id, s.sport, 'TIME', 30 + floor(random() * 150)
      from users u
      cross join lateral (
        select (${pgArray(SPORTS)}::text[])[1 + ((abs(hashtext(u.id::text)) + k) % 6)] as sport
        from generate_series(0, abs(hashtext(u.email)) % 3) k
      ) s
      on conflict do nothing`);
    await database.db.execute(sql`analyze`);
    console.log(`seeded ${USERS} people in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const [me] = await queryRows<{ id: string }>(database.db, sql`select id from users order by id limit 1`);
    const repo = createUsersRepository(database.db);
    const page = { limit: 10, offset: 0 };
    const cases: [string, ExploreFilter][] = [
      ['name "marco rossi"', { words: ['marco', 'rossi'], sportIds: [], near: null, ...page }],
      ['name "ros" (3 letters)', { words: ['ros'], sportIds: [], near: null, ...page }],
      ['username "user4242"', { words: ['user4242'], sportIds: [], near: null, ...page }],
      [
        'near Milano, 20 km',
        { words: [], sportIds: [], near: { latitude: 45.46, longitude: 9.19, radiusKm: 20 }, ...page },
      ],
      [
        'near Milano 20 km + climbing',
        { words: [], sportIds: ['climbing'], near: { latitude: 45.46, longitude: 9.19, radiusKm: 20 }, ...page },
      ],
      ['sport climbing only', { words: [], sportIds: ['climbing'], near: null, ...page }],
      [
        'no name, 100 km around home',
        { words: [], sportIds: [], near: { latitude: 45.46, longitude: 9.19, radiusKm: 100 }, ...page },
      ],
      ['no filter (everyone ranked)', { words: [], sportIds: [], near: null, ...page }],
    ];
    console.log(
      `node ${process.version}, ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const [label, filter] of cases) {
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        found = (await repo.explore(me!.id, filter)).length;
        times.push(performance.now() - start);
      }
      const sorted = times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(32)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  (${found} on the page)`,
      );
    }
  } finally {
    await database.close();
    // KEEP_DB=1 leaves the database for EXPLAIN in psql.
    if (!process.env.KEEP_DB) await admin.query(`drop database if exists ${NAME} with (force)`);
    await admin.end();
  }
}

await main();
