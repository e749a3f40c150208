/**
 * Route files off the event loop: KML, TCX and FIT files of many points are parsed in a worker thread (as the
 * app parses them in a Web Worker), while the main thread's event-loop delay is sampled. Prints, per format,
 * the parse time (what the main thread would have been blocked for without the worker) and the largest
 * event-loop delay seen meanwhile, against the 50 ms budget.
 * `npm run bench -- route-files [--points 200000]`
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { writeFit } from '../packages/geo/src/test-helpers.ts';

const BUDGET_MS = 50;

function files(points: number): [string, Uint8Array][] {
  const track = Array.from({ length: points }, (_, i) => ({
    latitude: 45 + i * 1e-5,
    longitude: 9 + Math.sin(i / 100) * 0.01,
    elevation: 200 + Math.sin(i / 50) * 30,
    time: new Date(Date.UTC(2026, 4, 1) + i * 1000).toISOString(),
  }));
  const encode = (s: string) => new TextEncoder().encode(s);
  const kml = `<kml><Document><Placemark><LineString><coordinates>${track
    .map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)},${p.elevation.toFixed(1)}`)
    .join(' ')}</coordinates></LineString></Placemark></Document></kml>`;
  const tcx = `<TrainingCenterDatabase><Courses><Course><Name>Bench</Name><Track>${track
    .map(
      (p) =>
        `<Trackpoint><Time>${p.time}</Time><Position><LatitudeDegrees>${p.latitude.toFixed(6)}</LatitudeDegrees><LongitudeDegrees>${p.longitude.toFixed(6)}</LongitudeDegrees></Position><AltitudeMeters>${p.elevation.toFixed(1)}</AltitudeMeters></Trackpoint>`,
    )
    .join('')}</Track></Course></Courses></TrainingCenterDatabase>`;
  return [
    ['bench.kml', encode(kml)],
    ['bench.tcx', encode(tcx)],
    ['bench.fit', writeFit(track)],
  ];
}

{
  const index = process.argv.indexOf('--points');
  const points = index > 0 ? Number(process.argv[index + 1]) : 200_000;
  console.log(`route files of ${points} points, parsed in a worker thread; budget for the main loop: ${BUDGET_MS} ms`);
  // The worker is bundled to plain JavaScript, as the app's Web Worker is.
  const dir = mkdtempSync(join(tmpdir(), 'route-files-bench-'));
  const workerFile = join(dir, 'worker.mjs');
  buildSync({
    entryPoints: [new URL('./route-files.worker.ts', import.meta.url).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: workerFile,
  });
  let failed = false;
  for (const [name, data] of files(points)) {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    // Something to keep the main loop turning, as the app's UI would.
    const ticker = setInterval(() => {}, 5);
    const result = await new Promise<{ ms: number; points: number }>((resolve, reject) => {
      const worker = new Worker(workerFile, { execArgv: [], workerData: { name, data } });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    clearInterval(ticker);
    delay.disable();
    const blockMs = delay.max / 1e6;
    const ok = blockMs <= BUDGET_MS;
    failed ||= !ok;
    console.log(
      `${name.padEnd(10)} ${(data.byteLength / 1e6).toFixed(1).padStart(6)} MB  ${String(result.points).padStart(8)} points  parse ${result.ms.toFixed(0).padStart(6)} ms (in the worker)  main loop max delay ${blockMs.toFixed(1).padStart(6)} ms  ${ok ? 'ok' : 'OVER BUDGET'}`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
  process.exit(failed ? 1 : 0);
}
