import { describe, expect, it } from 'vitest';
import { inclinePercent, routeAccessFromOsm, wayStroller, wayWheelchair } from './osm-access.ts';

const path = { highway: 'footway', surface: 'asphalt', wheelchair: 'yes' };

describe('one way', () => {
  it.each([
    [{ wheelchair: 'yes' }, 'YES'],
    [{ wheelchair: 'limited' }, 'LIMITED'],
    [{ wheelchair: 'no' }, 'NO'],
    [{ highway: 'steps' }, 'NO'],
    [{ highway: 'steps', 'ramp:wheelchair': 'yes' }, 'LIMITED'],
    [{ highway: 'footway', surface: 'asphalt' }, null],
  ] as const)('wheelchair from %j: %s', (tags, level) => {
    expect(wayWheelchair(tags)).toBe(level);
  });

  it.each([
    [{ stroller: 'yes', surface: 'ground' }, true],
    [{ stroller: 'no', surface: 'asphalt' }, false],
    [{ highway: 'steps' }, false],
    [{ highway: 'steps', 'ramp:stroller': 'yes' }, true],
    [{ surface: 'asphalt' }, true],
    [{ surface: 'asphalt', smoothness: 'bad' }, false],
    [{ surface: 'ground' }, null],
    [{ highway: 'path' }, null],
  ] as const)('stroller from %j: %s', (tags, ok) => {
    expect(wayStroller(tags)).toBe(ok);
  });

  it.each([
    ['12%', 12],
    ['-8 %', 8],
    ['45°', 100],
    ['up', null],
    ['', null],
    [undefined, null],
  ])('incline %s: %s', (value, percent) => {
    expect(inclinePercent(value)).toBe(percent);
  });
});

describe('a route', () => {
  it('is step-free, wheelchair and stroller friendly when 80 % or more lies on ways that say so', () => {
    const access = routeAccessFromOsm(
      [
        { tags: path, metres: 700 },
        { tags: { ...path, surface: 'compacted', incline: '6%' }, metres: 150 },
      ],
      1000,
    );
    expect(access).toEqual({
      coverage: 0.85,
      stepFree: true,
      wheelchair: 'YES',
      stroller: true,
      stepsCount: 0,
      surfaces: [
        { kind: 'PAVED', share: 0.7 },
        { kind: 'COMPACTED', share: 0.15 },
      ],
      maxInclinePercent: 6,
    });
  });

  it('is unknown, never guessed, when too little of it is matched', () => {
    const access = routeAccessFromOsm([{ tags: path, metres: 790 }], 1000);
    expect(access).toMatchObject({ coverage: 0.79, stepFree: null, wheelchair: null, stroller: null });
  });

  it('is not step-free once it takes steps, however little of it is matched', () => {
    const access = routeAccessFromOsm(
      [
        { tags: { highway: 'steps' }, metres: 10 },
        { tags: { highway: 'steps', incline: 'up' }, metres: 15 },
      ],
      1000,
    );
    expect(access).toMatchObject({ stepFree: false, wheelchair: 'NO', stroller: false, stepsCount: 2 });
    expect(access.maxInclinePercent).toBeNull();
  });

  it('is limited for wheelchairs when one matched stretch is, and unknown for ways that say nothing', () => {
    expect(
      routeAccessFromOsm(
        [
          { tags: path, metres: 800 },
          { tags: { wheelchair: 'limited' }, metres: 100 },
        ],
        1000,
      ).wheelchair,
    ).toBe('LIMITED');
    const plain = routeAccessFromOsm([{ tags: { highway: 'path' }, metres: 1000 }], 1000);
    expect(plain).toMatchObject({ coverage: 1, stepFree: true, wheelchair: null, stroller: null, surfaces: [] });
  });

  it('counts nothing for an empty route or pieces of no length', () => {
    expect(routeAccessFromOsm([{ tags: { highway: 'steps' }, metres: 0 }], 0)).toMatchObject({
      coverage: 0,
      stepFree: null,
      stepsCount: 0,
    });
  });
});
