import { describe, expect, it } from 'vitest';
import { chartGeometry } from './elevation.ts';

describe('chartGeometry', () => {
  it('needs two points', () => {
    expect(chartGeometry([], 100, 50)).toBeNull();
    expect(chartGeometry([[0, 100]], 100, 50)).toBeNull();
  });

  it('scales distance to the width and elevation to the height, highest at the top', () => {
    const g = chartGeometry(
      [
        [0, 100],
        [500, 200],
        [1000, 150],
      ],
      100,
      50,
    )!;
    expect(g.line).toBe('M0.0,50.0L50.0,0.0L100.0,25.0');
    expect(g.area).toBe('M0.0,50.0L50.0,0.0L100.0,25.0L100,50L0,50Z');
    expect([g.minElevation, g.maxElevation, g.totalDistance]).toEqual([100, 200, 1000]);
  });

  it('draws a flat route as a line across the middle, not a division by zero', () => {
    const g = chartGeometry(
      [
        [0, 120],
        [800, 120],
      ],
      100,
      50,
    )!;
    expect(g.line).toBe('M0.0,25.0L100.0,25.0');
  });

  it('keeps a 7 m ripple gentle: the box spans at least 100 m', () => {
    const g = chartGeometry(
      [
        [0, 112],
        [500, 119],
        [1000, 112],
      ],
      100,
      50,
    )!;
    expect(g.line).toBe('M0.0,26.8L50.0,23.3L100.0,26.8');
  });
});
