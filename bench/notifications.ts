/**
 * Inviting a group of 1 000 members to an activity: the request time, and the pushes sent after it.
 * Run: `npx tsx bench/notifications.ts [members=1000] [runs=5]`.
 *
 * On a temporary PGlite database, then on the PostgreSQL at 127.0.0.1:5432 when it answers (its own
 * database `cordata_bench_notifications`, dropped at the end; BENCH_DATABASE_URL to change the server):
 * 1. starts the whole server in-process with jobs on and FCM pointed at a local stand-in HTTP server
 *    that counts the pushes it receives (and checks their auth header and token);
 * 2. seeds `members` users, each with a push token, in one group with an admin;
 * 3. per run, the admin creates an activity and invites the group through the HTTP API
 *    (`activity/invite-users {groupIds}`): times the call, checks that the notification and push rows
 *    exist when it returns, then times until every push reached the stand-in.
 * BENCH_STEPS=<reps> then times each statement of the invite path on its own, `reps` times in a
 * transaction that is rolled back (min and median, ms): where the request's time goes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallName, callPath } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DbOrTx, queryRows } from '../apps/server/src/db/client.ts';
import { createActivitiesRepository } from '../apps/server/src/modules/activities/activities.repository.ts';
import { createMembershipRepository } from '../apps/server/src/modules/membership/membership.repository.ts';
import { startBenchServer } from './bench-server.ts';

const MEMBERS = Number(process.argv[2] ?? 1000);
const RUNS = Number(process.argv[3] ?? 5);
const BUDGET_MS = 300;
const FCM_TOKEN = 'bench-fcm-access-token';
const PG_ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_NAME = 'cordata_bench_notifications';
/** `pglite`, `postgres` or both (the default), comma-separated. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');

/** The FCM stand-in: answers every send like FCM does and notes when each push arrived. */
async function startFcmStandIn() {
  const arrivals: number[] = [];
  const problems: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${FCM_TOKEN}`) problems.push('wrong auth header');
      const token = (JSON.parse(body) as { message?: { token?: string } }).message?.token;
      if (!token?.startsWith('bench-device-')) problems.push(`unexpected token ${token}`);
      arrivals.push(performance.now());
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name: `projects/bench/messages/${arrivals.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, arrivals, problems, close: () => server.close() };
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

  try {
    const seedStart = performance.now();
    const [admin] = await queryRows<{ id: string }>(
      db,
      sql`insert into users (id, email, username, first_name, last_name, completed, email_confirmed_at)
          values (gen_random_uuid(), 'bench-admin@example.test', 'benchadmin', 'Bench', 'Admin', true, now()) returning id`,
    );
    await db.execute(sql`
      insert into users (id, email, username, first_name, last_name, completed, email_confirmed_at, language)
      select gen_random_uuid(), 'bench-' || n || '@example.test', 'bench' || n, 'Member', n::text, true, now(),
             case when n % 2 = 0 then 'it' else 'en' end
      from generate_series(1, ${MEMBERS}) n`);
    const [group] = await queryRows<{ id: string }>(
      db,
      sql`insert into groups (id, name, type, created_by) values (gen_random_uuid(), 'Bench hikers', 'OPEN', ${admin!.id}) returning id`,
    );
    await db.execute(sql`
      insert into group_members (group_id, user_id, state, is_admin, joined_at)
      select ${group!.id}, id, 'PARTICIPATING', id = ${admin!.id}, now()
      from users where email like 'bench-%@example.test'`);
    // A push goes to the devices of live sessions: each member is signed in once, on one phone.
    await db.execute(sql`
      insert into sessions (id, user_id, expires_at)
      select gen_random_uuid(), id, now() + interval '1 day'
      from users where email like 'bench-%@example.test' and id <> ${admin!.id}`);
    await db.execute(sql`
      insert into push_tokens (token, user_id, session_id, platform)
      select 'bench-device-' || s.user_id, s.user_id, s.id, 'android' from sessions s
      join users u on u.id = s.user_id where u.email like 'bench-%@example.test'`);
    await db.execute(sql`analyze`);
    const { jwt } = await server.core.tokens.issue(admin!.id);
    console.log(
      `\n[${label}] seeded ${MEMBERS} members with push tokens in ${(performance.now() - seedStart).toFixed(0)} ms`,
    );

    async function post(name: CallName, body: object) {
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
    const newActivity = async (n: number) =>
      (
        (await post('activity/create-new', {
          name: `Bench hike ${n}`,
          sportId: 'running',
          date: day,
          startTime: '09:00',
          endTime: '11:00',
          access: 'OPEN',
          visibility: 'PUBLIC',
          difficulty: 'MEDIUM',
          route: {
            mode: 'POINTS',
            start: { latitude: 45.4642, longitude: 9.19 },
            destination: { latitude: 45.4728, longitude: 9.1797 },
            routeSteps: [],
          },
        })) as { activity: { activityId: string } }
      ).activity.activityId;

    const inviteTimes: number[] = [];
    const deliveryTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const activityId = await newActivity(i);
      const before = fcm.arrivals.length;
      const start = performance.now();
      const answer = (await post('activity/invite-users', { activityId, groupIds: [group!.id] })) as {
        invited: string[];
      };
      const took = performance.now() - start;
      const [rows] = await queryRows<{ notifications: number; pushes: number }>(
        db,
        sql`select (select count(*)::int from notifications where target_id = ${activityId} and type = 'ACTIVITY_INVITE') as notifications,
                   (select count(*)::int from push_outbox o join notifications n on n.id = o.notification_id
                     where n.target_id = ${activityId}) as pushes`,
      );
      if (answer.invited.length !== MEMBERS || rows!.notifications !== MEMBERS || rows!.pushes !== MEMBERS) {
        throw new Error(
          `expected ${MEMBERS} invited, notifications and pushes; got ${answer.invited.length}, ${rows!.notifications}, ${rows!.pushes}`,
        );
      }
      const deadline = Date.now() + 60_000;
      while (fcm.arrivals.length < before + MEMBERS) {
        if (Date.now() > deadline) throw new Error(`only ${fcm.arrivals.length - before} pushes arrived in 60 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      const allArrived = fcm.arrivals[before + MEMBERS - 1]! - start;
      const firstArrived = fcm.arrivals[before]! - start;
      inviteTimes.push(took);
      deliveryTimes.push(allArrived);
      console.log(
        `[${label}] run ${i + 1}: invite-users ${took.toFixed(0)} ms (${rows!.notifications} notifications, ${rows!.pushes} pushes queued); ` +
          `first push after ${firstArrived.toFixed(0)} ms, all ${MEMBERS} after ${allArrived.toFixed(0)} ms`,
      );
    }
    if (process.env.BENCH_STEPS) await timeSteps(Number(process.env.BENCH_STEPS), await newActivity(RUNS));
    if (fcm.problems.length) throw new Error(`the FCM stand-in saw: ${[...new Set(fcm.problems)].join(', ')}`);
    const [sent] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from push_outbox where status = 'SENT'`,
    );
    const sorted = [...inviteTimes].sort((a, b) => a - b);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `[${label}] invite-users of ${MEMBERS}: median ${median(inviteTimes).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms ` +
        `(budget ${BUDGET_MS} ms: ${sorted.at(-1)! < BUDGET_MS ? 'met' : 'MISSED'}); all pushes delivered after median ` +
        `${median(deliveryTimes).toFixed(0)} ms; ${sent!.n} pushes marked SENT`,
    );
  } finally {
    await server.close();
    fcm.close();
  }

  /** Each statement of `activity/invite-users {groupIds}`, alone, as the service runs it for the whole group. */
  async function timeSteps(reps: number, activityId: string) {
    const repo = createActivitiesRepository(db);
    const memberships = createMembershipRepository(db);
    const { notifier } = server.modules.services;
    const [admin] = await queryRows<{ id: string }>(
      db,
      sql`select id from users where email = 'bench-admin@example.test'`,
    );
    const [group] = await queryRows<{ id: string }>(db, sql`select id from groups where name = 'Bench hikers'`);
    const members = await repo.membersOfGroups([group!.id]);
    const invitees = members.map((m) => m.userId).filter((id) => id !== admin!.id);
    const steps: [string, (tx: DbOrTx) => Promise<unknown>][] = [
      ['membersOfGroups (the group members)', (tx) => repo.membersOfGroups([group!.id], tx)],
      ['candidateStates (skip reasons)', (tx) => repo.candidateStates(activityId, null, invitees, tx)],
      [
        'put (memberships)',
        (tx) =>
          memberships.put(
            'activity',
            { objectId: activityId, userIds: invitees, state: 'INVITED', invitedBy: admin!.id },
            tx,
          ),
      ],
      [
        'notifier.record (notifications + push outbox)',
        (tx) =>
          notifier.record({ userIds: invitees, type: 'ACTIVITY_INVITE', targetId: activityId, actorId: admin!.id }, tx),
      ],
    ];
    const rolledBack = new Error('rolled back');
    for (const [name, step] of steps) {
      const times: number[] = [];
      for (let i = 0; i < reps; i++) {
        await db
          .transaction(async (tx) => {
            const start = performance.now();
            await step(tx);
            times.push(performance.now() - start);
            throw rolledBack;
          })
          .catch((err) => {
            if (err !== rolledBack) throw err;
          });
      }
      times.sort((a, b) => a - b);
      console.log(
        `[${label}] step ${name}, ${invitees.length} people: min ${times[0]!.toFixed(1)} ms, median ${times[Math.floor(reps / 2)]!.toFixed(1)} ms (load ${loadavg()[0]!.toFixed(2)})`,
      );
    }
  }
}

console.log(
  `cordata notifications bench: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}, ${MEMBERS} members, ${RUNS} runs`,
);
if (ENGINES.includes('pglite')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-notifications-'));
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
  const pgDataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-notifications-'));
  try {
    await admin.query(`drop database if exists ${PG_NAME} with (force)`);
    await admin.query(`create database ${PG_NAME}`);
    if (process.env.BENCH_LOG_STATEMENTS)
      await admin.query(`alter database ${PG_NAME} set log_min_duration_statement = 0`);
    await run('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: pgDataDir });
  } finally {
    await admin.query(`drop database if exists ${PG_NAME} with (force)`);
    await admin.end();
    rmSync(pgDataDir, { recursive: true, force: true });
  }
}
process.exit(0);
