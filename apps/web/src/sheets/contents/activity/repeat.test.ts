import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import {
  describeRule,
  noRepeat,
  repeatExDates,
  repeatFromSeries,
  repeatProblems,
  repeatRule,
  weekdayOrdinal,
} from './repeat.ts';

const describeIn = (lng: 'en' | 'it', rule: string, start = '2026-12-01') =>
  describeRule(rule, start, '18:30', i18n.getFixedT(lng), lng);

describe('the repeat choices', () => {
  it('make the rule of the supported subset', () => {
    // 2026-12-01 is the first Tuesday of December; 2026-12-29 its last.
    expect(repeatRule(noRepeat(), '2026-12-01')).toBeNull();
    expect(repeatRule({ ...noRepeat(), freq: 'DAILY' }, '2026-12-01')).toBe('FREQ=DAILY');
    expect(repeatRule({ ...noRepeat(), freq: 'WEEKLY' }, '2026-12-01')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(
      repeatRule({ ...noRepeat(), freq: 'WEEKLY', weekdays: ['TH', 'TU'], ends: 'COUNT', count: '8' }, '2026-12-01'),
    ).toBe('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=8');
    expect(repeatRule({ ...noRepeat(), freq: 'MONTHLY' }, '2026-12-01')).toBe('FREQ=MONTHLY;BYDAY=1TU');
    expect(repeatRule({ ...noRepeat(), freq: 'MONTHLY' }, '2026-12-29')).toBe('FREQ=MONTHLY;BYDAY=-1TU');
    expect(
      repeatRule(
        { ...noRepeat(), freq: 'MONTHLY', monthlyBy: 'DAY', ends: 'UNTIL', until: '2027-06-30' },
        '2026-12-15',
      ),
    ).toBe('FREQ=MONTHLY;UNTIL=20270630');
    expect(weekdayOrdinal('2026-12-22')).toBe(4);
  });

  it('say what is missing', () => {
    expect(repeatProblems({ ...noRepeat(), freq: 'WEEKLY', ends: 'UNTIL', until: '2026-11-01' }, '2026-12-01')).toEqual(
      ['until'],
    );
    expect(repeatProblems({ ...noRepeat(), freq: 'DAILY', ends: 'COUNT', count: '0' }, '2026-12-01')).toEqual([
      'count',
    ]);
    expect(repeatProblems({ ...noRepeat(), freq: 'DAILY', ends: 'COUNT', count: '5' }, '2026-12-01')).toEqual([]);
  });
});

describe('a rule as people read it', () => {
  it.each([
    [
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261220',
      'Every Tuesday at 18:30, until 20 Dec',
      'Ogni martedì alle 18:30, fino al 20 dic',
    ],
    ['FREQ=WEEKLY;BYDAY=TU,TH', 'Every Tuesday and Thursday at 18:30', 'Ogni martedì e giovedì alle 18:30'],
    ['FREQ=MONTHLY;BYDAY=1SU', 'Every first Sunday of the month at 18:30', 'Ogni prima domenica del mese alle 18:30'],
    [
      'FREQ=MONTHLY;BYDAY=-1FR;COUNT=6',
      'Every last Friday of the month at 18:30, 6\u00a0times',
      'Ogni ultimo venerdì del mese alle 18:30, 6\u00a0volte',
    ],
    ['FREQ=DAILY', 'Every day at 18:30', 'Ogni giorno alle 18:30'],
  ])('%s', (rule, en, it) => {
    expect(describeIn('en', rule)).toBe(en);
    expect(describeIn('it', rule)).toBe(it);
  });

  it('names the day of the month of a monthly series without weekday', () => {
    expect(describeIn('en', 'FREQ=MONTHLY', '2026-12-15')).toBe('Every month on day 15 at 18:30');
  });
});

describe("a series' current rule, to change from", () => {
  // 2026-12-01 is a Tuesday, the first of December; 2026-12-15 the third Tuesday.
  const from = (rule: string, date: string, exDates: string[] = [], startDate = '2026-12-01') =>
    repeatFromSeries({ rule, startDate, exDates }, date);
  /** The rule the prefilled choices make again from `date`. */
  const again = (rule: string, date: string, startDate?: string) => repeatRule(from(rule, date, [], startDate), date);

  it('keeps the frequency, the interval, the weekdays and the end', () => {
    expect(from('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', '2026-12-15')).toMatchObject({
      freq: 'WEEKLY',
      interval: '2',
      weekdays: ['TU', 'TH'],
      ends: 'NEVER',
    });
    expect(again('FREQ=WEEKLY;BYDAY=TU', '2026-12-15')).toBe('FREQ=WEEKLY;BYDAY=TU');
    expect(again('FREQ=DAILY;INTERVAL=3;UNTIL=20270131', '2026-12-04')).toBe('FREQ=DAILY;INTERVAL=3;UNTIL=20270131');
    expect(from('FREQ=WEEKLY;BYDAY=TU;UNTIL=20270131T173000Z', '2026-12-15')).toMatchObject({
      ends: 'UNTIL',
      until: '2027-01-31',
    });
  });

  it('counts the dates still to come from the edited one', () => {
    // Ten Tuesdays from 1 December: the third is the edited one, so eight remain (itself included).
    expect(from('FREQ=WEEKLY;BYDAY=TU;COUNT=10', '2026-12-15')).toMatchObject({ ends: 'COUNT', count: '8' });
  });

  it('keeps "the first Sunday" and rules the choices cannot say', () => {
    // 2026-12-06 is the first Sunday of December; BYSETPOS=1 with one weekday is the same rule.
    expect(from('FREQ=MONTHLY;BYDAY=SU;BYSETPOS=1', '2026-12-06', [], '2026-11-01')).toMatchObject({
      freq: 'MONTHLY',
      monthlyBy: 'WEEKDAY',
    });
    expect(again('FREQ=MONTHLY;BYDAY=1SU', '2026-12-06', '2026-11-01')).toBe('FREQ=MONTHLY;BYDAY=1SU');
    expect(from('FREQ=MONTHLY', '2026-12-15', [], '2026-11-15')).toMatchObject({ monthlyBy: 'DAY' });
    // The last weekday of the month, and a 4th Friday that is not the last: kept as they are.
    const lastWeekday = from('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', '2026-12-31', [], '2026-11-30');
    expect(lastWeekday).toMatchObject({ monthlyBy: 'RULE', monthlyRule: 'BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1' });
    expect(repeatRule(lastWeekday, '2026-12-31')).toBe('FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1');
    expect(again('FREQ=MONTHLY;BYDAY=4FR', '2027-01-22', '2026-12-25')).toBe('FREQ=MONTHLY;BYDAY=4FR');
  });

  it('keeps the exceptions from the edited date on, and sends those the rule still has', () => {
    const r = from('FREQ=WEEKLY;BYDAY=TU', '2026-12-15', ['2026-12-08', '2026-12-22', '2026-12-29']);
    expect(r.exDates).toEqual(['2026-12-22', '2026-12-29']);
    expect(repeatExDates(r, '2026-12-15', 'FREQ=WEEKLY;BYDAY=TU')).toEqual(['2026-12-22', '2026-12-29']);
    expect(repeatExDates(r, '2026-12-15', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU')).toEqual(['2026-12-29']);
    expect(repeatExDates(r, '2026-12-15', 'FREQ=WEEKLY;BYDAY=WE')).toEqual([]);
    // A rule that now ends before an exception drops it too.
    expect(repeatExDates(r, '2026-12-15', 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20261225')).toEqual(['2026-12-22']);
    expect(repeatExDates(r, '2026-12-15', 'FREQ=WEEKLY;BYDAY=TU;COUNT=2')).toEqual(['2026-12-22']);
  });

  it('says what is wrong with an interval', () => {
    expect(repeatProblems({ ...noRepeat(), freq: 'WEEKLY', interval: '0' }, '2026-12-01')).toEqual(['interval']);
    expect(repeatProblems({ ...noRepeat(), freq: 'WEEKLY', interval: '100' }, '2026-12-01')).toEqual(['interval']);
  });

  it.each([
    [
      'FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
      'Every month, the last of Monday, Tuesday, Wednesday, Thursday, or Friday, at 18:30',
      'Ogni mese, ultimo tra lunedì, martedì, mercoledì, giovedì o venerdì, alle 18:30',
    ],
    [
      'FREQ=MONTHLY;INTERVAL=2;BYDAY=SU;BYSETPOS=1',
      'Every first Sunday of the month at 18:30, every 2 months',
      'Ogni prima domenica del mese alle 18:30, ogni 2 mesi',
    ],
    [
      'FREQ=MONTHLY;BYDAY=1MO,3MO',
      'Every month on first Monday and third Monday at 18:30',
      'Ogni mese: primo lunedì e terzo lunedì, alle 18:30',
    ],
  ])('reads %s', (rule, en, it) => {
    expect(describeIn('en', rule)).toBe(en);
    expect(describeIn('it', rule)).toBe(it);
  });
});
