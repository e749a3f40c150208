/**
 * Standard grades (issue 24): optional, beside the spec's difficulty, which stays as it is. Each scale lists its
 * grades from the easiest to the hardest; that order is the only order there is (gradeRank), shared by the
 * server's maximum-grade filter and the app. Documented in docs/activities.md ("Standard grades").
 * Warning, load-bearing: no zod here. The app loads this file at start (apps/web/src/contract.ts); the schemas are
 * in calls/activity.ts.
 */
export const GRADE_SCALES = ['SAC', 'STS', 'UIAA', 'FRENCH', 'VIA_FERRATA'] as const;
export type GradeScale = (typeof GRADE_SCALES)[number];

const uiaa = ['I', 'II', 'III'].concat(
  ['IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI'].flatMap((g) => [`${g}-`, g, `${g}+`]),
  ['XII-', 'XII'],
);
const french = ['1', '2', '3', '4a', '4b', '4c', '5a', '5b', '5c'].concat(
  ['6', '7', '8'].flatMap((n) => ['a', 'b', 'c'].flatMap((l) => [`${n}${l}`, `${n}${l}+`])),
  ['9a', '9a+', '9b', '9b+', '9c'],
);

/** The grades of each scale, easiest first. */
export const SCALE_GRADES: Readonly<Record<GradeScale, readonly string[]>> = {
  /** Swiss Alpine Club hiking scale (OpenStreetMap sac_scale). */
  SAC: ['T1', 'T2', 'T3', 'T4', 'T5', 'T6'],
  /** Singletrail-Skala (OpenStreetMap mtb:scale). */
  STS: ['S0', 'S1', 'S2', 'S3', 'S4', 'S5'],
  /** UIAA free-climbing grades, with their - and + steps. */
  UIAA: uiaa,
  /** French sport-climbing grades. */
  FRENCH: french,
  /** Via ferrata difficulty, A (easy) to F (extremely difficult). */
  VIA_FERRATA: ['A', 'B', 'C', 'D', 'E', 'F'],
};

/**
 * The scales an activity of each sport (the sports catalogue's keys, sports.seed.ts) may be graded on. A sport not
 * listed here (on water, on snow, added later in the admin area) takes no standard grade: only its difficulty.
 */
export const SPORT_GRADE_SCALES: Readonly<Record<string, readonly GradeScale[]>> = {
  hiking: ['SAC'],
  'trail-running': ['SAC'],
  'nordic-walking': ['SAC'],
  orienteering: ['SAC'],
  mountaineering: ['SAC', 'UIAA'],
  'mountain-biking': ['STS'],
  gravel: ['STS'],
  climbing: ['UIAA', 'FRENCH'],
  'via-ferrata': ['VIA_FERRATA'],
};

export function gradeScalesOfSport(sportId: string): readonly GradeScale[] {
  return SPORT_GRADE_SCALES[sportId] ?? [];
}

/** The grade's place in its scale (0 the easiest), or -1 when the scale has no such grade. */
export function gradeRank(scale: GradeScale, grade: string): number {
  return SCALE_GRADES[scale].indexOf(grade);
}

/** Orders two grades of one scale (negative: `a` is easier). Both must be grades of the scale. */
export function compareGrades(scale: GradeScale, a: string, b: string): number {
  const ra = gradeRank(scale, a);
  const rb = gradeRank(scale, b);
  if (ra < 0 || rb < 0) throw new RangeError(`Not a ${scale} grade: ${ra < 0 ? a : b}`);
  return ra - rb;
}

/** Every grade of the scale at or below `max` (none when `max` is not one of its grades). */
export function gradesUpTo(scale: GradeScale, max: string): string[] {
  const rank = gradeRank(scale, max);
  return rank < 0 ? [] : SCALE_GRADES[scale].slice(0, rank + 1);
}

/**
 * Hazards an organiser can flag, on the Komoot warning model: EXPOSURE (a fall would be serious), ROAD_WITHOUT_PATH
 * (a road with no sidewalk or cycle lane), STAIRS (for bikes), FERRY, ACCESS_RESTRICTED, UNPAVED (for road bikes).
 */
export const HAZARDS = ['EXPOSURE', 'ROAD_WITHOUT_PATH', 'STAIRS', 'FERRY', 'ACCESS_RESTRICTED', 'UNPAVED'] as const;
export type Hazard = (typeof HAZARDS)[number];

const BIKE_SPORTS = ['road-cycling', 'mountain-biking', 'gravel', 'triathlon'];

/** The hazards that mean something for a sport: stairs only for bikes, unpaved only for road bikes. */
export function hazardsOfSport(sportId: string): Hazard[] {
  return HAZARDS.filter((h) => {
    if (h === 'STAIRS') return BIKE_SPORTS.includes(sportId);
    if (h === 'UNPAVED') return sportId === 'road-cycling';
    return true;
  });
}

/** Whether every grade and hazard suits the sport (the server answers GRADE_NOT_FOR_SPORT otherwise). */
export function gradesFitSport(
  sportId: string,
  grades: readonly { scale: GradeScale; grade: string }[],
  hazards: readonly Hazard[],
): boolean {
  const scales = gradeScalesOfSport(sportId);
  const allowed = hazardsOfSport(sportId);
  return grades.every((g) => scales.includes(g.scale)) && hazards.every((h) => allowed.includes(h));
}
