import { readFileSync } from 'node:fs';

/** Reads a GPX file of packages/geo/fixtures (tests only). */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** One metre-scale step: 0.001° of latitude (or of longitude on the equator) on a 6371 km sphere. */
export const MILLIDEGREE_METRES = (6_371_000 * Math.PI) / 180 / 1000;

/** A FIT file (little-endian, 14-byte header) with record messages and optional course points, for tests. */
export function writeFit(
  points: { latitude: number; longitude: number; elevation?: number; time?: string }[],
  options: { coursePoints?: { latitude: number; longitude: number; name: string }[]; name?: string } = {},
): Uint8Array {
  const bytes: number[] = [];
  const u8 = (v: number) => bytes.push(v & 0xff);
  const u16 = (v: number) => {
    u8(v);
    u8(v >> 8);
  };
  const u32 = (v: number) => {
    u16(v & 0xffff);
    u16((v >>> 16) & 0xffff);
  };
  const semicircles = (deg: number) => Math.round((deg / 180) * 2 ** 31) | 0;
  if (options.name) {
    // Definition of local 2: course (31), field 5 name (16-byte string).
    u8(0x42);
    u8(0);
    u8(0);
    u16(31);
    u8(1);
    u8(5);
    u8(16);
    u8(7);
    u8(0x02);
    const encoded = new TextEncoder().encode(options.name).slice(0, 15);
    for (let i = 0; i < 16; i++) u8(encoded[i] ?? 0);
  }
  // Definition of local 0: record (20): timestamp 253, lat 0, long 1, enhanced altitude 78.
  u8(0x40);
  u8(0);
  u8(0);
  u16(20);
  u8(4);
  for (const [num, size, type] of [
    [253, 4, 0x86],
    [0, 4, 0x85],
    [1, 4, 0x85],
    [78, 4, 0x86],
  ])
    for (const v of [num!, size!, type!]) u8(v);
  const epoch = Date.UTC(1989, 11, 31);
  for (const p of points) {
    u8(0x00);
    u32(p.time ? Math.round((Date.parse(p.time) - epoch) / 1000) : 0xffffffff);
    u32(semicircles(p.latitude));
    u32(semicircles(p.longitude));
    u32(p.elevation === undefined ? 0xffffffff : Math.round((p.elevation + 500) * 5));
  }
  if (options.coursePoints?.length) {
    // Definition of local 1: course point (32): lat 2, long 3, name 6 (16 bytes).
    u8(0x41);
    u8(0);
    u8(0);
    u16(32);
    u8(3);
    for (const [num, size, type] of [
      [2, 4, 0x85],
      [3, 4, 0x85],
      [6, 16, 7],
    ])
      for (const v of [num!, size!, type!]) u8(v);
    for (const c of options.coursePoints) {
      u8(0x01);
      u32(semicircles(c.latitude));
      u32(semicircles(c.longitude));
      const encoded = new TextEncoder().encode(c.name).slice(0, 15);
      for (let i = 0; i < 16; i++) u8(encoded[i] ?? 0);
    }
  }
  const header = [14, 0x20, 0x08, 0x08, 0, 0, 0, 0, 0x2e, 0x46, 0x49, 0x54, 0, 0];
  const size = bytes.length;
  header[4] = size & 0xff;
  header[5] = (size >> 8) & 0xff;
  header[6] = (size >> 16) & 0xff;
  header[7] = (size >>> 24) & 0xff;
  // A trailing CRC (not checked by the parser, as many writers get it wrong).
  return new Uint8Array([...header, ...bytes, 0, 0]);
}
