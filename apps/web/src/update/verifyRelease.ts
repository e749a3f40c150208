import { config } from '../config.ts';
import { APP_VERSION, isNewerVersion, releaseSignedText } from '../contract.ts';

export interface ReleaseManifest {
  version: string;
  sha256: string;
  signature: string | null;
}

/**
 * The release public key (Ed25519, 32 bytes in base64) is baked into the app at build time
 * (VITE_RELEASE_PUBLIC_KEY), never taken from the server it protects against (security review M12).
 */
const releasePublicKey = (): string => import.meta.env.VITE_RELEASE_PUBLIC_KEY ?? '';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

/**
 * The release the updater may install, once its manifest is proven: signed by the release key over its version and
 * sha256 (review M12), and newer than the running app, so an older signed bundle replayed as the latest is refused.
 * A build without the release key installs no update at all (fail closed): the native build refuses to make one.
 */
export async function verifiedRelease(
  manifest: ReleaseManifest,
  running: string = APP_VERSION,
  publicKey: string = releasePublicKey(),
): Promise<{ version: string; sha256: string }> {
  if (!publicKey) throw new Error('This build has no release key (VITE_RELEASE_PUBLIC_KEY): it installs no update');
  if (!/^[0-9a-f]{64}$/.test(manifest.sha256)) throw new Error('The release has no valid checksum');
  if (!manifest.signature) throw new Error('The release is not signed');
  const { verifyAsync } = await import('@noble/ed25519');
  const valid = await verifyAsync(
    bytesOf(manifest.signature),
    new TextEncoder().encode(releaseSignedText(manifest.version, manifest.sha256)),
    bytesOf(publicKey),
  ).catch(() => false);
  if (!valid) throw new Error('The release signature does not match');
  if (!isNewerVersion(manifest.version, running))
    throw new Error(`The release ${manifest.version} is not newer than the running ${running}`);
  return { version: manifest.version, sha256: manifest.sha256 };
}

/** The manifest of the newest bundle, as the server publishes it beside release/latest.zip. */
export async function fetchReleaseManifest(): Promise<ReleaseManifest> {
  const res = await fetch(`${config.publicUrl}/release/latest.json`, { cache: 'no-store' });
  if (!res.ok) throw new Error(`release/latest.json answered ${res.status}`);
  return (await res.json()) as ReleaseManifest;
}
