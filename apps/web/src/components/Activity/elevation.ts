export interface ChartGeometry {
  /** The profile line as an SVG path in a width × height box (y grows downwards). */
  line: string;
  /** The line closed along the bottom edge, for the filled area. */
  area: string;
  minElevation: number;
  maxElevation: number;
  totalDistance: number;
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
  return { line, area, minElevation, maxElevation, totalDistance };
}
