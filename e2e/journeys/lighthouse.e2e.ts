import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { BrowserContext } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from '../support/accounts.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { authStorageValue } from '../support/session.ts';

// Issue 19, done when: Lighthouse mobile scores at least 95 for performance and 100 for accessibility on
// the entry screen and on the signed-in home. Opt-in (LIGHTHOUSE=1): the performance score swings with
// CPU contention on a shared machine, so it is a measurement to run on a quiet one, not a gate for every run.
const MIN = { performance: 0.95, accessibility: 1 };
const enabled = process.env.LIGHTHOUSE === '1';

let server: RunningServer;
let browser: BrowserContext;
let port: number;
let profileDir: string;

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
  // A persistent profile: Lighthouse opens its tab in the same one, where the signed-in token is stored.
  profileDir = mkdtempSync(join(tmpdir(), 'cordata-lighthouse-'));
  browser = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (profileDir) rmSync(profileDir, { recursive: true, force: true });
});

async function audit(path: string, keepStorage: boolean) {
  const result = await lighthouse(`${server.url}${path}`, {
    port,
    onlyCategories: ['performance', 'accessibility'],
    output: 'json',
    logLevel: 'error',
    disableStorageReset: keepStorage,
  });
  const lhr = result?.lhr;
  if (process.env.LIGHTHOUSE_REPORT_DIR && lhr)
    writeFileSync(
      join(process.env.LIGHTHOUSE_REPORT_DIR, `${path.replace(/\W/g, '') || 'entry'}.json`),
      JSON.stringify(lhr),
    );
  const scores = {
    performance: lhr?.categories.performance?.score ?? 0,
    accessibility: lhr?.categories.accessibility?.score ?? 0,
  };
  const metric = (id: string) => lhr?.audits[id]?.displayValue;
  console.log(
    `${path}: performance ${Math.round(scores.performance * 100)}, accessibility ${Math.round(scores.accessibility * 100)}; FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}`,
  );
  return scores;
}

describe.runIf(enabled)('Lighthouse (mobile, simulated throttling)', () => {
  it('scores the entry screen at least 95 for performance and 100 for accessibility', async () => {
    const scores = await audit('/', false);
    expect(scores.performance).toBeGreaterThanOrEqual(MIN.performance);
    expect(scores.accessibility).toBeGreaterThanOrEqual(MIN.accessibility);
  });

  it('scores the signed-in home the same', async () => {
    const account = await newAccount(server.url, { firstName: 'Lia', lastName: 'Faro' });
    const page = await browser.newPage();
    await page.goto(`${server.url}/privacy`);
    await page.evaluate((value) => localStorage.setItem('cordata:auth', value), authStorageValue(account.jwt));
    await page.close();
    const scores = await audit('/home', true);
    expect(scores.performance).toBeGreaterThanOrEqual(MIN.performance);
    expect(scores.accessibility).toBeGreaterThanOrEqual(MIN.accessibility);
  });
});
