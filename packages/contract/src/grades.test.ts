import { describe, expect, it } from 'vitest';
import { Grade, Grades } from './calls/activity.ts';
import {
  compareGrades,
  GRADE_SCALES,
  gradeRank,
  gradeScalesOfSport,
  gradesFitSport,
  gradesUpTo,
  hazardsOfSport,
  SCALE_GRADES,
} from './grades.ts';

describe('standard grades (issue 24)', () => {
  it.each([
    ['SAC', 'T1', 'T2', -1],
    ['SAC', 'T6', 'T3', 3],
    ['STS', 'S0', 'S5', -5],
    ['UIAA', 'IV-', 'IV', -1],
    ['UIAA', 'IV+', 'V-', -1],
    ['UIAA', 'III', 'IV-', -1],
    ['UIAA', 'XII', 'XI+', 2],
    ['FRENCH', '5c', '6a', -1],
    ['FRENCH', '6a+', '6a', 1],
    ['FRENCH', '6c+', '7a', -1],
    ['FRENCH', '9c', '9b+', 1],
    ['VIA_FERRATA', 'A', 'F', -5],
    ['SAC', 'T4', 'T4', 0],
  ] as const)('%s: %s against %s', (scale, a, b, want) => {
    expect(compareGrades(scale, a, b)).toBe(want);
  });

  it('has each scale in order with no repeated grade', () => {
    for (const scale of GRADE_SCALES) {
      const grades = SCALE_GRADES[scale];
      expect(new Set(grades).size).toBe(grades.length);
      for (const [i, g] of grades.entries()) expect(gradeRank(scale, g)).toBe(i);
    }
    expect(SCALE_GRADES.SAC).toEqual(['T1', 'T2', 'T3', 'T4', 'T5', 'T6']);
    expect(SCALE_GRADES.STS).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5']);
    expect(SCALE_GRADES.VIA_FERRATA).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('refuses what is not a grade of the scale', () => {
    expect(gradeRank('SAC', 'S2')).toBe(-1);
    expect(gradeRank('FRENCH', '6A')).toBe(-1);
    expect(() => compareGrades('SAC', 'T7', 'T1')).toThrow(RangeError);
    expect(Grade.safeParse({ scale: 'SAC', grade: 'T3' }).success).toBe(true);
    expect(Grade.safeParse({ scale: 'STS', grade: 'T3' }).success).toBe(false);
    expect(
      Grades.safeParse([
        { scale: 'SAC', grade: 'T3' },
        { scale: 'SAC', grade: 'T4' },
      ]).success,
    ).toBe(false);
  });

  it('lists the grades up to a maximum', () => {
    expect(gradesUpTo('SAC', 'T3')).toEqual(['T1', 'T2', 'T3']);
    expect(gradesUpTo('STS', 'S0')).toEqual(['S0']);
    expect(gradesUpTo('SAC', 'T9')).toEqual([]);
  });

  it('maps sports to their scales and hazards', () => {
    expect(gradeScalesOfSport('hiking')).toEqual(['SAC']);
    expect(gradeScalesOfSport('mountain-biking')).toEqual(['STS']);
    expect(gradeScalesOfSport('climbing')).toEqual(['UIAA', 'FRENCH']);
    expect(gradeScalesOfSport('via-ferrata')).toEqual(['VIA_FERRATA']);
    expect(gradeScalesOfSport('kayaking')).toEqual([]);
    expect(hazardsOfSport('hiking')).not.toContain('STAIRS');
    expect(hazardsOfSport('mountain-biking')).toContain('STAIRS');
    expect(hazardsOfSport('mountain-biking')).not.toContain('UNPAVED');
    expect(hazardsOfSport('road-cycling')).toContain('UNPAVED');
    expect(gradesFitSport('hiking', [{ scale: 'SAC', grade: 'T3' }], ['EXPOSURE'])).toBe(true);
    expect(gradesFitSport('hiking', [{ scale: 'STS', grade: 'S1' }], [])).toBe(false);
    expect(gradesFitSport('hiking', [], ['UNPAVED'])).toBe(false);
  });
});
