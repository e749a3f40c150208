import type { LatLng } from '@cordata/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { type OverpassStandIn, startOverpassStandIn, waysAlong } from '../../../test/stand-in-overpass.ts';

/** route/grade-suggestion with OVERPASS_URL pointed at a stand-in on 127.0.0.1, and without it. */
let overpass: OverpassStandIn;
let t: TestApp;
let token: string;

beforeAll(async () => {
  overpass = await startOverpassStandIn();
  t = await createTestApp({ OVERPASS_URL: overpass.url, OVERPASS_TIMEOUT_MS: '400' });
  token = (await newUser(t)).token;
});
afterAll(async () => {
  await t?.close();
  await overpass?.close();
});
beforeEach(() => {
  overpass.behaviour = 'ok';
  overpass.queries.length = 0;
});

/** About 1.6 km eastwards above Como, a point every 15 m. */
const route: LatLng[] = Array.from({ length: 101 }, (_, i) => ({ latitude: 45.8, longitude: 9.08 + i * 0.0002 }));
const t2 = { highway: 'path', sac_scale: 'mountain_hiking' };
const t3 = { highway: 'path', sac_scale: 'demanding_mountain_hiking' };
const road = { highway: 'secondary' };

const suggest = (body: { sportId: string; points: LatLng[] }) => t.ok('route/grade-suggestion', body, token);

describe('route/grade-suggestion from OpenStreetMap', () => {
  it('suggests the hardest grade along the graded 86 % and the hazards the tags state', async () => {
    overpass.ways = waysAlong(route, [
      { until: 0.5, tags: t2 },
      { until: 0.86, tags: t3 },
      { until: 1, tags: road },
    ]);
    const answer = await suggest({ sportId: 'hiking', points: route });
    expect(answer).toMatchObject({
      status: 'OK',
      reason: null,
      hazards: ['ROAD_WITHOUT_PATH'],
      attribution: '© OpenStreetMap contributors',
    });
    expect(answer.grades).toHaveLength(1);
    expect(answer.grades[0]).toMatchObject({ scale: 'SAC', grade: 'T3' });
    expect(answer.grades[0]!.share).toBeCloseTo(0.86, 2);
    // The route is simplified before it is sent: a straight line goes as its two ends.
    expect(overpass.queries[0]).toContain('way(around:35,45.8,9.08,45.8,9.1)');
  });

  it('says unknown, never a guess, when under 80 % of the route is on graded ways', async () => {
    overpass.ways = waysAlong(route, [
      { until: 0.7, tags: t3 },
      { until: 1, tags: road },
    ]);
    const answer = await suggest({ sportId: 'hiking', points: route });
    expect(answer.status).toBe('OK');
    expect(answer.grades[0]!.grade).toBeNull();
    expect(answer.grades[0]!.share).toBeCloseTo(0.7, 2);
  });

  it('grades a mountain-bike route on STS from mtb:scale, with stairs', async () => {
    overpass.ways = waysAlong(route, [
      { until: 0.9, tags: { highway: 'path', 'mtb:scale': '1' } },
      { until: 0.95, tags: { highway: 'steps', 'mtb:scale': '3' } },
      { until: 1, tags: { highway: 'track' } },
    ]);
    const answer = await suggest({ sportId: 'mountain-biking', points: route });
    expect(answer.grades).toEqual([{ scale: 'STS', grade: 'S3', share: expect.closeTo(0.95, 2) }]);
    expect(answer.hazards).toEqual(['STAIRS']);
  });

  it.each([
    ['slow', 'TIMEOUT'],
    ['rate-limited', 'RATE_LIMITED'],
    ['gateway-timeout', 'SOURCE_ERROR'],
    ['not-json', 'MALFORMED'],
    ['malformed', 'MALFORMED'],
    ['runtime-error', 'TIMEOUT'],
  ] as const)('Overpass %s: unknown, with the reason, never a 500', async (behaviour, reason) => {
    overpass.behaviour = behaviour;
    overpass.ways = waysAlong(route, [{ until: 1, tags: t2 }]);
    expect(await suggest({ sportId: 'hiking', points: route })).toEqual({
      status: 'UNAVAILABLE',
      reason,
      grades: [{ scale: 'SAC', grade: null, share: 0 }],
      hazards: [],
      attribution: '© OpenStreetMap contributors',
    });
  });

  it('does not send a route longer than 100 km', async () => {
    const long = [
      { latitude: 45, longitude: 9 },
      { latitude: 46, longitude: 9 },
    ];
    expect(await suggest({ sportId: 'hiking', points: long })).toMatchObject({
      status: 'UNAVAILABLE',
      reason: 'ROUTE_TOO_LONG',
    });
    expect(overpass.queries).toEqual([]);
  });

  it('refuses bad input and anyone signed out', async () => {
    expect((await t.call('route/grade-suggestion', { sportId: 'hiking', points: [route[0]!] }, token)).status).toBe(
      400,
    );
    expect((await t.call('route/grade-suggestion', { sportId: 'hiking', points: route })).status).toBe(401);
  });
});

describe('route/grade-suggestion without OVERPASS_URL', () => {
  it('answers NOT_CONFIGURED and asks nobody', async () => {
    const bare = await createTestApp();
    try {
      const { token: bareToken } = await newUser(bare);
      const answer = await bare.ok('route/grade-suggestion', { sportId: 'climbing', points: route }, bareToken);
      expect(answer).toEqual({
        status: 'NOT_CONFIGURED',
        reason: null,
        grades: [
          { scale: 'UIAA', grade: null, share: 0 },
          { scale: 'FRENCH', grade: null, share: 0 },
        ],
        hazards: [],
        attribution: null,
      });
      expect(overpass.queries).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
