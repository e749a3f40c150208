/**
 * Sign-in latency through the HTTP API with argon2id (m=19456 KiB, t=2, p=1), on this machine.
 * Run: `npx tsx bench/auth-sign-in.ts [sign-ins=200] [concurrency=4]`.
 *
 * Starts the whole server in-process on a temporary PGlite database (as `npm start` with nothing
 * configured), signs one user up through the API, then times sign-ins over real HTTP: sequential ones
 * for latency, concurrent ones for throughput, and sign-ins of an unknown address for comparison
 * (they verify a dummy hash, so they should cost about the same).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { callPath } from '@cordata/contract';
import { hash, verify } from '@node-rs/argon2';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { mailOutbox } from '../apps/server/src/db/schema.ts';
import { startServer } from '../apps/server/src/server.ts';

const SIGN_INS = Number(process.argv[2] ?? 200);
const CONCURRENCY = Number(process.argv[3] ?? 4);

const dataDir = mkdtempSync(join(tmpdir(), 'cordata-bench-auth-'));
const server = await startServer(
  loadConfig({
    NODE_ENV: 'development',
    // Benchmarks reach no public routing or elevation service.
    ROUTER_KIND: 'none',
    ELEVATION_KIND: 'none',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JOBS: 'false',
  }),
);
const { port } = server.app.server.address() as AddressInfo;
const base = `http://127.0.0.1:${port}`;

async function post(name: Parameters<typeof callPath>[0], body: object) {
  const res = await fetch(base + callPath(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function summary(label: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `${label.padEnd(34)} n=${String(times.length).padEnd(4)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  mean ${mean.toFixed(1)} ms  max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
}

async function timed(body: object, expected: number) {
  const start = performance.now();
  const res = await post('auth/email/sign-in', body);
  const ms = performance.now() - start;
  if (res.status !== expected) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(res.body)}`);
  return ms;
}

try {
  const email = 'bench@example.test';
  const password = 'Summit#Peak42';
  const signUp = await post('auth/email/sign-up', { email, password, acceptTerms: true, acceptPrivacy: true });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${JSON.stringify(signUp.body)}`);
  const [mail] = await server.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const code = mail!.text.match(/^(\d{6})$/m)![1]!;
  if ((await post('auth/email/confirm-email', { email, code })).status !== 200) throw new Error('confirm failed');

  for (let i = 0; i < 10; i++) await timed({ email, password }, 200); // warm-up

  const ok: number[] = [];
  for (let i = 0; i < SIGN_INS; i++) ok.push(await timed({ email, password }, 200));
  const wrong: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < Math.max(20, SIGN_INS / 4); i++) {
    wrong.push(await timed({ email, password: 'Wrong#Peak42' }, 401));
    unknown.push(await timed({ email: `nobody${i}@example.test`, password }, 401));
  }

  const concurrent: number[] = [];
  const wallStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < SIGN_INS) concurrent.push(await timed({ email, password }, 200));
    }),
  );
  const wallSeconds = (performance.now() - wallStart) / 1000;

  // The hash alone, in-process, to tell argon2's share from HTTP and the database.
  const stored = await hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const argon: number[] = [];
  for (let i = 0; i < 50; i++) {
    const start = performance.now();
    await verify(stored, password);
    argon.push(performance.now() - start);
  }

  console.log(
    `sign-in over HTTP, argon2id m=19456 t=2 p=1, PGlite, ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );
  summary('sequential, right password', ok);
  summary('sequential, wrong password', wrong);
  summary('sequential, unknown address', unknown);
  summary(`${CONCURRENCY} at once, right password`, concurrent);
  summary('argon2id verify alone (in-process)', argon);
  console.log(`throughput with ${CONCURRENCY} at once: ${(SIGN_INS / wallSeconds).toFixed(1)} sign-ins/s`);
} finally {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
