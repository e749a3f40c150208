import { describe, expect, it } from 'vitest';
import { dayKey, monthGrid, utcDayBounds } from './month.ts';

describe('the month grid', () => {
  it('starts each week on Monday and covers the whole month', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthGrid(2026, 10);
    expect(dayKey(weeks[0]![0]!)).toBe('2026-10-26');
    expect(weeks[0]![0]!.getDay()).toBe(1);
    expect(dayKey(weeks[0]![6]!)).toBe('2026-11-01');
    expect(dayKey(weeks[weeks.length - 1]![0]!)).toBe('2026-11-30');
    expect(weeks).toHaveLength(6);
    for (const week of weeks) expect(week).toHaveLength(7);
  });

  it('needs only four weeks for a February that starts on Monday', () => {
    expect(monthGrid(2027, 1)).toHaveLength(4);
  });

  it('asks for a day from its UTC start to its UTC end', () => {
    expect(utcDayBounds('2026-11-21')).toEqual({
      startDate: '2026-11-21T00:00:00.000Z',
      endDate: '2026-11-21T23:59:59.999Z',
    });
  });
});
