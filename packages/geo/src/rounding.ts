/**
 * Rounds to 2 decimals, half up. Sums of many decimals carry binary noise (10.004999999997 for 10.005):
 * the value is first cut to 6 decimals of a hundredth so that noise does not flip the rounding.
 */
export function roundTo2Decimals(value: number): number {
  const hundredths = Number((value * 100).toFixed(6));
  return Math.round(hundredths) / 100;
}
