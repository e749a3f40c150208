import { stravaConfigOf } from '../../config.ts';
import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import type { ActivitiesService } from '../activities/activities.service.ts';
import type { RouteComputer } from '../activities/route-computer.ts';
import { createSecretBox } from '../auth/totp.ts';
import type { Module } from '../module.ts';
import type { PrivacyTrim } from '../privacy/privacy-trim.ts';
import type { Changes } from '../shared/changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { recordingsHandlers } from './recordings.handlers.ts';
import { createRecordingsRepository } from './recordings.repository.ts';
import { createRecordings } from './recordings.service.ts';
import { registerStravaWebhook, STRAVA_CALLBACK_PATH, STRAVA_WEBHOOK_PATH } from './strava.routes.ts';
import { createStravaClient } from './strava.ts';
import { createStravaLink } from './strava-link.ts';

/** Recordings from a watch or from Strava (issue 42, docs/recordings.md): attendance, the recap's lines, calibration. */
export function createRecordingsModule(
  core: Core,
  deps: {
    access: Access;
    changes: Changes;
    uploads: UploadsService;
    /** The group's moving time as the activity's page gives it, and the route worker that reads the files. */
    activities: { activities: Pick<ActivitiesService, 'answer'>; routeComputer: RouteComputer };
    privacy: Pick<PrivacyTrim, 'zonesFor'>;
  },
) {
  const repo = createRecordingsRepository(core.db);
  const recordings = createRecordings({
    repo,
    changes: deps.changes,
    access: deps.access,
    uploads: deps.uploads,
    routes: deps.activities.routeComputer,
    groupMovingTime: async (activityId, userId) =>
      (await deps.activities.activities.answer(activityId, userId)).activity.groupMovingTime,
    privacy: deps.privacy,
    now: core.now,
  });
  const stravaConfig = stravaConfigOf(core.config);
  const publicUrl = core.config.PUBLIC_URL?.replace(/\/$/, '');
  const origin = publicUrl ?? `http://localhost:${core.config.PORT}`;
  const strava = createStravaLink({
    db: core.db,
    repo,
    recordings,
    client: stravaConfig && createStravaClient(stravaConfig),
    redirectUri: `${origin}${STRAVA_CALLBACK_PATH}`,
    webhook:
      stravaConfig && publicUrl
        ? { callbackUrl: `${publicUrl}${STRAVA_WEBHOOK_PATH}`, verifyToken: stravaConfig.webhookVerifyToken }
        : null,
    box: createSecretBox(core.config.keys.totp),
    log: core.log,
    now: core.now,
  });
  return {
    handlers: recordingsHandlers(recordings, strava),
    jobs: [
      { name: 'strava-imports', everyMs: 30_000, run: strava.runImports },
      { name: 'strava-states', everyMs: 60 * 60_000, run: strava.purgeStates },
      { name: 'strava-subscription', everyMs: 5 * 60_000, run: strava.ensureSubscription },
    ],
    routes: stravaConfig
      ? (app) => registerStravaWebhook(app, { link: strava, verifyToken: stravaConfig.webhookVerifyToken })
      : undefined,
    services: { recordings, strava },
  } satisfies Module;
}
