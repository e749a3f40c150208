import { describe, expect, it } from 'vitest';
import { CALIBRATION, calibratedMinutes, calibrationFactor, type Outcome } from './calibration.ts';

const outcome = (estimatedMinutes: number, realMinutes: number): Outcome => ({ estimatedMinutes, realMinutes });

describe('calibrationFactor', () => {
  it('is the median of real over estimated', () => {
    // ratios 1.2, 1.5, 0.9 → median 1.2; a fourth outing makes it the mean of the middle two.
    expect(calibrationFactor([outcome(100, 120), outcome(100, 150), outcome(100, 90)])).toEqual({
      factor: 1.2,
      outings: 3,
    });
    expect(calibrationFactor([outcome(100, 120), outcome(100, 150), outcome(100, 90), outcome(200, 260)])).toEqual({
      factor: 1.25,
      outings: 4,
    });
  });

  it('ignores one outing far off', () => {
    expect(calibrationFactor([outcome(60, 600), outcome(60, 66), outcome(60, 63)])?.factor).toBe(1.1);
  });

  it('has no factor under three outings with both figures', () => {
    expect(calibrationFactor([])).toBeNull();
    expect(calibrationFactor([outcome(100, 120), outcome(100, 150)])).toBeNull();
    expect(calibrationFactor([outcome(100, 120), outcome(100, 150), outcome(0, 90), outcome(100, 0)])).toBeNull();
  });

  it('uses the newest 20 outings only', () => {
    const newest = Array.from({ length: CALIBRATION.maxOutings }, () => outcome(100, 80));
    const older = Array.from({ length: 30 }, () => outcome(100, 150));
    expect(calibrationFactor([...newest, ...older])).toEqual({ factor: 0.8, outings: 20 });
  });

  it('skips outings without both figures before counting the newest 20', () => {
    const outcomes = [outcome(0, 50), ...Array.from({ length: 20 }, () => outcome(50, 55)), outcome(50, 500)];
    expect(calibrationFactor(outcomes)).toEqual({ factor: 1.1, outings: 20 });
  });

  it('is clamped to [0.5, 2] and rounded to 2 decimals', () => {
    expect(calibrationFactor(Array.from({ length: 3 }, () => outcome(60, 300)))?.factor).toBe(2);
    expect(calibrationFactor(Array.from({ length: 3 }, () => outcome(300, 60)))?.factor).toBe(0.5);
    expect(calibrationFactor(Array.from({ length: 3 }, () => outcome(300, 400)))?.factor).toBe(1.33);
  });
});

describe('calibratedMinutes', () => {
  it.each([
    [120, 1, 120],
    [120, 1.33, 160], // 159.6
    [120, 1.1, 130], // 132
    [180, 0.5, 90],
    [5, 0.5, 5], // never under 5
  ])('%d min × %d → %d min', (minutes, factor, expected) => {
    expect(calibratedMinutes(minutes, factor)).toBe(expected);
  });
});
