import {
  DIN_33466,
  MOVING_TIME_MODELS,
  MOVING_TIME_ROUNDING_MINUTES,
  type MovingTimeModel,
  modelHours,
  type RouteEffort,
} from './moving-time.ts';
import type { IntensityKind } from './partner-fit.ts';

/**
 * The group's moving time (issue 24): the sport's moving-time model (moving-time.ts), slowed for the group by
 * its slowest person on each factor, from the levels the confirmed participants declared for the sport:
 *
 * - the flat pace: a declared PACE (seconds per km) sets that person's flat speed against the model's; the
 *   group goes at its slowest declared pace (faster walkers than the model speed it up only if everyone who
 *   declared a pace is faster). Nobody declared a pace: the model's own.
 * - the climb: a declared ELEVATION is the climb a person does comfortably; on a route that climbs more, that
 *   person climbs slower in proportion (twice the comfortable climb: half the climbing speed), never below
 *   half. The group climbs at its slowest.
 * - DISTANCE and TIME say how far or how long, not how fast: they do not change the estimate.
 *
 * `limitedBy` names the factor that adds the most time over the model's own estimate, and `limitingCount` how
 * many people set it ("the climb, for 1 person"); null when nobody slows the group.
 */

export interface DeclaredLevel {
  kind: IntensityKind;
  value: number;
}

export type GroupLimit = 'PACE' | 'CLIMB';

export interface GroupMovingTime {
  /** Whole minutes, a multiple of 5. */
  minutes: number;
  includesClimb: boolean;
  limitedBy: GroupLimit | null;
  limitingCount: number;
}

/** The slowest a person's climb is taken to be, as a share of the model's climbing speed. */
export const GROUP_MIN_CLIMB_SHARE = 0.5;

/** The model's flat pace in seconds per km. */
function modelFlatPace(model: MovingTimeModel): number {
  if (model.kind === 'DIN_33466') return 3600 / DIN_33466.flatKmPerHour;
  if (model.kind === 'KM_EFFORT') return model.flatMinutesPerKm * 60;
  return 3600 / model.flatKmPerHour;
}

/** The slowest factor among people (1 when nobody declared one) and how many people share it. */
function slowest(factors: number[]): { factor: number; count: number } {
  if (!factors.length) return { factor: 1, count: 0 };
  const factor = Math.max(...factors);
  return { factor, count: factors.filter((f) => Math.abs(f - factor) < 1e-9).length };
}

export function groupMovingTime(sportId: string, route: RouteEffort, levels: DeclaredLevel[]): GroupMovingTime | null {
  const model = Object.hasOwn(MOVING_TIME_MODELS, sportId) ? MOVING_TIME_MODELS[sportId] : undefined;
  if (!model || !(route.distance > 0) || !Number.isFinite(route.distance)) return null;
  const includesClimb = route.gain !== null && route.loss !== null;
  const effort = {
    distance: route.distance,
    up: includesClimb ? Math.max(0, route.gain ?? 0) : 0,
    down: includesClimb ? Math.max(0, route.loss ?? 0) : 0,
  };
  const valid = levels.filter((l) => l.value > 0 && Number.isFinite(l.value));
  const pace = slowest(valid.filter((l) => l.kind === 'PACE').map((l) => l.value / modelFlatPace(model)));
  const climb = slowest(
    valid
      .filter((l) => l.kind === 'ELEVATION')
      .map((l) => (effort.up > l.value ? Math.min(effort.up / l.value, 1 / GROUP_MIN_CLIMB_SHARE) : 1)),
  );

  const slowed = (flat: number, climbing: number) =>
    modelHours(model, effort.distance, effort.up, effort.down, { flat, climb: climbing });
  const hours = slowed(pace.factor, climb.factor);
  const step = MOVING_TIME_ROUNDING_MINUTES;
  const minutes = Math.max(step, Math.round((hours * 60) / step) * step);

  // What each factor alone adds over the model's own time.
  const base = slowed(1, 1);
  const byPace = slowed(pace.factor, 1) - base;
  const byClimb = slowed(1, climb.factor) - base;
  const limitedBy: GroupLimit | null = byPace <= 1e-9 && byClimb <= 1e-9 ? null : byClimb > byPace ? 'CLIMB' : 'PACE';
  return {
    minutes,
    includesClimb,
    limitedBy,
    limitingCount: limitedBy === 'CLIMB' ? climb.count : limitedBy === 'PACE' ? pace.count : 0,
  };
}
