import { MOVING_TIME_ROUNDING_MINUTES } from './moving-time.ts';
import { roundTo2Decimals } from './rounding.ts';

/** One outing with a recording: the moving time Cordata estimated, and the one the watch measured. */
export interface Outcome {
  estimatedMinutes: number;
  realMinutes: number;
}

export const CALIBRATION = { minOutings: 3, maxOutings: 20, minFactor: 0.5, maxFactor: 2 } as const;

/**
 * How much longer than estimated someone really takes (issue 42), from their outcomes, newest first: the median
 * of real / estimated over the newest maxOutings with both figures, so that one outing spent waiting for a
 * friend does not move it; clamped, since a wild factor is more likely a wrong recording than a person. Null
 * below minOutings.
 */
export function calibrationFactor(outcomes: readonly Outcome[]): { factor: number; outings: number } | null {
  const ratios = outcomes
    .filter((o) => o.estimatedMinutes > 0 && o.realMinutes > 0 && Number.isFinite(o.realMinutes / o.estimatedMinutes))
    .slice(0, CALIBRATION.maxOutings)
    .map((o) => o.realMinutes / o.estimatedMinutes)
    .sort((a, b) => a - b);
  if (ratios.length < CALIBRATION.minOutings) return null;
  const middle = ratios.length >> 1;
  const median = ratios.length % 2 === 1 ? ratios[middle]! : (ratios[middle - 1]! + ratios[middle]!) / 2;
  const factor = Math.min(CALIBRATION.maxFactor, Math.max(CALIBRATION.minFactor, median));
  return { factor: roundTo2Decimals(factor), outings: ratios.length };
}

/** An estimate times the factor, said like the estimate: to the nearest 5 minutes, never under 5. */
export function calibratedMinutes(minutes: number, factor: number): number {
  const step = MOVING_TIME_ROUNDING_MINUTES;
  return Math.max(step, Math.round((minutes * factor) / step) * step);
}
