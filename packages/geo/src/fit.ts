import { GPX_MAX_BYTES } from '../../contract/src/constants.ts';
import { GpxError } from './errors.ts';
import { GPX_MAX_POINTS, type ParseGpxOptions } from './gpx.ts';
import { emptyGpx, PointCounter, validPoint } from './route-file-common.ts';
import type { Gpx, GpxPoint } from './types.ts';

/** FIT record (global message 20) and course point (32) fields this parser reads. */
const RECORD = 20;
const COURSE_POINT = 32;
const COURSE = 31;
const SEMICIRCLES_TO_DEGREES = 180 / 2 ** 31;
/** FIT times count seconds from 1989-12-31T00:00:00Z. */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);

interface FieldDef {
  number: number;
  size: number;
  baseType: number;
}
interface Definition {
  global: number;
  littleEndian: boolean;
  fields: FieldDef[];
  /** Developer fields are skipped: only their total size matters. */
  developerBytes: number;
}

/**
 * Parses a FIT file (Garmin, Wahoo, most bike computers and watches): record messages with a position become
 * one track, course points become waypoints. Binary and untrusted: every read is bounds-checked, and
 * anything that does not add up throws a GpxError 'GPX_INVALID'. Throws only GpxError, like parseGpx.
 */
export function parseFit(data: Uint8Array, options: ParseGpxOptions = {}): Gpx {
  const maxBytes = options.maxBytes ?? GPX_MAX_BYTES;
  if (!(data instanceof Uint8Array)) throw new GpxError('GPX_INVALID', 'FIT must be given as bytes');
  if (data.byteLength > maxBytes) throw new GpxError('GPX_TOO_LARGE', `The FIT file is larger than ${maxBytes} bytes`);
  if (data.byteLength === 0) throw new GpxError('GPX_EMPTY', 'The FIT file is empty');
  if (data.byteLength < 12) throw new GpxError('GPX_INVALID', 'The FIT file is too short');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const headerSize = data[0]!;
  if ((headerSize !== 12 && headerSize !== 14) || !isFitSignature(data)) {
    throw new GpxError('GPX_INVALID', 'This is not a FIT file');
  }
  const dataSize = view.getUint32(4, true);
  const end = headerSize + dataSize;
  if (end > data.byteLength) throw new GpxError('GPX_INVALID', 'The FIT file is cut short');

  const counter = new PointCounter(options.maxPoints ?? GPX_MAX_POINTS);
  const gpx = emptyGpx();
  const track: GpxPoint[] = [];
  const definitions = new Map<number, Definition>();
  let lastTimestamp = 0;
  let offset = headerSize;

  const need = (bytes: number) => {
    if (offset + bytes > end) throw new GpxError('GPX_INVALID', 'The FIT file is cut short');
  };

  while (offset < end) {
    need(1);
    const header = data[offset++]!;
    if (header & 0x80) {
      // Compressed timestamp header: a data message of local type 0–3 with a 5-bit time offset.
      const local = (header >> 5) & 0x03;
      const timeOffset = header & 0x1f;
      lastTimestamp = (lastTimestamp & ~0x1f) + timeOffset + (timeOffset < (lastTimestamp & 0x1f) ? 0x20 : 0);
      offset = readData(local, lastTimestamp);
      continue;
    }
    const local = header & 0x0f;
    if (header & 0x40) {
      need(5);
      const littleEndian = data[offset + 1] === 0;
      const global = view.getUint16(offset + 2, littleEndian);
      const count = data[offset + 4]!;
      offset += 5;
      need(count * 3);
      const fields: FieldDef[] = [];
      for (let i = 0; i < count; i++) {
        fields.push({ number: data[offset]!, size: data[offset + 1]!, baseType: data[offset + 2]! });
        offset += 3;
      }
      let developerBytes = 0;
      if (header & 0x20) {
        need(1);
        const devCount = data[offset++]!;
        need(devCount * 3);
        for (let i = 0; i < devCount; i++) developerBytes += data[offset + i * 3 + 1]!;
        offset += devCount * 3;
      }
      definitions.set(local, { global, littleEndian, fields, developerBytes });
    } else {
      offset = readData(local, null);
    }
  }

  function readData(local: number, compressedTime: number | null): number {
    const def = definitions.get(local);
    if (!def) throw new GpxError('GPX_INVALID', 'A FIT data message has no definition');
    let at = offset;
    let lat: number | null = null;
    let lon: number | null = null;
    let altitude: number | null = null;
    let enhancedAltitude: number | null = null;
    let timestamp: number | null = compressedTime;
    let name: string | null = null;
    for (const field of def.fields) {
      if (at + field.size > end) throw new GpxError('GPX_INVALID', 'The FIT file is cut short');
      const wanted = def.global === RECORD || def.global === COURSE_POINT || def.global === COURSE;
      if (wanted) {
        const le = def.littleEndian;
        const int32 = () => (field.size === 4 ? view.getInt32(at, le) : null);
        const uint32 = () => (field.size === 4 ? view.getUint32(at, le) : null);
        const uint16 = () => (field.size === 2 ? view.getUint16(at, le) : null);
        if (def.global === RECORD) {
          if (field.number === 0) lat = validSint32(int32());
          else if (field.number === 1) lon = validSint32(int32());
          else if (field.number === 2) altitude = validUint(uint16(), 0xffff);
          else if (field.number === 78) enhancedAltitude = validUint(uint32(), 0xffffffff);
          else if (field.number === 253) timestamp = validUint(uint32(), 0xffffffff);
        } else if (def.global === COURSE_POINT) {
          if (field.number === 2) lat = validSint32(int32());
          else if (field.number === 3) lon = validSint32(int32());
          else if (field.number === 6) name = readString(data, at, field.size);
        } else if (field.number === 5) {
          gpx.name ??= readString(data, at, field.size);
        }
      }
      at += field.size;
    }
    if (at + def.developerBytes > end) throw new GpxError('GPX_INVALID', 'The FIT file is cut short');
    at += def.developerBytes;
    if (timestamp !== null) lastTimestamp = timestamp;
    if ((def.global === RECORD || def.global === COURSE_POINT) && (lat !== null || lon !== null)) {
      counter.add();
      const metres = enhancedAltitude ?? altitude;
      const point = validPoint(
        lat === null ? null : lat * SEMICIRCLES_TO_DEGREES,
        lon === null ? null : lon * SEMICIRCLES_TO_DEGREES,
        metres === null ? null : metres / 5 - 500,
        timestamp === null ? null : new Date(FIT_EPOCH_MS + timestamp * 1000).toISOString(),
      );
      if (!point) gpx.skippedPoints++;
      else if (def.global === RECORD) track.push(point);
      else gpx.waypoints.push({ ...point, name, type: null, sym: null });
    }
    return at;
  }

  if (track.length) gpx.tracks.push({ name: gpx.name, segments: [track] });
  return counter.nonEmpty(gpx, 'FIT');
}

export function isFitSignature(data: Uint8Array) {
  return data.byteLength >= 12 && data[8] === 0x2e && data[9] === 0x46 && data[10] === 0x49 && data[11] === 0x54;
}

const validSint32 = (v: number | null) => (v === null || v === 0x7fffffff ? null : v);
const validUint = (v: number | null, invalid: number) => (v === null || v === invalid ? null : v);

function readString(data: Uint8Array, at: number, size: number) {
  let endAt = at;
  while (endAt < at + size && data[endAt] !== 0) endAt++;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data.subarray(at, endAt)).trim();
  return text || null;
}
