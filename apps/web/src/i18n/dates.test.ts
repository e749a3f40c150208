import { describe, expect, it } from 'vitest';
import { dateLocale, formatDate, formatDuration, formatTime, startOfWeek, weekdayNames } from './dates.ts';

describe('dates', () => {
  it('uses the Italian locale by default', () => {
    expect(dateLocale()).toBe('it-IT');
    expect(formatDate(new Date(2026, 10, 21))).toBe('21/11/2026');
    expect(formatTime(new Date(2026, 10, 21, 18, 5))).toBe('18:05');
  });

  it('keeps day-first dates in English', () => {
    expect(formatDate(new Date(2026, 10, 21), 'en')).toBe('21/11/2026');
  });

  it.each([
    ['de', '21.11.2026', /^mo/],
    ['fr', '21/11/2026', /^lun/],
    ['es', '21/11/2026', /^lun/],
  ])('puts the day first with a 24-hour clock and Monday first in %s too', (language, date, monday) => {
    expect(formatDate(new Date(2026, 10, 21), language)).toBe(date);
    expect(formatTime(new Date(2026, 10, 21, 18, 5), language)).toBe('18:05');
    expect(weekdayNames(language)[0]?.toLowerCase()).toMatch(monday);
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek(new Date(2026, 10, 22)).getDate()).toBe(16); // Sunday 22 → Monday 16
    expect(startOfWeek(new Date(2026, 10, 16)).getDate()).toBe(16);
    expect(weekdayNames('it')[0]?.toLowerCase()).toMatch(/^lun/);
    expect(weekdayNames('en')[0]).toMatch(/^Mon/);
  });

  it('shows durations as hours and minutes', () => {
    expect(formatDuration(125)).toBe('2 h 5 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(45)).toBe('45 min');
  });
});

describe('one date format per language, in the admin area too (issue 26)', () => {
  it.each(['en', 'it'])('day before month and a 24-hour clock (%s)', async (language) => {
    const { default: i18n } = await import('./index.ts');
    const { day, dayTime } = await import('../admin/shared.tsx');
    await i18n.changeLanguage(language);
    const at = new Date(2026, 2, 5, 18, 30).toISOString();
    expect(day(at)).toBe('05/03/2026');
    expect(dayTime(at)).toBe('05/03/2026 18:30');
  });
});
