import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { activities, groups } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';
import { activityEvent, writeIcs } from './ics.ts';

const PAST_DAYS = 30;
const MAX_EVENTS = 500;

/**
 * Public ICS feeds of open groups: anyone (a calendar app, without a token) may subscribe to the public
 * activities of an open group, from 30 days back. A closed or deleted group has no feed (404), and
 * private activities never appear. Series are single events until series (issue 22) land.
 */
export function registerGroupFeeds(
  app: FastifyInstance,
  deps: { db: Db; product: string; publicUrl: string; now: () => Date },
) {
  app.get<{ Params: { file: string } }>(
    `/api/space/${deps.product}/calendar/groups/:file`,
    { schema: { hide: true } },
    async (req, reply) => {
      const groupId = /^([0-9a-f-]{36})\.ics$/.exec(req.params.file)?.[1];
      if (!groupId) throw new ApiError('GROUP_NOT_FOUND');
      const [group] = await deps.db
        .select({ id: groups.id, name: groups.name, type: groups.type })
        .from(groups)
        .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)));
      if (group?.type !== 'OPEN') throw new ApiError('GROUP_NOT_FOUND');
      const since = new Date(deps.now().getTime() - PAST_DAYS * 86_400_000);
      const rows = await deps.db
        .select()
        .from(activities)
        .where(
          and(
            eq(activities.groupId, group.id),
            isNull(activities.deletedAt),
            eq(activities.visibility, 'PUBLIC'),
            gt(activities.endsAt, since),
          ),
        )
        .orderBy(asc(activities.startsAt))
        .limit(MAX_EVENTS);
      const ics = writeIcs({
        name: group.name,
        now: deps.now(),
        events: rows.map((a) => activityEvent(a, deps.publicUrl)),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `inline; filename="${group.id}.ics"`)
        .header('cache-control', 'public, max-age=300')
        .send(ics);
    },
  );
}
