#!/usr/bin/env node
// Issue 20's target: a 100 000-point GPX file parsed, simplified for display and measured in under 250 ms in the
// app's Web Worker, with no main-thread task over 50 ms meanwhile. Measured in Chromium through the BUILT worker
// (apps/web/dist/assets/gpx.worker-*.js, the code the app ships), on a blank page of the same origin: the file is
// handed over as a File, as GpxReader does, and the round trip until the worker's answer is timed (reading the file,
// parsing, thinning, measuring, simplifying the display line and the profile, posting the answer back). Long tasks on
// the page's main thread are observed with PerformanceObserver('longtask') over the same runs.
// Each round starts a fresh worker, warms it with a tiny file (as GpxReader.warm does), then reads the big file
// `runs` times: the first read is the one a person waits for (cold JIT), the later ones show the warm speed.
// `--compare <dist>` runs another build's worker (e.g. main's, built with `vite build --outDir <dist>`) in the same
// browser, round for round in turn with this one, so both see the same machine load: the ratio is the honest figure.
// Build first: npm run build -w apps/web.
// `npm run bench -- gpx-worker [--points 100000] [--rounds 5] [--runs 4] [--compare <dist>]`
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const BUDGET_MS = 250;
const LONG_TASK_MS = 50;
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const points = arg('points', 100_000);
const rounds = arg('rounds', 5);
const runs = arg('runs', 4);
const compareAt = process.argv.indexOf('--compare');
const compareDist = compareAt > 0 ? resolve(process.argv[compareAt + 1]) : null;

const workerIn = (dir) =>
  existsSync(join(dir, 'assets'))
    ? readdirSync(join(dir, 'assets')).find((f) => /^gpx\.worker-[\w-]+\.js$/.test(f))
    : undefined;
const workerFile = workerIn(dist);
if (!workerFile) {
  console.error('apps/web/dist/assets/gpx.worker-*.js is missing: run `npm run build -w apps/web` first');
  process.exit(1);
}
const compareFile = compareDist ? workerIn(compareDist) : null;
if (compareDist && !compareFile) {
  console.error(`${compareDist}/assets/gpx.worker-*.js is missing`);
  process.exit(1);
}
/** The builds measured: this one, and the one to compare with (served under /compare/). */
const builds = [{ label: 'this build', url: `/assets/${workerFile}` }];
if (compareFile) builds.push({ label: 'compared build', url: `/compare/assets/${compareFile}` });

/** A recording like a phone's: one point a second with elevation and time, about 110 bytes a point. */
function recording(n) {
  const start = Date.UTC(2026, 5, 1, 7);
  const rows = new Array(n);
  for (let i = 0; i < n; i++) {
    const lat = 45.8 + i * 0.000002;
    const lon = 9.3 + Math.sin(i / 500) * 0.01;
    rows[i] =
      `<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${(400 + Math.sin(i / 800) * 150).toFixed(1)}</ele>` +
      `<time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`;
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench"><trk><name>Bench</name><trkseg>\n${rows.join('\n')}\n</trkseg></trk></gpx>\n`;
}
const gpx = Buffer.from(recording(points));

const page = `<!doctype html><meta charset="utf-8"><title>gpx worker bench</title><script type="module">
const tasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration }); })
  .observe({ type: 'longtask' });
// The worker answers with the preview, then (for a recording with more points than the server keeps) posts the
// GPX it converts the file to; both are timed from the moment the file is handed over.
const read = (worker, file, id) => new Promise((resolve) => {
  const t0 = performance.now();
  let answer;
  worker.addEventListener('message', function on(e) {
    if (e.data.id !== id) return;
    if ('answer' in e.data) {
      answer = { ...e.data.answer, ms: performance.now() - t0 };
      if (!answer.ok || !answer.converting) { worker.removeEventListener('message', on); resolve(answer); }
    } else {
      worker.removeEventListener('message', on);
      resolve({ ...answer, convertedMs: performance.now() - t0 });
    }
  });
  worker.postMessage({ id, file });
});
const pause = (ms) => new Promise((r) => setTimeout(r, ms));
let file;
/** One round: a fresh worker, warmed with a tiny file, then the big file \`runs\` times. */
window.round = async (workerUrl, runs) => {
  file ??= new File([await (await fetch('/bench.gpx')).blob()], 'bench.gpx', { type: 'application/gpx+xml' });
  const worker = new Worker(workerUrl, { type: 'module' });
  // The app starts its worker ahead of the first file (GpxReader.warm): a tiny file loads the worker's code.
  await read(worker, new File(['<gpx><wpt lat="1" lon="1"/></gpx>'], 'warm.gpx'), 0);
  await pause(200);
  tasks.length = 0;
  const out = [];
  for (let i = 1; i <= runs; i++) {
    const t0 = performance.now();
    const answer = await read(worker, file, i);
    // Let the longtask entries of this run arrive before reading them.
    await pause(50);
    const long = tasks.filter((t) => t.start + t.duration > t0).map((t) => Math.round(t.duration));
    tasks.length = 0;
    out.push({ ms: answer.ms, convertedMs: answer.convertedMs ?? null, ok: answer.ok, points: answer.ok ? answer.preview.pointCount : 0, line: answer.ok ? answer.preview.line.length : 0, long });
    await pause(100);
  }
  worker.terminate();
  return out;
};
window.ready = true;
</script>`;

const types = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.html': 'text/html',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};
const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  if (path === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(page);
  if (path === '/bench.gpx') return res.writeHead(200, { 'content-type': 'application/gpx+xml' }).end(gpx);
  const [base, relative] = compareDist && path.startsWith('/compare/') ? [compareDist, path.slice(8)] : [dist, path];
  const file = join(base, relative);
  if (!file.startsWith(base) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const url = `http://127.0.0.1:${server.address().port}/`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let failed = false;
try {
  const tab = await browser.newPage();
  await tab.goto(url);
  await tab.waitForFunction(() => window.ready === true);
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(
    `GPX in the app's worker (Chromium, built ${workerFile}${compareFile ? `, compared with ${compareFile}` : ''}): ` +
      `${points.toLocaleString('en')} points, ${(gpx.length / 1e6).toFixed(1)} MB; budget ${BUDGET_MS} ms in the ` +
      `worker, no main-thread task over ${LONG_TASK_MS} ms; ${rounds} rounds of a fresh worker reading it ${runs} times`,
  );
  const results = builds.map(() => ({ first: [], later: [], long: [] }));
  for (let round = 1; round <= rounds; round++) {
    for (const [b, build] of builds.entries()) {
      const before = load();
      const out = await tab.evaluate(([url, n]) => window.round(url, n), [build.url, runs]);
      for (const r of out) {
        const over = r.long.filter((d) => d > LONG_TASK_MS);
        failed ||= b === 0 && !(r.ok && r.points === points && over.length === 0);
        results[b].long.push(...r.long);
      }
      results[b].first.push(out[0].ms);
      results[b].later.push(...out.slice(1).map((r) => r.ms));
      failed ||= b === 0 && out[0].ms >= BUDGET_MS;
      const converted = out[0].convertedMs ? `thinned GPX to upload ready at ${out[0].convertedMs.toFixed(0)} ms` : '';
      console.log(
        `round ${round} ${build.label.padEnd(14)} first file ${out[0].ms.toFixed(0).padStart(4)} ms, later ` +
          `${out
            .slice(1)
            .map((r) => r.ms.toFixed(0))
            .join(
              ' ',
            )} ms  (${out[0].points.toLocaleString('en')} points, display line ${out[0].line}; ${converted})  ` +
          `main-thread long tasks: ${out.some((r) => r.long.length) ? JSON.stringify(out.map((r) => r.long)) : 'none'}  ` +
          `load ${before}`,
      );
    }
  }
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const at = (values, share) => sorted(values)[Math.min(values.length - 1, Math.floor(values.length * share))];
  for (const [b, build] of builds.entries()) {
    const { first, later, long } = results[b];
    console.log(
      `${build.label}: first file after warm-up best ${sorted(first)[0].toFixed(0)} ms, median ${at(first, 0.5).toFixed(0)} ms; ` +
        `later files median ${at(later, 0.5).toFixed(0)} ms, p95 ${at(later, 0.95).toFixed(0)} ms; ` +
        `longest main-thread task ${long.length ? `${Math.max(...long)} ms` : 'none over 50 ms'}`,
    );
  }
  if (builds.length === 2) {
    const ratio = (pick) => (pick(results[0]) / pick(results[1])).toFixed(2);
    console.log(
      `this build / compared build: first file (median) ${ratio((r) => at(r.first, 0.5))}, ` +
        `later files (median) ${ratio((r) => at(r.later, 0.5))}`,
    );
  }
} finally {
  await browser.close();
  server.close();
}
console.log(
  `load average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min) on this machine`,
);
process.exit(failed ? 1 : 0);
