import { createHash, createPrivateKey, sign } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { APP_VERSION, compareVersions, parseVersion, releaseSignedText } from '@cordata/contract';
import { zipSync } from 'fflate';
import type { Db } from '../../db/client.ts';
import { upsertRelease } from './releases.repository.ts';

/** Web bundles for live updates live in DATA_DIR/releases as <version>.zip. */
export const releasesDir = (dataDir: string) => join(dataDir, 'releases');

export function latestRelease(dataDir: string): { version: string; file: string | null } {
  const dir = releasesDir(dataDir);
  const versions = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.zip') && parseVersion(f.slice(0, -4)))
        .map((f) => f.slice(0, -4))
        .sort(compareVersions)
    : [];
  const newest = versions.at(-1);
  return newest ? { version: newest, file: join(dir, `${newest}.zip`) } : { version: APP_VERSION, file: null };
}

/** Zips a built web app (every file of the folder, paths relative to it). */
export function zipFolder(folder: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      // The build's .gz and .br copies serve browsers; the app reads each file once (issue 21).
      else if (!/\.(gz|br)$/.test(name)) files[relative(folder, path).split('\\').join('/')] = readFileSync(path);
    }
  };
  walk(folder);
  return zipSync(files, { level: 6 });
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The Ed25519 signature (base64) of a bundle's version and sha256 (releaseSignedText), made with
 * RELEASE_SIGNING_KEY (a PKCS8 DER key in base64) at release time. The app holds the public key from its build
 * and refuses a bundle not signed by it, or signed for a version that is not newer than its own (review M12).
 */
export function signRelease(version: string, sha256: string, privateKeyBase64: string): string {
  const key = createPrivateKey({ key: Buffer.from(privateKeyBase64, 'base64'), format: 'der', type: 'pkcs8' });
  return sign(null, Buffer.from(releaseSignedText(version, sha256), 'utf8'), key).toString('base64');
}

export function storeRelease(dataDir: string, version: string, bundle: Uint8Array, signingKey?: string) {
  if (!parseVersion(version)) throw new Error(`Not a version: ${version}`);
  const dir = releasesDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${version}.zip`);
  writeFileSync(file, bundle);
  const sha256 = sha256Of(bundle);
  const signature = signingKey ? signRelease(version, sha256, signingKey) : null;
  if (signature) writeFileSync(join(dir, `${version}.sig`), signature);
  return { file, sha256, signature, size: bundle.byteLength };
}

/** What the app checks before it applies a bundle: its version and checksum, and their signature. */
export function releaseManifest(file: string | null, bundle: Uint8Array, version: string) {
  const signatureFile = file?.replace(/\.zip$/, '.sig');
  return {
    version,
    sha256: sha256Of(bundle),
    signature: signatureFile && existsSync(signatureFile) ? readFileSync(signatureFile, 'utf8').trim() : null,
  };
}

/** Records every bundle found in the releases folder, so the history of releases is queryable. */
export async function recordReleases(db: Db, dataDir: string) {
  const dir = releasesDir(dataDir);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    const version = name.slice(0, -4);
    if (!name.endsWith('.zip') || !parseVersion(version)) continue;
    const bundle = readFileSync(join(dir, name));
    await upsertRelease(
      {
        version,
        storageKey: name,
        sha256: createHash('sha256').update(bundle).digest('hex'),
        size: bundle.byteLength,
      },
      db,
    );
  }
}
