import { haversineMetres } from '@cordata/geo';
import { describe, expect, it } from 'vitest';
import { computeRoute, DISPLAY_LINE_MAX_POINTS } from './activity-route.ts';

describe('computeRoute', () => {
  it('measures a POINTS route from the start through the steps to the destination', () => {
    const start = { latitude: 45.46, longitude: 9.19, address: 'Duomo' };
    const step = { latitude: 45.47, longitude: 9.19 };
    const destination = { latitude: 45.47, longitude: 9.2 };
    const route = computeRoute({ mode: 'POINTS', start, destination, routeSteps: [step] });
    const expected = haversineMetres(start, step) + haversineMetres(step, destination);
    expect(route.totalDistance).toBeCloseTo(expected, 2);
    expect(route).toMatchObject({
      routeMode: 'POINTS',
      startAddress: 'Duomo',
      gpx: null,
      totalElevationGain: null,
      elevationLoss: null,
    });
    expect(route.routeSteps).toEqual([{ latitude: 45.46, longitude: 9.19 }, step, { latitude: 45.47, longitude: 9.2 }]);
    expect(route.waypoints.map((w) => w.type)).toEqual(['START', 'FINISH']);
  });

  it('keeps the waypoints the creator placed', () => {
    const route = computeRoute({
      mode: 'POINTS',
      start: { latitude: 45, longitude: 9 },
      destination: { latitude: 45.01, longitude: 9 },
      routeSteps: [],
      waypoints: [{ type: 'REST', latitude: 45.005, longitude: 9 }],
    });
    expect(route.waypoints).toEqual([{ type: 'REST', latitude: 45.005, longitude: 9 }]);
  });

  it('simplifies a drawn line only when it is too long to draw', () => {
    const routeSteps = Array.from({ length: 2000 }, (_, i) => ({
      latitude: 45 + i * 0.0001,
      longitude: 9 + Math.sin(i) * 0.001,
    }));
    const route = computeRoute({
      mode: 'POINTS',
      start: { latitude: 44.9999, longitude: 9 },
      destination: { latitude: 45.3, longitude: 9 },
      routeSteps,
    });
    expect(route.routeSteps.length).toBeLessThanOrEqual(DISPLAY_LINE_MAX_POINTS + 2);
    expect(route.routeSteps[0]).toEqual({ latitude: 44.9999, longitude: 9 });
  });

  it('turns GPX waypoints into rest, stop and restart points after the start and finish', () => {
    const gpx = `<gpx version="1.1">
      <wpt lat="45.1" lon="9.1"><name>Sosta pranzo</name></wpt>
      <wpt lat="45.2" lon="9.2"><type>restart</type></wpt>
      <wpt lat="45.3" lon="9.3"><name>Fontana</name></wpt>
      <rte><rtept lat="45.0" lon="9.0"/><rtept lat="45.4" lon="9.4"/></rte>
    </gpx>`;
    const route = computeRoute({ mode: 'GPX', gpx });
    expect(route.waypoints.map((w) => w.type)).toEqual(['START', 'FINISH', 'STOP', 'RESTART', 'REST']);
    expect(route.routeSteps).toHaveLength(2);
    expect(route.gpx).toBe(gpx);
  });
});
