import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { activities, userSports } from '../../db/schema.ts';

/**
 * The "fits me" filter (issue 24): the activity's route is WITHIN the level the person declared for its sport,
 * as `partnerFit` in @cordata/geo says (its rule, written here as a predicate the database can filter on; the
 * test beside this file checks the two agree on random routes and levels). A sport the person did not declare
 * never fits; what the route does not say (no gain, no required time) never fits either.
 */
export function withinDeclaredLevelSql(userId: string | Placeholder): SQL {
  const distance = sql`${activities.totalDistance}`;
  const gain = sql`${activities.totalElevationGain}`;
  const minutes = sql`${activities.requiredTime}`;
  return sql`exists (select 1 from ${userSports} fit_us
    where fit_us.user_id = ${userId} and fit_us.sport_id = ${activities.sportId} and fit_us.intensity_value > 0
      and case fit_us.intensity_kind
        when 'DISTANCE' then ${distance} > 0 and ${distance} <= fit_us.intensity_value
        when 'ELEVATION' then ${gain} is not null and ${gain} <= fit_us.intensity_value
        when 'TIME' then ${minutes} > 0 and ${minutes} <= fit_us.intensity_value
        when 'PACE' then ${minutes} > 0 and ${distance} > 0
          and ${minutes} * 60.0 / (${distance} / 1000.0) >= fit_us.intensity_value
        else false end)`;
}
