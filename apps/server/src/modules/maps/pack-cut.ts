import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { type FileHandle, open, readdir, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Compression, PMTiles, type Source } from 'pmtiles';
import { type ArchiveTile, writePmtiles } from './pmtiles-writer.ts';

/** A place of the cut: longitude and latitude in degrees. */
export interface LonLat {
  latitude: number;
  longitude: number;
}

/**
 * What the cut follows: pieces of line (a route's drawn pieces) and single points (a meeting point), each as the
 * person sees it. A piece of one point is a point.
 */
export type CutGeometry = readonly (readonly LonLat[])[];

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const METRES_PER_DEGREE = 111_320;
const MAX_LATITUDE = 85.0511;

/** West, south, east, north of the geometry grown by `bufferMetres` on every side. */
export function bufferedBounds(geometry: CutGeometry, bufferMetres: number): [number, number, number, number] | null {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const piece of geometry) {
    for (const p of piece) {
      const dLat = bufferMetres / METRES_PER_DEGREE;
      const dLon = bufferMetres / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((p.latitude * Math.PI) / 180)));
      west = Math.min(west, p.longitude - dLon);
      east = Math.max(east, p.longitude + dLon);
      south = Math.min(south, p.latitude - dLat);
      north = Math.max(north, p.latitude + dLat);
    }
  }
  if (west === Infinity) return null;
  const clampLat = (v: number) => Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, v));
  const clampLon = (v: number) => Math.max(-180, Math.min(180, v));
  return [clampLon(west), clampLat(south), clampLon(east), clampLat(north)];
}

const tileX = (lon: number, z: number) => Math.floor(((lon + 180) / 360) * 2 ** z);
const tileY = (lat: number, z: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * 2 ** z);
};
const tileLon = (x: number, z: number) => (x / 2 ** z) * 360 - 180;
const tileLat = (y: number, z: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** z))) * 180) / Math.PI;

type Xy = [number, number];

/** The distance (m) from a rectangle (in local metres) to a segment; 0 when they touch. */
function rectSegmentDistance(min: Xy, max: Xy, a: Xy, b: Xy): number {
  const inside = (p: Xy) => p[0] >= min[0] && p[0] <= max[0] && p[1] >= min[1] && p[1] <= max[1];
  if (inside(a) || inside(b)) return 0;
  const corners: Xy[] = [
    [min[0], min[1]],
    [max[0], min[1]],
    [max[0], max[1]],
    [min[0], max[1]],
  ];
  for (let i = 0; i < 4; i++) if (segmentsCross(a, b, corners[i]!, corners[(i + 1) % 4]!)) return 0;
  const pointRect = (p: Xy) =>
    Math.hypot(Math.max(min[0] - p[0], 0, p[0] - max[0]), Math.max(min[1] - p[1], 0, p[1] - max[1]));
  return Math.min(pointRect(a), pointRect(b), ...corners.map((c) => pointSegment(c, a, b)));
}

function pointSegment(p: Xy, a: Xy, b: Xy): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

function segmentsCross(a: Xy, b: Xy, c: Xy, d: Xy): boolean {
  const orient = (p: Xy, q: Xy, r: Xy) => Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return orient(a, b, c) !== orient(a, b, d) && orient(c, d, a) !== orient(c, d, b);
}

/**
 * The tiles of zoom `z` whose square lies within `bufferMetres` of the geometry (its lines and points), measured
 * in metres on a plane around the geometry's middle latitude (exact enough over a day's outing).
 */
export function coveringTilesAt(geometry: CutGeometry, bufferMetres: number, z: number): TileAddress[] {
  const bounds = bufferedBounds(geometry, bufferMetres);
  if (!bounds) return [];
  const [west, south, east, north] = bounds;
  const midLat = (south + north) / 2;
  const kx = METRES_PER_DEGREE * Math.cos((midLat * Math.PI) / 180);
  const toXy = (lon: number, lat: number): Xy => [lon * kx, lat * METRES_PER_DEGREE];
  const segments: [Xy, Xy][] = [];
  for (const piece of geometry) {
    const points = piece.map((p) => toXy(p.longitude, p.latitude));
    if (points.length === 1) segments.push([points[0]!, points[0]!]);
    for (let i = 1; i < points.length; i++) segments.push([points[i - 1]!, points[i]!]);
  }
  const last = 2 ** z - 1;
  const out: TileAddress[] = [];
  for (let x = Math.max(0, tileX(west, z)); x <= Math.min(last, tileX(east, z)); x++) {
    for (let y = Math.max(0, tileY(north, z)); y <= Math.min(last, tileY(south, z)); y++) {
      const min = toXy(tileLon(x, z), tileLat(y + 1, z));
      const max = toXy(tileLon(x + 1, z), tileLat(y, z));
      const near = segments.some(([a, b]) => {
        // A quick refusal first: the segment's box grown by the buffer misses the tile.
        if (Math.min(a[0], b[0]) - bufferMetres > max[0] || Math.max(a[0], b[0]) + bufferMetres < min[0]) return false;
        if (Math.min(a[1], b[1]) - bufferMetres > max[1] || Math.max(a[1], b[1]) + bufferMetres < min[1]) return false;
        return rectSegmentDistance(min, max, a, b) <= bufferMetres;
      });
      if (near) out.push({ z, x, y });
    }
  }
  return out;
}

/** A cut on disk: its file, size, the bounds it declares and its zooms. */
export interface PackCut {
  key: string;
  path: string;
  bytes: number;
  bounds: [number, number, number, number];
  minZoom: number;
  maxZoom: number;
  tiles: number;
}

/**
 * Reads a .pmtiles file on disk for the `pmtiles` reader. The tiles are handed over as stored (not decompressed:
 * the cut keeps the source's compression); the directories and metadata are decompressed as usual.
 */
class RawTileFileSource implements Source {
  private readonly rawBuffers = new WeakSet<ArrayBuffer>();
  tileData: { start: number; end: number } | null = null;
  constructor(
    private readonly handle: FileHandle,
    private readonly key: string,
  ) {}
  getKey() {
    return this.key;
  }
  async getBytes(offset: number, length: number) {
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(buffer, 0, length, offset);
    const data = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer;
    if (this.tileData && offset >= this.tileData.start && offset < this.tileData.end) this.rawBuffers.add(data);
    return { data };
  }
  decompress = async (data: ArrayBuffer, compression: Compression): Promise<ArrayBuffer> => {
    if (this.rawBuffers.has(data) || compression === Compression.None || compression === Compression.Unknown) {
      return data;
    }
    if (compression === Compression.Gzip) {
      const out = gunzipSync(new Uint8Array(data));
      return out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer;
    }
    throw new Error(`The basemap's directories use a compression this server does not read (${compression})`);
  };
}

/**
 * Cuts the outing pack's basemap from the operator's .pmtiles file (MAP_PMTILES_PATH, docs/maps.md "The outing
 * pack"): the tiles within the buffer of the geometry, every zoom from the file's own minimum to
 * min(maxZoom, the file's maximum), written as a PMTiles archive of their own. Each cut is kept in
 * `<dataDir>/packs/<key>.pmtiles`, the key a hash of the basemap (its path, size and time) and of the cut
 * (geometry, buffer, zooms): the same outing for the same basemap is cut once, and a changed route or basemap makes a
 * new cut, never serves the old one. A cut's file time is when it was last cut or handed out; `purge` deletes those
 * left unused (and unfinished writes) since a given time.
 */
export function createPackCutter(deps: {
  file: string;
  dataDir: string;
  bufferMetres: number;
  maxZoom: number;
  now: () => Date;
}) {
  const folder = join(deps.dataDir, 'packs');
  const running = new Map<string, Promise<PackCut | null>>();

  function basemapIdentity() {
    const stat = statSync(deps.file);
    return `${deps.file}\n${stat.size}\n${stat.mtimeMs}`;
  }

  const keyOf = (identity: string, geometry: CutGeometry) =>
    createHash('sha256')
      .update(identity)
      .update(`\n${deps.bufferMetres}\n${deps.maxZoom}\n`)
      .update(
        geometry
          .map((piece) => piece.map((p) => `${p.longitude.toFixed(6)},${p.latitude.toFixed(6)}`).join(';'))
          .join('|'),
      )
      .digest('hex')
      .slice(0, 20);

  /** The path of a cut made earlier, by its key (the signed link names it); null when there is none. */
  function pathOf(key: string): string | null {
    if (!/^[0-9a-f]{20}$/.test(key)) return null;
    const path = join(folder, `${key}.pmtiles`);
    try {
      return statSync(path).isFile() ? path : null;
    } catch {
      return null;
    }
  }

  async function make(key: string, geometry: CutGeometry): Promise<PackCut | null> {
    const bounds = bufferedBounds(geometry, deps.bufferMetres);
    if (!bounds) return null;
    const handle = await open(deps.file, 'r');
    try {
      const source = new RawTileFileSource(handle, `${key}:${deps.file}`);
      const reader = new PMTiles(source, undefined, source.decompress);
      const header = await reader.getHeader();
      source.tileData = {
        start: header.tileDataOffset,
        end: header.tileDataOffset + (header.tileDataLength ?? Number.MAX_SAFE_INTEGER),
      };
      const metadata = (await reader.getMetadata()) as Record<string, unknown>;
      const minZoom = header.minZoom;
      const maxZoom = Math.min(deps.maxZoom, header.maxZoom);
      const tiles: ArchiveTile[] = [];
      for (let z = minZoom; z <= maxZoom; z++) {
        for (const t of coveringTilesAt(geometry, deps.bufferMetres, z)) {
          const found = await reader.getZxy(t.z, t.x, t.y);
          if (found) tiles.push({ ...t, data: new Uint8Array(found.data) });
        }
      }
      if (tiles.length === 0) return null;
      const [west, south, east, north] = bounds;
      const archive = writePmtiles(tiles, {
        tileType: header.tileType,
        tileCompression: header.tileCompression,
        bounds,
        center: [(west + east) / 2, (south + north) / 2, Math.max(minZoom, Math.min(maxZoom, 12))],
        metadata: { ...metadata, bounds: bounds.join(','), minzoom: minZoom, maxzoom: maxZoom },
        minZoom,
        maxZoom,
      });
      mkdirSync(folder, { recursive: true });
      const path = join(folder, `${key}.pmtiles`);
      const partial = `${path}.${process.pid}.${Date.now()}.part`;
      await writeFile(partial, archive);
      await rename(partial, path);
      await utimes(path, deps.now(), deps.now());
      return { key, path, bytes: archive.length, bounds, minZoom, maxZoom, tiles: tiles.length };
    } finally {
      await handle.close();
    }
  }

  /** The cut for this geometry: the one on disk when it was made before, else made now (once at a time per key). */
  async function cut(geometry: CutGeometry): Promise<PackCut | null> {
    const key = keyOf(basemapIdentity(), geometry);
    const bounds = bufferedBounds(geometry, deps.bufferMetres);
    const existing = pathOf(key);
    if (existing && bounds) {
      await utimes(existing, deps.now(), deps.now()).catch(() => undefined);
      const reader = new PMTiles(new RawFile(existing));
      const header = await reader.getHeader();
      return {
        key,
        path: existing,
        bytes: statSync(existing).size,
        bounds,
        minZoom: header.minZoom,
        maxZoom: header.maxZoom,
        tiles: header.numAddressedTiles,
      };
    }
    let pending = running.get(key);
    if (!pending) {
      pending = make(key, geometry).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  }

  /**
   * Deletes the cuts unused since `before`, and unfinished writes older than that; returns how many went. Every
   * instance may run it at once: a file another one deleted first is simply gone.
   */
  async function purge(before: Date): Promise<number> {
    const names = await readdir(folder).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      if (!/^[0-9a-f]{20}\.pmtiles(\..+\.part)?$/.test(name)) continue;
      const path = join(folder, name);
      try {
        if ((await stat(path)).mtimeMs >= before.getTime()) continue;
        await unlink(path);
        removed++;
      } catch {
        // Gone already (another instance), or unreadable: nothing to do.
      }
    }
    return removed;
  }

  return { cut, pathOf, purge };
}

export type PackCutter = ReturnType<typeof createPackCutter>;

/** A whole small file read for the header of a cut made earlier. */
class RawFile implements Source {
  constructor(private readonly path: string) {}
  getKey() {
    return this.path;
  }
  async getBytes(offset: number, length: number) {
    const handle = await open(this.path, 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, offset);
      return { data: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + bytesRead) as ArrayBuffer };
    } finally {
      await handle.close();
    }
  }
}
