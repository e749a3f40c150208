import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Recordings } from '../recordings/recordings.service.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { recapHandlers } from './recap.handlers.ts';
import { createRecapRepository } from './recap.repository.ts';
import { createRecap } from './recap.service.ts';
import { createRecapNotices } from './recap-notices.ts';

/** The recap (issue 22): after the end, who came, the route and the participants' album. */
export function createRecapModule(
  core: Core,
  deps: {
    changes: Changes;
    access: Access;
    uploads: UploadsService;
    recordings: Pick<Recordings, 'forRecap'>;
    privacy: Pick<PrivacyTrim, 'activityLine'>;
  },
) {
  const recap = createRecap({
    repo: createRecapRepository(core.db),
    changes: deps.changes,
    access: deps.access,
    uploads: deps.uploads,
    trimTrack: async ({ activityId, viewerId, points }) => {
      const line = await deps.privacy.activityLine(viewerId, activityId, points);
      return { points: line.points, breaks: line.breaks };
    },
    recordings: deps.recordings,
    now: core.now,
  });
  const notices = createRecapNotices({ changes: deps.changes, now: core.now });
  return {
    handlers: recapHandlers(recap),
    jobs: [{ name: 'recap-notices', everyMs: core.config.LOGISTICS_JOBS_EVERY_MS, run: notices.run }],
    services: { notices },
  } satisfies Module;
}
