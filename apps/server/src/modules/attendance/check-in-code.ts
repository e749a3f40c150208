import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Check-in codes (docs/attendance.md): a participant's phone shows a QR of `cordata-checkin:<activityId>:<code>`,
 * with the code printed under it for typing. The code is an HMAC of the activity, the person and the instant
 * marking closes, cut to 8 Crockford base-32 characters (40 bits): it names nobody in clear, only the server
 * can make one, it matches one person of one activity, and it stops matching once the activity's times change.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CHECK_IN_CODE_LENGTH = 8;
const QR_PREFIX = 'cordata-checkin';

export function checkInCode(key: Buffer, activityId: string, userId: string, closesAt: Date) {
  const mac = createHmac('sha256', key).update(`${activityId}|${userId}|${closesAt.getTime()}`).digest();
  let bits = 0n;
  for (const byte of mac.subarray(0, 5)) bits = (bits << 8n) | BigInt(byte);
  let code = '';
  for (let i = CHECK_IN_CODE_LENGTH - 1; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return code;
}

/** What the QR shows. */
export const checkInQr = (activityId: string, code: string) => `${QR_PREFIX}:${activityId}:${code}`;

/** The code as printed under the QR: two groups of four. */
export const printedCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * What an organiser scanned or typed: the QR's text (with the activity it names) or the printed code, however
 * it was typed (case, spaces and dashes ignored; O read as 0, I and L as 1, as Crockford's alphabet does).
 */
export function readCheckIn(text: string): { activityId: string | null; code: string } {
  const trimmed = text.trim();
  const qr = trimmed.match(/^cordata-checkin:([0-9a-f-]{36}):([0-9A-Z]+)$/i);
  const [activityId, raw] = qr ? [qr[1]!.toLowerCase(), qr[2]!] : [null, trimmed];
  const code = raw.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return { activityId, code };
}

/** Whether two codes are the same, in constant time. */
export function sameCode(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
