import { OSM_GRADE_MIN_SHARE, type OsmTags } from './osm-grades.ts';

/**
 * What to expect on the way (issue 38; docs/activities.md, "What to expect on the way"): step-free, wheelchair and
 * stroller facts and the terrain, read from the OpenStreetMap ways a route was matched to (the same match as the
 * grades, osm-grades.ts). Pure. The never-guess rule of the grades holds: a "yes" needs at least OSM_GRADE_MIN_SHARE
 * of the route's length on ways that say so; one matched piece that says "no" (steps, wheelchair=no, …) is a fact
 * and makes it "no"; anything else is unknown (null).
 */

export const WHEELCHAIR_LEVELS = ['YES', 'LIMITED', 'NO'] as const;
export type WheelchairLevel = (typeof WHEELCHAIR_LEVELS)[number];

/** Surfaces grouped for a person choosing a walk, from wiki.openstreetmap.org/wiki/Key:surface. */
export const SURFACE_KINDS = ['PAVED', 'COMPACTED', 'GRAVEL', 'NATURAL', 'ROCK', 'OTHER'] as const;
export type SurfaceKind = (typeof SURFACE_KINDS)[number];

export interface RouteAccessFacts {
  /** 0 to 1: the share of the route's length matched to an OpenStreetMap way. */
  coverage: number;
  /** True: no steps and at least OSM_GRADE_MIN_SHARE matched; false: steps on the way; null: unknown. */
  stepFree: boolean | null;
  wheelchair: WheelchairLevel | null;
  /** Stroller-friendly: true, false, or null (unknown). */
  stroller: boolean | null;
  /** How many flights of steps (ways tagged highway=steps) the route takes. */
  stepsCount: number;
  /** Share of the route's length on each kind of surface, where tagged, largest first. */
  surfaces: { kind: SurfaceKind; share: number }[];
  /** The steepest `incline` tagged along the route, in percent (absolute); null when none is tagged. */
  maxInclinePercent: number | null;
}

const SURFACE_OF: Readonly<Record<string, SurfaceKind>> = {
  paved: 'PAVED',
  asphalt: 'PAVED',
  chipseal: 'PAVED',
  concrete: 'PAVED',
  'concrete:plates': 'PAVED',
  'concrete:lanes': 'PAVED',
  paving_stones: 'PAVED',
  sett: 'PAVED',
  unhewn_cobblestone: 'PAVED',
  cobblestone: 'PAVED',
  metal: 'PAVED',
  wood: 'PAVED',
  compacted: 'COMPACTED',
  fine_gravel: 'COMPACTED',
  gravel: 'GRAVEL',
  pebblestone: 'GRAVEL',
  unpaved: 'GRAVEL',
  ground: 'NATURAL',
  dirt: 'NATURAL',
  earth: 'NATURAL',
  grass: 'NATURAL',
  mud: 'NATURAL',
  sand: 'NATURAL',
  woodchips: 'NATURAL',
  rock: 'ROCK',
  stone: 'ROCK',
};

/** Surfaces a stroller rolls on without trouble (with no smoothness saying otherwise). */
const STROLLER_SURFACES = new Set([
  'paved',
  'asphalt',
  'chipseal',
  'concrete',
  'concrete:plates',
  'paving_stones',
  'compacted',
  'fine_gravel',
]);
/** smoothness values (wiki.openstreetmap.org/wiki/Key:smoothness), best first; up to intermediate suits wheels. */
const SMOOTHNESS = ['excellent', 'good', 'intermediate', 'bad', 'very_bad', 'horrible', 'very_horrible', 'impassable'];
const smoothnessRank = (tags: OsmTags) => SMOOTHNESS.indexOf(tags.smoothness?.trim() ?? '');
const isSteps = (tags: OsmTags) => tags.highway === 'steps';
const says = (value: string | undefined, ...wanted: string[]) => wanted.includes(value?.trim() ?? '');

/** One way's wheelchair fact: its `wheelchair` tag; steps are NO unless a ramp for wheelchairs is mapped. */
export function wayWheelchair(tags: OsmTags): WheelchairLevel | null {
  if (says(tags.wheelchair, 'yes', 'designated')) return 'YES';
  if (says(tags.wheelchair, 'limited')) return 'LIMITED';
  if (says(tags.wheelchair, 'no')) return 'NO';
  if (isSteps(tags)) return says(tags['ramp:wheelchair'], 'yes') ? 'LIMITED' : 'NO';
  return null;
}

/**
 * One way's stroller fact: `stroller` where mapped; steps without `ramp:stroller=yes`, a smoothness bad or worse or
 * wheelchair=no are false; wheelchair yes, or a smooth surface (STROLLER_SURFACES) with no bad smoothness, true.
 */
export function wayStroller(tags: OsmTags): boolean | null {
  if (says(tags.stroller, 'yes', 'designated')) return true;
  if (says(tags.stroller, 'no', 'limited')) return false;
  if (isSteps(tags)) return says(tags['ramp:stroller'], 'yes');
  const smooth = smoothnessRank(tags);
  if (smooth >= 3 || says(tags.wheelchair, 'no')) return false;
  if (says(tags.wheelchair, 'yes', 'designated')) return true;
  if (STROLLER_SURFACES.has(tags.surface?.trim() ?? '') || (smooth >= 0 && smooth <= 2)) return true;
  return null;
}

/** An `incline` in percent (absolute): "12%", "-8 %", "5°"; null for up, down, yes or anything else. */
export function inclinePercent(value: string | undefined): number | null {
  const match = /^(-?\d+(?:\.\d+)?)\s*(%|°)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  const n = Math.abs(Number(match[1]));
  const percent = match[2] === '°' ? (n < 90 ? Math.tan((n * Math.PI) / 180) * 100 : null) : n;
  return percent === null || percent > 1000 ? null : Math.round(percent);
}

/**
 * The facts of a route from the ways it was matched to (`matches`: each way with the length of route it took;
 * `totalMetres` the route's whole length, unmatched length included). Independent of the sport.
 */
export function routeAccessFromOsm(
  matches: readonly { tags: OsmTags; metres: number }[],
  totalMetres: number,
): RouteAccessFacts {
  const used = matches.filter((m) => m.metres > 0);
  const share = (metres: number) => (totalMetres > 0 ? Math.min(1, metres / totalMetres) : 0);
  const sum = (list: readonly { metres: number }[]) => list.reduce((s, m) => s + m.metres, 0);
  const enough = (metres: number) => totalMetres > 0 && share(metres) >= OSM_GRADE_MIN_SHARE;

  const coverage = share(sum(used));
  const stepsCount = used.filter((m) => isSteps(m.tags)).length;

  const wheel = used.map((m) => ({ level: wayWheelchair(m.tags), metres: m.metres }));
  const wheelKnown = wheel.filter((w) => w.level === 'YES' || w.level === 'LIMITED');
  const wheelchair: WheelchairLevel | null = wheel.some((w) => w.level === 'NO')
    ? 'NO'
    : enough(sum(wheelKnown))
      ? wheelKnown.some((w) => w.level === 'LIMITED')
        ? 'LIMITED'
        : 'YES'
      : null;

  const pram = used.map((m) => ({ ok: wayStroller(m.tags), metres: m.metres }));
  const stroller = pram.some((p) => p.ok === false) ? false : enough(sum(pram.filter((p) => p.ok))) ? true : null;

  const byKind = new Map<SurfaceKind, number>();
  for (const { tags, metres } of used) {
    const surface = tags.surface?.trim();
    if (!surface) continue;
    const kind = SURFACE_OF[surface] ?? 'OTHER';
    byKind.set(kind, (byKind.get(kind) ?? 0) + metres);
  }
  const surfaces = [...byKind]
    .map(([kind, metres]) => ({ kind, share: Math.round(share(metres) * 100) / 100 }))
    .filter((s) => s.share > 0)
    .sort((a, b) => b.share - a.share || SURFACE_KINDS.indexOf(a.kind) - SURFACE_KINDS.indexOf(b.kind));

  const inclines = used.map((m) => inclinePercent(m.tags.incline)).filter((p): p is number => p !== null);

  return {
    coverage: Math.round(coverage * 100) / 100,
    stepFree: stepsCount > 0 ? false : enough(sum(used)) ? true : null,
    wheelchair,
    stroller,
    stepsCount,
    surfaces,
    maxInclinePercent: inclines.length > 0 ? Math.max(...inclines) : null,
  };
}
