import { columnsOfPoints, type PointColumns } from './columns.ts';
import { type MeasuredColumns, measureColumns } from './distance.ts';
import { roundTo2Decimals } from './rounding.ts';
import type { GpxPoint, LatLng } from './types.ts';

export type ElevatedPoint = LatLng & Partial<Pick<GpxPoint, 'elevation'>>;

export const SMOOTHING_STEP_METRES = 25;
export const SMOOTHING_THRESHOLD_METRES = 5;

export const ELEVATION_GAIN_METHOD =
  'Sum of the positive differences between consecutive points that have an elevation. ' +
  'Points with a zero or missing elevation are skipped; no difference is taken across a gap between track segments. ' +
  'Rounded to 2 decimals.';

export const SMOOTHED_ELEVATION_GAIN_METHOD =
  `Elevation resampled every ${SMOOTHING_STEP_METRES} m of distance by linear interpolation, ` +
  `then a climb counts only when it rises at least ${SMOOTHING_THRESHOLD_METRES} m above the last low point ` +
  '(hysteresis), which hides GPS noise. Zero or missing elevations are skipped and segment gaps are not bridged. ' +
  'Rounded to 2 decimals.';

/** Spec §9 treats an elevation of 0 like a missing one. */
export function hasElevation(elevation: number | null | undefined): elevation is number {
  return elevation !== null && elevation !== undefined && elevation !== 0 && Number.isFinite(elevation);
}

/** Elevation gain in metres exactly as spec §9, over each line separately, rounded to 2 decimals. */
export function elevationGain(lines: readonly (readonly ElevatedPoint[])[]): number {
  return elevationGainOfColumns(lines.map(columnsOfPoints));
}

/** Elevation loss in metres, the mirror of elevationGain: the sum of the falls between consecutive known points. */
export function elevationLoss(lines: readonly (readonly ElevatedPoint[])[]): number {
  return elevationLossOfColumns(lines.map(columnsOfPoints));
}

export function elevationGainOfColumns(lines: readonly PointColumns[]): number {
  return roundTo2Decimals(elevationChange(lines, 1));
}

export function elevationLossOfColumns(lines: readonly PointColumns[]): number {
  return roundTo2Decimals(elevationChange(lines, -1));
}

/** The sum of the rises (direction 1) or of the falls (-1) between consecutive points that have an elevation. */
function elevationChange(lines: readonly PointColumns[], direction: 1 | -1): number {
  let change = 0;
  for (const { elevations } of lines) {
    let previous: number | null = null;
    for (let index = 0; index < elevations.length; index++) {
      const elevation = elevations[index]!;
      if (!hasElevation(elevation)) continue;
      const step = (elevation - (previous ?? elevation)) * direction;
      if (step > 0) change += step;
      previous = elevation;
    }
  }
  return change;
}

export interface SmoothingOptions {
  stepMetres?: number;
  thresholdMetres?: number;
}

/** Elevation gain in metres that ignores GPS noise; see SMOOTHED_ELEVATION_GAIN_METHOD. */
export function smoothedElevationGain(
  lines: readonly (readonly ElevatedPoint[])[],
  options: SmoothingOptions = {},
): number {
  return smoothedElevationChangeOfMeasured(
    lines.map((line) => measureColumns(columnsOfPoints(line))),
    options,
  ).gain;
}

/**
 * The smoothed gain and the descent, from one resampling of each line. The descent has the same resampling and
 * hysteresis as the gain: a fall is a climb of the line walked backwards, so it is the hysteresis gain of the
 * reversed series.
 */
export function smoothedElevationChangeOfMeasured(
  lines: readonly MeasuredColumns[],
  { stepMetres = SMOOTHING_STEP_METRES, thresholdMetres = SMOOTHING_THRESHOLD_METRES }: SmoothingOptions = {},
): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  for (const line of lines) {
    const resampled = resampleElevation(line, stepMetres);
    gain += hysteresisGain(resampled, thresholdMetres);
    loss += hysteresisGain(resampled.reverse(), thresholdMetres);
  }
  return { gain: roundTo2Decimals(gain), loss: roundTo2Decimals(loss) };
}

/**
 * Gain of a series of elevations with hysteresis: a climb from a low point to a high point counts once it is at
 * least `thresholdMetres` high; it ends when the series falls `thresholdMetres` below its high point. Not rounded.
 */
export function hysteresisGain(elevations: readonly number[], thresholdMetres: number): number {
  let gain = 0;
  let low = elevations[0] ?? 0;
  let high = low;
  const closeClimb = () => {
    if (high - low >= thresholdMetres) gain += high - low;
  };
  for (let index = 0; index < elevations.length; index++) {
    const elevation = elevations[index]!;
    if (elevation > high) {
      high = elevation;
    } else if (high - elevation >= thresholdMetres || elevation < low) {
      closeClimb();
      low = elevation;
      high = elevation;
    }
  }
  closeClimb();
  return gain;
}

/** The elevation every `stepMetres` along the line (linear interpolation), plus the last known elevation. */
function resampleElevation(line: MeasuredColumns, stepMetres: number): number[] {
  const distances: number[] = [];
  const elevations: number[] = [];
  const written = line.columns.elevations;
  for (let index = 0; index < written.length; index++) {
    const elevation = written[index]!;
    if (hasElevation(elevation)) {
      distances.push(line.distances[index]!);
      elevations.push(elevation);
    }
  }
  const count = distances.length;
  const samples: number[] = [];
  if (count === 0) return samples;
  const step = stepMetres > 0 ? stepMetres : SMOOTHING_STEP_METRES;
  const lastDistance = distances[count - 1]!;
  let known = 0;
  for (let sampleDistance = distances[0]!; sampleDistance < lastDistance; sampleDistance += step) {
    while (known + 1 < count && distances[known + 1]! <= sampleDistance) known++;
    const fromDistance = distances[known]!;
    const fromElevation = elevations[known]!;
    const toDistance = distances[known + 1] ?? fromDistance;
    const toElevation = elevations[known + 1] ?? fromElevation;
    const span = toDistance - fromDistance;
    samples.push(
      span > 0
        ? fromElevation + ((toElevation - fromElevation) * (sampleDistance - fromDistance)) / span
        : fromElevation,
    );
  }
  samples.push(elevations[count - 1]!);
  return samples;
}
