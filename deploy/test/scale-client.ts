/**
 * The client side of the scale phase (deploy/test/scale.sh), run with `npx tsx`:
 *   seed             makes two people and a chat between them in DATABASE_URL (rows written directly, as the tests
 *                    do) and prints their sessions, signed with the instances' JWT_SECRET, as JSON
 *   chat SEND RECV LB  sends a message through SEND and waits for it on sockets connected to RECV and to LB
 *   load URL STOP CONNECTIONS  signed-in calls through URL, steadily, until the file STOP exists; counts what failed
 * Everything but `seed` talks to the instances over HTTP and WebSocket only, as the app does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { callPath, realtimePath } from '@cordata/contract';
import { io } from 'socket.io-client';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import type { TestApp } from '../../apps/server/test/app.ts';
import { newActivityChat } from '../../apps/server/test/chat-factories.ts';
import { newUser } from '../../apps/server/test/factories.ts';

interface Seed {
  chatId: string;
  ada: { id: string; token: string };
  bea: { id: string; token: string };
}

const [mode, ...args] = process.argv.slice(2);

async function seed() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOBS: 'false', CORDATA_ROLE: 'all' });
  const database = await openDatabase({ url: config.DATABASE_URL });
  const built = await buildApp({ config, database, logger: false });
  await built.modules.onStart(); // the sports and the rest of the reference rows, as every instance's start
  const t = { db: database.db, core: built.core, modules: built.modules } as unknown as TestApp;
  const ada = await newUser(t);
  const bea = await newUser(t);
  const { chatId } = await newActivityChat(t, ada, [bea]);
  const person = (u: { id: string; token: string }) => ({ id: u.id, token: u.token });
  console.log(JSON.stringify({ chatId, ada: person(ada), bea: person(bea) } satisfies Seed));
  await built.app.close();
  await database.close();
}

async function call(base: string, name: Parameters<typeof callPath>[0], body: unknown, token: string) {
  const response = await fetch(base + callPath(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${name} through ${base}: ${response.status} ${await response.text()}`);
  return response.json();
}

function socketAt(base: string, token: string) {
  return io(base, { path: realtimePath('cordata'), transports: ['websocket'], auth: { token }, reconnection: false });
}

async function chat(send: string, receive: string, balancer: string) {
  const { chatId, ada, bea } = JSON.parse(readFileSync(0, 'utf8')) as Seed;
  const sockets = [socketAt(receive, bea.token), socketAt(balancer, bea.token)];
  await Promise.all(
    sockets.map(
      (s) =>
        new Promise<void>((resolve, reject) => {
          s.once('connect', resolve);
          s.once('connect_error', reject);
        }),
    ),
  );
  const text = `Across the replicas ${Date.now()}`;
  const arrivals = sockets.map(
    (s) =>
      new Promise<number>((resolve) =>
        s.on('message', (m: { text?: string }) => m.text === text && resolve(performance.now())),
      ),
  );
  const sent = performance.now();
  await call(send, 'chat/send-message', { chatId, text, clientMessageId: `scale-${Date.now()}` }, ada.token);
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('the message did not arrive within 10 s')), 10_000),
  );
  const [direct, throughBalancer] = await Promise.race([Promise.all(arrivals), timeout]);
  console.log(
    `chat: sent through ${send}, arrived on a socket at ${receive} after ${(direct - sent).toFixed(0)} ms and at ${balancer} (WebSocket through the balancer) after ${(throughBalancer - sent).toFixed(0)} ms`,
  );
  for (const s of sockets) s.close();
}

async function load(base: string, stopFile: string, connections: number) {
  const { chatId, ada } = JSON.parse(readFileSync(0, 'utf8')) as Seed;
  const began = Date.now();
  console.log(`load: started through ${base}`);
  const failures = new Map<string, number>();
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!existsSync(stopFile)) {
        const began = performance.now();
        try {
          await call(base, 'chat/get-info', { chatId }, ada.token);
          latencies.push(performance.now() - began);
        } catch (err) {
          const reason = (err as Error).message.slice(0, 120);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(0);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const seconds = (Date.now() - began) / 1000;
  console.log(
    `load: ${sorted.length + failed} signed-in calls in ${seconds.toFixed(1)} s over ${connections} connections (${((sorted.length + failed) / seconds).toFixed(0)}/s), ${failed} failed, p50 ${at(50)} ms, p99 ${at(99)} ms, max ${sorted.at(-1)?.toFixed(0)} ms`,
  );
  for (const [reason, count] of failures) console.log(`  ${count} × ${reason}`);
  if (failed > 0) process.exitCode = 1;
}

if (mode === 'seed') await seed();
else if (mode === 'chat') await chat(args[0]!, args[1]!, args[2]!);
else if (mode === 'load') await load(args[0]!, args[1]!, Number(args[2]));
else throw new Error(`unknown mode ${mode}: seed, chat or load`);
