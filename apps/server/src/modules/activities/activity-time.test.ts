import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/errors.ts';
import { activityTimes, assertStartsLateEnough, canonicalTimeZone, zonedInstant } from './activity-time.ts';

describe('zonedInstant', () => {
  it('reads a local day and time in an IANA zone', () => {
    expect(zonedInstant('2027-01-15', '08:00', 'Europe/Rome').toISOString()).toBe('2027-01-15T07:00:00.000Z');
    expect(zonedInstant('2027-07-15', '08:00', 'Europe/Rome').toISOString()).toBe('2027-07-15T06:00:00.000Z');
    expect(zonedInstant('2027-07-15', '23:30', 'America/Los_Angeles').toISOString()).toBe('2027-07-16T06:30:00.000Z');
    expect(zonedInstant('2027-07-15', '08:00', 'Asia/Kolkata').toISOString()).toBe('2027-07-15T02:30:00.000Z');
  });

  it('settles on the right side of a DST change (Rome, last Sunday of March and October 2027)', () => {
    expect(zonedInstant('2027-03-28', '01:30', 'Europe/Rome').toISOString()).toBe('2027-03-28T00:30:00.000Z');
    expect(zonedInstant('2027-03-28', '03:30', 'Europe/Rome').toISOString()).toBe('2027-03-28T01:30:00.000Z');
    expect(zonedInstant('2027-10-31', '04:00', 'Europe/Rome').toISOString()).toBe('2027-10-31T03:00:00.000Z');
  });
  it("keeps each hour's offset without missing a change, whole or half an hour, in whatever order it is asked", () => {
    const wallClock = (instant: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .format(instant)
        .replace(', ', ' ');
    // Days of a change: Rome and New York move an hour, Lord Howe half an hour (at 02:00 local). Every time of
    // those days reads back as itself except the ones the spring change skips, which land just after the gap.
    const cases = [
      [
        'Europe/Rome',
        ['2027-03-28', '2027-10-31'],
        '2027-03-28',
        [
          ['02:00', '03:00'],
          ['02:15', '03:15'],
          ['02:30', '03:30'],
          ['02:45', '03:45'],
        ],
      ],
      [
        'America/New_York',
        ['2027-03-14', '2027-11-07'],
        '2027-03-14',
        [
          ['02:00', '03:00'],
          ['02:15', '03:15'],
          ['02:30', '03:30'],
          ['02:45', '03:45'],
        ],
      ],
      [
        'Australia/Lord_Howe',
        ['2027-04-04', '2027-10-03'],
        '2027-10-03',
        [
          ['02:00', '02:30'],
          ['02:15', '02:45'],
        ],
      ],
    ] as const;
    const times = Array.from(
      { length: 96 },
      (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`,
    );
    for (const [zone, days, springDay, skipped] of cases) {
      const asked = days.flatMap((day) => times.map((time) => [day, time] as const));
      const forward = asked.map(([day, time]) => zonedInstant(day, time, zone).getTime());
      const backward = [...asked]
        .reverse()
        .map(([day, time]) => zonedInstant(day, time, zone).getTime())
        .reverse();
      expect(backward).toEqual(forward);
      const moved = asked.flatMap(([day, time], i) => {
        const read = wallClock(new Date(forward[i]!), zone);
        return read === `${day} ${time}` ? [] : [[time, read]];
      });
      expect(moved).toEqual(skipped.map(([time, after]) => [time, `${springDay} ${after}`]));
    }
  });
});

describe('canonicalTimeZone', () => {
  it('defaults to Europe/Rome and accepts IANA names', () => {
    expect(canonicalTimeZone(undefined)).toBe('Europe/Rome');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('asia/tokyo')).toBe('Asia/Tokyo');
  });

  it.each(['Mars/Base', '+01:00', '', 'Europe/Rome; drop table users'])('refuses %j with a 400', (zone) => {
    expect(() => canonicalTimeZone(zone)).toThrow(ApiError);
  });
});

describe('activityTimes', () => {
  it('refuses an end that is not after the start', () => {
    const error = (() => {
      try {
        activityTimes({ date: '2027-05-01', startTime: '10:00', endTime: '09:59' });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error?.code).toBe('END_BEFORE_START');
  });

  it('checks the 30-minute lead to the minute', () => {
    const now = new Date('2027-05-01T08:00:00Z');
    expect(() => assertStartsLateEnough(new Date('2027-05-01T08:29:59Z'), now)).toThrow(/30 minutes/);
    expect(() => assertStartsLateEnough(new Date('2027-05-01T08:30:00Z'), now)).not.toThrow();
  });
});
