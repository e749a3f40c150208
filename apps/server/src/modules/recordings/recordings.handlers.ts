import type { recordingCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { Recordings } from './recordings.service.ts';
import type { StravaLink } from './strava-link.ts';

/** Recordings and the Strava link (issue 42, docs/recordings.md). */
export function recordingsHandlers(recordings: Recordings, strava: StravaLink): HandlersOf<typeof recordingCalls> {
  return {
    'recording/add': ({ user, body, baseUrl }) => recordings.add(user.userId, body.activityId, body.fileUrl, baseUrl),
    'recording/set-shared': ({ user, body }) => recordings.setShared(user.userId, body.activityId, body.shared),
    'recording/delete': ({ user, body }) => recordings.remove(user.userId, body.activityId),
    'strava/read-connection': ({ user }) => strava.connection(user.userId),
    'strava/connect': ({ user }) => strava.connect(user.userId),
    'strava/finish': ({ user, body }) => strava.finish(user.userId, body),
    'strava/disconnect': ({ user }) => strava.disconnect(user.userId),
  };
}
