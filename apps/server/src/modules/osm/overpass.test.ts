import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type OverpassStandIn, startOverpassStandIn, waysAlong } from '../../../test/stand-in-overpass.ts';
import { createOverpass, OverpassFailure, overpassQuery, parseOverpass } from './overpass.ts';

let standIn: OverpassStandIn;
beforeAll(async () => {
  standIn = await startOverpassStandIn();
});
afterAll(() => standIn?.close());
afterEach(() => {
  standIn.behaviour = 'ok';
  standIn.ways = [];
  standIn.queries.length = 0;
});

const line = Array.from({ length: 21 }, (_, i) => ({ latitude: 45.8, longitude: 9.08 + i * 0.001 }));
const source = (timeoutMs = 2000) => createOverpass({ url: standIn.url, timeoutMs });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OverpassFailure);
  return (error as OverpassFailure).reason;
}

describe('the Overpass adapter', () => {
  it('posts the documented query and reads the ways, their tags and geometry', async () => {
    standIn.ways = [
      ...waysAlong(line, [
        { until: 0.5, tags: { highway: 'path', sac_scale: 'mountain_hiking' } },
        { until: 1, tags: { highway: 'secondary' } },
      ]),
      {
        id: 99,
        tags: { highway: 'path' },
        line: [
          { latitude: 40, longitude: 2 },
          { latitude: 40.01, longitude: 2 },
        ],
      },
    ];
    const ways = await source(3000).waysAround([line[0]!, line.at(-1)!], 35);
    expect(standIn.queries).toEqual([overpassQuery([line[0]!, line.at(-1)!], 35, 3)]);
    expect(standIn.queries[0]).toBe(
      [
        '[out:json][timeout:3];',
        'way(around:35,45.8,9.08,45.8,9.1)->.near;',
        '(way.near[highway];way.near[route=ferry];way.near["climbing:grade:uiaa"];way.near["climbing:grade:french"];);',
        'out tags geom;',
      ].join('\n'),
    );
    // The far way is not around the line.
    expect(ways.map((w) => w.id)).toEqual([1, 2]);
    expect(ways[0]).toEqual({
      id: 1,
      tags: { highway: 'path', sac_scale: 'mountain_hiking' },
      geometry: [line.slice(0, 11)],
    });
  });

  it.each([
    ['slow', 'TIMEOUT'],
    ['rate-limited', 'RATE_LIMITED'],
    ['gateway-timeout', 'SOURCE_ERROR'],
    ['runtime-error', 'TIMEOUT'],
    ['not-json', 'MALFORMED'],
    ['malformed', 'MALFORMED'],
  ] as const)('%s → %s', async (behaviour, reason) => {
    standIn.behaviour = behaviour;
    standIn.ways = waysAlong(line, [{ until: 1, tags: { highway: 'path' } }]);
    expect(await failure(source(300).waysAround(line, 35))).toBe(reason);
  });

  it('an unreachable server is UNREACHABLE', async () => {
    const closed = createOverpass({ url: 'http://127.0.0.1:9/api/interpreter', timeoutMs: 2000 });
    expect(await failure(closed.waysAround(line, 35))).toBe('UNREACHABLE');
  });
});

describe("parsing Overpass's JSON", () => {
  const answer = (elements: unknown[], extra: object = {}) => ({ version: 0.6, elements, ...extra });
  it('breaks a way where a node is left out (null) and skips elements that are not ways', () => {
    expect(
      parseOverpass(
        answer([
          { type: 'node', id: 5, lat: 1, lon: 2 },
          {
            type: 'way',
            id: 7,
            geometry: [{ lat: 1, lon: 1 }, { lat: 1, lon: 2 }, null, { lat: 1, lon: 3 }, { lat: 1, lon: 4 }],
          },
        ]),
      ),
    ).toEqual([
      {
        id: 7,
        tags: {},
        geometry: [
          [
            { latitude: 1, longitude: 1 },
            { latitude: 1, longitude: 2 },
          ],
          [
            { latitude: 1, longitude: 3 },
            { latitude: 1, longitude: 4 },
          ],
        ],
      },
    ]);
  });

  it.each([
    ['not an object', []],
    ['no elements', { version: 0.6 }],
    ['a way without geometry', answer([{ type: 'way', id: 1, tags: {} }])],
    ['a point out of range', answer([{ type: 'way', id: 1, geometry: [{ lat: 91, lon: 0 }] }])],
    ['tags that are not an object', answer([{ type: 'way', id: 1, tags: 'x', geometry: [] }])],
    ['an id that is not a number', answer([{ type: 'way', id: '1', geometry: [] }])],
  ])('%s is MALFORMED', (_case, json) => {
    expect(() => parseOverpass(json)).toThrow(OverpassFailure);
  });

  it('a runtime error in remark fails, even with elements', () => {
    const json = answer([{ type: 'way', id: 1, geometry: [] }], {
      remark: 'runtime error: Query run out of memory using about 2048 MB of RAM.',
    });
    expect(() => parseOverpass(json)).toThrow(/SOURCE_ERROR/);
  });
});
