/**
 * Chat at scale: two server instances sharing PostgreSQL and Redis, 1 000 connected sockets in 20 chats
 * of 50, 5 messages a second per chat sent through the HTTP call (so persistence is included).
 * Run: `npx tsx bench/chat.ts [seconds=20] [messagesPerSecondPerChat=5]`. Needs PostgreSQL at 127.0.0.1:5432 (BENCH_DATABASE_URL) and
 * Redis at 127.0.0.1:6379 (BENCH_REDIS_URL); makes its own database `cordata_bench_chat`, dropped at the end.
 * BENCH_PROFILE=<dir> writes the servers' CPU profiles into <dir>.
 *
 * 1. Seeds 1 000 users with sessions and 20 activity chats of 50 members.
 * 2. Starts two instances (`apps/server/src/main.ts`, each its own process, both with REDIS_URL) and
 *    connects 500 sockets to each, members of a chat spread over both.
 * 3. Reads each instance's resident memory before and after the sockets, idle, with three more devices per
 *    member connected for the reading (4 000 sockets): memory per connection.
 * 4. After a short warm-up (a few sends per chat through each instance, not measured), sends `seconds` × 5
 *    messages per chat, alternating instances, each by a member of the chat, and times
 *    every delivery from the start of the HTTP call to its arrival at each of the 50 members' sockets.
 * 5. The same traffic as a bare Socket.IO broadcast (two bare servers, same adapter, nothing stored),
 *    for comparison.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callPath, type Message } from '@cordata/contract';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { activities, chatMembers, chats, messages, users } from '../apps/server/src/db/schema.ts';
import { createTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { createSportsRepository } from '../apps/server/src/modules/sports/sports.repository.ts';
import { sessionKeys } from './bench-keys.ts';

const SECONDS = Number(process.argv[2] ?? 20);
const CHATS = 20;
const MEMBERS = 50;
const RATE_PER_CHAT = Number(process.argv[3] ?? 5);
const EXTRA_DEVICES = 3;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NAME = 'cordata_bench_chat';
const JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';
const ROOT = join(import.meta.dirname, '..');

const url = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${NAME}`;
  return u.toString();
})();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

const children: ChildProcess[] = [];
const dataDirs: string[] = [];
const sockets: Socket[] = [];
const admin = new pg.Client({ connectionString: ADMIN_URL });

async function cleanup() {
  for (const socket of sockets) socket.close();
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await sleep(500);
  await admin.query(`drop database if exists ${NAME} with (force)`).catch(() => {});
  await admin.end().catch(() => {});
}

// BENCH_PROFILE=<dir> writes each child's CPU profile there (open it in Chrome's DevTools).
const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

function startChild(args: string[], env: Record<string, string>, ready: () => Promise<boolean>) {
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return (async () => {
    for (let tries = 0; tries < 240; tries++) {
      if (await ready().catch(() => false)) return child;
      await sleep(250);
    }
    throw new Error(`${args.join(' ')} did not start`);
  })();
}

function openSocket(origin: string, path: string, options: { token?: string; room?: string }) {
  const socket = connect(origin, {
    path,
    transports: ['websocket'],
    auth: options.token ? { token: options.token } : undefined,
    query: options.room ? { room: options.room } : undefined,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Connects in batches, so a thousand handshakes do not all land in the same tick. */
async function connectAll<T>(items: T[], open: (item: T, i: number) => Promise<Socket>) {
  const result: Socket[] = [];
  for (let i = 0; i < items.length; i += 50) {
    result.push(...(await Promise.all(items.slice(i, i + 50).map((item, j) => open(item, i + j)))));
  }
  return result;
}

interface Tally {
  sentAt: Map<string, number>;
  latencies: number[];
  /** How long the send itself took (the HTTP call, or nothing for the bare emit). */
  sendTimes: number[];
  received: number;
  sendErrors: number;
}
const newTally = (): Tally => ({ sentAt: new Map(), latencies: [], sendTimes: [], received: 0, sendErrors: 0 });
function onDelivery(tally: Tally, id: string) {
  const start = tally.sentAt.get(id);
  if (start === undefined) return;
  tally.latencies.push(performance.now() - start);
  tally.received += 1;
}

/** Fires `send` for every chat, RATE_PER_CHAT times a second, for SECONDS, staggered over the interval. */
async function drive(send: (chat: number, n: number) => Promise<void>) {
  const interval = 1000 / RATE_PER_CHAT;
  const pending: Promise<void>[] = [];
  const timers: NodeJS.Timeout[] = [];
  for (let c = 0; c < CHATS; c++) {
    let n = 0;
    timers.push(
      setTimeout(
        () => {
          const tick = () => {
            if (n >= SECONDS * RATE_PER_CHAT) return;
            pending.push(send(c, n++));
            timers.push(setTimeout(tick, interval));
          };
          tick();
        },
        (c * interval) / CHATS,
      ),
    );
  }
  await sleep(SECONDS * 1000 + interval + 100);
  await Promise.all(pending);
  await sleep(2000); // let the last deliveries land
  for (const timer of timers) clearTimeout(timer);
}

function report(label: string, tally: Tally) {
  const sent = tally.sentAt.size;
  const expected = sent * MEMBERS;
  const sorted = [...tally.latencies].sort((a, b) => a - b);
  const lost = expected - tally.received;
  const sends = [...tally.sendTimes].sort((a, b) => a - b);
  const sendFigures = sends.length
    ? `  (the HTTP call itself: p50 ${percentile(sends, 50).toFixed(2)} ms, p99 ${percentile(sends, 99).toFixed(2)} ms)`
    : '';
  console.log(
    `${label.padEnd(40)} sent ${String(sent).padStart(5)}  deliveries ${String(tally.received).padStart(6)}/${expected}` +
      `  lost ${lost} (${((lost / Math.max(1, expected)) * 100).toFixed(3)} %)  send errors ${tally.sendErrors}` +
      `  p50 ${percentile(sorted, 50).toFixed(2)} ms  p99 ${percentile(sorted, 99).toFixed(2)} ms  max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms${sendFigures}`,
  );
}

try {
  console.log(
    `chat bench: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  await admin.connect();
  await admin.query(`drop database if exists ${NAME} with (force)`);
  await admin.query(`create database ${NAME}`);
  const database = await openDatabase({ url, poolSize: 4 });
  const { db } = database;
  await migrate(database);
  await createSportsRepository(db).seed();

  // 1. People and chats.
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: CHATS * MEMBERS }, (_, i) => ({
        email: `bench${i}@example.test`,
        emailConfirmedAt: new Date(),
        username: `bench${i}`,
        firstName: 'Bench',
        lastName: `User${i}`,
        completed: true,
      })),
    )
    .returning({ id: users.id });
  const tokens = createTokens({ db, keys: sessionKeys(JWT_SECRET) });
  const jwts: string[] = [];
  for (const person of people) jwts.push((await tokens.issue(person.id)).jwt);
  const chatIds: string[] = [];
  for (let c = 0; c < CHATS; c++) {
    const endsAt = new Date(Date.now() + 86_400_000);
    const [activity] = await db
      .insert(activities)
      .values({
        name: `Bench ride ${c}`,
        sportId: 'running',
        startsAt: new Date(endsAt.getTime() - 3_600_000),
        endsAt,
        date: endsAt.toISOString().slice(0, 10),
        startTime: '09:00',
        endTime: '10:00',
        timeZone: 'Europe/Rome',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        routeMode: 'POINTS',
        startLatitude: 45.46,
        startLongitude: 9.19,
        routeSteps: [],
        totalDistance: 0,
        totalElevationGain: 0,
        smoothedElevationGain: 0,
      })
      .returning({ id: activities.id });
    const [chat] = await db
      .insert(chats)
      .values({ kind: 'ACTIVITY', activityId: activity!.id })
      .returning({ id: chats.id });
    await db
      .insert(chatMembers)
      .values(people.slice(c * MEMBERS, (c + 1) * MEMBERS).map((p) => ({ chatId: chat!.id, userId: p.id })));
    await db.insert(messages).values({ chatId: chat!.id, kind: 'CREATED', senderId: people[c * MEMBERS]!.id });
    chatIds.push(chat!.id);
  }
  await database.close();
  console.log(`seeded ${people.length} users and ${CHATS} chats of ${MEMBERS}`);

  // 2. Two instances.
  const basePort = 18_500 + Math.floor(Math.random() * 400);
  const ports = [basePort, basePort + 1];
  const instances: ChildProcess[] = [];
  for (const port of ports) {
    const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-chat-'));
    dataDirs.push(dataDir);
    instances.push(
      await startChild(
        ['apps/server/src/main.ts'],
        {
          NODE_ENV: 'production',
          // Benchmarks reach no public routing or elevation service.
          ROUTER_KIND: 'none',
          ELEVATION_KIND: 'none',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: url,
          REDIS_URL,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: '127.0.0.1',
          JWT_SECRET,
          LOG_LEVEL: 'warn',
          JOBS: 'false',
          RATE_LIMITS: 'false',
        },
        async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok,
      ),
    );
  }
  const origins = ports.map((p) => `http://127.0.0.1:${p}`);
  await sleep(1500);
  const rssBefore = instances.map((child) => rssKb(child.pid!));

  // Member m of chat c is person c·50+m; even members connect to one instance, odd to the other.
  const tally = newTally();
  const realtimePath = '/api/space/cordata/realtime';
  const memberSockets = await connectAll(jwts, (token, i) => openSocket(origins[i % 2]!, realtimePath, { token }));
  for (const socket of memberSockets) {
    socket.on('message', (message: Message) => {
      if (message.clientMessageId) onDelivery(tally, message.clientMessageId);
    });
  }
  console.log(`connected ${memberSockets.length} sockets, half to each instance`);

  // 3. Idle memory. A garbage collection moves RSS by megabytes, so the growth is read over the members' sockets
  // plus three more devices of each member (4 000 idle connections), as the lowest of a few readings.
  const devices: Socket[] = [];
  for (let device = 0; device < EXTRA_DEVICES; device++) {
    devices.push(...(await connectAll(jwts, (token, i) => openSocket(origins[i % 2]!, realtimePath, { token }))));
  }
  const connections = memberSockets.length + devices.length;
  await sleep(2000);
  const rssAfter = instances.map((child) => rssKb(child.pid!));
  for (let reading = 0; reading < 4; reading++) {
    await sleep(1000);
    instances.forEach((child, i) => {
      rssAfter[i] = Math.min(rssAfter[i]!, rssKb(child.pid!));
    });
  }
  const growthKb = rssAfter.map((after, i) => after - rssBefore[i]!);
  const perConnection = growthKb.reduce((a, b) => a + b, 0) / connections;
  console.log(
    `memory per idle connection (RSS growth / ${connections} sockets): ${perConnection.toFixed(1)} KB` +
      `  (RSS ${rssBefore.map((kb) => (kb / 1024).toFixed(0)).join('/')} → ${rssAfter.map((kb) => (kb / 1024).toFixed(0)).join('/')} MB)`,
  );
  for (const socket of devices) socket.close();

  // Warm-up, not measured: on their first calls the instances open their database connections and compile the
  // send path, and those sends take 50–270 ms for about half a second. The figures are for a running service.
  for (let round = 0; round < 3; round++) {
    await Promise.all(
      chatIds.flatMap((chatId, c) =>
        origins.map((origin, o) =>
          fetch(`${origin}${callPath('chat/send-message')}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${jwts[c * MEMBERS + o]}` },
            body: JSON.stringify({ chatId, text: 'Warming up', clientMessageId: `warm-${round}-${c}-${o}` }),
          }).then((res) => res.text()),
        ),
      ),
    );
  }
  await sleep(500);

  // 4. Persisted sends through the HTTP call.
  let sequence = 0;
  await drive(async (c, n) => {
    const sender = c * MEMBERS + ((n * 7) % MEMBERS);
    const clientMessageId = `b${sequence++}`;
    tally.sentAt.set(clientMessageId, performance.now());
    try {
      const res = await fetch(`${origins[sequence % 2]}${callPath('chat/send-message')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${jwts[sender]}` },
        body: JSON.stringify({ chatId: chatIds[c], text: `Message ${n} in chat ${c}`, clientMessageId }),
      });
      await res.text();
      if (res.status !== 200) throw new Error(String(res.status));
      tally.sendTimes.push(performance.now() - tally.sentAt.get(clientMessageId)!);
    } catch {
      tally.sendErrors += 1;
      tally.sentAt.delete(clientMessageId);
    }
  });
  console.log(
    `load during the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  report('send-message over HTTP, stored, 2 instances', tally);
  for (const socket of memberSockets) socket.close();

  // 5. The same traffic, bare.
  const barePorts = ports.map((p) => p + 10);
  for (const port of barePorts) {
    await startChild(['bench/chat-bare-server.ts', String(port)], { REDIS_URL }, async () => {
      const probe = await openSocket(`http://127.0.0.1:${port}`, '/bare', {});
      probe.close();
      return true;
    });
  }
  const bareOrigins = barePorts.map((p) => `http://127.0.0.1:${p}`);
  const bare = newTally();
  const bareSockets = await connectAll(jwts, (_token, i) =>
    openSocket(bareOrigins[i % 2]!, '/bare', { room: `chat-${Math.floor(i / MEMBERS)}` }),
  );
  for (const socket of bareSockets) socket.on('message', (payload: { id: string }) => onDelivery(bare, payload.id));
  const senders = await Promise.all(bareOrigins.map((origin) => openSocket(origin, '/bare', {})));
  await sleep(1000);
  let bareSequence = 0;
  await drive(async (c) => {
    const id = `x${bareSequence++}`;
    bare.sentAt.set(id, performance.now());
    senders[bareSequence % 2]!.emit('bench', { room: `chat-${c}`, id });
  });
  report('bare Socket.IO broadcast, 2 instances', bare);
} finally {
  await cleanup();
}
process.exit(0);
