export interface FitRecordPoint {
  latitude: number;
  longitude: number;
  /** Milliseconds since the epoch; written to the second. */
  time: number;
  /** Metres; written to 0.2 m, from -500 m to 12 606 m. */
  elevation?: number | null;
}

/** FIT times count seconds from 1989-12-31T00:00:00Z. */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);
const HEADER_SIZE = 14;
const FILE_ID = 0;
const RECORD = 20;
const ACTIVITY = 4;
const DEVELOPMENT_MANUFACTURER = 255;
const BASE = { enum: 0x00, uint16: 0x84, sint32: 0x85, uint32: 0x86 } as const;

/**
 * A minimal FIT activity file, as a watch writes one: a file_id message and one record message a point
 * (timestamp, position, altitude when given), little-endian, with the header and file CRCs. Cordata reads FIT
 * files (fit.ts) but has no reason to send them: this writer makes the watch files of tests, of the recording
 * benchmark and of the "bring your watch" journey (issue 42).
 */
export function writeFit(points: readonly FitRecordPoint[]): Uint8Array {
  const withAltitude = points.some((p) => p.elevation !== undefined && p.elevation !== null);
  const fileIdFields = [
    [0, 1, BASE.enum],
    [1, 2, BASE.uint16],
    [4, 4, BASE.uint32],
  ] as const;
  const recordFields: (readonly [number, number, number])[] = [
    [253, 4, BASE.uint32],
    [0, 4, BASE.sint32],
    [1, 4, BASE.sint32],
  ];
  if (withAltitude) recordFields.push([2, 2, BASE.uint16]);
  const definitionSize = (fields: readonly unknown[]) => 6 + 3 * fields.length;
  const recordSize = 1 + recordFields.reduce((sum, [, size]) => sum + size, 0);
  const dataSize = definitionSize(fileIdFields) + 1 + 7 + definitionSize(recordFields) + recordSize * points.length;

  const bytes = new Uint8Array(HEADER_SIZE + dataSize + 2);
  const view = new DataView(bytes.buffer);
  let at = 0;
  const u8 = (value: number) => view.setUint8(at++, value);
  const u16 = (value: number) => {
    view.setUint16(at, value, true);
    at += 2;
  };
  const u32 = (value: number) => {
    view.setUint32(at, value, true);
    at += 4;
  };
  const define = (local: number, global: number, fields: readonly (readonly [number, number, number])[]) => {
    u8(0x40 | local);
    u8(0); // reserved
    u8(0); // little-endian
    u16(global);
    u8(fields.length);
    for (const [number, size, baseType] of fields) {
      u8(number);
      u8(size);
      u8(baseType);
    }
  };

  u8(HEADER_SIZE);
  u8(0x20); // protocol 2.0
  u16(2132); // profile 21.32
  u32(dataSize);
  for (const char of '.FIT') u8(char.charCodeAt(0));
  u16(fitCrc(bytes.subarray(0, 12)));

  define(0, FILE_ID, fileIdFields);
  u8(0);
  u8(ACTIVITY);
  u16(DEVELOPMENT_MANUFACTURER);
  u32(fitSeconds(points[0]?.time ?? Date.now()));

  define(1, RECORD, recordFields);
  for (const point of points) {
    u8(1);
    u32(fitSeconds(point.time));
    view.setInt32(at, semicircles(point.latitude), true);
    view.setInt32(at + 4, semicircles(point.longitude), true);
    at += 8;
    if (withAltitude) u16(altitude(point.elevation));
  }
  u16(fitCrc(bytes.subarray(0, at)));
  return bytes;
}

const fitSeconds = (ms: number) => Math.round((ms - FIT_EPOCH_MS) / 1000) >>> 0;
const semicircles = (degrees: number) => Math.round((degrees / 180) * 2 ** 31) | 0;
/** uint16 at scale 5, offset 500; 0xFFFF is FIT's "no value". */
const altitude = (metres: number | null | undefined) =>
  metres === undefined || metres === null ? 0xffff : Math.min(0xfffe, Math.max(0, Math.round((metres + 500) * 5)));

const CRC_TABLE = [
  0x0000, 0xcc01, 0xd801, 0x1400, 0xf001, 0x3c00, 0x2800, 0xe401, 0xa001, 0x6c00, 0x7800, 0xb401, 0x5000, 0x9c01,
  0x8801, 0x4400,
];

/** The CRC-16 of the FIT SDK (the ARC CRC, computed a nibble at a time). */
export function fitCrc(data: Uint8Array): number {
  let crc = 0;
  for (const byte of data) crc = crcNibble(crcNibble(crc, byte & 0x0f), byte >> 4);
  return crc;
}

const crcNibble = (crc: number, nibble: number) => (crc >> 4) ^ CRC_TABLE[crc & 0x0f]! ^ CRC_TABLE[nibble]!;
