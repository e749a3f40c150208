import { describe, expect, it } from 'vitest';
import { haversineMetres, lineLengthMetres } from './distance.ts';
import { pointAtDistance, sampleLine } from './sample.ts';

// 0.01° of latitude is 1111.95 m on the 6371 km sphere.
const north = (km: number) => ({ latitude: 45 + km / 111.19492664455873, longitude: 9 });

const maxGap = (line: { latitude: number; longitude: number }[]) =>
  Math.max(...line.slice(1).map((p, i) => haversineMetres(line[i]!, p)));

describe('sampleLine', () => {
  it('keeps every vertex and cuts each leg into pieces of at most the spacing', () => {
    const line = [north(0), north(1), { latitude: north(1).latitude, longitude: 9.01 }];
    const samples = sampleLine(line, { spacingMetres: 100, maxSamples: 500 });
    for (const vertex of line) expect(samples).toContainEqual(vertex);
    expect(samples[0]).toEqual(line[0]);
    expect(samples.at(-1)).toEqual(line[2]);
    expect(maxGap(samples)).toBeLessThanOrEqual(100.0001);
    // The samples lie on the line: its length is the drawn length.
    expect(lineLengthMetres(samples)).toBeCloseTo(lineLengthMetres(line), 1);
    // 1000 m → 10 pieces; the east leg (about 786 m) → 8 pieces; plus the first point.
    expect(samples).toHaveLength(1 + 10 + 8);
  });

  it('spreads the samples out on a long route instead of passing the cap', () => {
    const line = [north(0), north(100)];
    const samples = sampleLine(line, { spacingMetres: 100, maxSamples: 500 });
    expect(samples.length).toBeLessThanOrEqual(500);
    expect(samples.length).toBeGreaterThan(490);
    expect(maxGap(samples)).toBeLessThan(100_000 / 490);
    expect(samples.at(-1)).toEqual(line[1]);
  });

  it('samples a dense line (a snapped or recorded one) at equal distances within the cap', () => {
    const line = Array.from({ length: 2000 }, (_, i) => north(i * 0.01)); // 20 km, a point every 10 m
    const samples = sampleLine(line, { spacingMetres: 100, maxSamples: 500 });
    expect(samples).toHaveLength(201);
    expect(samples[0]).toEqual(line[0]);
    expect(samples.at(-1)!.latitude).toBeCloseTo(line.at(-1)!.latitude, 9);
    expect(maxGap(samples)).toBeCloseTo(99.95, 1);
    const capped = sampleLine(
      Array.from({ length: 2000 }, (_, i) => north(i * 0.1)),
      { maxSamples: 300 },
    );
    expect(capped).toHaveLength(300);
  });

  it('handles the degenerate lines', () => {
    expect(sampleLine([])).toEqual([]);
    expect(sampleLine([north(0)])).toEqual([north(0)]);
    expect(sampleLine([north(0), north(0)])).toEqual([north(0), north(0)]);
  });
});

describe('pointAtDistance', () => {
  const line = [north(0), north(1), north(3)];
  it('walks the line and interpolates inside a leg', () => {
    expect(pointAtDistance(line, 0)).toEqual(north(0));
    expect(pointAtDistance(line, 2000)!.latitude).toBeCloseTo(north(2).latitude, 9);
    expect(pointAtDistance(line, 500)!.latitude).toBeCloseTo(north(0.5).latitude, 9);
  });
  it('clamps to the ends and gives null for no line', () => {
    expect(pointAtDistance(line, -5)).toEqual(north(0));
    expect(pointAtDistance(line, 1e9)!.latitude).toBeCloseTo(north(3).latitude, 9);
    expect(pointAtDistance([], 10)).toBeNull();
  });
});
