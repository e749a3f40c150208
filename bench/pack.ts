/**
 * The outing pack of a 20 km hike (issue 38): its size at zoom 15 (target ≤ 40 MB) and the server's time to build it
 * (target < 3 s), with the load average beside each figure.
 * `npm run bench -- pack [runs=3]`
 *
 * The basemap cannot be downloaded here, so one is written for the hike's region: every tile from zoom 0 to 15 over
 * the route's bounding box plus 4 km (past the pack's 2 km buffer), each tile random bytes (incompressible: the
 * worst case for a download) of a size drawn from a log-normal law with these medians per zoom. They are heavier
 * than Protomaps' tiles of mountain country (a planet of about 120 GB over ~10⁸ non-empty tiles is a few KB a tile on
 * average; town centres reach a few hundred KB at z14-15): the pack measured here is an upper bound for a hike.
 *
 * Per run, a new activity (a new cut): `offline/pack-size` as its organiser (cuts the basemap and sums the answers:
 * the cold build), then `offline/build-pack` (the cut is on disk: what a second person's download costs), both
 * through the HTTP API of the whole server in-process on PGlite.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CallInput, type CallName, type CallResponse, callPath, type LatLng } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';
import { sql } from 'drizzle-orm';
import { Compression, TileType } from 'pmtiles';
import { queryRows } from '../apps/server/src/db/client.ts';
import { writePmtiles } from '../apps/server/src/modules/maps/pmtiles-writer.ts';
import { startBenchServer } from './bench-server.ts';

const RUNS = Number(process.argv[2] ?? 3);
const SIZE_TARGET_BYTES = 40 * 1024 * 1024;
const BUILD_TARGET_MS = 3000;
const MAX_ZOOM = 15;
/** Median tile bytes per zoom (log-normal, σ = 0.6, capped at 400 KB). */
const MEDIAN_BYTES = (z: number) => (z >= 15 ? 35_000 : z === 14 ? 45_000 : z === 13 ? 55_000 : 65_000);

const load = () => `load ${loadavg()[0]!.toFixed(2)}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A hike of about 20 km heading east above Lecco, wandering 1.5 km north and south. */
function hike(): LatLng[] {
  const points: LatLng[] = [];
  for (let i = 0; i <= 400; i++) {
    const east = (i / 400) * 14_000;
    const north = Math.sin((i / 400) * Math.PI * 5) * 1500;
    points.push({
      latitude: 45.85 + north / 111_195,
      longitude: 9.3 + east / (111_195 * Math.cos((45.85 * Math.PI) / 180)),
    });
  }
  return points;
}

function tileRange(west: number, south: number, east: number, north: number, z: number) {
  const n = 2 ** z;
  const x = (lon: number) => Math.min(n - 1, Math.floor(((lon + 180) / 360) * n));
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.min(n - 1, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n));
  };
  return { x0: x(west), x1: x(east), y0: y(north), y1: y(south) };
}

function tileBytes(z: number): number {
  const gaussian = Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  return Math.min(400_000, Math.round(MEDIAN_BYTES(z) * Math.exp(0.6 * gaussian)));
}

function basemap(route: LatLng[]): { archive: Uint8Array; tiles: number } {
  const margin = 4000;
  const lats = route.map((p) => p.latitude);
  const lons = route.map((p) => p.longitude);
  const dLat = margin / 111_195;
  const dLon = margin / (111_195 * Math.cos((45.85 * Math.PI) / 180));
  const [west, south, east, north] = [
    Math.min(...lons) - dLon,
    Math.min(...lats) - dLat,
    Math.max(...lons) + dLon,
    Math.max(...lats) + dLat,
  ];
  const tiles: { z: number; x: number; y: number; data: Uint8Array }[] = [];
  for (let z = 0; z <= MAX_ZOOM; z++) {
    const r = tileRange(west, south, east, north, z);
    for (let x = r.x0; x <= r.x1; x++)
      for (let y = r.y0; y <= r.y1; y++) tiles.push({ z, x, y, data: randomBytes(tileBytes(z)) });
  }
  const archive = writePmtiles(tiles, {
    tileType: TileType.Mvt,
    tileCompression: Compression.None,
    bounds: [west, south, east, north],
    center: [(west + east) / 2, (south + north) / 2, 12],
    metadata: { vector_layers: [] },
    minZoom: 0,
    maxZoom: MAX_ZOOM,
  });
  return { archive, tiles: tiles.length };
}

const route = hike();
const length = route.slice(1).reduce((sum, p, i) => sum + haversineMetres(route[i]!, p), 0);
const folder = mkdtempSync(join(tmpdir(), 'cordata-pack-bench-'));
const file = join(folder, 'region.pmtiles');
const made = basemap(route);
writeFileSync(file, made.archive);
console.log(
  `outing pack of a ${(length / 1000).toFixed(1)} km hike at zoom ${MAX_ZOOM}; basemap written: ${made.tiles} tiles, ${mb(made.archive.length)}`,
);

const server = await startBenchServer({ DATA_DIR: join(folder, 'data'), MAP_PMTILES_PATH: file });
try {
  const [organiser] = await queryRows<{ id: string }>(
    server.database.db,
    sql`insert into users (id, email, username, first_name, last_name, completed, email_confirmed_at)
        values (gen_random_uuid(), 'bench-hiker@example.test', 'benchhiker', 'Bench', 'Hiker', true, now()) returning id`,
  );
  const { jwt } = await server.core.tokens.issue(organiser!.id);
  const { port } = server.app.server.address() as AddressInfo;
  async function call<K extends CallName>(name: K, body: CallInput<K>): Promise<CallResponse<K>> {
    const res = await fetch(`http://127.0.0.1:${port}${callPath(name)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status !== 200) throw new Error(`${name} answered ${res.status}: ${JSON.stringify(json)}`);
    return json as CallResponse<K>;
  }
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const answer = await work();
    return { answer, ms: performance.now() - started };
  };
  const worst = { bytes: 0, coldMs: 0 };
  for (let run = 1; run <= RUNS; run++) {
    // Shifted a few metres each run, so each run cuts anew.
    const shifted = route.map((p) => ({ latitude: p.latitude + run * 1e-5, longitude: p.longitude }));
    const { activity } = await call('activity/create-new', {
      name: `Hike ${run}`,
      sportId: 'hiking',
      date: day,
      startTime: '08:00',
      endTime: '16:00',
      access: 'OPEN',
      visibility: 'PUBLIC',
      difficulty: 'MEDIUM',
      route: { mode: 'POINTS', start: shifted[0]!, destination: shifted.at(-1)!, routeSteps: shifted.slice(1, -1) },
    });
    const { activityId } = activity;
    const cold = await timed(() => call('offline/pack-size', { activityId }));
    const coldLoad = load();
    const warm = await timed(() => call('offline/build-pack', { activityId }));
    const bytes = cold.answer.answersBytes + (cold.answer.tilesBytes ?? 0);
    worst.bytes = Math.max(worst.bytes, bytes);
    worst.coldMs = Math.max(worst.coldMs, cold.ms);
    console.log(
      `run ${run}: pack ${mb(bytes)} (map ${mb(cold.answer.tilesBytes ?? 0)} to zoom ${warm.answer.tiles?.maxZoom ?? '-'}); ` +
        `built cold ${cold.ms.toFixed(0)} ms (${coldLoad}), again ${warm.ms.toFixed(0)} ms (${load()})`,
    );
  }
  console.log(
    `worst: pack ${mb(worst.bytes)} (target ≤ ${mb(SIZE_TARGET_BYTES)}: ${worst.bytes <= SIZE_TARGET_BYTES ? 'met' : 'MISSED'}), ` +
      `cold build ${worst.coldMs.toFixed(0)} ms (target < ${BUILD_TARGET_MS} ms: ${worst.coldMs < BUILD_TARGET_MS ? 'met' : 'MISSED'}), ${load()}`,
  );
} finally {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
}
