import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { describeRule, noRepeat, repeatProblems, repeatRule, weekdayOrdinal } from './repeat.ts';

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
      'Every last Friday of the month at 18:30, 6 times',
      'Ogni ultimo venerdì del mese alle 18:30, 6 volte',
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
