import { readFileSync } from 'node:fs';

/** Reads a GPX file of packages/geo/fixtures (tests only). */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** One metre-scale step: 0.001° of latitude (or of longitude on the equator) on a 6371 km sphere. */
export const MILLIDEGREE_METRES = (6_371_000 * Math.PI) / 180 / 1000;
