import { zxyToTileId } from 'pmtiles';

/**
 * A small but valid PMTiles v3 archive, written by hand for tests (spec: github.com/protomaps/PMTiles,
 * spec/v3/spec.md): the 127-byte header, an uncompressed root directory, JSON metadata and the tiles.
 */
export interface FixtureTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

function varint(value: number, out: number[]) {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
}

export function pmtilesArchive(tiles: FixtureTile[], metadata: object = { vector_layers: [] }): Uint8Array {
  const sorted = tiles.map((t) => ({ ...t, id: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.id - b.id);
  let offset = 0;
  const entries = sorted.map((t) => {
    const entry = { id: t.id, offset, length: t.data.length };
    offset += t.data.length;
    return entry;
  });
  const dir: number[] = [];
  varint(entries.length, dir);
  let lastId = 0;
  for (const e of entries) {
    varint(e.id - lastId, dir);
    lastId = e.id;
  }
  for (const _ of entries) varint(1, dir); // run lengths
  for (const e of entries) varint(e.length, dir);
  entries.forEach((e, i) => {
    const previous = entries[i - 1];
    // 0 means "right after the previous tile", otherwise the offset plus one.
    varint(previous && e.offset === previous.offset + previous.length ? 0 : e.offset + 1, dir);
  });
  const meta = new TextEncoder().encode(JSON.stringify(metadata));
  const data = concat(sorted.map((t) => t.data));

  const header = new DataView(new ArrayBuffer(127));
  new Uint8Array(header.buffer).set(new TextEncoder().encode('PMTiles'), 0);
  header.setUint8(7, 3);
  const u64 = (at: number, value: number) => header.setBigUint64(at, BigInt(value), true);
  const rootOffset = 127;
  const metaOffset = rootOffset + dir.length;
  const dataOffset = metaOffset + meta.length;
  u64(8, rootOffset);
  u64(16, dir.length);
  u64(24, metaOffset);
  u64(32, meta.length);
  u64(40, dataOffset); // no leaf directories
  u64(48, 0);
  u64(56, dataOffset);
  u64(64, data.length);
  u64(72, entries.length); // addressed tiles
  u64(80, entries.length); // tile entries
  u64(88, entries.length); // tile contents
  header.setUint8(96, 1); // clustered
  header.setUint8(97, 1); // internal compression: none
  header.setUint8(98, 1); // tile compression: none
  header.setUint8(99, 1); // tile type: MVT
  header.setUint8(100, Math.min(...sorted.map((t) => t.z)));
  header.setUint8(101, Math.max(...sorted.map((t) => t.z)));
  header.setInt32(102, -180 * 1e7, true);
  header.setInt32(106, -85 * 1e7, true);
  header.setInt32(110, 180 * 1e7, true);
  header.setInt32(114, 85 * 1e7, true);
  header.setUint8(118, 0);
  header.setInt32(119, Math.round(9.19 * 1e7), true);
  header.setInt32(123, Math.round(45.46 * 1e7), true);
  return concat([new Uint8Array(header.buffer), Uint8Array.from(dir), meta, data]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A valid vector tile (MVT) with one layer, `earth`, holding one polygon over the whole tile: the land of the
 * Protomaps style, so a map drawn from a fixture archive shows its land colour.
 */
export function earthTile(): Uint8Array {
  const field = (tag: number, bytes: number[]) => {
    const length: number[] = [];
    varint(bytes.length, length);
    return [tag, ...length, ...bytes];
  };
  const zigzag = (n: number) => (n << 1) ^ (n >> 31);
  const geometry: number[] = [];
  // MoveTo(0,0), LineTo ×3 around the 4096-unit square, ClosePath.
  for (const n of [9, zigzag(0), zigzag(0), 26, zigzag(4096), 0, 0, zigzag(4096), zigzag(-4096), 0, 15]) {
    varint(n, geometry);
  }
  const feature = [0x18, 3, ...field(0x22, geometry)]; // type POLYGON, geometry
  const name = [...new TextEncoder().encode('earth')];
  const extent: number[] = [];
  varint(4096, extent);
  const layer = [0x78, 2, ...field(0x0a, name), ...field(0x12, feature), 0x28, ...extent]; // version, name, extent
  return Uint8Array.from(field(0x1a, layer));
}
