import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { groupMembers, groups, subgroupMembers, subgroups } from '../../db/schema.ts';

/**
 * The pace groups a person goes by (issue 40): those they are in, of groups not deleted that they still take part
 * in. A `from` clause with its `where`, naming the pace group `sg`: partner fit adds the activity's sport, the
 * person's profile reads them all.
 */
export const paceGroupsOfSql = (userId: string | Placeholder): SQL => sql`${subgroupMembers} sm
  join ${subgroups} sg on sg.id = sm.subgroup_id
  join ${groups} g on g.id = sg.group_id and g.deleted_at is null
  join ${groupMembers} gm on gm.group_id = sg.group_id and gm.user_id = sm.user_id and gm.state = 'PARTICIPATING'
  where sm.user_id = ${userId}`;
