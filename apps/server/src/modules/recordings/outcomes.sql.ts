import { CALIBRATION } from '@cordata/geo';
import { type SQL, sql } from 'drizzle-orm';
import { activities, activityOutcomes } from '../../db/schema.ts';

/**
 * The outcomes that calibrate an `activities` row's moving time (docs/recordings.md): the newest of its group for its
 * sport, and the newest of its sport here, of outings that started before it. A json array of
 * `{ scope: 'GROUP' | 'SPORT', modelMinutes, realMinutes }`, for the activity's page.
 */
export const calibrationOutcomesSql = (): SQL<
  { scope: 'GROUP' | 'SPORT'; modelMinutes: number; realMinutes: number }[]
> => {
  const newest = (scope: 'GROUP' | 'SPORT', filter: SQL) => sql`(select ${sql.raw(`'${scope}'`)}::text as scope,
      co.model_minutes as "modelMinutes", co.real_minutes as "realMinutes"
    from ${activityOutcomes} co
    where co.sport_id = ${activities.sportId} and co.starts_at < ${activities.startsAt} and ${filter}
    order by co.starts_at desc limit ${sql.raw(String(CALIBRATION.maxOutings))})`;
  return sql`(select coalesce(json_agg(o), '[]'::json) from (
      ${newest('GROUP', sql`co.group_id = ${activities.groupId}`)}
      union all
      ${newest('SPORT', sql`true`)}) o)`;
};
