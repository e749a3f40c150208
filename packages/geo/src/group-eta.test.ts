import { describe, expect, it } from 'vitest';
import { type DeclaredLevel, groupMovingTime } from './group-eta.ts';
import { estimateMovingTime } from './moving-time.ts';

const hike = { distance: 12_000, gain: 900, loss: 900 };

describe('the group moving time', () => {
  it('is the model’s own estimate when nobody declared a pace or a climb that slows the group', () => {
    const alone = estimateMovingTime('hiking', hike)!;
    for (const levels of [
      [],
      [{ kind: 'DISTANCE', value: 20_000 }],
      [{ kind: 'ELEVATION', value: 1_500 }],
    ] as DeclaredLevel[][]) {
      expect(groupMovingTime('hiking', hike, levels)).toEqual({
        minutes: alone.minutes,
        includesClimb: true,
        limitedBy: null,
        limitingCount: 0,
      });
    }
  });

  // DIN 33466 for 12 km, 900 m up and down: horizontal 3 h, vertical 3 h + 1.8 h = 4.8 h; 4.8 + 3 / 2 = 6.3 h.
  const table: [string, DeclaredLevel[], number, 'PACE' | 'CLIMB' | null, number][] = [
    ['nobody slows it', [], 380, null, 0],
    // A walker at 20:00 per km (3 km/h) is 4/3 slower on the flat: horizontal 4 h; 4.8 + 4 / 2 = 6.8 h.
    ['one slow walker', [{ kind: 'PACE', value: 1200 }], 410, 'PACE', 1],
    // Comfortable up to 600 m of 900: climbs at 600/900 of the speed, vertical 4.8 × 1.5 = 7.2 h; 7.2 + 1.5 = 8.7 h.
    ['one who climbs 600 m', [{ kind: 'ELEVATION', value: 600 }], 520, 'CLIMB', 1],
    // Never below half the climbing speed: 300 m of 900 counts as 2×, vertical 9.6 h; 9.6 + 1.5 = 11.1 h.
    ['one who climbs 300 m', [{ kind: 'ELEVATION', value: 300 }], 665, 'CLIMB', 1],
    [
      'two who climb 600 m and a slow walker: the climb adds more',
      [
        { kind: 'ELEVATION', value: 600 },
        { kind: 'ELEVATION', value: 600 },
        { kind: 'PACE', value: 1200 },
      ],
      // horizontal 4 h, vertical 7.2 h: 7.2 + 2 = 9.2 h.
      550,
      'CLIMB',
      2,
    ],
    // Everyone who declared a pace is faster than the model (12:00 per km, 5 km/h): horizontal 2.4 h; 4.8 + 1.2 = 6 h.
    [
      'fast walkers',
      [
        { kind: 'PACE', value: 720 },
        { kind: 'PACE', value: 700 },
      ],
      360,
      null,
      0,
    ],
  ];
  it.each(table)('%s', (_name, levels, minutes, limitedBy, limitingCount) => {
    expect(groupMovingTime('hiking', hike, levels)).toEqual({ minutes, includesClimb: true, limitedBy, limitingCount });
  });

  it('counts the distance alone when the elevation is unknown, and knows no model for some sports', () => {
    const flat = groupMovingTime('running', { distance: 10_000, gain: null, loss: null }, [
      { kind: 'PACE', value: 420 },
    ]);
    // 10 km at 7:00 per km instead of the model's 6:00.
    expect(flat).toEqual({ minutes: 70, includesClimb: false, limitedBy: 'PACE', limitingCount: 1 });
    expect(groupMovingTime('climbing', hike, [])).toBeNull();
    expect(groupMovingTime('hiking', { distance: 0, gain: 0, loss: 0 }, [])).toBeNull();
  });

  it('never gets faster as people join (once someone declared a pace slower than the model)', () => {
    const people: DeclaredLevel[] = [];
    let last = groupMovingTime('mountain-biking', { distance: 30_000, gain: 1_200, loss: 1_200 }, people)!.minutes;
    for (const level of [
      { kind: 'PACE', value: 300 },
      { kind: 'ELEVATION', value: 1_000 },
      { kind: 'PACE', value: 260 },
      { kind: 'ELEVATION', value: 700 },
    ] as DeclaredLevel[]) {
      people.push(level);
      const now = groupMovingTime('mountain-biking', { distance: 30_000, gain: 1_200, loss: 1_200 }, people)!.minutes;
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });
});
