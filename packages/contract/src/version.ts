/** Parses 'MAJOR.MINOR.PATCH' (spec §7: versions compare as 3 numeric parts); null when it is not one. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^\s*v?(\d{1,9})\.(\d{1,9})\.(\d{1,9})\s*$/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Negative when a < b, 0 when equal, positive when a > b. Unparsable versions sort lowest. */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  for (let i = 0; i < 3; i++) {
    const diff = pa[i]! - pb[i]!;
    if (diff !== 0) return diff;
  }
  return 0;
}

export const isNewerVersion = (candidate: string, current: string) => compareVersions(candidate, current) > 0;

/**
 * What a live-update bundle's Ed25519 signature covers (review M12): its version as well as its sha256, so an older
 * signed bundle cannot be offered as a newer one.
 */
export const releaseSignedText = (version: string, sha256: string) => `cordata-release:${version}:${sha256}`;
