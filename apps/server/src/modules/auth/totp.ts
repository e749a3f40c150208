import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import type { TotpKeys } from '../../secrets.ts';

/**
 * RFC 6238 time-based one-time passwords (HMAC-SHA1, 30 s steps, 6 digits), as authenticator apps use: the codes and
 * base32 are otpauth's (a maintained library; security code is better shared), the sealing of secrets at rest ours.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** A code from the step before or after is accepted too, for clocks a little apart. */
const DRIFT_STEPS = 1;

/** A fresh ArrayBuffer holding the bytes: otpauth takes an ArrayBuffer, a Buffer may be a view into a pool. */
const secretOf = (bytes: Uint8Array) => new Secret({ buffer: Uint8Array.from(bytes).buffer });

/** Base32 (RFC 4648, no padding) as authenticator apps read secrets: otpauth's, as the codes are. */
export const base32Encode = (bytes: Uint8Array): string => secretOf(bytes).base32;

/** Throws on a character that is not base32; spaces and padding are ignored. */
export function base32Decode(text: string): Buffer {
  return Buffer.from(Secret.fromBase32(text.replace(/[\s=]/g, '').toUpperCase()).bytes);
}

/** The code for a time step (RFC 4226 dynamic truncation, by otpauth's HOTP with the step as its counter). */
export const totpAt = (secret: Uint8Array, step: number, digits = TOTP_DIGITS): string =>
  HOTP.generate({ secret: secretOf(secret), counter: step, digits, algorithm: 'SHA1' });

export const stepOf = (time: Date) => Math.floor(time.getTime() / 1000 / TOTP_STEP_SECONDS);

/** The time step a code matches, within the drift allowed, or null (otpauth compares in constant time). */
export function matchingStep(secret: Uint8Array, code: string, time: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: secretOf(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
    timestamp: time.getTime(),
    window: DRIFT_STEPS,
  });
  return delta === null ? null : stepOf(time) + delta;
}

export const newTotpSecret = () => randomBytes(20);

/** The otpauth:// link an authenticator app reads from a QR code (ours: otpauth's orders and escapes it otherwise, and it is part of an answer). */
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
