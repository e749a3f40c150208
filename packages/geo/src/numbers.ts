/** A number written in the file, or null; never NaN or ±Infinity. */
export function parseNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const plain = parsePlainDecimal(text, 0, text.length);
  if (plain !== null) return plain;
  // Number() ignores surrounding whitespace but reads a blank string as 0.
  const value = Number(text);
  if (value === 0 && text.trim() === '') return null;
  return Number.isFinite(value) ? value : null;
}

const POWERS_OF_TEN = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * Fast path for what GPX files hold (`45.4642035`, `-12`, `250.5`), read straight from `source` between `start`
 * and `end` without copying it: at most 15 digits make an exact integer, and one division by an exact power of
 * ten is correctly rounded, so the result equals Number(text). Returns null for anything else.
 */
export function parsePlainDecimal(source: string, start: number, end: number): number | null {
  let index = start;
  const negative = source.charCodeAt(index) === 45; /* - */
  if (negative) index++;
  let digits = 0;
  let decimals = -1;
  let integer = 0;
  for (; index < end; index++) {
    const code = source.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      integer = integer * 10 + (code - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (code === 46 /* . */ && decimals === -1) {
      decimals = 0;
    } else {
      return null;
    }
  }
  if (digits === 0 || digits > 15) return null;
  const value = decimals > 0 ? integer / POWERS_OF_TEN[decimals]! : integer;
  return negative ? -value : value;
}
