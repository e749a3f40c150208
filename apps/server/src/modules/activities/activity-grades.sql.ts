import { type Grade, gradesUpTo } from '@cordata/contract';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { activities } from '../../db/schema.ts';

/**
 * nearby-activities' maximum grade: graded on the scale at or below it. The order is gradesUpTo's (the shared
 * scale order), so the database compares nothing itself; an activity with no grade on the scale is left out.
 */
export function atMostGradeSql(max: Grade): SQL {
  const allowed = gradesUpTo(max.scale, max.grade);
  return inArray(sql`${activities.grades} ->> ${max.scale}`, allowed.length > 0 ? allowed : ['']);
}
