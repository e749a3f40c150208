import type { Core } from '../../core.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import type { Module } from '../module.ts';
import type { createParticipationModule } from '../participation/index.ts';
import type { Changes } from '../shared/changes.ts';
import { seriesHandlers } from './series.handlers.ts';
import { createSeriesService } from './series.service.ts';
import { createSeriesMaterialiser } from './series-materialiser.ts';

/** Series (issue 22): every date a real activity, made 12 weeks ahead by the series-materialiser job. */
export function createSeriesModule(
  core: Core,
  deps: {
    changes: Changes;
    chatMembership: ChatMembership;
    participation: ReturnType<typeof createParticipationModule>['services'];
  },
) {
  const series = createSeriesService({
    db: core.db,
    changes: deps.changes,
    members: deps.participation.activityMembers,
    memberships: deps.participation.memberships,
    chatMembership: deps.chatMembership,
    now: core.now,
  });
  const materialiser = createSeriesMaterialiser({ db: core.db, now: core.now });
  return {
    handlers: seriesHandlers(series),
    jobs: [{ name: 'series-materialiser', everyMs: core.config.SERIES_JOB_EVERY_MS, run: materialiser.run }],
    services: { series, materialiser },
  } satisfies Module;
}
