import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { Module } from '../module.ts';
import type { Changes } from '../shared/changes.ts';
import { pollsHandlers } from './polls.handlers.ts';
import { createPollsRepository } from './polls.repository.ts';
import { createPollsService } from './polls.service.ts';

/** Date polls (issue 40, docs/polls.md): proposing dates, answering, and the activity made from the winner. */
export function createPollsModule(
  core: Core,
  deps: { access: Access; activities: ActivitiesService; changes: Changes },
) {
  const polls = createPollsService({
    repo: createPollsRepository(core.db),
    access: deps.access,
    activities: deps.activities,
    changes: deps.changes,
    realtime: core.realtime,
    now: core.now,
  });
  return {
    handlers: pollsHandlers(polls),
    jobs: [{ name: 'poll-deadlines', everyMs: 60_000, run: polls.runDeadlines }],
    services: { polls },
  } satisfies Module;
}
