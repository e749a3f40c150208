import type { WeatherPointKind } from '@cordata/contract';
import { haversineMetres } from '@cordata/geo';

/** Checkpoints along the route: every 5 km or every 30 minutes of the group's time, whichever comes first. */
export const CHECKPOINT_EVERY_METRES = 5000;
export const CHECKPOINT_EVERY_MINUTES = 30;
/** No more checkpoints than this, however long the route: the step grows instead. */
export const MAX_CHECKPOINTS = 12;

export interface PlanInput {
  routeSteps: readonly { latitude: number; longitude: number }[];
  startLatitude: number;
  startLongitude: number;
  /** [metres from the start, elevation] pairs; empty when the route has no elevation. */
  elevationProfile: readonly (readonly [number, number])[];
  totalDistance: number;
  startsAt: Date;
  endsAt: Date;
  /** The group's time over the route in minutes (required time, else the moving-time estimate), when known. */
  requiredTime: number | null;
}

export interface PlannedPoint {
  kind: WeatherPointKind;
  latitude: number;
  longitude: number;
  distance: number;
  elevation: number | null;
  at: Date;
}

/**
 * Where the group is when: the meeting point at the start, checkpoints along the route at the time the group
 * reaches them, and the highest point where the route has elevation. The group's time over the route is the
 * one given (the required time, else the moving-time estimate), else the planned duration (start to end),
 * spread evenly over the distance (a steady pace). Pure: the page and the alert job both plan with it.
 */
export function weatherPlan(input: PlanInput): PlannedPoint[] {
  const start: PlannedPoint = {
    kind: 'START',
    latitude: input.startLatitude,
    longitude: input.startLongitude,
    distance: 0,
    elevation: elevationAt(input.elevationProfile, 0),
    at: input.startsAt,
  };
  const line = input.routeSteps;
  const total = input.totalDistance;
  if (line.length < 2 || !(total > 0)) return [start];
  const minutes = input.requiredTime ?? (input.endsAt.getTime() - input.startsAt.getTime()) / 60_000;
  const timeAt = (distance: number) => new Date(input.startsAt.getTime() + (distance / total) * minutes * 60_000);
  const measured = measure(line, total);

  let step = Math.min(CHECKPOINT_EVERY_METRES, minutes > 0 ? (total * CHECKPOINT_EVERY_MINUTES) / minutes : Infinity);
  if (total / step > MAX_CHECKPOINTS) step = total / MAX_CHECKPOINTS;
  const points: PlannedPoint[] = [start];
  for (let d = step; d < total + 1; d += step) {
    const distance = Math.min(d, total);
    points.push({
      kind: 'CHECKPOINT',
      ...pointAt(measured, distance),
      distance,
      elevation: elevationAt(input.elevationProfile, distance),
      at: timeAt(distance),
    });
  }
  const last = points[points.length - 1]!;
  // The finish, at the arrival time, unless a checkpoint is already there.
  if (total - last.distance > 1) {
    points.push({
      kind: 'CHECKPOINT',
      ...pointAt(measured, total),
      distance: total,
      elevation: elevationAt(input.elevationProfile, total),
      at: timeAt(total),
    });
  }

  const top = highest(input.elevationProfile);
  if (top) {
    const distance = Math.min(top[0], total);
    points.push({ kind: 'HIGHEST', ...pointAt(measured, distance), distance, elevation: top[1], at: timeAt(distance) });
  }
  return points;
}

interface Measured {
  line: readonly { latitude: number; longitude: number }[];
  /** Cumulative distance at each vertex, scaled so the last is the route's total. */
  at: number[];
}

/** The display line is simplified, so its length is scaled to the route's measured total. */
function measure(line: readonly { latitude: number; longitude: number }[], total: number): Measured {
  const at = [0];
  for (let i = 1; i < line.length; i++) at.push(at[i - 1]! + haversineMetres(line[i - 1]!, line[i]!));
  const length = at[at.length - 1]!;
  const scale = length > 0 ? total / length : 0;
  return { line, at: at.map((d) => d * scale) };
}

function pointAt(m: Measured, distance: number) {
  const { line, at } = m;
  for (let i = 1; i < line.length; i++) {
    if (at[i]! >= distance) {
      const span = at[i]! - at[i - 1]!;
      const f = span > 0 ? (distance - at[i - 1]!) / span : 0;
      const a = line[i - 1]!;
      const b = line[i]!;
      return {
        latitude: a.latitude + (b.latitude - a.latitude) * f,
        longitude: a.longitude + (b.longitude - a.longitude) * f,
      };
    }
  }
  const end = line[line.length - 1]!;
  return { latitude: end.latitude, longitude: end.longitude };
}

function elevationAt(profile: readonly (readonly [number, number])[], distance: number): number | null {
  if (profile.length === 0) return null;
  let best = profile[0]!;
  for (const p of profile) if (Math.abs(p[0] - distance) < Math.abs(best[0] - distance)) best = p;
  return best[1];
}

function highest(profile: readonly (readonly [number, number])[]) {
  let top: readonly [number, number] | null = null;
  for (const p of profile) if (!top || p[1] > top[1]) top = p;
  return top;
}
