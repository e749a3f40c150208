import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { activities, groupMembers, groups, sports } from '../db/schema.ts';
import { activityPublicSql } from '../modules/access/access.ts';

/**
 * The rule of link previews (issue 19): only what an outsider may see, i.e. a live activity that is public
 * and open to join, or a live open group. Anything else — private, closed, deleted, missing — has no preview.
 */
const shareableActivity = (id: string) =>
  and(eq(activities.id, id), isNull(activities.deletedAt), activityPublicSql, eq(activities.access, 'OPEN'));

/** What a link preview says of an activity. */
const previewColumns = {
  name: activities.name,
  date: activities.date,
  startTime: activities.startTime,
  endTime: activities.endTime,
  totalDistance: activities.totalDistance,
  sportNames: { en: sports.nameEn, it: sports.nameIt, de: sports.nameDe, fr: sports.nameFr, es: sports.nameEs },
};

/** Read-only lookups of what link previews and share images show: one primary-key query each. */
export function createShareRepository(db: Db) {
  return {
    async findShareableActivity(id: string) {
      const [row] = await db
        .select(previewColumns)
        .from(activities)
        .innerJoin(sports, eq(sports.id, activities.sportId))
        .where(shareableActivity(id));
      return row ?? null;
    },
    /** The share card's facts and line (share-card.ts): the preview's, and the route with its organiser. */
    async findShareableActivityCard(id: string) {
      const [row] = await db
        .select({ ...previewColumns, routeSteps: activities.routeSteps, createdBy: activities.createdBy })
        .from(activities)
        .innerJoin(sports, eq(sports.id, activities.sportId))
        .where(shareableActivity(id));
      return row ?? null;
    },
    async findOpenGroup(id: string) {
      const [row] = await db
        .select({ name: groups.name, picture: groups.picture })
        .from(groups)
        .where(and(eq(groups.id, id), isNull(groups.deletedAt), eq(groups.type, 'OPEN')));
      return row ?? null;
    },
    async countParticipants(groupId: string) {
      const [members] = await db
        .select({ n: count() })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.state, 'PARTICIPATING')));
      return members?.n ?? 0;
    },
  };
}
