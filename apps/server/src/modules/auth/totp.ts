import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TotpKeys } from '../../secrets.ts';

/** RFC 6238 time-based one-time passwords (HMAC-SHA1, 30 s steps, 6 digits), as authenticator apps use. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code from the step before or after is accepted too, for clocks a little apart. */
const DRIFT_STEPS = 1;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for a time step (RFC 4226 dynamic truncation). */
export function totpAt(secret: Uint8Array, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 15;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepOf = (time: Date) => Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The time step a code matches, within the drift allowed, or null. */
export function matchingStep(secret: Uint8Array, code: string, time: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = stepOf(time);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (timingSafeEqual(Buffer.from(totpAt(secret, step)), Buffer.from(code))) return step;
  }
  return null;
}

export const newTotpSecret = () => randomBytes(20);

/** The otpauth:// link an authenticator app reads from a QR code. */
export const otpauthUri = (secret: Uint8Array, account: string, issuer = 'Cordata') =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${base32Encode(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_SECONDS}`;

function openWith(key: Uint8Array, text: string): Buffer {
  const [iv, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]);
}

/**
 * Secrets are kept encrypted at rest (AES-256-GCM) with the TOTP key (secrets.ts). One sealed with an earlier key
 * (before TOTP_KEY, or under a master being rotated out) still opens, and `sealedEarlier` says it is to be re-sealed.
 */
export function createSecretBox(keys: TotpKeys) {
  return {
    seal(secret: Uint8Array): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keys.sealing, iv);
      const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
      return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
    },
    /** The secret, and whether it was sealed with an earlier key (and is to be sealed again). */
    open(text: string): { secret: Buffer; sealedEarlier: boolean } {
      for (const [index, key] of [keys.sealing, ...keys.earlier].entries()) {
        try {
          return { secret: openWith(key, text), sealedEarlier: index > 0 };
        } catch {}
      }
      throw new Error(
        'A TOTP secret opens with no key: was TOTP_KEY, or JWT_SECRET without JWT_SECRET_PREVIOUS, changed?',
      );
    },
  };
}
