import {
  GRADE_SCALES,
  type Grade,
  type GradeScale,
  gradeScalesOfSport,
  gradesFitSport,
  HAZARDS,
  type Hazard,
  hazardsOfSport,
} from '@cordata/contract';
import { ApiError } from '../../http/errors.ts';

type StoredGrades = Partial<Record<GradeScale, string>>;

/**
 * The grade columns of a create or an update (issue 24). Grades and hazards sent must suit the sport
 * (GRADE_NOT_FOR_SPORT otherwise). Left out of an update they stay, less any that no longer suit a changed sport.
 */
export function gradeColumns(
  sportId: string,
  input: { grades?: Grade[]; hazards?: Hazard[] },
  stored: { grades: StoredGrades; hazards: Hazard[] } = { grades: {}, hazards: [] },
): { grades: StoredGrades; hazards: Hazard[] } {
  if (!gradesFitSport(sportId, input.grades ?? [], input.hazards ?? [])) throw new ApiError('GRADE_NOT_FOR_SPORT');
  const scales = gradeScalesOfSport(sportId);
  const grades: StoredGrades = {};
  if (input.grades) for (const g of input.grades) grades[g.scale] = g.grade;
  else for (const scale of scales) if (stored.grades[scale]) grades[scale] = stored.grades[scale];
  const hazards = input.hazards ?? stored.hazards.filter((h) => hazardsOfSport(sportId).includes(h));
  return { grades, hazards: HAZARDS.filter((h) => hazards.includes(h)) };
}

/** The stored grades as the API answers them, in the order of GRADE_SCALES. */
export function gradesView(row: { grades: StoredGrades | null; hazards: Hazard[] | null }) {
  const stored = row.grades ?? {};
  return {
    grades: GRADE_SCALES.filter((scale) => stored[scale]).map((scale) => ({ scale, grade: stored[scale]! })),
    hazards: HAZARDS.filter((h) => (row.hazards ?? []).includes(h)),
  };
}
