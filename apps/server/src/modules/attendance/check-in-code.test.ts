import { describe, expect, it } from 'vitest';
import { serverKeys } from '../../secrets.ts';
import { checkInCode, checkInQr, printedCode, readCheckIn, sameCode } from './check-in-code.ts';

const checkInKey = (master: Uint8Array) => serverKeys({ master, previous: null, totpKey: null }).checkIn;

const key = checkInKey(new TextEncoder().encode('a-server-secret-that-is-long-enough'));
const activity = '0190b3c4-7d5e-7a1b-8c2d-3e4f5a6b7c8d';
const other = '0190b3c4-7d5e-7a1b-8c2d-3e4f5a6b7c8e';
const anna = '0190b3c4-0000-7000-8000-000000000001';
const bruno = '0190b3c4-0000-7000-8000-000000000002';
const closes = new Date('2026-12-09T10:00:00Z');

describe('check-in codes', () => {
  it('are 8 characters of the Crockford alphabet, one per activity, person and closing instant', () => {
    const code = checkInCode(key, activity, anna, closes);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(checkInCode(key, activity, anna, closes)).toBe(code);
    expect(checkInCode(key, activity, bruno, closes)).not.toBe(code);
    expect(checkInCode(key, other, anna, closes)).not.toBe(code);
    expect(checkInCode(key, activity, anna, new Date(closes.getTime() + 60_000))).not.toBe(code);
  });

  it('cannot be made without the server secret', () => {
    const forged = checkInKey(new TextEncoder().encode('another-secret-of-the-same-length-xx'));
    expect(checkInCode(forged, activity, anna, closes)).not.toBe(checkInCode(key, activity, anna, closes));
  });

  it('name nobody in clear: the QR holds the activity and the code only', () => {
    const qr = checkInQr(activity, checkInCode(key, activity, anna, closes));
    expect(qr).not.toContain(anna);
    expect(qr).not.toContain(anna.replace(/-/g, ''));
    expect(qr.startsWith(`cordata-checkin:${activity}:`)).toBe(true);
  });

  it('are read back from the QR or from the printed code however it was typed', () => {
    const code = checkInCode(key, activity, anna, closes);
    expect(readCheckIn(checkInQr(activity, code))).toEqual({ activityId: activity, code });
    expect(readCheckIn(` ${printedCode(code).toLowerCase()} `)).toEqual({ activityId: null, code });
    expect(readCheckIn('oil0-1234')).toEqual({ activityId: null, code: '01101234' });
  });

  it('compare equal only when the same', () => {
    expect(sameCode('ABCD1234', 'ABCD1234')).toBe(true);
    expect(sameCode('ABCD1234', 'ABCD1235')).toBe(false);
    expect(sameCode('ABCD1234', 'ABCD123')).toBe(false);
  });
});
