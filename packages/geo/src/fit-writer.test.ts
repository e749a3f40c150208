import { describe, expect, it } from 'vitest';
import { parseFit } from './fit.ts';
import { fitCrc, writeFit } from './fit-writer.ts';

const START = Date.UTC(2025, 5, 14, 7, 30);

describe('writeFit', () => {
  it('writes a 14-byte header with the signature, the data size and both CRCs', () => {
    const bytes = writeFit([{ latitude: 46.5, longitude: 7.5, time: START }]);
    const view = new DataView(bytes.buffer);
    expect(bytes[0]).toBe(14);
    expect(new TextDecoder().decode(bytes.subarray(8, 12))).toBe('.FIT');
    expect(view.getUint32(4, true)).toBe(bytes.length - 14 - 2);
    // A CRC over the bytes followed by their CRC is 0: so FIT readers check both.
    expect(fitCrc(bytes.subarray(0, 14))).toBe(0);
    expect(fitCrc(bytes)).toBe(0);
  });

  it('computes the FIT SDK CRC (CRC-16/ARC)', () => {
    expect(fitCrc(new TextEncoder().encode('123456789'))).toBe(0xbb3d);
  });

  it('is read back by parseFit: positions, times and altitudes', () => {
    const points = [
      { latitude: 46.55, longitude: 7.95, time: START, elevation: 1034.4 },
      { latitude: 46.551, longitude: 7.952, time: START + 1000, elevation: null },
      { latitude: -33.9, longitude: -70.1, time: START + 3_600_000, elevation: -12.2 },
    ];
    const [track] = parseFit(writeFit(points)).tracks;
    const read = track!.segments[0]!;
    expect(read).toHaveLength(3);
    read.forEach((point, i) => {
      const written = points[i]!;
      // Semicircles hold a position to under a centimetre.
      expect(point.latitude).toBeCloseTo(written.latitude, 7);
      expect(point.longitude).toBeCloseTo(written.longitude, 7);
      expect(point.time).toBe(new Date(written.time).toISOString());
      if (written.elevation === null) expect(point.elevation).toBeNull();
      else expect(point.elevation).toBeCloseTo(written.elevation, 6);
    });
  });

  it('writes no altitude when no point has one', () => {
    const read = parseFit(writeFit([{ latitude: 1, longitude: 2, time: START }])).tracks[0]!.segments[0]!;
    expect(read[0]!.elevation).toBeNull();
  });

  it('round-trips 100 000 points, the most a route file may hold', () => {
    const points = Array.from({ length: 100_000 }, (_, i) => ({
      latitude: 45 + i * 1e-5,
      longitude: 6 + Math.sin(i / 100) * 0.01,
      time: START + i * 1000,
      elevation: 500 + (i % 1000) / 5,
    }));
    const read = parseFit(writeFit(points)).tracks[0]!.segments[0]!;
    expect(read).toHaveLength(points.length);
    for (const i of [0, 1, 54_321, 99_999]) {
      expect(read[i]!.latitude).toBeCloseTo(points[i]!.latitude, 7);
      expect(read[i]!.longitude).toBeCloseTo(points[i]!.longitude, 7);
      expect(read[i]!.time).toBe(new Date(points[i]!.time).toISOString());
      expect(read[i]!.elevation).toBeCloseTo(points[i]!.elevation, 6);
    }
    expect(read.every((p, i) => Date.parse(p.time!) === points[i]!.time)).toBe(true);
  });
});
