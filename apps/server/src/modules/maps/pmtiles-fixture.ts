import { Compression, TileType, writePmtiles } from './pmtiles-writer.ts';

/**
 * A small but valid PMTiles v3 archive for tests, written by the production writer (pmtiles-writer.ts): uncompressed
 * MVT tiles, the whole world as its bounds, centred on Milan.
 */
export interface FixtureTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export function pmtilesArchive(tiles: FixtureTile[], metadata: object = { vector_layers: [] }): Uint8Array {
  return writePmtiles(tiles, {
    tileType: TileType.Mvt,
    tileCompression: Compression.None,
    bounds: [-180, -85, 180, 85],
    center: [9.19, 45.46, 0],
    metadata,
  });
}

function varint(value: number, out: number[]) {
  let v = value;
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80);
    v = Math.floor(v / 128);
  }
  out.push(v);
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
