import type { ActivityInput, RouteInput } from '@cordata/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newUser } from '../../../test/factories.ts';
import { type StandIn, startStandInElevation } from './elevation.test-helpers.ts';

/** Saving and previewing routes with the elevation service (ELEVATION_URL) pointed at a stand-in on 127.0.0.1. */
let dem: StandIn;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dem = await startStandInElevation();
  t = await createTestApp({ ELEVATION_URL: dem.url, ELEVATION_KIND: 'open-meteo', ELEVATION_TIMEOUT_MS: '400' });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t.close();
  await dem.close();
});
beforeEach(() => {
  dem.behaviour = 'ok';
  dem.requests.length = 0;
});

// 0.01° north is 100 m up on the stand-in's ground; 2.2 km north then 1.1 km back: +200 m, −100 m.
const drawn: RouteInput = {
  mode: 'POINTS',
  start: { latitude: 45, longitude: 9 },
  routeSteps: [{ latitude: 45.02, longitude: 9 }],
  destination: { latitude: 45.01, longitude: 9 },
};

const input = (overrides: Partial<ActivityInput> = {}): ActivityInput => ({
  name: 'Giro in quota',
  sportId: 'hiking',
  date: dayFromNow(5),
  startTime: '08:00',
  endTime: '12:00',
  access: 'OPEN',
  visibility: 'PUBLIC',
  difficulty: 'MEDIUM',
  route: drawn,
  ...overrides,
});

const track = (withElevation: boolean) => `<?xml version="1.0"?>
<gpx version="1.1" creator="test"><trk><trkseg>
  <trkpt lat="45.8500" lon="9.4000">${withElevation ? '<ele>600</ele>' : ''}</trkpt>
  <trkpt lat="45.8550" lon="9.4005">${withElevation ? '<ele>700</ele>' : ''}</trkpt>
  <trkpt lat="45.8600" lon="9.4010">${withElevation ? '<ele>650</ele>' : ''}</trkpt>
</trkseg></trk></gpx>`;

describe('a drawn route saved with the elevation service', () => {
  it('gets its climb, descent, profile and moving time from the sampled line', async () => {
    const { activity } = await t.ok('activity/create-new', input(), token);
    expect(activity.totalElevationGain).toBeCloseTo(200, 0);
    expect(activity.smoothedElevationGain).toBeCloseTo(200, 0);
    expect(activity.elevationLoss).toBeCloseTo(100, 0);
    expect(activity.route.elevationProfile.length).toBeGreaterThan(30);
    expect(activity.totalDistance).toBeCloseTo(3335.85, 0);
    // DIN 33466: 3.34 km / 4 = 0.83 h; 200 / 300 + 100 / 500 = 0.87 h → 0.87 + 0.42 = 1.28 h → 75 min.
    expect(activity.estimatedMovingTime).toEqual({ minutes: 75, includesClimb: true });
    // The drawn points are what is drawn; the samples only measured it.
    expect(activity.route.routeSteps).toHaveLength(3);
    const read = await t.ok('activity/read-info', { activityId: activity.activityId }, token);
    expect(read.activity.totalElevationGain).toBe(activity.totalElevationGain);
    const { activities } = await t.ok('activity/nearby-activities', { latitude: 45, longitude: 9 }, token);
    expect(activities.find((a) => a.activityId === activity.activityId)?.totalElevationGain).toBe(
      activity.totalElevationGain,
    );
  });

  it.each(['http-500', 'slow', 'not-json'] as const)(
    'is saved with an unknown elevation when the service is %s',
    async (behaviour) => {
      dem.behaviour = behaviour;
      const { activity } = await t.ok('activity/create-new', input(), token);
      expect(activity).toMatchObject({
        totalElevationGain: null,
        smoothedElevationGain: null,
        elevationLoss: null,
        estimatedMovingTime: { minutes: 50, includesClimb: false },
      });
      expect(activity.route.elevationProfile).toEqual([]);
      const { activities } = await t.ok('activity/nearby-activities', { latitude: 45, longitude: 9 }, token);
      expect(activities.find((a) => a.activityId === activity.activityId)?.totalElevationGain).toBeNull();
    },
  );

  it('is measured again when an update replaces it, and keeps its figures when the route is left out', async () => {
    dem.behaviour = 'http-500';
    const { activity } = await t.ok('activity/create-new', input(), token);
    expect(activity.totalElevationGain).toBeNull();
    dem.behaviour = 'ok';
    const { activityId } = activity;
    const updated = await t.ok('activity/update-existing', { ...input(), activityId }, token);
    expect(updated.activity.totalElevationGain).toBeCloseTo(200, 0);
    dem.requests.length = 0;
    const { route: _route, ...withoutRoute } = input({ name: 'Giro rinominato' });
    const renamed = await t.ok('activity/update-existing', { ...withoutRoute, activityId }, token);
    expect(renamed.activity.totalElevationGain).toBe(updated.activity.totalElevationGain);
    expect(dem.requests).toHaveLength(0);
  });
});

describe('a GPX route', () => {
  it('keeps its own elevation and asks the service nothing', async () => {
    const { activity } = await t.ok('activity/create-new', input({ route: { mode: 'GPX', gpx: track(true) } }), token);
    expect(activity.totalElevationGain).toBe(100);
    // The descent is smoothed (resampled every 25 m): the 50 m drop loses the bit of the peak between two samples.
    expect(activity.elevationLoss).toBeGreaterThan(45);
    expect(activity.elevationLoss).toBeLessThanOrEqual(50);
    expect(dem.requests).toHaveLength(0);
  });

  it('without any elevation is measured by the service', async () => {
    const { activity } = await t.ok('activity/create-new', input({ route: { mode: 'GPX', gpx: track(false) } }), token);
    expect(dem.requests.length).toBeGreaterThan(0);
    // 1.1 km north on the stand-in's ground: about 100 m up.
    expect(activity.totalElevationGain).toBeCloseTo(100, 0);
    expect(activity.route.elevationProfile.length).toBeGreaterThan(2);
  });
});

describe('route/elevation (the wizard previews a drawn line)', () => {
  const points = [drawn.start, ...drawn.routeSteps, drawn.destination].map(({ latitude, longitude }) => ({
    latitude,
    longitude,
  }));

  it('answers the figures the activity would get', async () => {
    const figures = await t.ok('route/elevation', { points }, token);
    expect(figures).toMatchObject({ elevationSource: 'SERVICE', totalDistance: 3335.85 });
    expect(figures.totalElevationGain).toBeCloseTo(200, 0);
    expect(figures.elevationLoss).toBeCloseTo(100, 0);
  });

  it('answers unknown figures, not an error, when the service fails', async () => {
    dem.behaviour = 'wrong-shape';
    expect(await t.ok('route/elevation', { points }, token)).toEqual({
      totalDistance: 3335.85,
      totalElevationGain: null,
      smoothedElevationGain: null,
      elevationLoss: null,
      elevationProfile: [],
      elevationSource: 'UNAVAILABLE',
    });
  });

  it('refuses a line of one point, and a caller without a token', async () => {
    expect((await t.call('route/elevation', { points: [points[0]!] }, token)).status).toBe(400);
    expect((await t.call('route/elevation', { points })).status).toBe(401);
  });
});

describe('with no elevation service configured', () => {
  let bare: TestApp;
  let bareToken: string;
  beforeAll(async () => {
    bare = await createTestApp();
    bareToken = (await newUser(bare)).token;
  });
  afterAll(() => bare.close());

  it('saves a drawn route with an unknown elevation, never 0, and says the service is not configured', async () => {
    const { activity } = await bare.ok('activity/create-new', input(), bareToken);
    expect(activity).toMatchObject({ totalElevationGain: null, smoothedElevationGain: null, elevationLoss: null });
    const preview = await bare.ok('route/elevation', { points: [drawn.start, drawn.destination] }, bareToken);
    expect(preview.elevationSource).toBe('NOT_CONFIGURED');
    expect(dem.requests).toHaveLength(0);
  });
});
