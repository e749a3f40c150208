import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { activities, userSports } from '../../db/schema.ts';
import { paceGroupsOfSql } from '../groups/pace-groups.sql.ts';

/**
 * The levels a person goes by in the activity's sport: the one they declared, else (issue 40) those of the pace
 * groups they are in, in groups they take part in (any of them may fit: a rider of A and of Social fits both).
 */
function levelsInSportSql(userId: string | Placeholder): SQL {
  return sql`(select us.intensity_kind, us.intensity_value from ${userSports} us
      where us.user_id = ${userId} and us.sport_id = ${activities.sportId} and us.intensity_value > 0
    union all
    select sg.intensity_kind, sg.intensity_value from ${paceGroupsOfSql(userId)}
      and sg.sport_id = ${activities.sportId} and sg.intensity_value > 0
        and not exists (select 1 from ${userSports} own where own.user_id = ${userId}
          and own.sport_id = ${activities.sportId} and own.intensity_value > 0))`;
}

/**
 * The "fits me" filter (issue 24): the activity's route is WITHIN the person's level for its sport (declared, else
 * their pace group's), as `partnerFit` in @cordata/geo says (its rule, written here as a predicate the database can
 * filter on; the test beside this file checks the two agree on random routes and levels). A sport without a level
 * never fits; what the route does not say (no gain, no required time) never fits either.
 */
export function withinLevelSql(userId: string | Placeholder): SQL {
  const distance = sql`${activities.totalDistance}`;
  const gain = sql`${activities.totalElevationGain}`;
  const minutes = sql`${activities.requiredTime}`;
  return sql`exists (select 1 from ${levelsInSportSql(userId)} as fit_us (intensity_kind, intensity_value)
    where case fit_us.intensity_kind
        when 'DISTANCE' then ${distance} > 0 and ${distance} <= fit_us.intensity_value
        when 'ELEVATION' then ${gain} is not null and ${gain} <= fit_us.intensity_value
        when 'TIME' then ${minutes} > 0 and ${minutes} <= fit_us.intensity_value
        when 'PACE' then ${minutes} > 0 and ${distance} > 0
          and ${minutes} * 60.0 / (${distance} / 1000.0) >= fit_us.intensity_value
        else false end)`;
}
