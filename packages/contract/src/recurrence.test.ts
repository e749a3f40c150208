import { describe, expect, it } from 'vitest';
import { checkSeries, expandRule, formatRule, parseRule, RuleError, weekdayOf } from './recurrence.ts';

const expand = (rule: string, start: string, to: string, exDates: string[] = []) =>
  expandRule(parseRule(rule), { start, to, exDates });

describe('expanding a rule', () => {
  // 2026-12-01 is a Tuesday; 2027-01-03 a Sunday.
  it.each([
    ['FREQ=DAILY;COUNT=3', '2026-12-30', '2027-12-31', ['2026-12-30', '2026-12-31', '2027-01-01'], true],
    [
      'FREQ=DAILY;INTERVAL=3',
      '2026-12-01',
      '2026-12-10',
      ['2026-12-01', '2026-12-04', '2026-12-07', '2026-12-10'],
      false,
    ],
    ['FREQ=DAILY;BYDAY=MO,WE', '2026-12-01', '2026-12-09', ['2026-12-02', '2026-12-07', '2026-12-09'], false],
    ['FREQ=WEEKLY', '2026-12-01', '2026-12-22', ['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22'], false],
    // The first day is not a Thursday: the series starts on the first Thursday after it.
    ['FREQ=WEEKLY;BYDAY=TH', '2026-12-01', '2026-12-10', ['2026-12-03', '2026-12-10'], false],
    [
      'FREQ=WEEKLY;BYDAY=MO,TU,SA',
      '2026-12-01',
      '2026-12-08',
      ['2026-12-01', '2026-12-05', '2026-12-07', '2026-12-08'],
      false,
    ],
    [
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH',
      '2026-12-01',
      '2026-12-31',
      ['2026-12-01', '2026-12-03', '2026-12-15', '2026-12-17', '2026-12-29', '2026-12-31'],
      false,
    ],
    [
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261215',
      '2026-12-01',
      '2027-06-01',
      ['2026-12-01', '2026-12-08', '2026-12-15'],
      true,
    ],
    ['FREQ=WEEKLY;COUNT=2;BYDAY=TU', '2026-12-01', '2027-06-01', ['2026-12-01', '2026-12-08'], true],
    // The first Sunday of each month, the last Friday, the second and fourth Wednesday.
    [
      'FREQ=MONTHLY;BYDAY=1SU',
      '2026-12-01',
      '2027-03-31',
      ['2026-12-06', '2027-01-03', '2027-02-07', '2027-03-07'],
      false,
    ],
    ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', '2026-12-01', '2027-12-31', ['2026-12-25', '2027-01-29', '2027-02-26'], true],
    ['FREQ=MONTHLY;BYDAY=2WE,4WE', '2027-01-01', '2027-01-31', ['2027-01-13', '2027-01-27'], false],
    // BYSETPOS: the first Sunday through weekdays, the last weekday of the month.
    ['FREQ=MONTHLY;BYDAY=SU;BYSETPOS=1', '2026-12-01', '2027-01-31', ['2026-12-06', '2027-01-03'], false],
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      '2026-12-01',
      '2027-02-28',
      ['2026-12-31', '2027-01-29', '2027-02-26'],
      false,
    ],
    // The 31st: months without one are skipped (RFC 5545), no day is invented.
    ['FREQ=MONTHLY', '2027-01-31', '2027-05-31', ['2027-01-31', '2027-03-31', '2027-05-31'], false],
    [
      'FREQ=MONTHLY;INTERVAL=2',
      '2026-12-15',
      '2027-06-30',
      ['2026-12-15', '2027-02-15', '2027-04-15', '2027-06-15'],
      false,
    ],
    // A fifth Monday exists only in some months.
    ['FREQ=MONTHLY;BYDAY=5MO', '2027-01-01', '2027-06-30', ['2027-03-29', '2027-05-31'], false],
  ])('%s from %s to %s', (rule, start, to, days, exhausted) => {
    expect(expand(rule, start, to)).toEqual({ days, exhausted });
  });

  it('leaves EXDATEs out, and they still count towards COUNT (RFC 5545)', () => {
    expect(expand('FREQ=WEEKLY;COUNT=4', '2026-12-01', '2027-12-31', ['2026-12-15', '2026-12-22'])).toEqual({
      days: ['2026-12-01', '2026-12-08'],
      exhausted: true,
    });
  });

  it('keeps local days across daylight saving: the days are the same, the UNTIL instant is checked per day', () => {
    // Europe/Rome leaves summer time on 2026-10-25: 18:30 local is 16:30Z before and 17:30Z after.
    const startsAt = (day: string) => {
      const offsetHours = day < '2026-10-25' ? 2 : 1;
      return Date.parse(`${day}T18:30:00Z`) - offsetHours * 3_600_000;
    };
    const rule = parseRule('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261103T173000Z');
    expect(expandRule(rule, { start: '2026-10-13', to: '2026-12-31', startsAt }).days).toEqual([
      '2026-10-13',
      '2026-10-20',
      '2026-10-27',
      '2026-11-03',
    ]);
    const earlier = parseRule('FREQ=WEEKLY;BYDAY=TU;UNTIL=20261103T172959Z');
    expect(expandRule(earlier, { start: '2026-10-13', to: '2026-12-31', startsAt }).days.at(-1)).toBe('2026-10-27');
  });

  it('knows weekdays', () => {
    expect(weekdayOf('2026-12-01')).toBe('TU');
    expect(weekdayOf('2027-01-03')).toBe('SU');
  });
});

describe('checking a rule', () => {
  const codeOf = (fn: () => unknown) => {
    try {
      fn();
    } catch (err) {
      return err instanceof RuleError ? `${err.code}: ${err.message}` : String(err);
    }
    return 'no error';
  };

  it.each([
    ['', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;FREQ=DAILY', 'SERIES_RULE_INVALID'],
    ['FREQ=FORTNIGHTLY', 'SERIES_RULE_INVALID'],
    ['INTERVAL=2', 'SERIES_RULE_INVALID'],
    ['FREQ=YEARLY', 'SERIES_RULE_UNSUPPORTED'],
    ['FREQ=MONTHLY;BYMONTHDAY=15', 'SERIES_RULE_UNSUPPORTED'],
    ['FREQ=WEEKLY;WKST=SU', 'SERIES_RULE_UNSUPPORTED'],
    ['FREQ=WEEKLY;BYDAY=1TU', 'SERIES_RULE_INVALID'],
    ['FREQ=MONTHLY;BYDAY=6TU', 'SERIES_RULE_INVALID'],
    ['FREQ=MONTHLY;BYDAY=0TU', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;BYDAY=XX', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;BYDAY=TU,TU', 'SERIES_RULE_INVALID'],
    ['FREQ=MONTHLY;BYSETPOS=1', 'SERIES_RULE_INVALID'],
    ['FREQ=MONTHLY;BYDAY=SU;BYSETPOS=0', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;COUNT=2;UNTIL=20270101', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;COUNT=0', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;COUNT=9999', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;INTERVAL=0', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;UNTIL=20270230', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;UNTIL=2027-01-01', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;FOO=1', 'SERIES_RULE_INVALID'],
    ['FREQ=WEEKLY;UNTIL=20261130', 'SERIES_RULE_INVALID'], // before the first day: no date at all
    ['FREQ=WEEKLY;UNTIL=20351130', 'SERIES_RULE_INVALID'], // too far
  ])('"%s" → %s', (rule, code) => {
    expect(codeOf(() => checkSeries(rule, '2026-12-01', []))).toMatch(new RegExp(`^${code}: `));
  });

  it('refuses an exception that is not one of the days, and a series whose every day is excepted', () => {
    expect(codeOf(() => checkSeries('FREQ=WEEKLY;BYDAY=TU', '2026-12-01', ['2026-12-02']))).toMatch(
      /^SERIES_RULE_INVALID: 2026-12-02 is not one/,
    );
    expect(codeOf(() => checkSeries('FREQ=WEEKLY;COUNT=1', '2026-12-01', ['2026-12-01']))).toMatch(
      /^SERIES_RULE_INVALID: This rule gives no date/,
    );
  });

  it('answers the canonical rule and the first day', () => {
    expect(checkSeries('rrule:freq=monthly;byday=1su;interval=1', '2026-12-10', [])).toMatchObject({
      canonical: 'FREQ=MONTHLY;BYDAY=1SU',
      firstDay: '2027-01-03',
    });
    const rule = parseRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270101T120000Z');
    expect(formatRule(rule)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;UNTIL=20270101T120000Z');
    expect(parseRule(formatRule(rule))).toEqual(rule);
  });
});
