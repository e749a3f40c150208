import { createServer } from 'node:net';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../support/server.ts';

// Issue 3, done when: Lighthouse mobile performance on the entry screen is at least 90.
// Opt-in (LIGHTHOUSE=1): the score swings with CPU contention on a shared machine, so it is a
// measurement to run on a quiet one, not a gate for every run.
const MIN_SCORE = 0.9;
const enabled = process.env.LIGHTHOUSE === '1';

let server: RunningServer;
let browser: Browser;
let port: number;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

beforeAll(async () => {
  if (!enabled) return;
  server = await startServer({ webMode: 'app' });
  port = await freePort();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.runIf(enabled)('Lighthouse (mobile, simulated throttling)', () => {
  it('scores the entry screen at least 90 for performance', async () => {
    const result = await lighthouse(`${server.url}/`, {
      port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score ?? 0;
    const metric = (id: string) => lhr?.audits[id]?.displayValue;
    console.log(
      `performance ${Math.round(score * 100)}: FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
    );
    expect(score).toBeGreaterThanOrEqual(MIN_SCORE);
  });
});
