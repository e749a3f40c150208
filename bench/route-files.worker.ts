// The worker of bench/route-files.ts: parses one route file, bundled to plain JavaScript before it runs.
import { parentPort, workerData } from 'node:worker_threads';
import { parseRouteFile } from '../packages/geo/src/route-file.ts';

const { name, data } = workerData as { name: string; data: Uint8Array };
const started = performance.now();
const { gpx } = parseRouteFile(name, data, { maxPoints: 5_000_000, maxBytes: 500_000_000 });
parentPort!.postMessage({ ms: performance.now() - started, points: gpx.tracks[0]?.segments[0]?.length ?? 0 });
