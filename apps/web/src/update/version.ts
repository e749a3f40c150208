/** Parses "1.2.3" (a leading "v" and build suffixes tolerated) into 3 numbers, or null. */
export function parseVersion(version: string): [number, number, number] | null {
  const match = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) return null;
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** Compares two versions by their 3 numeric parts: negative, 0 or positive. Unparseable sorts lowest. */
export function compareVersions(a: string, b: string): number {
  const pa = parseVersion(a);
  const pb = parseVersion(b);
  if (!pa || !pb) return (pa ? 1 : 0) - (pb ? 1 : 0);
  for (let i = 0; i < 3; i++) {
    const d = pa[i]! - pb[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

export const isNewerVersion = (candidate: string, current: string) =>
  parseVersion(candidate) !== null && compareVersions(candidate, current) > 0;
