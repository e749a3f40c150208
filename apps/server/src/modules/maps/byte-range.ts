// Ours, not range-parser (issue 39): range-parser 1.3.0 answers 416 to a suffix longer than the file (`bytes=-200` of
// 100 bytes; RFC 9110 §14.1.2 serves it all) and to a start past 2^53, which this serves as a whole file; a wrapper
// fixing both would be as long.
/**
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14). A single range is served as a
 * 206; an end past the file is cut to its last byte; a range that starts at or past the end is unsatisfiable
 * (416). Several ranges, or a header that is not a byte range, are ignored: the whole file (200), which the
 * RFC allows. PMTiles readers ask for one range at a time.
 */
export type ByteRange = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Number.MAX_SAFE_INTEGER : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
