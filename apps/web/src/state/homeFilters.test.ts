import { describe, expect, it } from 'vitest';
import {
  activeFilters,
  clearFilter,
  dateRange,
  emptyHomeFilters,
  type HomeFilters,
  readHomeFilters,
} from './homeFilters.ts';

/** Local times, so the expectations hold in whatever time zone the tests run. */
const local = (y: number, m: number, d: number, h = 0, min = 0, s = 0, ms = 0) =>
  new Date(y, m - 1, d, h, min, s, ms).toISOString();
const endOf = (y: number, m: number, d: number) => local(y, m, d, 23, 59, 59, 999);

describe('dateRange', () => {
  const wednesday = new Date(2026, 10, 25, 15, 30); // Wednesday 25 November 2026, 15:30

  it('any date sends no bounds', () => {
    expect(dateRange({ kind: 'ANY' }, wednesday)).toEqual({});
  });

  it('today is the whole local day', () => {
    expect(dateRange({ kind: 'TODAY' }, wednesday)).toEqual({
      fromDate: local(2026, 11, 25),
      toDate: endOf(2026, 11, 25),
    });
  });

  it('the next 7 days are today and the six after', () => {
    expect(dateRange({ kind: 'NEXT_7_DAYS' }, wednesday)).toEqual({
      fromDate: local(2026, 11, 25),
      toDate: endOf(2026, 12, 1),
    });
  });

  it('this weekend is the coming Saturday and Sunday, or the current ones', () => {
    const weekend = { fromDate: local(2026, 11, 28), toDate: endOf(2026, 11, 29) };
    expect(dateRange({ kind: 'WEEKEND' }, wednesday)).toEqual(weekend);
    expect(dateRange({ kind: 'WEEKEND' }, new Date(2026, 10, 27, 23, 59))).toEqual(weekend); // Friday night
    expect(dateRange({ kind: 'WEEKEND' }, new Date(2026, 10, 28, 8))).toEqual(weekend); // Saturday
    expect(dateRange({ kind: 'WEEKEND' }, new Date(2026, 10, 29, 20))).toEqual(weekend); // Sunday
    // Monday: the next one.
    expect(dateRange({ kind: 'WEEKEND' }, new Date(2026, 10, 30, 9))).toEqual({
      fromDate: local(2026, 12, 5),
      toDate: endOf(2026, 12, 6),
    });
  });

  it('holds across a change of clocks (Europe moves to summer time on Sunday 29 March 2026)', () => {
    expect(dateRange({ kind: 'WEEKEND' }, new Date(2026, 2, 26, 12))).toEqual({
      fromDate: local(2026, 3, 28),
      toDate: endOf(2026, 3, 29),
    });
  });

  it('a custom range runs from the start of its first day to the end of its last, either side open', () => {
    expect(dateRange({ kind: 'CUSTOM', from: '2026-12-05', to: '2026-12-08' }, wednesday)).toEqual({
      fromDate: local(2026, 12, 5),
      toDate: endOf(2026, 12, 8),
    });
    expect(dateRange({ kind: 'CUSTOM', from: '2026-12-05', to: null }, wednesday)).toEqual({
      fromDate: local(2026, 12, 5),
      toDate: undefined,
    });
    expect(dateRange({ kind: 'CUSTOM', from: null, to: '2026-12-08' }, wednesday)).toEqual({
      fromDate: undefined,
      toDate: endOf(2026, 12, 8),
    });
  });
});

describe('active filters', () => {
  const all: HomeFilters = {
    near: { latitude: 45.85, longitude: 9.39, radiusKm: 25, label: 'Lecco' },
    sportIds: ['running', 'cycling'],
    date: { kind: 'WEEKEND' },
    difficulties: ['EASY'],
    maxRouteKm: 10,
    fitsMe: true,
    maxGrade: { scale: 'SAC', grade: 'T3' },
    stepFree: true,
  };

  it('counts each kind of filter once', () => {
    expect(activeFilters(emptyHomeFilters)).toEqual([]);
    expect(activeFilters(all)).toEqual([
      'place',
      'sports',
      'date',
      'difficulty',
      'distance',
      'fit',
      'grade',
      'stepFree',
    ]);
    expect(activeFilters({ ...emptyHomeFilters, sportIds: ['running', 'cycling'], maxRouteKm: 5 })).toHaveLength(2);
    // A custom range with no day chosen filters nothing.
    expect(activeFilters({ ...emptyHomeFilters, date: { kind: 'CUSTOM', from: null, to: null } })).toEqual([]);
    expect(activeFilters({ ...emptyHomeFilters, date: { kind: 'CUSTOM', from: null, to: '2026-12-01' } })).toEqual([
      'date',
    ]);
  });

  it('clears one filter and leaves the others', () => {
    expect(clearFilter(all, 'date')).toEqual({ ...all, date: { kind: 'ANY' } });
    expect(clearFilter(all, 'place')).toEqual({ ...all, near: null });
    expect(clearFilter(all, 'sports')).toEqual({ ...all, sportIds: [] });
    expect(clearFilter(all, 'difficulty')).toEqual({ ...all, difficulties: [] });
    expect(clearFilter(all, 'distance')).toEqual({ ...all, maxRouteKm: null });
    expect(clearFilter(all, 'fit')).toEqual({ ...all, fitsMe: false });
    expect(clearFilter(all, 'grade')).toEqual({ ...all, maxGrade: null });
    expect(clearFilter(all, 'stepFree')).toEqual({ ...all, stepFree: false });
    expect(activeFilters(clearFilter(all, 'distance'))).toHaveLength(7);
  });
});

describe('readHomeFilters', () => {
  it('reads what older versions stored, or nothing, as empty new filters', () => {
    expect(readHomeFilters(undefined)).toEqual(emptyHomeFilters);
    expect(readHomeFilters('nonsense')).toEqual(emptyHomeFilters);
    const near = { latitude: 45.85, longitude: 9.39, radiusKm: 25, label: 'Lecco' };
    expect(readHomeFilters({ near, sportIds: ['running'] })).toEqual({
      ...emptyHomeFilters,
      near,
      sportIds: ['running'],
    });
  });

  it('keeps what is valid and drops what is not', () => {
    expect(
      readHomeFilters({
        near: { latitude: 'x', longitude: 9, radiusKm: 25 },
        sportIds: ['running', 3],
        date: { kind: 'CUSTOM', from: '2026-12-05', to: 'tomorrow' },
        difficulties: ['HARD', 'EXTREME', 'EASY'],
        maxRouteKm: -4,
        fitsMe: 'yes',
        maxGrade: { scale: 'SAC', grade: 'T9' },
        stepFree: 'yes',
      }),
    ).toEqual({
      near: null,
      sportIds: ['running'],
      date: { kind: 'CUSTOM', from: '2026-12-05', to: null },
      difficulties: ['EASY', 'HARD'],
      maxRouteKm: null,
      fitsMe: false,
      maxGrade: null,
      stepFree: false,
    });
    expect(readHomeFilters({ stepFree: true }).stepFree).toBe(true);
    expect(readHomeFilters({ date: { kind: 'YESTERDAY' }, maxRouteKm: 20 })).toMatchObject({
      date: { kind: 'ANY' },
      maxRouteKm: 20,
    });
    expect(readHomeFilters({ date: { kind: 'WEEKEND' } }).date).toEqual({ kind: 'WEEKEND' });
    expect(readHomeFilters({ maxGrade: { scale: 'STS', grade: 'S2' } }).maxGrade).toEqual({
      scale: 'STS',
      grade: 'S2',
    });
    expect(readHomeFilters({ maxGrade: { scale: 'YDS', grade: '5.10' } }).maxGrade).toBeNull();
  });
});
