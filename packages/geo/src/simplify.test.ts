import { describe, expect, it } from 'vitest';
import { simplifyLine } from './simplify.ts';

const straight = Array.from({ length: 1000 }, (_, index) => ({ latitude: 45 + index / 100_000, longitude: 9 }));

describe('simplifyLine', () => {
  it('keeps only the ends of a straight line', () => {
    expect(simplifyLine([straight])).toEqual([straight[0], straight[999]]);
  });

  it('keeps a point farther than the tolerance and drops one closer', () => {
    // 0.0001° of longitude at 45° N is about 7.9 m.
    const bent = [
      { latitude: 45, longitude: 9 },
      { latitude: 45.005, longitude: 9.0001 },
      { latitude: 45.01, longitude: 9 },
    ];
    expect(simplifyLine([bent], { toleranceMetres: 5 })).toHaveLength(3);
    expect(simplifyLine([bent], { toleranceMetres: 10 })).toHaveLength(2);
  });

  it('respects maxPoints, keeping the most important points first', () => {
    const zigzag = Array.from({ length: 5000 }, (_, index) => ({
      latitude: 45 + index / 10_000,
      longitude: 9 + (index % 2) * 0.001 * (1 + (index % 10)),
    }));
    const simplified = simplifyLine([zigzag], { maxPoints: 100 });
    expect(simplified).toHaveLength(100);
    expect(simplified[0]).toEqual(zigzag[0]);
    expect(simplified.at(-1)).toEqual(zigzag.at(-1));
  });

  it('keeps the ends of every line, in order, and returns plain coordinates', () => {
    const first = [
      { latitude: 1, longitude: 1, elevation: 5 },
      { latitude: 1, longitude: 2, elevation: 6 },
    ];
    const lone = [{ latitude: 3, longitude: 3, elevation: 7 }];
    expect(simplifyLine([first, [], lone])).toEqual([
      { latitude: 1, longitude: 1 },
      { latitude: 1, longitude: 2 },
      { latitude: 3, longitude: 3 },
    ]);
    expect(simplifyLine([])).toEqual([]);
  });

  it('simplifies a million points without recursion', () => {
    const wiggly = Array.from({ length: 1_000_000 }, (_, index) => ({
      latitude: 45 + index / 1_000_000,
      longitude: 9 + Math.sin(index / 5000) * 0.01,
    }));
    const simplified = simplifyLine([wiggly], { maxPoints: 2000, toleranceMetres: 0 });
    expect(simplified).toHaveLength(2000);
  }, 30_000);
});
