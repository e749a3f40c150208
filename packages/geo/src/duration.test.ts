import { describe, expect, it } from 'vitest';
import { formatDuration, minutesBetween, splitDuration } from './duration.ts';

describe('durations', () => {
  it('splits minutes into hours and minutes', () => {
    expect(splitDuration(125)).toEqual({ hours: 2, minutes: 5 });
    expect(splitDuration(59.6)).toEqual({ hours: 1, minutes: 0 });
    expect(splitDuration(-3)).toEqual({ hours: 0, minutes: 0 });
    expect(splitDuration(Number.NaN)).toEqual({ hours: 0, minutes: 0 });
  });

  it('always shows hours and minutes, minutes on two digits', () => {
    expect(formatDuration(125)).toBe('2 h 05 min');
    expect(formatDuration(45)).toBe('0 h 45 min');
    expect(formatDuration(0)).toBe('0 h 00 min');
    expect(formatDuration(1439)).toBe('23 h 59 min');
    expect(formatDuration(3000)).toBe('50 h 00 min');
  });

  it('measures the minutes between two GPX timestamps', () => {
    expect(minutesBetween('2024-05-01T08:00:00Z', '2024-05-01T10:05:00Z')).toBe(125);
    expect(minutesBetween('2024-05-01T10:00:00Z', '2024-05-01T08:00:00Z')).toBeNull();
    expect(minutesBetween('yesterday', '2024-05-01T08:00:00Z')).toBeNull();
    expect(minutesBetween(null, '2024-05-01T08:00:00Z')).toBeNull();
  });
});
