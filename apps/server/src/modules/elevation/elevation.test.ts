import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, PUBLIC_ELEVATION_URL } from '../../config.ts';
import { groundAt, type StandIn, startStandInElevation } from './elevation.test-helpers.ts';
import { createElevationProvider, ElevationError, type ElevationKind, elevationCredit } from './elevation-provider.ts';
import { createRouteElevation } from './route-elevation.ts';

let dem: StandIn;
let url: string;

beforeAll(async () => {
  dem = await startStandInElevation();
  url = dem.url;
});
afterAll(() => dem.close());
beforeEach(() => {
  dem.behaviour = 'ok';
  dem.requests.length = 0;
});

const northward = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ latitude: 45 + i * 0.0001, longitude: 9 + i * 0.00005 }));

describe.each(['open-meteo', 'open-elevation'] as const)('the %s adapter', (kind) => {
  const provider = (timeoutMs = 2000) => createElevationProvider({ kind, baseUrl: url, timeoutMs });

  it('asks in the documented format, in batches of 100, and keeps the order', async () => {
    const points = northward(250);
    const elevations = await provider().lookup(points);
    expect(elevations).toEqual(points.map(groundAt));
    expect(dem.requests.map((r) => r.points).sort((a, b) => a - b)).toEqual([50, 100, 100]);
    expect(dem.requests[0]).toMatchObject(
      kind === 'open-meteo' ? { method: 'GET', path: '/v1/elevation' } : { method: 'POST', path: '/api/v1/lookup' },
    );
  });

  it('asks nothing for no point', async () => {
    expect(await provider().lookup([])).toEqual([]);
    expect(dem.requests).toHaveLength(0);
  });

  it.each([
    ['slow', 'timeout'],
    ['hang-up', 'unreachable'],
    ['http-500', 'http-error'],
    ['http-400', 'http-error'],
    ['not-json', 'malformed'],
    ['wrong-shape', 'malformed'],
    ['short', 'malformed'],
  ] as const)('classifies a %s answer as %s', async (given, reason) => {
    dem.behaviour = given;
    const failure = await provider(300)
      .lookup(northward(120))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ElevationError);
    expect((failure as ElevationError).reason).toBe(reason);
  });

  it('classifies a refused connection as unreachable', async () => {
    const closed = createElevationProvider({ kind, baseUrl: 'http://127.0.0.1:9/', timeoutMs: 1000 });
    const failure = await closed.lookup(northward(3)).catch((e: unknown) => e);
    expect((failure as ElevationError).reason).toBe('unreachable');
  });

  it('gives null where the service has no data (Open-Elevation: 0, which spec §9 treats as missing)', async () => {
    dem.behaviour = 'no-data';
    const elevations = await provider().lookup(northward(3));
    expect(elevations).toEqual(kind === 'open-meteo' ? [null, null, null] : [0, 0, 0]);
  });
});

describe('route elevation: a drawn line measured through the service', () => {
  const line = [
    { latitude: 45, longitude: 9 },
    { latitude: 45.02, longitude: 9 }, // 2.2 km north: 200 m up
    { latitude: 45.01, longitude: 9 }, // back 1.1 km: 100 m down
  ];
  const measureWith = (kind: ElevationKind, timeoutMs = 2000) => {
    const failures: ElevationError[] = [];
    const measure = createRouteElevation({
      provider: createElevationProvider({ kind, baseUrl: url, timeoutMs }),
      onFailure: (e) => failures.push(e),
    });
    return { measure, failures };
  };

  it.each(['open-meteo', 'open-elevation'] as const)(
    'samples the line and computes climb, descent and profile (%s)',
    async (kind) => {
      const { measure } = measureWith(kind);
      const figures = await measure(line);
      expect(figures.elevationSource).toBe('SERVICE');
      expect(figures.totalElevationGain).toBeCloseTo(200, 0);
      expect(figures.smoothedElevationGain).toBeCloseTo(200, 0);
      expect(figures.elevationLoss).toBeCloseTo(100, 0);
      // Every vertex kept, and points every 100 m at most between them: 3 + 22 (2224 m) + 11 (1112 m).
      expect(dem.requests.reduce((n, r) => n + r.points, 0)).toBe(36);
      expect(figures.elevationProfile[0]).toEqual([0, 1000]);
      const last = figures.elevationProfile.at(-1)!;
      expect(last[0]).toBeCloseTo(3335.85, 0);
      expect(last[1]).toBeCloseTo(1100, 0);
    },
  );

  it('gives unknown figures, never zeros, when the service fails, and says why', async () => {
    dem.behaviour = 'http-500';
    const { measure, failures } = measureWith('open-meteo');
    expect(await measure(line)).toEqual({
      totalElevationGain: null,
      smoothedElevationGain: null,
      elevationLoss: null,
      elevationProfile: [],
      elevationSource: 'UNAVAILABLE',
    });
    expect(failures.map((f) => f.reason)).toEqual(['http-error']);
  });

  it('gives unknown figures when the service has no data there', async () => {
    dem.behaviour = 'no-data';
    const { measure } = measureWith('open-elevation');
    expect(await measure(line)).toMatchObject({ totalElevationGain: null, elevationSource: 'UNAVAILABLE' });
  });

  it('gives unknown figures, asking nothing, when no service is configured', async () => {
    const measure = createRouteElevation({ provider: null });
    expect(await measure(line)).toMatchObject({ totalElevationGain: null, elevationSource: 'NOT_CONFIGURED' });
    expect(dem.requests).toHaveLength(0);
  });
});

describe('the public default service (Open-Meteo)', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/cordata-elevation-test' } as const;

  it('is used outside tests when nothing is set, credited; ELEVATION_KIND=none turns it off; tests get none', () => {
    const unset = loadConfig({ ...base, NODE_ENV: 'development' });
    expect([unset.ELEVATION_KIND, unset.ELEVATION_URL]).toEqual(['open-meteo', PUBLIC_ELEVATION_URL]);
    expect(elevationCredit(unset)).toBe('Open-Meteo.com (Copernicus DEM GLO-90, CC BY 4.0)');
    const off = loadConfig({
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://club.example',
      ELEVATION_KIND: 'none',
    });
    expect([off.ELEVATION_KIND, off.ELEVATION_URL]).toEqual([undefined, undefined]);
    expect(elevationCredit(off)).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).ELEVATION_URL).toBeUndefined();
    expect(() => loadConfig({ ...base, ELEVATION_KIND: 'none', ELEVATION_URL: 'http://127.0.0.1:1' })).toThrow(/none/);
  });

  it('owes no credit for a self-hosted service', () => {
    expect(elevationCredit({ ELEVATION_KIND: 'open-meteo', ELEVATION_URL: 'http://127.0.0.1:8080' })).toBeNull();
    expect(
      elevationCredit({ ELEVATION_KIND: 'open-meteo', ELEVATION_URL: 'https://customer-api.open-meteo.com' }),
    ).not.toBeNull();
  });
});
