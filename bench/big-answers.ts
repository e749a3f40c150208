/**
 * Big answers stay cheap (issue 17): the first page of a chat with 100 000 messages, of a group with 10 000
 * members and of a person's 5 000 contacts, and the chat list of a member of both, each under 20 ms at p99.
 * Run: `npm run bench -- big-answers [calls=300] [concurrency=4]` (or `npx tsx bench/big-answers.ts …`).
 * Needs the PostgreSQL at 127.0.0.1:5432 (user postgres, trust; BENCH_DATABASE_URL to change it): creates its
 * own database `cordata_bench_big`, and drops it at the end (BENCH_KEEP=1 keeps and reuses it).
 * BENCH_PROFILE=<dir> writes the server's CPU profile into <dir>.
 *
 * 1. Seeds, each in one `insert … select generate_series`: 10 001 people; one open group of 10 000 members
 *    (person 1 its admin) with its group chat (all 10 000 members) holding 100 000 messages (UUID v7 ids,
 *    one a second, from the members); 5 000 accepted contacts of person 1; 20 small activity chats of person 1.
 *    1 000 other chats hold another 100 000 messages, so the statistics look like a real database's.
 *    Person 1 has read the big chat up to 50 messages before its end (so unread counts are counted).
 * 2. Starts the real server (`apps/server/src/main.ts`, its own process, NODE_ENV=production) and calls, as
 *    person 1 with a bearer token: chat/list-messages (first page), group/list-participants (first page),
 *    user/list-contacts (first page), chat/list-user-chats (first page); each `calls` times one at a time,
 *    then `calls` times `concurrency` at once, after a warm-up. Prints p50/p99 and the load average.
 * 3. BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of the statements those calls run, as the server runs them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, callPath } from '@cordata/contract';
import pg from 'pg';
import { sessionKeys } from './bench-keys.ts';

const CALLS = Number(process.argv[2] ?? 300);
const CONCURRENCY = Number(process.argv[3] ?? 4);
const MESSAGES = 100_000;
const GROUP_MEMBERS = 10_000;
const CONTACTS = 5_000;
const OTHER_CHATS = 1_000;
const TARGET_MS = 20;
const NAME = 'cordata_bench_big';
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();
const JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';
const KEEP = process.env.BENCH_KEEP === '1';
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const results: { label: string; p50: number; p99: number; load: string }[] = [];
function report(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p99 = percentile(sorted, 99);
  results.push({ label, p50, p99, load: load() });
  console.log(
    `${label.padEnd(52)} n=${String(times.length).padEnd(5)} p50 ${p50.toFixed(2).padStart(6)} ms  p99 ${p99.toFixed(2).padStart(6)} ms  max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms  ${p99 < TARGET_MS ? 'ok' : 'OVER'}  load ${load()}`,
  );
}

/** A v4-shaped UUID for thing `kind` number `n` (SQL expressions), the same in every run. */
const uuidOf = (kind: string, n: string) =>
  `(overlay(overlay(md5('${kind}' || ${n}) placing '4' from 13) placing '8' from 17))::uuid`;
const person = (n: string) => uuidOf('u', n);
const GROUP_ID = `(${uuidOf('g', '1')})`;
const CHAT_ID = `(${uuidOf('c', '1')})`;

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
const exists = (await admin.query('select 1 from pg_database where datname = $1', [NAME])).rowCount === 1;
if (!KEEP || !exists) {
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
let server: ReturnType<typeof spawn> | null = null;
const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-big-'));

async function step(label: string, statement: string) {
  const start = performance.now();
  await client.query(statement);
  console.log(`  ${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

try {
  console.log(`big answers: ${cpus().length} cores, load ${load()}`);
  const { openDatabase } = await import('../apps/server/src/db/client.ts');
  const { migrate } = await import('../apps/server/src/db/migrate.ts');
  const { createSportsRepository } = await import('../apps/server/src/modules/sports/sports.repository.ts');
  const { createTokens } = await import('../apps/server/src/modules/auth/tokens.ts');
  const database = await openDatabase({ url, poolSize: 2 });
  await migrate(database);
  await createSportsRepository(database.db).seed();

  const seeded = (await client.query('select count(*)::int as n from messages')).rows[0].n as number;
  if (seeded >= 2 * MESSAGES) console.log(`reusing the seeded ${NAME}`);
  else {
    console.log('seeding:');
    await step(
      `${GROUP_MEMBERS + 1} people`,
      `insert into users (id, email, email_confirmed_at, username, first_name, last_name, search_name, completed,
         terms_accepted_at, privacy_accepted_at)
       select ${person('g')}, 'big' || g || '@example.test', now(), 'big' || g, 'Big', 'Person ' || g,
         'big person ' || g || ' big' || g, true, now(), now()
       from generate_series(1, ${GROUP_MEMBERS + 1}) g`,
    );
    await step(
      `a group of ${GROUP_MEMBERS} and its chat`,
      `with g as (insert into groups (id, name, search_name, type, sport_ids, created_by)
         values (${GROUP_ID}, 'Big group', 'big group', 'OPEN', array['running'], ${person('1')}) returning id)
       insert into chats (id, kind, group_id) select ${CHAT_ID}, 'GROUP', id from g`,
    );
    await step(
      `${GROUP_MEMBERS} group and chat members`,
      `with m as (insert into group_members (group_id, user_id, state, is_admin, joined_at, created_at)
         select ${GROUP_ID}, ${person('g')}, 'PARTICIPATING', g = 1, now() - interval '200 days' + g * interval '1 second',
           now() - interval '200 days' + g * interval '1 second'
         from generate_series(1, ${GROUP_MEMBERS}) g returning user_id, joined_at)
       insert into chat_members (chat_id, user_id, created_at) select ${CHAT_ID}, user_id, joined_at from m`,
    );
    // UUID v7 ids (48 bits of milliseconds, then random), one message a second up to now.
    await step(
      `${MESSAGES} messages in the group chat`,
      `insert into messages (id, chat_id, sender_id, kind, text, created_at)
       select (lpad(to_hex(ms), 12, '0') || '7' || substr(r, 1, 3) || '8' || substr(r, 4, 15))::uuid,
         ${CHAT_ID}, ${person(`((g * 7919) % ${GROUP_MEMBERS} + 1)`)}, 'TEXT', 'Message ' || g, to_timestamp(ms / 1000.0)
       from (select g, (extract(epoch from now()) * 1000)::bigint - ${MESSAGES} * 1000 + g * 1000 as ms, md5(g::text) as r
             from generate_series(1, ${MESSAGES}) g) x`,
    );
    // Other chats' history, so the table's statistics look like a real one's (many chats), not one chat's.
    await step(
      `${OTHER_CHATS} other chats with ${MESSAGES} messages between them`,
      `with c as (insert into chats (id, kind) select ${uuidOf('oc', 'g')}, 'ACTIVITY'
         from generate_series(1, ${OTHER_CHATS}) g returning id)
       insert into messages (id, chat_id, sender_id, kind, text, created_at)
       select (lpad(to_hex(ms), 12, '0') || '7' || substr(r, 1, 3) || '8' || substr(r, 4, 15))::uuid,
         ${uuidOf('oc', `(g % ${OTHER_CHATS} + 1)`)}, ${person(`(g % ${GROUP_MEMBERS} + 1)`)}, 'TEXT', 'Other ' || g,
         to_timestamp(ms / 1000.0)
       from (select g, (extract(epoch from now()) * 1000)::bigint - ${MESSAGES} * 1000 + g * 1000 + 500 as ms,
               md5('o' || g) as r
             from generate_series(1, ${MESSAGES}) g) x`,
    );
    await step(
      'person 1 has read up to 50 messages before the end',
      `update chat_members set last_read_message_id =
         (select id from messages where chat_id = ${CHAT_ID} order by id desc offset 50 limit 1)
       where chat_id = ${CHAT_ID} and user_id = ${person('1')}`,
    );
    await step(
      `${CONTACTS} contacts of person 1`,
      `insert into connections (requester_id, addressee_id, status, created_at, accepted_at)
       select case when g % 2 = 0 then ${person('1')} else ${person('g')} end,
              case when g % 2 = 0 then ${person('g')} else ${person('1')} end,
              'ACCEPTED', now() - g * interval '1 minute', now() - g * interval '1 minute'
       from generate_series(2, ${CONTACTS + 1}) g`,
    );
    await step(
      '20 activities of person 1 with their chats',
      `with a as (insert into activities (id, name, sport_id, starts_at, ends_at, date, start_time, end_time, time_zone,
           access, visibility, difficulty, route_mode, start_latitude, start_longitude, route_steps, total_distance,
           total_elevation_gain, smoothed_elevation_gain, created_by)
         select ${uuidOf('a', 'g')}, 'Ride ' || g, 'running', now() + g * interval '1 day',
           now() + g * interval '1 day' + interval '2 hours', to_char(now() + g * interval '1 day', 'YYYY-MM-DD'),
           '09:00', '11:00', 'Europe/Rome', 'OPEN', 'PUBLIC', 'EASY', 'POINTS', 45.46, 9.19, '[]'::jsonb, 0, 0, 0,
           ${person('1')}
         from generate_series(1, 20) g returning id),
       am as (insert into activity_members (activity_id, user_id, state, is_admin, joined_at)
         select id, ${person('1')}, 'PARTICIPATING', true, now() from a),
       c as (insert into chats (id, kind, activity_id) select gen_random_uuid(), 'ACTIVITY', id from a returning id)
       insert into chat_members (chat_id, user_id) select id, ${person('1')} from c`,
    );
    await step('vacuum analyze', 'vacuum analyze');
  }

  const benchUser = (await client.query(`select ${person('1')} as id`)).rows[0].id as string;
  const groupId = (await client.query(`select ${GROUP_ID} as id`)).rows[0].id as string;
  const chatId = (await client.query(`select ${CHAT_ID} as id`)).rows[0].id as string;
  const { jwt } = await createTokens({ db: database.db, keys: sessionKeys(JWT_SECRET) }).issue(benchUser);
  await database.close();

  const port = 18_000 + Math.floor(Math.random() * 1000);
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
  const post = async (name: CallName, body: object) => {
    const res = await fetch(`http://127.0.0.1:${port}${callPath(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, unknown[]>;
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

  const calls: { label: string; name: CallName; body: object; key: string }[] = [
    { label: 'chat/list-messages (100 000 messages)', name: 'chat/list-messages', body: { chatId }, key: 'messages' },
    {
      label: 'group/list-participants (10 000 members)',
      name: 'group/list-participants',
      body: { groupId },
      key: 'participants',
    },
    { label: 'user/list-contacts (5 000 contacts)', name: 'user/list-contacts', body: {}, key: 'contacts' },
    { label: 'chat/list-user-chats (a member of both)', name: 'chat/list-user-chats', body: {}, key: 'chats' },
  ];
  for (const call of calls) {
    const answer = await post(call.name, call.body);
    console.log(`${call.name}: ${answer[call.key]?.length ?? '?'} items on the first page`);
  }

  console.log(`\nthrough the HTTP API, ${CALLS} calls each, one at a time:`);
  for (const call of calls) {
    for (let i = 0; i < 50; i++) await post(call.name, call.body); // warm-up
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const start = performance.now();
      await post(call.name, call.body);
      times.push(performance.now() - start);
    }
    report(call.label, times);
  }
  console.log(`\n${CALLS} calls each, ${CONCURRENCY} at once:`);
  for (const call of calls) {
    const times: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < CALLS) {
          const start = performance.now();
          await post(call.name, call.body);
          times.push(performance.now() - start);
        }
      }),
    );
    report(`${call.label} ×${CONCURRENCY}`, times);
  }

  if (process.env.BENCH_EXPLAIN === '1') {
    const explain = async (label: string, statement: string) => {
      const plan = await client.query(`explain (analyze, buffers) ${statement}`);
      console.log(`\n${label}:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    };
    await explain(
      'the unread count of the big chat for person 1 (as chat/list-user-chats counts it)',
      `select count(*)::int from chat_members cm join messages u on u.chat_id = cm.chat_id
       where cm.chat_id = '${chatId}' and cm.user_id = '${benchUser}' and u.kind = 'TEXT' and u.removed_at is null
         and u.sender_id is distinct from cm.user_id and u.created_at >= cm.created_at
         and u.id > coalesce(cm.last_read_message_id, '00000000-0000-0000-0000-000000000000'::uuid)`,
    );
    await explain(
      'the first page of the group members (as group/list-participants reads it)',
      `select u.id, gm.is_admin, gm.joined_at from group_members gm join users u on u.id = gm.user_id
       where gm.group_id = '${groupId}' and gm.state = 'PARTICIPATING' and u.deleted_at is null
       order by gm.is_admin desc, coalesce(gm.joined_at, gm.created_at), gm.user_id limit 10`,
    );
    await explain(
      'the first page of the contacts (as user/list-contacts reads it)',
      `(select u.id, c.status, c.created_at, c.addressee_sort_name as sort_name from connections c join users u on u.id = c.addressee_id
         where c.requester_id = '${benchUser}' and c.status = 'ACCEPTED' and u.deleted_at is null
         order by c.addressee_sort_name, c.created_at desc, c.addressee_id limit 10)
       union all (select u.id, c.status, c.created_at, c.requester_sort_name as sort_name from connections c join users u on u.id = c.requester_id
         where c.addressee_id = '${benchUser}' and c.status = 'ACCEPTED' and u.deleted_at is null
         order by c.requester_sort_name, c.created_at desc, c.requester_id limit 10)
       union all (select u.id, c.status, c.created_at, null::text as sort_name from connections c join users u on u.id = c.addressee_id
         where c.requester_id = '${benchUser}' and c.status = 'PENDING' and u.deleted_at is null
         order by c.created_at desc, c.addressee_id limit 10)
       union all (select u.id, c.status, c.created_at, null::text as sort_name from connections c join users u on u.id = c.requester_id
         where c.addressee_id = '${benchUser}' and c.status = 'PENDING' and u.deleted_at is null
         order by c.created_at desc, c.requester_id limit 10)
       order by status, sort_name, created_at desc, id limit 10`,
    );
  }
  const over = results.filter((r) => r.p99 >= TARGET_MS);
  console.log(
    `\n${cpus().length} cores, load average ${load()}; target: p99 < ${TARGET_MS} ms` +
      (over.length ? `; over: ${over.map((r) => r.label).join(', ')}` : '; all under'),
  );
} finally {
  server?.kill('SIGTERM');
  await client.end();
  if (!KEEP) await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
