import { config } from '../config.ts';

export interface ReleaseManifest {
  version: string;
  sha256: string;
  signature: string | null;
}

/**
 * The release public key (Ed25519, 32 bytes in base64) is baked into the app at build time
 * (VITE_RELEASE_PUBLIC_KEY), never taken from the server it protects against (security review M12).
 */
const RELEASE_PUBLIC_KEY: string = import.meta.env.VITE_RELEASE_PUBLIC_KEY ?? '';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * The checksum the updater must find in the downloaded bundle, once its signature is verified.
 * With a public key in the build, an unsigned or wrongly signed bundle is refused; without one
 * (development builds) the checksum alone is still checked by the updater.
 */
export async function verifiedChecksum(
  manifest: ReleaseManifest,
  publicKey: string = RELEASE_PUBLIC_KEY,
): Promise<string> {
  if (!/^[0-9a-f]{64}$/.test(manifest.sha256)) throw new Error('The release has no valid checksum');
  if (!publicKey) return manifest.sha256;
  if (!manifest.signature) throw new Error('The release is not signed');
  const { verifyAsync } = await import('@noble/ed25519');
  const valid = await verifyAsync(
    bytesOf(manifest.signature),
    new TextEncoder().encode(manifest.sha256),
    bytesOf(publicKey),
  ).catch(() => false);
  if (!valid) throw new Error('The release signature does not match');
  return manifest.sha256;
}

/** The manifest of the newest bundle, as the server publishes it beside release/latest.zip. */
export async function fetchReleaseManifest(): Promise<ReleaseManifest> {
  const res = await fetch(`${config.publicUrl}/release/latest.json`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`release/latest.json answered ${res.status}`);
  return (await res.json()) as ReleaseManifest;
}
