import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, LatLng, Ok, SportId, UserSummary } from '../common.ts';
import { AttendanceMark } from './attendance.ts';
import { MyRecording, RecapLine } from './recording.ts';

/** One photo of a recap's album; `url` is signed for the caller and works for about an hour. */
export const RecapPhoto = z.object({
  photoId: Id,
  /** Null once the uploader's account is gone. */
  uploader: UserSummary.nullable(),
  createdAt: IsoDateTime,
  url: z.string(),
  /** The caller uploaded it or organises the activity. */
  canDelete: z.boolean(),
});
export type RecapPhoto = z.infer<typeof RecapPhoto>;

/** Someone who came: every participant at the end, with the organiser's attendance mark once there is one (others than the organisers do not see those marked no-show or excused). */
export const RecapAttendee = UserSummary.extend({
  isAdmin: z.boolean(),
  attendance: AttendanceMark.nullable(),
});
export type RecapAttendee = z.infer<typeof RecapAttendee>;

/** An activity after its end (docs/recap.md): who came, the route, and the participants' album. */
export const Recap = z.object({
  activityId: Id,
  name: z.string(),
  sportId: SportId,
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  attendees: z.array(RecapAttendee),
  route: z.object({
    /** The line as it was planned, without what lies inside another person's privacy zones. */
    points: z.array(LatLng),
    /** Indices of points where a new piece of the line begins (nothing is drawn across a privacy zone). */
    breaks: z.array(z.int()),
    totalDistance: z.number(),
    /** Null when the route's elevation is unknown. */
    totalElevationGain: z.number().nullable(),
    /** From the start to the end, as planned. */
    durationMinutes: z.int(),
  }),
  /** The real lines: the caller's own recording, and those their owners share (docs/recordings.md). */
  lines: z.array(RecapLine),
  /** The caller's recording of this activity, if they added one. */
  myRecording: MyRecording.nullable(),
  /** The caller may still add (or replace) a recording: until 7 days after the end. */
  canAddRecording: z.boolean(),
  /** The group's real moving time beside the estimate the activity's page gave. */
  movingTime: z.object({
    /** The median of the shared recordings' moving times; null without one. */
    realMinutes: z.int().nullable(),
    /** How many shared recordings it is taken from. */
    recordings: z.int(),
    /** The group's estimate (groupMovingTime, calibrated as the page showed it); null for a sport without a model. */
    estimatedMinutes: z.int().nullable(),
  }),
  /** Photos may be added until then (7 days after the end). */
  albumOpenUntil: IsoDateTime,
  canUpload: z.boolean(),
  /** Newest first. */
  photos: z.array(RecapPhoto),
});
export type Recap = z.infer<typeof Recap>;

const byActivity = z.object({ activityId: Id });

export const recapCalls = {
  'activity/read-recap': defineCall({
    auth: true,
    summary: 'Participants and organisers, after the end: who came, the route and the photo album',
    body: byActivity,
    response: z.object({ recap: Recap }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'RECAP_NOT_READY'],
  }),
  'activity/add-recap-photo': defineCall({
    auth: true,
    summary: 'Participants, for 7 days after the end: add a photo uploaded with purpose RECAP_PHOTO to the album',
    body: byActivity.extend({ fileUrl: z.string().max(2000) }),
    response: z.object({ photo: RecapPhoto }),
    errors: [
      'ACTIVITY_NOT_FOUND',
      'FORBIDDEN',
      'RECAP_ALBUM_CLOSED',
      'RECAP_ALBUM_FULL',
      'UPLOAD_INVALID',
      'UPLOAD_NOT_FOUND',
      'PAYLOAD_TOO_LARGE',
    ],
  }),
  'activity/delete-recap-photo': defineCall({
    auth: true,
    summary: 'Its uploader or an organiser: delete a photo of the album',
    body: byActivity.extend({ photoId: Id }),
    response: Ok,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'PHOTO_NOT_FOUND'],
  }),
};
