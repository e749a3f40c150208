import { APP_VERSION, type LatLng, type RouterKind } from '@cordata/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAKE, type StandInRouter, standInPath, startStandInRouter } from '../../../test/stand-in-router.ts';
import { ConfigError, loadConfig, PUBLIC_ROUTER_URL } from '../../config.ts';
import { decodePolyline, encodePolyline } from './polyline.ts';
import { profileOfSport } from './profiles.ts';
import { createRoutingEngine, routingUserAgent, spacedPublicEngine } from './routing.engines.ts';
import { createRoutingService } from './routing.service.ts';

const KINDS: RouterKind[] = ['brouter', 'graphhopper', 'osrm', 'valhalla'];
const A: LatLng = { latitude: 45.81, longitude: 9.08 };
const B: LatLng = { latitude: 45.83, longitude: 9.11 };
const C: LatLng = { latitude: 45.85, longitude: 9.1 };

let standIn: StandInRouter;
beforeAll(async () => {
  standIn = await startStandInRouter();
});
afterAll(() => standIn?.close());

const serviceFor = (kind: RouterKind, timeoutMs = 2000, extra: Record<string, string> = {}) =>
  createRoutingService({
    engine: createRoutingEngine(
      loadConfig({
        NODE_ENV: 'test',
        JWT_SECRET: 'x'.repeat(40),
        ROUTER_KIND: kind,
        ROUTER_URL: standIn.url,
        ...extra,
      }),
    ),
    timeoutMs,
  });

describe('polyline', () => {
  it('decodes the reference polyline of the format and round-trips 6 decimals', () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      { latitude: 38.5, longitude: -120.2 },
      { latitude: 40.7, longitude: -120.95 },
      { latitude: 43.252, longitude: -126.453 },
    ]);
    const line = standInPath(A, B);
    expect(decodePolyline(encodePolyline(line, 6), 6)).toEqual(line);
  });

  it('refuses a cut or foreign string', () => {
    expect(decodePolyline('_p~iF~ps|U_', 5)).toBeNull();
    expect(decodePolyline('hello world', 5)).toBeNull();
  });
});

describe('sport profiles', () => {
  it('maps the catalogue: on foot, road bike, MTB, other cycling, and none on water', () => {
    expect(['hiking', 'running', 'trail-running', 'mountaineering', 'nordic-walking'].map(profileOfSport)).toEqual(
      Array(5).fill('HIKING'),
    );
    expect(profileOfSport('road-cycling')).toBe('ROAD_BIKE');
    expect(profileOfSport('mountain-biking')).toBe('MTB');
    expect(profileOfSport('gravel')).toBe('BIKE');
    expect(['kayaking', 'stand-up-paddle', 'open-water-swimming'].map(profileOfSport)).toEqual([null, null, null]);
    // Sports added later in the admin area are guessed from their id.
    expect(profileOfSport('e-bike-touring')).toBe('BIKE');
    expect(profileOfSport('canoeing')).toBeNull();
    expect(profileOfSport('geocaching')).toBe('HIKING');
  });
});

describe.each(KINDS)('the %s adapter against a stand-in answering its documented format', (kind) => {
  it('snaps every leg to the engine line, joined at the drawn points', async () => {
    standIn.behaviour = 'ok';
    const result = await serviceFor(kind).snapLegs('u1', 'hiking', [A, B, C]);
    expect(result).toMatchObject({ engine: kind, profile: 'HIKING' });
    expect(result.attribution).toContain('OpenStreetMap');
    expect(result.legs.map((l) => l.straightReason)).toEqual([null, null]);
    expect(result.legs[0]!.line).toEqual(standInPath(A, B));
    expect(result.legs[1]!.line).toEqual(standInPath(B, C));
  });

  it('asks with the profile of the sport', async () => {
    standIn.behaviour = 'ok';
    const before = standIn.seen.length;
    await serviceFor(kind).snapLegs('u1', 'mountain-biking', [A, B]);
    await serviceFor(kind).snapLegs('u1', 'road-cycling', [A, B]);
    const [mtb, road] = standIn.seen.slice(before);
    const expected: Record<RouterKind, [string, string]> = {
      brouter: ['profile=mtb', 'profile=fastbike'],
      graphhopper: ['profile=mtb', 'profile=racingbike'],
      osrm: ['/route/v1/bike/', '/route/v1/bike/'],
      valhalla: ['"bicycle_type":"Mountain"', '"bicycle_type":"Road"'],
    };
    expect(mtb!.url + mtb!.body).toContain(expected[kind][0]);
    expect(road!.url + road!.body).toContain(expected[kind][1]);
  });

  it.each([
    ['slow', 'TIMEOUT'],
    ['http-error', 'ENGINE_ERROR'],
    ['malformed', 'ENGINE_ERROR'],
    ['no-route', 'NO_ROUTE'],
  ] as const)('when the engine is %s, the leg stays straight: %s', async (behaviour, reason) => {
    standIn.behaviour = behaviour;
    try {
      const result = await serviceFor(kind, 300).snapLegs('u1', 'hiking', [A, B, C]);
      expect(result.legs).toEqual([
        { line: [A, B], straightReason: reason },
        { line: [B, C], straightReason: reason },
      ]);
      expect(result.attribution).toBeNull();
    } finally {
      standIn.behaviour = 'ok';
    }
  });

  it('keeps the legs it can snap and says which one it could not', async () => {
    standIn.behaviour = 'ok';
    const result = await serviceFor(kind).snapLegs('u1', 'hiking', [A, LAKE, C]);
    expect(result.legs.map((l) => l.straightReason)).toEqual(['NO_ROUTE', 'NO_ROUTE']);
    const around = await serviceFor(kind).snapLegs('u1', 'hiking', [A, B, LAKE]);
    expect(around.legs.map((l) => l.straightReason)).toEqual([null, 'NO_ROUTE']);
    expect(around.legs[1]!.line).toEqual([B, LAKE]);
  });
});

describe('the rate limit', () => {
  it('counts each call that asks the engine against the person (600 an hour), and none that asks nothing', async () => {
    const hits: [string, { limit: number; windowSeconds: number }][] = [];
    const rateLimiter = {
      hit: async (key: string, rule: { limit: number; windowSeconds: number }) => void hits.push([key, rule]),
    };
    const engine = createRoutingEngine(
      loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ROUTER_KIND: 'osrm', ROUTER_URL: standIn.url }),
    );
    standIn.behaviour = 'ok';
    await createRoutingService({ engine, timeoutMs: 2000, rateLimiter }).snapLegs('u7', 'hiking', [A, B]);
    await createRoutingService({ engine, timeoutMs: 2000, rateLimiter }).snapLegs('u7', 'kayaking', [A, B]);
    await createRoutingService({ engine: null, timeoutMs: 2000, rateLimiter }).snapLegs('u7', 'hiking', [A, B]);
    expect(hits).toEqual([['route-snap:user:u7', { limit: 600, windowSeconds: 3600 }]]);
  });

  it('refuses the call past the limit, before asking the engine', async () => {
    const before = standIn.seen.length;
    const rateLimiter = {
      hit: async () => {
        throw new Error('RATE_LIMITED');
      },
    };
    const service = createRoutingService({
      engine: createRoutingEngine(
        loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), ROUTER_KIND: 'osrm', ROUTER_URL: standIn.url }),
      ),
      timeoutMs: 2000,
      rateLimiter,
    });
    await expect(service.snapLegs('u7', 'hiking', [A, B])).rejects.toThrow('RATE_LIMITED');
    expect(standIn.seen.length).toBe(before);
  });
});

describe('a caller who has gone', () => {
  it('asks the engine nothing more once the app has given up on the call', async () => {
    standIn.behaviour = 'ok';
    const before = standIn.seen.length;
    const gone = new AbortController();
    gone.abort();
    const result = await serviceFor('osrm').snapLegs('u1', 'hiking', [A, B, C], gone.signal);
    expect(result.legs.map((l) => l.straightReason)).toEqual(['TIMEOUT', 'TIMEOUT']);
    expect(standIn.seen.length).toBe(before);
  });
});

describe('routing not configured, or a sport not routed', () => {
  it('keeps every leg straight, NOT_CONFIGURED, and asks no engine', async () => {
    const before = standIn.seen.length;
    const service = createRoutingService({ engine: null, timeoutMs: 1000 });
    const result = await service.snapLegs('u1', 'hiking', [A, B, C]);
    expect(result).toEqual({
      engine: null,
      profile: 'HIKING',
      attribution: null,
      legs: [
        { line: [A, B], straightReason: 'NOT_CONFIGURED' },
        { line: [B, C], straightReason: 'NOT_CONFIGURED' },
      ],
    });
    expect(standIn.seen.length).toBe(before);
  });

  it('keeps a paddling route straight, SPORT_NOT_ROUTED, without asking', async () => {
    const before = standIn.seen.length;
    const result = await serviceFor('osrm').snapLegs('u1', 'kayaking', [A, B]);
    expect(result.legs).toEqual([{ line: [A, B], straightReason: 'SPORT_NOT_ROUTED' }]);
    expect(standIn.seen.length).toBe(before);
  });
});

describe('configuration', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) } as const;
  it('needs ROUTER_KIND and ROUTER_URL together, a known kind, and a key for hosted GraphHopper', () => {
    expect(() => loadConfig({ ...base, ROUTER_KIND: 'osrm' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ROUTER_URL: 'http://127.0.0.1:5000' })).toThrow(/ROUTER_KIND/);
    expect(() => loadConfig({ ...base, ROUTER_KIND: 'google', ROUTER_URL: 'http://x.test' })).toThrow(/ROUTER_KIND/);
    expect(() =>
      loadConfig({ ...base, ROUTER_KIND: 'graphhopper', ROUTER_URL: 'https://graphhopper.com/api/1' }),
    ).toThrow(/ROUTER_API_KEY/);
    expect(() => loadConfig({ ...base, ROUTER_PROFILES: 'SKI=x' })).toThrow(/ROUTER_PROFILES/);
    expect(loadConfig({ ...base, ROUTER_PROFILES: 'HIKING=foot, MTB=mtb' }).ROUTER_PROFILES).toEqual({
      HIKING: 'foot',
      MTB: 'mtb',
    });
  });

  it('uses ROUTER_PROFILES in place of the default names, and sends the key', async () => {
    standIn.behaviour = 'ok';
    const before = standIn.seen.length;
    await serviceFor('graphhopper', 2000, { ROUTER_PROFILES: 'HIKING=foot', ROUTER_API_KEY: 'k3y' }).snapLegs(
      'u1',
      'hiking',
      [A, B],
    );
    expect(standIn.seen[before]!.url).toContain('profile=foot');
    expect(standIn.seen[before]!.url).toContain('key=k3y');
  });
});

describe('the public default engine (FOSSGIS Valhalla)', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/cordata-routing-test' } as const;

  it('is used outside tests when nothing is set; ROUTER_KIND=none turns routing off; tests get none', () => {
    const unset = loadConfig({ ...base, NODE_ENV: 'development' });
    expect([unset.ROUTER_KIND, unset.ROUTER_URL]).toEqual(['valhalla', PUBLIC_ROUTER_URL]);
    const off = loadConfig({
      ...base,
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://club.example',
      ROUTER_KIND: 'none',
    });
    expect([off.ROUTER_KIND, off.ROUTER_URL]).toEqual([undefined, undefined]);
    expect(createRoutingEngine(off)).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).ROUTER_URL).toBeUndefined();
    expect(() => loadConfig({ ...base, ROUTER_KIND: 'none', ROUTER_URL: 'http://127.0.0.1:5000' })).toThrow(/none/);
  });

  it('credits FOSSGIS and OpenStreetMap and identifies Cordata, with the public address', () => {
    const config = loadConfig({ ...base, NODE_ENV: 'development', PUBLIC_URL: 'https://club.example' });
    expect(createRoutingEngine(config)!.attribution).toBe('Valhalla (FOSSGIS e.V.), © OpenStreetMap contributors');
    expect(routingUserAgent(config.PUBLIC_URL)).toBe(`Cordata/${APP_VERSION} (+https://club.example)`);
  });

  it('waits for its turn, one request a second, and leaves a leg straight (TIMEOUT) rather than wait too long', async () => {
    const asked: LatLng[] = [];
    const inner = {
      kind: 'valhalla' as const,
      attribution: 'x',
      route: async (from: LatLng, to: LatLng) => {
        asked.push(from);
        return [from, to];
      },
    };
    const turns = [true, false];
    const engine = spacedPublicEngine(inner, { take: async () => turns.shift()! });
    const service = createRoutingService({ engine, timeoutMs: 2000 });
    const result = await service.snapLegs('u1', 'hiking', [A, B, C]);
    expect(result.legs.map((l) => l.straightReason)).toEqual([null, 'TIMEOUT']);
    expect(asked).toEqual([A]);
  });
});
