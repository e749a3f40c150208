export interface ChartGeometry {
  /** The profile line as an SVG path in a width × height box (y grows downwards). */
  line: string;
  /** The line closed along the bottom edge, for the filled area. */
  area: string;
  minElevation: number;
  maxElevation: number;
  totalDistance: number;
}

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
  // A flat route still gets a visible band rather than a division by zero.
  const span = Math.max(maxElevation - minElevation, 10);
  const x = (d: number) => (totalDistance > 0 ? ((d - first) / totalDistance) * width : 0);
  const y = (e: number) => height - ((e - minElevation) / span) * height;
  const points = profile.map(([d, e]) => `${x(d).toFixed(1)},${y(e).toFixed(1)}`);
  const line = `M${points.join('L')}`;
  const area = `${line}L${width},${height}L0,${height}Z`;
  return { line, area, minElevation, maxElevation, totalDistance };
}
