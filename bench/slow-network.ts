/**
 * Opening the app on a slow network (issue 44's target): a signed-in person opens /home and the time is taken from
 * the navigation's start to the first activity card on screen, in Chromium on a phone viewport with the network and
 * the CPU throttled through the DevTools protocol, as the UX review measured it (Network.emulateNetworkConditions,
 * Emulation.setCPUThrottlingRate 4x):
 * - slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up; target 3 s;
 * - 3G: 400 ms round trip, 400 kbit/s both ways; target 6 s.
 * "cold": a new browser profile with the cache disabled (nothing kept); "again": the same profile opened a second
 * time, with its HTTP cache and the home it kept. Prints the median of the runs, the bytes transferred cold and the
 * biggest transfers. Needs `npm run build` and /usr/bin/chromium. Measure on a quiet machine.
 * `npm run bench -- slow-network [--runs 3]`
 */
import { cpus, loadavg } from 'node:os';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { call, newAccount } from '../e2e/support/accounts.ts';
import { pointsActivity } from '../e2e/support/activities.ts';
import { launchBrowser, phoneContext } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { seedToken } from '../e2e/support/session.ts';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
/** `--log`: print every request of each profile's last cold run (start, end, size, priority), to see what blocks. */
const LOG = process.argv.includes('--log');

const PROFILES = [
  { name: 'slow 4G', latency: 150, down: 1_600_000 / 8, up: 750_000 / 8, targetMs: 3000 },
  { name: '3G', latency: 400, down: 400_000 / 8, up: 400_000 / 8, targetMs: 6000 },
];
const LECCO = { latitude: 45.85, longitude: 9.39 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function throttle(page: Page, profile: (typeof PROFILES)[number], cacheDisabled: boolean) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latency,
    downloadThroughput: profile.down,
    uploadThroughput: profile.up,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

interface Request {
  url: string;
  start: number;
  end?: number;
  bytes: number;
  priority: string;
}

/** Bytes on the wire per address while the page loads, and each request with its times (seconds, CDP's clock). */
function countTransfers(cdp: CDPSession) {
  const requests = new Map<string, Request>();
  cdp.on('Network.requestWillBeSent', (e) =>
    requests.set(e.requestId, {
      url: e.request.url,
      start: e.timestamp,
      bytes: 0,
      priority: e.request.initialPriority,
    }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.end = e.timestamp;
    request.bytes = e.encodedDataLength;
  });
  return requests;
}

const byUrl = (requests: Map<string, Request>) => {
  const bytes = new Map<string, number>();
  for (const { url, bytes: size } of requests.values()) bytes.set(url, (bytes.get(url) ?? 0) + size);
  return bytes;
};

function printLog(requests: Map<string, Request>, base: string, firstCardMs: number) {
  const all = [...requests.values()].sort((a, b) => a.start - b.start);
  const zero = all[0]?.start ?? 0;
  console.log(`  first card at ${(firstCardMs / 1000).toFixed(2)} s (page clock); requests from the document's:`);
  for (const r of all)
    console.log(
      `  ${(r.start - zero).toFixed(2).padStart(6)} → ${r.end === undefined ? '   …  ' : (r.end - zero).toFixed(2).padStart(6)} s ` +
        `${(r.bytes / 1024).toFixed(1).padStart(6)} KB ${r.priority.padEnd(8)} ${r.url.replace(base, '')}`,
    );
}

/**
 * Navigates to /home and answers the time from the navigation's start to the frame that first shows an activity card
 * (page clock). The page notes it itself: read after waitForSelector, the clock would also count Playwright's polling
 * and a round trip to a main thread that is busy with the rest of the start (a second or so at 4× on 3G).
 */
async function firstCard(page: Page) {
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (!document.querySelector('[data-testid="activity-card"]')) return;
      seen.disconnect();
      requestAnimationFrame((frame) => {
        (window as unknown as { firstCardAt: number }).firstCardAt = frame;
      });
    });
    seen.observe(document, { subtree: true, childList: true });
  });
  await page.goto('/home', { waitUntil: 'commit' });
  await page.waitForFunction(() => 'firstCardAt' in window, undefined, { timeout: 60_000 });
  return (await page.evaluate('window.firstCardAt')) as number;
}

const server = await startServer({ webMode: 'app' });
const browser = await launchBrowser();
const contexts: BrowserContext[] = [];
try {
  const organiser = await newAccount(server.url, { firstName: 'Bench', lastName: 'Organiser' });
  for (const name of ['Giro del lago', 'Resegone', 'San Martino'])
    await call(server.url, 'activity/create-new', pointsActivity({ name }), organiser.jwt);
  const person = await newAccount(server.url, { firstName: 'Bench', lastName: 'Reader' });

  const newPhone = async () => {
    const context = await phoneContext(browser, 'en', server.url);
    contexts.push(context);
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation(LECCO);
    await seedToken(context, person.jwt);
    return context;
  };

  const [load1, load5] = loadavg();
  console.log(
    `slow network: ${RUNS} runs per figure, ${cpus().length} cores, load average ${load1!.toFixed(2)} / ${load5!.toFixed(2)}`,
  );
  for (const profile of PROFILES) {
    const cold: number[] = [];
    const again: number[] = [];
    let requests = new Map<string, Request>();
    for (let run = 0; run < RUNS; run++) {
      const context = await newPhone();
      const page = await context.newPage();
      requests = countTransfers(await throttle(page, profile, true));
      cold.push(await firstCard(page));
      if (LOG && run === RUNS - 1) printLog(requests, server.url, cold.at(-1)!);
      await page.close();
      const reopened = await context.newPage();
      await throttle(reopened, profile, false);
      again.push(await firstCard(reopened));
      await context.close();
    }
    const transfers = byUrl(requests);
    const total = [...transfers.values()].reduce((a, b) => a + b, 0);
    const coldMs = median(cold);
    console.log(
      `${profile.name.padEnd(8)} first card, cold: ${(coldMs / 1000).toFixed(2)} s (target ${profile.targetMs / 1000} s: ` +
        `${coldMs <= profile.targetMs ? 'met' : 'NOT met'}), opened again: ${(median(again) / 1000).toFixed(2)} s, ` +
        `cold transfer ${(total / 1024).toFixed(0)} KB`,
    );
    if (profile === PROFILES[0]) {
      const biggest = [...transfers].sort((a, b) => b[1] - a[1]).slice(0, 8);
      for (const [url, size] of biggest)
        console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${url.replace(server.url, '')}`);
    }
  }
} finally {
  for (const context of contexts) await context.close().catch(() => {});
  await browser.close();
  await server.stop();
}
