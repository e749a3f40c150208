import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, LatLng, Ok, UserSummary } from '../common.ts';
import { RECORDING_SOURCES } from '../enums.ts';

export const RecordingSource = z.enum(RECORDING_SOURCES);
export type RecordingSource = z.infer<typeof RecordingSource>;

/** The caller's own recording of an activity (docs/recordings.md): what was matched, and whether others see it. */
export const MyRecording = z.object({
  activityId: Id,
  source: RecordingSource,
  startedAt: IsoDateTime,
  movingMinutes: z.int(),
  /** Metres moved. */
  distance: z.number(),
  /** The share of its time spent on the planned route, 0 to 1 (more than 0.5 to match). */
  onRouteShare: z.number().min(0).max(1),
  /** The others taking part see its line in the recap, and its time counts in the group's real time. */
  shared: z.boolean(),
  /** False for a recording from Strava: Strava's terms let only its owner see it. */
  canShare: z.boolean(),
});
export type MyRecording = z.infer<typeof MyRecording>;

/** One person's real line in the recap: the caller's own, or one its owner shares (privacy zones cut out). */
export const RecapLine = z.object({
  person: UserSummary,
  mine: z.boolean(),
  source: RecordingSource,
  points: z.array(LatLng),
  /** Indices of points where a new piece of the line begins. */
  breaks: z.array(z.int()),
  movingMinutes: z.int(),
  distance: z.number(),
});
export type RecapLine = z.infer<typeof RecapLine>;

/** A person's Strava link (docs/recordings.md). */
export const StravaConnection = z.object({
  /** The server has a Strava application (STRAVA_CLIENT_ID…); without it nobody can connect. */
  configured: z.boolean(),
  connected: z.boolean(),
  connectedAt: IsoDateTime.nullable(),
});
export type StravaConnection = z.infer<typeof StravaConnection>;

const byActivity = z.object({ activityId: Id });
const recordingAnswer = z.object({ recording: MyRecording });
const stravaAnswer = z.object({ strava: StravaConnection });

/** Recordings from a watch or from Strava (issue 42, docs/recordings.md). */
export const recordingCalls = {
  'recording/add': defineCall({
    auth: true,
    summary:
      'A participant, from the start until 7 days after the end: add the FIT, TCX or GPX file recorded on the outing (uploaded with purpose RECORDING); it must match the activity, and replaces an earlier one',
    body: byActivity.extend({ fileUrl: z.string().max(2000) }),
    response: recordingAnswer,
    errors: [
      'ACTIVITY_NOT_FOUND',
      'FORBIDDEN',
      'RECORDING_WINDOW_CLOSED',
      'RECORDING_INVALID',
      'RECORDING_NOT_MATCHED',
      'UPLOAD_INVALID',
      'UPLOAD_NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
    ],
  }),
  'recording/set-shared': defineCall({
    auth: true,
    summary: 'Its owner: whether the others taking part see my recording of this activity in the recap',
    body: byActivity.extend({ shared: z.boolean() }),
    response: recordingAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'RECORDING_NOT_FOUND', 'RECORDING_NOT_SHAREABLE'],
  }),
  'recording/delete': defineCall({
    auth: true,
    summary: 'Its owner: delete my recording of this activity',
    body: byActivity,
    response: Ok,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'RECORDING_NOT_FOUND'],
  }),
  'strava/read-connection': defineCall({
    auth: true,
    summary: 'Whether Strava is set up here, and whether I connected my account',
    body: null,
    response: stravaAnswer,
  }),
  'strava/connect': defineCall({
    auth: true,
    summary:
      "Start connecting my Strava account: the address of Strava's consent page (it comes back to /strava/callback)",
    body: null,
    response: z.object({ authorizeUrl: z.string() }),
    errors: ['STRAVA_NOT_CONFIGURED'],
  }),
  'strava/finish': defineCall({
    auth: true,
    summary: "Finish connecting Strava with what Strava's consent page sent back",
    body: z.object({
      code: z.string().min(1).max(500),
      state: z.string().min(1).max(200),
      scope: z.string().max(500).optional(),
    }),
    response: stravaAnswer,
    errors: ['STRAVA_NOT_CONFIGURED', 'STRAVA_STATE_INVALID', 'STRAVA_SCOPE_MISSING', 'STRAVA_UNAVAILABLE'],
  }),
  'strava/disconnect': defineCall({
    auth: true,
    summary: 'Disconnect my Strava account: Cordata gives up its access and deletes every track that came from Strava',
    body: null,
    response: stravaAnswer,
  }),
};
