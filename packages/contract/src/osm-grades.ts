import {
  compareGrades,
  type GradeScale,
  gradeScalesOfSport,
  type Hazard,
  hazardsOfSport,
  SCALE_GRADES,
  SPORT_GRADE_SCALES,
} from './grades.ts';

/**
 * Grades and hazards suggested from OpenStreetMap (issue 24; docs/activities.md, "Suggested from OpenStreetMap").
 * Pure: the server matches the route to the ways around it (packages/geo, matchRouteToWays) and hands the matched
 * lengths and tags here. A grade is suggested only when at least 80 % of the route's length lies on ways graded on
 * that scale, and it is then the hardest grade along that length; otherwise the grade is unknown, never a guess.
 */

/** The share of the route's length that must lie on graded ways before a grade is suggested. */
export const OSM_GRADE_MIN_SHARE = 0.8;

export type OsmTags = Readonly<Record<string, string>>;

/** sac_scale's values (wiki.openstreetmap.org/wiki/Key:sac_scale), easiest first: T1 to T6. */
const SAC_SCALE = [
  'hiking',
  'mountain_hiking',
  'demanding_mountain_hiking',
  'alpine_hiking',
  'demanding_alpine_hiking',
  'difficult_alpine_hiking',
];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** The grade on a scale one way's tags give, or null when they give none on it (absent, or not a value of it). */
export function osmGrade(scale: GradeScale, tags: OsmTags): string | null {
  const known = (grade: string | undefined) => (grade && SCALE_GRADES[scale].includes(grade) ? grade : null);
  switch (scale) {
    case 'SAC': {
      const value = tags.sac_scale?.trim();
      const rank = value ? SAC_SCALE.indexOf(value) : -1;
      return rank >= 0 ? SCALE_GRADES.SAC[rank]! : known(value?.toUpperCase());
    }
    case 'STS': {
      // mtb:scale 0–6, sometimes with a + or -; 6 (not rideable) is past the top of the Singletrail-Skala, so S5.
      const level = /^([0-6])[+-]?$/.exec(tags['mtb:scale']?.trim() ?? '')?.[1];
      return level === undefined ? null : `S${Math.min(5, Number(level))}`;
    }
    case 'VIA_FERRATA': {
      // via_ferrata_scale 1–6 stand for A–F; 0 (a path with some cables) is below the scale.
      const value = tags.via_ferrata_scale?.trim().toUpperCase() ?? '';
      const level = /^[1-6]$/.test(value) ? Number(value) : null;
      return level === null ? known(value) : SCALE_GRADES.VIA_FERRATA[level - 1]!;
    }
    case 'UIAA': {
      // Mapped in Arabic (6+) or Roman (VI+) numerals.
      const match = /^(\d{1,2}|[IVX]+)([+-]?)$/.exec(tags['climbing:grade:uiaa']?.trim().toUpperCase() ?? '');
      if (!match) return null;
      const numeral = /^\d/.test(match[1]!) ? ROMAN[Number(match[1]) - 1] : match[1];
      return known(`${numeral}${match[2]}`);
    }
    case 'FRENCH':
      return known(tags['climbing:grade:french']?.trim().toLowerCase());
  }
}

const FOOT_SPORTS = new Set(['running', ...Object.keys(SPORT_GRADE_SCALES).filter((s) => isGradedOn(s, 'SAC'))]);
function isGradedOn(sportId: string, scale: GradeScale) {
  return gradeScalesOfSport(sportId).includes(scale);
}

/** Roads where a walker shares the carriageway with traffic unless a sidewalk is mapped. */
const TRAFFIC_ROADS = new Set([
  'trunk',
  'trunk_link',
  'primary',
  'primary_link',
  'secondary',
  'secondary_link',
  'tertiary',
  'tertiary_link',
]);
/** surface values that are not paved (wiki.openstreetmap.org/wiki/Key:surface). */
const UNPAVED = new Set([
  'unpaved',
  'compacted',
  'gravel',
  'fine_gravel',
  'pebblestone',
  'rock',
  'ground',
  'dirt',
  'earth',
  'grass',
  'mud',
  'sand',
  'woodchips',
]);
const RESTRICTED = new Set(['no', 'private']);
const SIDEWALK_KEYS = ['sidewalk', 'sidewalk:both', 'sidewalk:left', 'sidewalk:right'];
const hasSidewalk = (tags: OsmTags) =>
  SIDEWALK_KEYS.some((key) => tags[key] !== undefined && !['no', 'none'].includes(tags[key]!)) || !!tags.footway;

/** Whether the sport may use the way: its mode's own tag (`foot`, `bicycle`) where mapped, else `access`. */
function accessFor(sportId: string, tags: OsmTags): string {
  const mode = FOOT_SPORTS.has(sportId) ? 'foot' : hazardsOfSport(sportId).includes('STAIRS') ? 'bicycle' : null;
  return (mode && tags[mode]) || tags.access || '';
}

/**
 * The hazards one way's tags state as facts, among those the sport takes (hazardsOfSport): steps (for bikes), a
 * ferry, access=no/private (or foot=, bicycle= for the sport's mode, which overrides access), an unpaved surface (for road bikes), a trunk to tertiary road without a sidewalk (for
 * sports on foot), and exposure where sac_scale is T4 or harder or the way is tagged `exposure` or `hazard=exposure`.
 */
export function osmHazards(sportId: string, tags: OsmTags): Hazard[] {
  const found = new Set<Hazard>();
  if (tags.highway === 'steps') found.add('STAIRS');
  if (tags.route === 'ferry') found.add('FERRY');
  if (RESTRICTED.has(accessFor(sportId, tags))) found.add('ACCESS_RESTRICTED');
  if (UNPAVED.has(tags.surface ?? '')) found.add('UNPAVED');
  if (FOOT_SPORTS.has(sportId) && TRAFFIC_ROADS.has(tags.highway ?? '') && !hasSidewalk(tags))
    found.add('ROAD_WITHOUT_PATH');
  const sac = osmGrade('SAC', tags);
  if (
    (sac && compareGrades('SAC', sac, 'T4') >= 0) ||
    (tags.exposure && tags.exposure !== 'no') ||
    tags.hazard === 'exposure'
  )
    found.add('EXPOSURE');
  return hazardsOfSport(sportId).filter((h) => found.has(h));
}

export interface OsmGradeSuggestion {
  scale: GradeScale;
  /** The hardest grade along the graded length when it covers at least OSM_GRADE_MIN_SHARE; otherwise null. */
  grade: string | null;
  /** The share (0–1) of the route's length on ways graded on this scale. */
  share: number;
}

/**
 * Grades (one per scale of the sport, in its order) and hazards from the ways a route was matched to: `matches` are
 * the ways with the length of route each took, `totalMetres` the route's whole length (unmatched length counts too).
 */
export function suggestFromOsm(
  sportId: string,
  matches: readonly { tags: OsmTags; metres: number }[],
  totalMetres: number,
): { grades: OsmGradeSuggestion[]; hazards: Hazard[] } {
  const grades = gradeScalesOfSport(sportId).map((scale): OsmGradeSuggestion => {
    let graded = 0;
    let hardest: string | null = null;
    for (const { tags, metres } of matches) {
      const grade = osmGrade(scale, tags);
      if (grade === null || metres <= 0) continue;
      graded += metres;
      if (hardest === null || compareGrades(scale, grade, hardest) > 0) hardest = grade;
    }
    const share = totalMetres > 0 ? Math.min(1, graded / totalMetres) : 0;
    return { scale, grade: share >= OSM_GRADE_MIN_SHARE ? hardest : null, share };
  });
  const found = new Set(matches.filter((m) => m.metres > 0).flatMap((m) => osmHazards(sportId, m.tags)));
  return { grades, hazards: hazardsOfSport(sportId).filter((h) => found.has(h)) };
}
