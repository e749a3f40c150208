import { describe, expect, it } from 'vitest';
import { OSM_GRADE_MIN_SHARE, osmGrade, osmHazards, suggestFromOsm } from './osm-grades.ts';

describe('grades from OpenStreetMap tags', () => {
  it.each([
    ['SAC', { sac_scale: 'hiking' }, 'T1'],
    ['SAC', { sac_scale: 'demanding_mountain_hiking' }, 'T3'],
    ['SAC', { sac_scale: 'difficult_alpine_hiking' }, 'T6'],
    ['SAC', { sac_scale: 'T4' }, 'T4'],
    ['SAC', { sac_scale: 'yes' }, null],
    ['SAC', { highway: 'path' }, null],
    ['STS', { 'mtb:scale': '0' }, 'S0'],
    ['STS', { 'mtb:scale': '2+' }, 'S2'],
    ['STS', { 'mtb:scale': '3-' }, 'S3'],
    ['STS', { 'mtb:scale': '6' }, 'S5'],
    ['STS', { 'mtb:scale': '7' }, null],
    ['STS', { 'mtb:scale': 'S2' }, null],
    ['VIA_FERRATA', { via_ferrata_scale: '1' }, 'A'],
    ['VIA_FERRATA', { via_ferrata_scale: '4' }, 'D'],
    ['VIA_FERRATA', { via_ferrata_scale: '6' }, 'F'],
    ['VIA_FERRATA', { via_ferrata_scale: 'c' }, 'C'],
    ['VIA_FERRATA', { via_ferrata_scale: '0' }, null],
    ['UIAA', { 'climbing:grade:uiaa': '6+' }, 'VI+'],
    ['UIAA', { 'climbing:grade:uiaa': 'IV-' }, 'IV-'],
    ['UIAA', { 'climbing:grade:uiaa': '3' }, 'III'],
    ['UIAA', { 'climbing:grade:uiaa': '3+' }, null],
    ['UIAA', { 'climbing:grade:uiaa': '13' }, null],
    ['FRENCH', { 'climbing:grade:french': '6a+' }, '6a+'],
    ['FRENCH', { 'climbing:grade:french': '5C' }, '5c'],
    ['FRENCH', { 'climbing:grade:french': '10a' }, null],
    ['SAC', {}, null],
  ] as const)('%s from %j: %s', (scale, tags, grade) => {
    expect(osmGrade(scale, tags)).toBe(grade);
  });
});

describe('hazards from OpenStreetMap tags', () => {
  it.each([
    ['mountain-biking', { highway: 'steps' }, ['STAIRS']],
    ['hiking', { highway: 'steps' }, []],
    ['hiking', { route: 'ferry' }, ['FERRY']],
    ['road-cycling', { highway: 'track', access: 'private', surface: 'dirt' }, ['ACCESS_RESTRICTED', 'UNPAVED']],
    ['gravel', { highway: 'track', surface: 'gravel' }, []],
    ['road-cycling', { highway: 'service', surface: 'asphalt' }, []],
    ['hiking', { highway: 'secondary' }, ['ROAD_WITHOUT_PATH']],
    ['hiking', { highway: 'primary', sidewalk: 'no' }, ['ROAD_WITHOUT_PATH']],
    ['hiking', { highway: 'primary', sidewalk: 'both' }, []],
    ['running', { highway: 'tertiary', 'sidewalk:left': 'yes' }, []],
    ['road-cycling', { highway: 'secondary' }, []],
    ['hiking', { highway: 'residential' }, []],
    ['hiking', { highway: 'path', sac_scale: 'alpine_hiking' }, ['EXPOSURE']],
    ['hiking', { highway: 'path', sac_scale: 'demanding_mountain_hiking' }, []],
    ['hiking', { highway: 'path', exposure: 'yes' }, ['EXPOSURE']],
    ['hiking', { highway: 'path', exposure: 'no' }, []],
    ['hiking', { highway: 'path', access: 'no' }, ['ACCESS_RESTRICTED']],
    ['hiking', { highway: 'track', access: 'no', foot: 'yes' }, []],
    ['hiking', { highway: 'path', foot: 'private' }, ['ACCESS_RESTRICTED']],
    ['mountain-biking', { highway: 'path', bicycle: 'no' }, ['ACCESS_RESTRICTED']],
    ['mountain-biking', { highway: 'path', foot: 'no' }, []],
    ['kayaking', { route: 'ferry', access: 'private' }, ['FERRY', 'ACCESS_RESTRICTED']],
  ] as const)('%s on %j: %j', (sport, tags, hazards) => {
    expect(osmHazards(sport, tags)).toEqual(hazards);
  });
});

const t2 = { highway: 'path', sac_scale: 'mountain_hiking' };
const t3 = { highway: 'path', sac_scale: 'demanding_mountain_hiking' };
const road = { highway: 'secondary' };

describe('the suggestion from matched ways', () => {
  it.each([
    { case: 'all on T2', matches: [{ tags: t2, metres: 1000 }], total: 1000, grade: 'T2', share: 1 },
    {
      case: 'the hardest grade along the graded length',
      matches: [
        { tags: t2, metres: 700 },
        { tags: t3, metres: 160 },
      ],
      total: 1000,
      grade: 'T3',
      share: 0.86,
    },
    {
      case: 'exactly 80 % graded is enough',
      matches: [
        { tags: t2, metres: 800 },
        { tags: road, metres: 200 },
      ],
      total: 1000,
      grade: 'T2',
      share: OSM_GRADE_MIN_SHARE,
    },
    {
      case: 'under 80 % graded is unknown',
      matches: [
        { tags: t3, metres: 790 },
        { tags: road, metres: 210 },
      ],
      total: 1000,
      grade: null,
      share: 0.79,
    },
    {
      case: 'unmatched length counts against the share',
      matches: [{ tags: t3, metres: 700 }],
      total: 1000,
      grade: null,
      share: 0.7,
    },
    { case: 'no ways, unknown', matches: [], total: 1000, grade: null, share: 0 },
    { case: 'no length, unknown', matches: [], total: 0, grade: null, share: 0 },
  ])('$case', ({ matches, total, grade, share }) => {
    const { grades } = suggestFromOsm('hiking', matches, total);
    expect(grades).toHaveLength(1);
    expect(grades[0]!.scale).toBe('SAC');
    expect(grades[0]!.grade).toBe(grade);
    expect(grades[0]!.share).toBeCloseTo(share, 6);
  });

  it('one suggestion per scale of the sport, in its order', () => {
    const wall = { 'climbing:grade:uiaa': '5', 'climbing:grade:french': '5a' };
    const { grades } = suggestFromOsm('climbing', [{ tags: wall, metres: 30 }], 30);
    expect(grades).toEqual([
      { scale: 'UIAA', grade: 'V', share: 1 },
      { scale: 'FRENCH', grade: '5a', share: 1 },
    ]);
    expect(suggestFromOsm('kayaking', [{ tags: wall, metres: 30 }], 30).grades).toEqual([]);
  });

  it('hazards from every matched way, once each, in the order of the sport', () => {
    const { hazards } = suggestFromOsm(
      'mountain-biking',
      [
        { tags: { highway: 'steps' }, metres: 12 },
        { tags: { route: 'ferry' }, metres: 800 },
        { tags: { highway: 'steps', access: 'private' }, metres: 5 },
        { tags: { highway: 'path', 'mtb:scale': '2' }, metres: 3000 },
      ],
      4000,
    );
    expect(hazards).toEqual(['STAIRS', 'FERRY', 'ACCESS_RESTRICTED']);
  });
});
