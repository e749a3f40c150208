export interface ChartGeometry {
  /** The profile line as an SVG path in a width × height box (y grows downwards). */
  line: string;
  /** The line closed along the bottom edge, for the filled area. */
  area: string;
  minElevation: number;
  maxElevation: number;
  totalDistance: number;
  /** Where a point of the profile sits in the box. */
  x: (distance: number) => number;
  y: (elevation: number) => number;
}

const MIN_SPAN_METRES = 100;

/** Scales [distance, elevation] pairs into an SVG box; null when there is nothing to draw. */
export function chartGeometry(
  profile: readonly (readonly [number, number])[],
  width: number,
  height: number,
): ChartGeometry | null {
  if (profile.length < 2) return null;
  let minElevation = Number.POSITIVE_INFINITY;
  let maxElevation = Number.NEGATIVE_INFINITY;
  for (const [, elevation] of profile) {
    if (elevation < minElevation) minElevation = elevation;
    if (elevation > maxElevation) maxElevation = elevation;
  }
  const first = profile[0]![0];
  const totalDistance = profile[profile.length - 1]![0] - first;
  // The box spans at least 100 m, centred on the route: a 7 m ripple stays a gentle line, not a saw.
  const range = maxElevation - minElevation;
  const span = Math.max(range, MIN_SPAN_METRES);
  const floor = minElevation - (span - range) / 2;
  const x = (d: number) => (totalDistance > 0 ? ((d - first) / totalDistance) * width : 0);
  const y = (e: number) => height - ((e - floor) / span) * height;
  const points = profile.map(([d, e]) => `${x(d).toFixed(1)},${y(e).toFixed(1)}`);
  const line = `M${points.join('L')}`;
  const area = `${line}L${width},${height}L0,${height}Z`;
  return { line, area, minElevation, maxElevation, totalDistance, x, y };
}

/** A place on the profile: the distance from the start and the elevation there. */
export interface ProfileSpot {
  distance: number;
  elevation: number;
}

type Profile = readonly (readonly [number, number])[];

/** The profile at `distance` (clamped to it), the elevation interpolated between its two neighbours. */
export function profileAt(profile: Profile, distance: number): ProfileSpot | null {
  if (profile.length === 0) return null;
  const first = profile[0]!;
  const last = profile[profile.length - 1]!;
  if (!(distance > first[0])) return { distance: first[0], elevation: first[1] };
  if (distance >= last[0]) return { distance: last[0], elevation: last[1] };
  let high = 1;
  while (profile[high]![0] < distance) high++;
  const [d0, e0] = profile[high - 1]!;
  const [d1, e1] = profile[high]!;
  const span = d1 - d0;
  return { distance, elevation: span > 0 ? e0 + ((e1 - e0) * (distance - d0)) / span : e1 };
}

/** The distance under a pointer at `fraction` (0 left, 1 right) of the chart's width. */
export function distanceAtFraction(profile: Profile, fraction: number): number {
  if (profile.length === 0) return 0;
  const first = profile[0]![0];
  const last = profile[profile.length - 1]![0];
  return first + (last - first) * Math.min(1, Math.max(0, fraction));
}

/**
 * Where a key moves the cursor: the arrows go a 50th of the route (the smallest step a person can follow on a
 * phone), Page Up/Down a tenth, Home and End to the ends. Null for a key the chart does not use.
 */
export function distanceAfterKey(profile: Profile, current: number | null, key: string): number | null {
  if (profile.length < 2) return null;
  const first = profile[0]![0];
  const last = profile[profile.length - 1]![0];
  const at = current ?? first;
  const clamp = (d: number) => Math.min(last, Math.max(first, d));
  const step = (last - first) / 50;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return current === null ? first : clamp(at + step);
    case 'ArrowLeft':
    case 'ArrowDown':
      return current === null ? first : clamp(at - step);
    case 'PageUp':
      return clamp(at + step * 5);
    case 'PageDown':
      return clamp(at - step * 5);
    case 'Home':
      return first;
    case 'End':
      return last;
    default:
      return null;
  }
}
