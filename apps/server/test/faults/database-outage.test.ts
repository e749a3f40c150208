import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityInput,
  call,
  missingPostgres,
  type ServerProcess,
  seeder,
  sleep,
  startPostgres,
  startServerProcess,
} from './support.ts';

/** No call may hang: a failure must answer within this (the server's query timeout is 3 s, twice for a rollback). */
const ANSWER_WITHIN_MS = 7000;

describe.skipIf(missingPostgres)(`database outage${missingPostgres ? ` (skipped: ${missingPostgres})` : ''}`, () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let server: ServerProcess;
  let token: string;
  let chatId: string;
  let activityId: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServerProcess({ DATABASE_URL: postgres.url });
    const seed = await seeder(postgres.url);
    token = (await seed.newUser()).token;
    await seed.close();
    const { activity } = (await call(server, 'activity/create-new', activityInput('Outage run'), token)).body;
    chatId = activity.chatId;
    activityId = activity.activityId;
  });

  afterAll(async () => {
    await server?.kill('SIGKILL');
    postgres?.destroy();
  });

  /** Runs calls from a few clients while `outage` takes the database away and gives it back. */
  async function underLoad(outage: { down: () => void; up: () => void }, outageMs: number) {
    const answers: { status: number; code?: string; ms: number; at: number }[] = [];
    let stopLoad = false;
    let sent = 0;
    const worker = async () => {
      while (!stopLoad) {
        const pick = answers.length % 3;
        const answer =
          pick === 0
            ? await call(
                server,
                'chat/send-message',
                { chatId, text: 'hi', clientMessageId: `m${Date.now()}-${sent++}` },
                token,
              )
            : pick === 1
              ? await call(server, 'chat/list-messages', { chatId }, token)
              : await call(server, 'activity/read-info', { activityId }, token);
        answers.push({ status: answer.status, code: answer.body?.error?.code, ms: answer.ms, at: Date.now() });
        await sleep(20);
      }
    };
    const load = Array.from({ length: 4 }, worker);

    await sleep(1000);
    const outageStart = Date.now();
    outage.down();
    const health: number[] = [];
    while (Date.now() - outageStart < outageMs) {
      const started = Date.now();
      const status = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(ANSWER_WITHIN_MS) }).then(
        (r) => r.status,
        () => 0,
      );
      health.push(status);
      if (Date.now() - started < 250) await sleep(250);
    }
    outage.up();
    const outageEnd = Date.now();

    // Recovery without any help: successful calls again within a few seconds.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - outageEnd < 15_000) {
      if (answers.some((a) => a.at > outageEnd + 200 && a.status === 200)) recoveredAt = Date.now();
      else await sleep(100);
    }
    await sleep(500);
    stopLoad = true;
    await Promise.all(load);

    const during = answers.filter((a) => a.at - a.ms > outageStart + 500 && a.at < outageEnd);
    const slowest = Math.max(...answers.map((a) => a.ms));
    console.log(
      `${answers.length} calls, ${during.length} answered during the outage (${during.filter((a) => a.status === 503).length} with 503), slowest ${slowest} ms, healthz ${health.join(',')}, recovered ${recoveredAt - outageEnd} ms after the database returned`,
    );
    const unexpected = answers.filter(
      (a) => a.status !== 200 && !(a.status === 503 && a.code === 'SERVICE_UNAVAILABLE'),
    );
    if (unexpected.length) {
      console.log(`server exit code ${server.exitCode()}; its last output:\n${server.output().slice(-4000)}`);
    }
    expect(unexpected, 'every answer is a success or a clean 503').toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.every((a) => a.status === 503)).toBe(true);
    expect(slowest).toBeLessThan(ANSWER_WITHIN_MS);
    expect(health).toContain(503);
    expect(health.filter((s) => s !== 503 && s !== 200)).toEqual([]);
    expect(recoveredAt, 'calls succeed again once the database is back').toBeGreaterThan(0);
    expect(server.exitCode()).toBeNull();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.output()).not.toMatch(/unexpected error|uncaught|unhandled/i);
  }

  it('answers a clean 503 while PostgreSQL is stopped, stays up and recovers by itself', {
    timeout: 60_000,
  }, async () => {
    await underLoad({ down: () => postgres.stop(), up: () => postgres.start() }, 4000);
  });

  it('answers a clean 503, not a hang, while PostgreSQL is up but unresponsive', { timeout: 60_000 }, async () => {
    // Long enough for calls to run into the query timeout while it lasts.
    await underLoad({ down: () => postgres.freeze(), up: () => postgres.thaw() }, 9000);
  });
});
