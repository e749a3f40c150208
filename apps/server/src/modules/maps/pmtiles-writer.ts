import { createHash } from 'node:crypto';
import { Compression, TileType, zxyToTileId } from 'pmtiles';

/**
 * The one PMTiles v3 writer (spec: github.com/protomaps/PMTiles, spec/v3/spec.md): the outing pack's basemap cut
 * (pack-cut.ts) and the tests' fixture archives (pmtiles-fixture.ts). Layout: the 127-byte header, the root
 * directory (inside the first 16 KiB, as readers fetch it in one request), the JSON metadata, the leaf directories
 * when the tiles do not fit one root, then the tile data. Directories are uncompressed; tiles are written as given
 * (already compressed as `tileCompression` says). Identical tiles (the sea, the empty land) are stored once.
 */
export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveOptions {
  tileType: TileType;
  tileCompression: Compression;
  /** West, south, east, north. */
  bounds: readonly [number, number, number, number];
  /** Longitude, latitude, zoom. */
  center: readonly [number, number, number];
  metadata: object;
  /** The zoom range to declare; by default the tiles' own. */
  minZoom?: number;
  maxZoom?: number;
}

const HEADER_BYTES = 127;
/** Readers fetch the header and the root directory in one 16 KiB request. */
const ROOT_MAX_BYTES = 16_384 - HEADER_BYTES;

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

function varint(value: number, out: number[]) {
  let v = value;
  while (v >= 0x80) {
    out.push((v % 128) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

function serializeDirectory(entries: readonly Entry[]): Uint8Array {
  const out: number[] = [];
  varint(entries.length, out);
  let lastId = 0;
  for (const e of entries) {
    varint(e.tileId - lastId, out);
    lastId = e.tileId;
  }
  for (const e of entries) varint(e.runLength, out);
  for (const e of entries) varint(e.length, out);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0: right after the previous entry's bytes; otherwise the offset plus one.
    varint(i > 0 && previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, out);
  });
  return Uint8Array.from(out);
}

/** The root directory, and the leaves when all the entries do not fit the root (root entries then point at leaves). */
function directories(entries: Entry[]): { root: Uint8Array; leaves: Uint8Array } {
  const whole = serializeDirectory(entries);
  if (whole.length <= ROOT_MAX_BYTES) return { root: whole, leaves: new Uint8Array(0) };
  for (let leafSize = 4096; ; leafSize *= 2) {
    const leafDirs: Uint8Array[] = [];
    const rootEntries: Entry[] = [];
    let offset = 0;
    for (let i = 0; i < entries.length; i += leafSize) {
      const leaf = serializeDirectory(entries.slice(i, i + leafSize));
      rootEntries.push({ tileId: entries[i]!.tileId, offset, length: leaf.length, runLength: 0 });
      leafDirs.push(leaf);
      offset += leaf.length;
    }
    const root = serializeDirectory(rootEntries);
    if (root.length <= ROOT_MAX_BYTES) return { root, leaves: concat(leafDirs) };
  }
}

export function writePmtiles(tiles: readonly ArchiveTile[], options: ArchiveOptions): Uint8Array {
  if (tiles.length === 0) throw new Error('A PMTiles archive needs at least one tile');
  const sorted = tiles
    .map((t) => ({ id: zxyToTileId(t.z, t.x, t.y), z: t.z, data: t.data }))
    .sort((a, b) => a.id - b.id);
  const contents: Uint8Array[] = [];
  const stored = new Map<string, { offset: number; length: number }>();
  let dataLength = 0;
  const entries: Entry[] = sorted.map((t) => {
    const key = createHash('sha256').update(t.data).digest('base64');
    let place = stored.get(key);
    if (!place) {
      place = { offset: dataLength, length: t.data.length };
      stored.set(key, place);
      contents.push(t.data);
      dataLength += t.data.length;
    }
    return { tileId: t.id, offset: place.offset, length: place.length, runLength: 1 };
  });
  const { root, leaves } = directories(entries);
  const meta = new TextEncoder().encode(JSON.stringify(options.metadata));

  const header = new DataView(new ArrayBuffer(HEADER_BYTES));
  new Uint8Array(header.buffer).set(new TextEncoder().encode('PMTiles'), 0);
  header.setUint8(7, 3);
  const u64 = (at: number, value: number) => header.setBigUint64(at, BigInt(value), true);
  const rootOffset = HEADER_BYTES;
  const metaOffset = rootOffset + root.length;
  const leavesOffset = metaOffset + meta.length;
  const dataOffset = leavesOffset + leaves.length;
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, leavesOffset);
  u64(48, leaves.length);
  u64(56, dataOffset);
  u64(64, dataLength);
  u64(72, entries.length); // addressed tiles
  u64(80, entries.length); // tile entries (no run lengths)
  u64(88, contents.length); // tile contents
  header.setUint8(96, 1); // clustered: the data is in the order of the first tile that uses it
  header.setUint8(97, Compression.None); // internal compression
  header.setUint8(98, options.tileCompression);
  header.setUint8(99, options.tileType);
  header.setUint8(100, options.minZoom ?? Math.min(...sorted.map((t) => t.z)));
  header.setUint8(101, options.maxZoom ?? Math.max(...sorted.map((t) => t.z)));
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  const [west, south, east, north] = options.bounds;
  header.setInt32(102, e7(west), true);
  header.setInt32(106, e7(south), true);
  header.setInt32(110, e7(east), true);
  header.setInt32(114, e7(north), true);
  header.setUint8(118, options.center[2]);
  header.setInt32(119, e7(options.center[0]), true);
  header.setInt32(123, e7(options.center[1]), true);
  return concat([new Uint8Array(header.buffer), root, meta, leaves, ...contents]);
}

export function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export { Compression, TileType };
