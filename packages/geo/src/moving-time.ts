/**
 * Estimated moving time of a route from its distance and its climb, per sport. Planning figures, not promises:
 * no stops, average fitness, good conditions. Sources (docs/maps.md, "Elevation and moving time"):
 *
 * - Hiking — DIN 33466 (Wanderwege, the rule of the German and Austrian Alpine clubs and of Swiss hiking signs):
 *   4 km/h on the flat, 300 m/h up, 500 m/h down; the time is the larger of the horizontal and the vertical times
 *   plus half the smaller.
 * - Running — ITRA's "km-effort" (International Trail Running Association): distance in km plus one km for every
 *   100 m of climb, run at a flat pace (6:00 min/km on the road, 7:00 min/km on trails). Descents are not counted.
 * - Cycling — a Naismith-type sum (W. W. Naismith, 1892: time on the flat plus time for the climb), the climb at a
 *   VAM (velocità ascensionale media, metres climbed per hour, after M. Ferrari) for a leisure rider:
 *   road 24 km/h and 800 m/h, gravel 18 km/h and 650 m/h, mountain bike 14 km/h and 550 m/h. Descents are not
 *   credited: on a bike they are ridden at about flat speed once braking is counted.
 */

export type MovingTimeModel =
  | { kind: 'DIN_33466' }
  | { kind: 'KM_EFFORT'; flatMinutesPerKm: number }
  | { kind: 'CYCLING'; flatKmPerHour: number; climbMetresPerHour: number };

export const DIN_33466 = { flatKmPerHour: 4, upMetresPerHour: 300, downMetresPerHour: 500 } as const;
/** ITRA: 100 m of climb weighs as much as 1 km of distance. */
export const KM_EFFORT_METRES_PER_KM = 100;

/**
 * The sports (their ids in the sport list) that have a model. Other sports (climbing, paddling, swimming, skiing,
 * sports an admin adds) get no estimate rather than a wrong one.
 */
export const MOVING_TIME_MODELS: Readonly<Record<string, MovingTimeModel>> = {
  hiking: { kind: 'DIN_33466' },
  mountaineering: { kind: 'DIN_33466' },
  snowshoeing: { kind: 'DIN_33466' },
  'nordic-walking': { kind: 'DIN_33466' },
  running: { kind: 'KM_EFFORT', flatMinutesPerKm: 6 },
  'trail-running': { kind: 'KM_EFFORT', flatMinutesPerKm: 7 },
  'road-cycling': { kind: 'CYCLING', flatKmPerHour: 24, climbMetresPerHour: 800 },
  gravel: { kind: 'CYCLING', flatKmPerHour: 18, climbMetresPerHour: 650 },
  'mountain-biking': { kind: 'CYCLING', flatKmPerHour: 14, climbMetresPerHour: 550 },
};

/**
 * How much slower than the model a group is (group-eta.ts): its flat time and its climbing time multiplied by
 * these; 1 and 1 is the model itself.
 */
export interface Slowdown {
  flat: number;
  climb: number;
}
const AS_MODELLED: Slowdown = { flat: 1, climb: 1 };

/** Hours by DIN 33466, not rounded. */
export function din33466Hours(
  distanceMetres: number,
  upMetres: number,
  downMetres: number,
  slow = AS_MODELLED,
): number {
  const horizontal = (distanceMetres / 1000 / DIN_33466.flatKmPerHour) * slow.flat;
  const vertical = (upMetres / DIN_33466.upMetresPerHour + downMetres / DIN_33466.downMetresPerHour) * slow.climb;
  return Math.max(horizontal, vertical) + Math.min(horizontal, vertical) / 2;
}

/** Hours by ITRA km-effort at a flat pace, not rounded. */
export function kmEffortHours(distanceMetres: number, upMetres: number, flatMinutesPerKm: number, slow = AS_MODELLED) {
  return (
    (((distanceMetres / 1000) * slow.flat + (upMetres / KM_EFFORT_METRES_PER_KM) * slow.climb) * flatMinutesPerKm) / 60
  );
}

/** Hours on a bike: the flat time plus the climb at a VAM, not rounded. */
export function cyclingHours(
  distanceMetres: number,
  upMetres: number,
  flatKmPerHour: number,
  climbMetresPerHour: number,
  slow = AS_MODELLED,
): number {
  return (distanceMetres / 1000 / flatKmPerHour) * slow.flat + (upMetres / climbMetresPerHour) * slow.climb;
}

export function modelHours(
  model: MovingTimeModel,
  distanceMetres: number,
  upMetres: number,
  downMetres: number,
  slow = AS_MODELLED,
) {
  switch (model.kind) {
    case 'DIN_33466':
      return din33466Hours(distanceMetres, upMetres, downMetres, slow);
    case 'KM_EFFORT':
      return kmEffortHours(distanceMetres, upMetres, model.flatMinutesPerKm, slow);
    case 'CYCLING':
      return cyclingHours(distanceMetres, upMetres, model.flatKmPerHour, model.climbMetresPerHour, slow);
  }
}

/** Estimates are said as "about …": to the nearest 5 minutes, and never less than 5. */
export const MOVING_TIME_ROUNDING_MINUTES = 5;

export interface MovingTimeEstimate {
  /** Whole minutes, a multiple of 5. */
  minutes: number;
  /** False when the route's elevation is unknown: the figure then counts the distance alone. */
  includesClimb: boolean;
}

export interface RouteEffort {
  /** Metres. */
  distance: number;
  /** Metres of climb and of descent; null when the route's elevation is unknown. */
  gain: number | null;
  loss: number | null;
}

/**
 * The estimated moving time of a route for a sport, or null when the sport has no model or the route no length.
 * An unknown climb is not taken as flat silently: the answer says the climb is not included.
 */
export function estimateMovingTime(sportId: string, route: RouteEffort): MovingTimeEstimate | null {
  const model = Object.hasOwn(MOVING_TIME_MODELS, sportId) ? MOVING_TIME_MODELS[sportId] : undefined;
  if (!model || !(route.distance > 0) || !Number.isFinite(route.distance)) return null;
  const includesClimb = route.gain !== null && route.loss !== null;
  const up = includesClimb ? Math.max(0, route.gain ?? 0) : 0;
  const down = includesClimb ? Math.max(0, route.loss ?? 0) : 0;
  const minutes = modelHours(model, route.distance, up, down) * 60;
  const step = MOVING_TIME_ROUNDING_MINUTES;
  return { minutes: Math.max(step, Math.round(minutes / step) * step), includesClimb };
}
