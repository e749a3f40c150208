import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The server's keys, one per purpose, derived from the master secret (JWT_SECRET) with HKDF-SHA-256 (review L-N5):
 * a service gets only its own key, never the master, so a key that leaks opens one thing. docs/operations.md has
 * the rotation procedure.
 */
const PURPOSES = {
  sessions: 'cordata sessions (JWT)',
  otp: 'cordata one-time codes',
  feeds: 'cordata calendar feed tokens',
  exportLinks: 'cordata export links',
  uploadLinks: 'cordata upload links',
  packLinks: 'cordata outing pack basemap links',
  totp: 'cordata totp sealing',
} as const;
type Purpose = keyof typeof PURPOSES;

const SALT = 'cordata server keys v1';
const deriveKey = (secret: Uint8Array, purpose: Purpose) =>
  Buffer.from(hkdfSync('sha256', secret, SALT, PURPOSES[purpose], 32));

/** The keys of one purpose: the one that signs, and every one a signature may still match (signing key first). */
export interface KeyRing {
  signing: Buffer;
  verifying: readonly Buffer[];
}

/**
 * How TOTP secrets are sealed: with `sealing` (TOTP_KEY's, or unset the master's as before it), and opened with it
 * or with a key they were sealed with earlier (`earlier`), until the start re-seals them (step-up.ts).
 */
export interface TotpKeys {
  sealing: Buffer;
  earlier: readonly Buffer[];
}

export interface ServerKeys {
  sessions: KeyRing;
  otp: Buffer;
  checkIn: Buffer;
  feeds: KeyRing;
  exportLinks: KeyRing;
  uploadLinks: KeyRing;
  /** The outing pack's basemap downloads (modules/offline, issue 38). */
  packLinks: KeyRing;
  totp: TotpKeys;
}

/** What the keys of an install made before derived keys were (HMACs of the master under a label). */
const legacyKey = (secret: Uint8Array, label: string) => createHmac('sha256', secret).update(label).digest();

export function serverKeys(secrets: {
  master: Uint8Array;
  /** The master being rotated out (JWT_SECRET_PREVIOUS): still accepted where a link or session outlives a start. */
  previous: Uint8Array | null;
  totpKey: Uint8Array | null;
}): ServerKeys {
  const masters = secrets.previous ? [secrets.master, secrets.previous] : [secrets.master];
  const ring = (purpose: Purpose, options: { legacy?: boolean } = {}): KeyRing => {
    const derived = masters.map((m) => deriveKey(m, purpose));
    // Sessions and feed URLs made before derived keys were signed with the master itself: a 30-day session and
    // a calendar subscription outlive an upgrade. Only ever a verifying key, and gone once that master is rotated out.
    const legacy = options.legacy ? masters.map((m) => Buffer.from(m)) : [];
    return { signing: derived[0]!, verifying: [...derived, ...legacy] };
  };
  const legacyTotp = masters.map((m) => legacyKey(m, 'cordata totp secret key'));
  return {
    sessions: ring('sessions', { legacy: true }),
    otp: deriveKey(secrets.master, 'otp'),
    // Check-in codes keep the key they always had (already their own, derived under a label): a pass shown on a
    // phone stays valid through the upgrade.
    checkIn: legacyKey(secrets.master, 'attendance check-in codes'),
    feeds: ring('feeds', { legacy: true }),
    exportLinks: ring('exportLinks'),
    uploadLinks: ring('uploadLinks'),
    packLinks: ring('packLinks'),
    totp: secrets.totpKey
      ? { sealing: deriveKey(secrets.totpKey, 'totp'), earlier: legacyTotp }
      : { sealing: legacyTotp[0]!, earlier: legacyTotp.slice(1) },
  };
}

const base64url = (mac: Buffer) => mac.toString('base64url');

/** Whether `given` is `format(HMAC-SHA-256(key, message))` for a key of the ring, in constant time per key. */
export function ringMatches(
  ring: KeyRing,
  message: string,
  given: string,
  format: (mac: Buffer) => string = base64url,
) {
  const asked = Buffer.from(given);
  let found = false;
  for (const key of ring.verifying) {
    const wanted = Buffer.from(format(createHmac('sha256', key).update(message).digest()));
    if (wanted.length === asked.length && timingSafeEqual(wanted, asked)) found = true;
  }
  return found;
}

/** The HMAC-SHA-256 of a message with a ring's signing key, formatted (base64url unless told). */
export const ringSign = (ring: KeyRing, message: string, format: (mac: Buffer) => string = base64url) =>
  format(createHmac('sha256', ring.signing).update(message).digest());
