import { PACK_TILES_LINK_MINUTES } from '@cordata/contract';
import { type KeyRing, ringMatches, ringSign } from '../../secrets.ts';

/** Where the outing pack's basemap cut is downloaded: `/maps/packs/<token>.pmtiles` (no session needed). */
export const PACK_TILES_PREFIX = '/maps/packs/';

export interface PackLinkClaims {
  activityId: string;
  userId: string;
  /** The cut's key (pack-cut.ts): the file the link opens. */
  cutKey: string;
  expiresAt: Date;
}

/**
 * The signed link to a pack's basemap cut: the activity, the person and the expiry, with the cut it opens, signed
 * with the server's pack-link key (secrets.ts `packLinks`, derived from JWT_SECRET; a link signed before a
 * rotation still opens with JWT_SECRET_PREVIOUS). Valid PACK_TILES_LINK_MINUTES.
 */
const uuidBytes = (id: string) => Buffer.from(id.replaceAll('-', ''), 'hex');
const uuidOf = (bytes: Buffer) => {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};
/** A cut's key is 20 hex digits (pack-cut.ts); the link carries its 10 bytes. */
const CUT_KEY_BYTES = 10;
const PAYLOAD_BYTES = 16 + 16 + 4 + CUT_KEY_BYTES;
/** The HMAC-SHA-256 cut to 128 bits, so the link stays under the router's 100-character path segment. */
const signatureOf = (mac: Buffer) => mac.subarray(0, 16).toString('base64url');

export function createPackLinks(keys: KeyRing, now: () => Date) {
  function sign(claims: Omit<PackLinkClaims, 'expiresAt'>): { url: string; expiresAt: Date } {
    const expiresAt = new Date(now().getTime() + PACK_TILES_LINK_MINUTES * 60_000);
    const expires = Math.floor(expiresAt.getTime() / 1000);
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    uuidBytes(claims.activityId).copy(payload, 0);
    uuidBytes(claims.userId).copy(payload, 16);
    payload.writeUInt32BE(expires, 32);
    Buffer.from(claims.cutKey, 'hex').copy(payload, 36);
    const token = payload.toString('base64url');
    return {
      url: `${PACK_TILES_PREFIX}${token}.${ringSign(keys, token, signatureOf)}.pmtiles`,
      expiresAt: new Date(expires * 1000),
    };
  }

  /** The claims of a link's last path segment (`<token>.pmtiles`), or why it opens nothing. */
  function verify(
    segment: string,
  ): { ok: true; claims: PackLinkClaims } | { ok: false; reason: 'invalid' | 'expired' } {
    const match = /^([A-Za-z0-9_-]{62})\.([A-Za-z0-9_-]{22})\.pmtiles$/.exec(segment);
    if (!match) return { ok: false, reason: 'invalid' };
    const [, token = '', signature = ''] = match;
    if (!ringMatches(keys, token, signature, signatureOf)) return { ok: false, reason: 'invalid' };
    const payload = Buffer.from(token, 'base64url');
    if (payload.length !== PAYLOAD_BYTES) return { ok: false, reason: 'invalid' };
    const expiresAt = new Date(payload.readUInt32BE(32) * 1000);
    if (expiresAt.getTime() <= now().getTime()) return { ok: false, reason: 'expired' };
    return {
      ok: true,
      claims: {
        activityId: uuidOf(payload.subarray(0, 16)),
        userId: uuidOf(payload.subarray(16, 32)),
        cutKey: payload.subarray(36).toString('hex'),
        expiresAt,
      },
    };
  }

  return { sign, verify };
}

export type PackLinks = ReturnType<typeof createPackLinks>;
