import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  Consent,
  ConsentGiven,
  ConsentVersion,
  Day,
  Id,
  IsoDateTime,
  LatLng,
  Ok,
  OptionalPagination,
  Pagination,
  Place,
  SportId,
  TimeOfDay,
  UserSummary,
} from '../common.ts';
import {
  CLAIM_WINDOW_MAX_MINUTES,
  CLAIM_WINDOW_MIN_MINUTES,
  CONSENT_TEXT_MAX,
  GPX_MAX_BYTES,
  JOIN_DEADLINE_MAX_HOURS,
  SEATS_MAX,
} from '../constants.ts';
import {
  ACCESS,
  DIFFICULTIES,
  NEARBY_ORDERS,
  PARTICIPATION_STATUSES,
  ROUTE_MODES,
  SKIP_REASONS,
  VISIBILITIES,
  WAITLIST_OVERRIDES,
  WAYPOINT_TYPES,
} from '../enums.ts';
import { GRADE_SCALES, gradeRank, HAZARDS } from '../grades.ts';
import { SURFACE_KINDS, WHEELCHAIR_LEVELS } from '../osm-access.ts';
import { MultilineText, PersonName as NameRule, PlainText, validationMessages } from '../rules.ts';
import { AttendanceRecord } from './attendance.ts';
import { RepeatInput, SeriesRef, SeriesScope } from './series-shapes.ts';

export const GradeScaleSchema = z.enum(GRADE_SCALES);
export const HazardSchema = z.enum(HAZARDS);

/** One grade on one scale, e.g. { scale: 'SAC', grade: 'T3' }. */
export const Grade = z
  .object({ scale: GradeScaleSchema, grade: z.string().max(8) })
  .refine((g) => gradeRank(g.scale, g.grade) >= 0, {
    message: 'Not a grade of this scale',
    path: ['grade'],
  });
export type Grade = z.infer<typeof Grade>;

/** At most one grade per scale. */
export const Grades = z
  .array(Grade)
  .max(GRADE_SCALES.length)
  .refine((list) => new Set(list.map((g) => g.scale)).size === list.length, {
    message: 'One grade per scale',
  });
export const Hazards = z
  .array(HazardSchema)
  .max(HAZARDS.length)
  .refine((list) => new Set(list).size === list.length, { message: 'Each hazard once' });

/**
 * What to expect on the way (issue 38): facts read from the OpenStreetMap ways along the route when it was saved
 * (osm-access.ts, routeAccessFromOsm). A null is unknown, never a guess; shown with "© OpenStreetMap contributors".
 */
export const RouteAccess = z.object({
  /** 0 to 1: the share of the route's length matched to an OpenStreetMap way. */
  coverage: z.number(),
  stepFree: z.boolean().nullable(),
  wheelchair: z.enum(WHEELCHAIR_LEVELS).nullable(),
  /** Stroller-friendly. */
  stroller: z.boolean().nullable(),
  /** Flights of steps (ways tagged highway=steps) on the route. */
  stepsCount: z.int(),
  /** Share (0 to 1) of the route's length on each kind of surface, where tagged, largest first. */
  surfaces: z.array(z.object({ kind: z.enum(SURFACE_KINDS), share: z.number() })),
  /** The steepest incline tagged along the route, in percent; null when none is tagged. */
  maxInclinePercent: z.int().nullable(),
});
export type RouteAccess = z.infer<typeof RouteAccess>;

/** A GPX route travels inline: its calls take the largest GPX file plus the rest of the activity. */
export const ROUTE_BODY_LIMIT = GPX_MAX_BYTES + 64 * 1024;

export const Access = z.enum(ACCESS);
export type Access = z.infer<typeof Access>;
export const Visibility = z.enum(VISIBILITIES);
export type Visibility = z.infer<typeof Visibility>;
export const Difficulty = z.enum(DIFFICULTIES);
export type Difficulty = z.infer<typeof Difficulty>;
/** How nearby-activities orders its page: nearest first, or soonest first (still within the radius). */
export const NearbyOrder = z.enum(NEARBY_ORDERS);
export type NearbyOrder = z.infer<typeof NearbyOrder>;
export const ParticipationStatus = z.enum(PARTICIPATION_STATUSES);
export type ParticipationStatus = z.infer<typeof ParticipationStatus>;
export const WaypointType = z.enum(WAYPOINT_TYPES);
export type WaypointType = z.infer<typeof WaypointType>;
export const SkipReason = z.enum(SKIP_REASONS);
export type SkipReason = z.infer<typeof SkipReason>;

export const Waypoint = LatLng.extend({ type: WaypointType });
export type Waypoint = z.infer<typeof Waypoint>;

export const RouteInput = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('POINTS'),
    start: Place,
    destination: Place,
    routeSteps: z.array(LatLng).max(5000),
    waypoints: z.array(Waypoint).max(200).optional(),
  }),
  z
    .object({
      mode: z.literal('GPX'),
      /** The file itself, up to GPX_MAX_BYTES (5 MB). */
      gpx: z.string().min(1).max(GPX_MAX_BYTES).optional(),
      /** Or the `fileUrl` of the caller's own GPX upload (upload/get-upload-url, purpose GPX), up to 20 MB. */
      gpxUrl: z.string().trim().min(1).max(2000).optional(),
    })
    .refine((r) => (r.gpx === undefined) !== (r.gpxUrl === undefined), {
      message: 'Send the file (gpx) or the address of its upload (gpxUrl), one of the two',
      path: ['gpx'],
    }),
]);
export type RouteInput = z.infer<typeof RouteInput>;

/** An activity name follows the name rule of spec §5. */
export const ActivityName = NameRule;

const ActivityFields = z.object({
  name: ActivityName,
  sportId: SportId,
  date: Day,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  timeZone: z.string().max(64).optional(),
  description: MultilineText(2000).optional(),
  contact: PlainText(200).optional(),
  access: Access,
  visibility: Visibility,
  groupId: Id.nullable().optional(),
  /**
   * Limits a group activity (or series) to these sub-groups of its group (issue 40, docs/groups.md): only their members,
   * the group's admins and the creator see it. [] (or absent on create): not limited; absent on update: unchanged.
   */
  subgroupIds: z.array(Id).max(20).optional(),
  difficulty: Difficulty,
  requiredTime: z
    .int()
    .positive()
    .max(60 * 24 * 14)
    .optional(),
  route: RouteInput,
  /**
   * Standard grades beside the difficulty (issue 24), only on the scales of the sport (gradeScalesOfSport), and the
   * hazards the organiser flags (hazardsOfSport); GRADE_NOT_FOR_SPORT otherwise. Left out on an update: unchanged.
   */
  grades: Grades.optional(),
  hazards: Hazards.optional(),
  invitedUserIds: z.array(Id).max(1000).optional(),
  invitedGroupIds: z.array(Id).max(50).optional(),
  /**
   * Seats (docs/seats.md): how many people may take part, organisers included; null or left out: no limit. On an
   * update, left out keeps what is set, and it may not go below the people already taking part.
   */
  seats: z.int().min(1).max(SEATS_MAX).nullable().optional(),
  /** Joining later than this many hours before the start puts the person on the waitlist; null: no deadline. */
  joinDeadlineHours: z.int().min(1).max(JOIN_DEADLINE_MAX_HOURS).nullable().optional(),
  /** How long a seat offer may be claimed (null: 120 min); 15 min anyway once the start is less than 6 h away. */
  claimWindowMinutes: z.int().min(CLAIM_WINDOW_MIN_MINUTES).max(CLAIM_WINDOW_MAX_MINUTES).nullable().optional(),
  /**
   * Who's going (issue 23): true shows the list of participants to everyone who sees the activity; false (the
   * default) to its participants only, the others seeing the count. Left out on an update: unchanged.
   */
  participantsPublic: z.boolean().optional(),
  /**
   * A text people accept before joining (issue 40, docs/consent.md); null or empty: none. A changed text asks the
   * participants again. Left out on an update: unchanged.
   */
  consentText: MultilineText(CONSENT_TEXT_MAX).nullable().optional(),
});
/**
 * Spec §5: the end time comes after the start time. Forms check it with this; the server checks it once the times
 * are read in the activity's time zone and answers END_BEFORE_START (validationMessages.endAfterStart), so the call
 * bodies below carry no refinement that would turn it into a generic VALIDATION_ERROR.
 */
export const endsAfterStart = (a: { startTime: string; endTime: string }) => a.endTime > a.startTime;
/** With `repeat`, the activity is the first date of a series (issue 22, docs/series.md). */
/** What creating an activity may answer (activity/create-new, and poll/create-activity beside its own). */
export const ACTIVITY_CREATE_ERRORS = [
  'SERIES_RULE_INVALID',
  'SERIES_RULE_UNSUPPORTED',
  'ACTIVITY_TOO_SOON',
  'END_BEFORE_START',
  'GPX_INVALID',
  'ROUTE_FILES_QUOTA',
  'UPLOAD_INVALID',
  'UPLOAD_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'GROUP_NOT_FOUND',
  'SPORT_NOT_FOUND',
  'GRADE_NOT_FOR_SPORT',
  'FORBIDDEN',
] as const;
export const ActivityInput = ActivityFields.extend({ repeat: RepeatInput.optional() });
export type ActivityInput = z.infer<typeof ActivityInput>;
/**
 * An update may leave the route out: it stays as it is (the app cannot send back a GPX it never downloaded). On a
 * date of a series, `scope` says which dates change: this one (the default), this and the following ones, or all;
 * dates that have started never change.
 */
export const ActivityUpdate = ActivityFields.extend({
  activityId: Id,
  route: RouteInput.optional(),
  scope: SeriesScope.default('THIS'),
  /**
   * A new rule, with scope FOLLOWING or ALL (with THIS: SERIES_RULE_SCOPE): the series is split, and `date` is the
   * new rule's start (docs/series.md). The answer is the edited date when the new rule keeps it, else the new first.
   */
  repeat: RepeatInput.optional(),
});
export type ActivityUpdate = z.infer<typeof ActivityUpdate>;

export const RouteView = z.object({
  mode: z.enum(ROUTE_MODES),
  start: Place.nullable(),
  destination: Place.nullable(),
  /**
   * The line to draw, from the start to the destination inclusive (at most ~500 points). A POINTS route keeps its
   * points as sent (the tapped points, or the line snapped to paths by route/snap-legs): its first and last points
   * are `start` and `destination`, the ones between are the steps.
   */
  routeSteps: z.array(LatLng),
  /**
   * Indices of routeSteps where a new piece of the line begins: nothing is drawn between routeSteps[i - 1] and
   * routeSteps[i], because the route crosses one of the organiser's privacy zones there (docs/privacy.md).
   */
  routeBreaks: z.array(z.int()),
  waypoints: z.array(Waypoint),
  /** Distance from the start (m) and elevation (m), for the elevation chart; empty when the elevation is unknown. */
  elevationProfile: z.array(z.tuple([z.number(), z.number()])),
  /**
   * Part of the route (and the start or the destination, then null) lies in the organiser's privacy zones and is
   * hidden from the caller. Always false for the organiser, who sees the whole route.
   */
  hiddenByPrivacy: z.boolean(),
});

/**
 * The estimated moving time (packages/geo estimateMovingTime): minutes, a multiple of 5, for the sports that have a
 * model. `includesClimb` is false when the route's elevation is unknown and the figure counts the distance alone.
 */
export const MovingTimeEstimate = z.object({ minutes: z.int(), includesClimb: z.boolean() });
export type MovingTimeEstimate = z.infer<typeof MovingTimeEstimate>;

/** Why a route's elevation is what it is: measured (a GPX file's own, or the elevation service's), or unknown. */
export const ELEVATION_SOURCES = ['FILE', 'SERVICE', 'NOT_CONFIGURED', 'UNAVAILABLE'] as const;
export const ElevationSource = z.enum(ELEVATION_SOURCES);
export type ElevationSource = z.infer<typeof ElevationSource>;

/**
 * Where a closed activity meets, for a caller not taking part (issue 23): a circle of MEETING_AREA_RADIUS_METRES
 * that holds the start without being centred on it. The same for every request; the start itself comes once the
 * caller takes part.
 */
export const MeetingArea = z.object({ latitude: z.number(), longitude: z.number(), radiusMetres: z.number() });
export type MeetingArea = z.infer<typeof MeetingArea>;

export const ActivitySummary = z.object({
  activityId: Id,
  name: z.string(),
  sportId: SportId,
  date: Day,
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  timeZone: z.string(),
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
  access: Access,
  visibility: Visibility,
  difficulty: Difficulty,
  /** Standard grades the organiser declared (issue 24), in the order of GRADE_SCALES; none: ungraded. */
  grades: z.array(Grade),
  hazards: Hazards,
  totalDistance: z.number(),
  /** Metres (spec §9 method); null when the route's elevation is unknown, never 0 in its place. */
  totalElevationGain: z.number().nullable(),
  requiredTime: z.int().nullable(),
  /**
   * Step-free all the way, as the OpenStreetMap ways the route follows say (issue 38, `routeAccess.stepFree` under
   * the same never-guess rule): false when there are steps or when it is not known. Shown with the OSM credit.
   */
  stepFree: z.boolean(),
  /**
   * The meeting point; null when it lies in one of the organiser's privacy zones (docs/privacy.md), or when the
   * caller may see only `meetingArea`.
   */
  start: Place.nullable(),
  /** Set (and `start` null) when the caller sees an area instead of the meeting point. */
  meetingArea: MeetingArea.nullable(),
  group: z.object({ groupId: Id, name: z.string() }).nullable(),
  participantsCount: z.int(),
  /** Null once the creator's account is gone. */
  createdBy: UserSummary.nullable(),
  status: ParticipationStatus,
  isAdmin: z.boolean(),
  /** Seats, organisers included (null: no limit), and how many a newcomer could still take (null: no limit). */
  seats: z.int().nullable(),
  seatsLeft: z.int().nullable(),
  /**
   * Metres from the searched point to the meeting point (or to the area's centre, for those who see an area),
   * rounded to NEARBY_DISTANCE_STEP_METRES, on nearby-activities.
   */
  distance: z.number().optional(),
});
export type ActivitySummary = z.infer<typeof ActivitySummary>;

/** The organiser's optional second route (issue 24): shown as "Backup route", switched in by a weather decision. */
export const BackupRoute = z.object({
  route: RouteView,
  totalDistance: z.number(),
  /** Metres; null when the route's elevation is unknown, as on the activity. */
  totalElevationGain: z.number().nullable(),
  smoothedElevationGain: z.number().nullable(),
  elevationLoss: z.number().nullable(),
  estimatedMovingTime: MovingTimeEstimate.nullable(),
});
export type BackupRoute = z.infer<typeof BackupRoute>;

export const Activity = ActivitySummary.extend({
  description: z.string().nullable(),
  contact: z.string().nullable(),
  /**
   * The route; for a caller who sees a meeting area, without what lies inside the area (the start, the first and
   * last stretch of a loop, waypoints there): `start` null, and `destination` null when it lies inside.
   */
  route: RouteView,
  /** The backup route, or null (without the meeting area, like `route`); the weather decision SWITCH_BACKUP swaps it with `route`. */
  backupRoute: BackupRoute.nullable(),
  /** Whether the list of participants is public (see ActivityFields.participantsPublic). */
  participantsPublic: z.boolean(),
  /** The text to accept before joining, or null (docs/consent.md). */
  consent: Consent.nullable(),
  /** The version the caller accepted and when; null if none. Below `consent.version`, they are asked again. */
  myConsent: ConsentGiven.nullable(),
  /** Spec §9 gain (every rise) and a smoothed gain that hides GPS noise; null when the elevation is unknown. */
  smoothedElevationGain: z.number().nullable(),
  /** The descent in metres, smoothed like smoothedElevationGain; null when the elevation is unknown. */
  elevationLoss: z.number().nullable(),
  /** Null for a sport without a time model. */
  estimatedMovingTime: MovingTimeEstimate.nullable(),
  rejectionReason: z.string().nullable(),
  pendingRequestsCount: z.int(),
  /**
   * What OpenStreetMap says of the route (issue 38): step-free, wheelchair, stroller, terrain. Null when it was not
   * asked (no OVERPASS_URL, OpenStreetMap did not answer, a route over 100 km) or the route changed since.
   */
  routeAccess: RouteAccess.nullable(),
  /** The caller is its only admin: leaving is refused (LAST_ADMIN) until they name another, so the app warns first. */
  isOnlyAdmin: z.boolean(),
  /**
   * The caller takes its attendance (docs/attendance.md): its organisers, and on a group activity the group's admins
   * and ride leaders (issue 40).
   */
  takesAttendance: z.boolean(),
  /** How many of the people taking part the caller has blocked: a private warning before joining. */
  blockedParticipantsCount: z.int(),
  /**
   * The group's moving time (packages/geo groupMovingTime): the sport's model slowed by the slowest declared pace
   * and climb among the confirmed participants, and which of the two sets it for how many people; null for a
   * sport without a time model or a route without length.
   */
  groupMovingTime: z
    .object({
      /** Calibrated when there is a calibration, else the same as modelMinutes. */
      minutes: z.int(),
      /** Before the calibration: the model slowed by the declared levels. */
      modelMinutes: z.int(),
      includesClimb: z.boolean(),
      limitedBy: z.enum(['PACE', 'CLIMB']).nullable(),
      limitingCount: z.int(),
      /**
       * How the real times of past outings (shared recordings, docs/recordings.md) adjusted it: this group's own of
       * this sport when it has enough, else every outing of the sport here; null below three outings.
       */
      calibration: z.object({ scope: z.enum(['GROUP', 'SPORT']), outings: z.int(), factor: z.number() }).nullable(),
    })
    .nullable(),
  chatId: Id.nullable(),
  /** The series this activity is one date of (issue 22), or null. */
  series: SeriesRef.nullable(),
  closedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
  joinDeadlineHours: z.int().nullable(),
  /** The claim window the organiser set (null: the default, 120 min). */
  claimWindowMinutes: z.int().nullable(),
  /** When joining puts people on the waitlist whatever the seats (null: no deadline). */
  joinDeadlineAt: IsoDateTime.nullable(),
  /** How many people wait for a seat. */
  waitlistCount: z.int(),
  /** The caller's place on the waitlist (1 = next), and the seat offered to them until `offerExpiresAt`; null off it. */
  waitlist: z.object({ position: z.int(), offerExpiresAt: IsoDateTime.nullable() }).nullable(),
  /**
   * For a participant: activities overlapping this one in time on whose waitlist they still are; the app offers to
   * leave them (activity/exit on each) once they confirm a seat.
   */
  overlappingWaitlists: z.array(
    z.object({ activityId: Id, name: z.string(), startsAt: IsoDateTime, endsAt: IsoDateTime }),
  ),
});
export type Activity = z.infer<typeof Activity>;

export const WaitlistEntry = UserSummary.extend({
  position: z.int(),
  waitlistedAt: IsoDateTime,
  offerExpiresAt: IsoDateTime.nullable(),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntry>;
/** An organiser's change to the order of a waitlist: who did it, to whom, when, from and to which place. */
export const WaitlistOverride = z.object({
  kind: z.enum(WAITLIST_OVERRIDES),
  actor: UserSummary.nullable(),
  user: UserSummary.nullable(),
  fromPosition: z.int(),
  toPosition: z.int(),
  createdAt: IsoDateTime,
});
export type WaitlistOverride = z.infer<typeof WaitlistOverride>;
const waitlistAnswer = z.object({ waitlist: z.array(WaitlistEntry), overrides: z.array(WaitlistOverride) });

/** `consent`: the text the person accepted (docs/consent.md), for the admins only; null for everyone else. */
export const Participant = UserSummary.extend({
  isAdmin: z.boolean(),
  joinedAt: IsoDateTime,
  consent: ConsentGiven.nullable(),
});
export type Participant = z.infer<typeof Participant>;
export const AccessRequest = UserSummary.extend({ requestedAt: IsoDateTime, consent: ConsentGiven.nullable() });
export type AccessRequest = z.infer<typeof AccessRequest>;
/** A request to join an activity; a closed activity's organisers see the requester's attendance record with it. */
export const ActivityAccessRequest = AccessRequest.extend({ record: AttendanceRecord.nullable() });
export type ActivityAccessRequest = z.infer<typeof ActivityAccessRequest>;
export const InvitableContact = UserSummary.extend({ invitable: z.boolean(), reason: SkipReason.nullable() });

/** What route/elevation answers for a drawn line: the figures the activity would get if saved now. */
export const RouteElevation = z.object({
  totalDistance: z.number(),
  totalElevationGain: z.number().nullable(),
  smoothedElevationGain: z.number().nullable(),
  elevationLoss: z.number().nullable(),
  elevationProfile: z.array(z.tuple([z.number(), z.number()])),
  /** SERVICE when measured; NOT_CONFIGURED (no ELEVATION_URL) or UNAVAILABLE (the service failed): unknown. */
  elevationSource: ElevationSource,
});
export type RouteElevation = z.infer<typeof RouteElevation>;

export const routeElevationCalls = {
  'route/elevation': defineCall({
    auth: true,
    summary: 'Distance, climb, descent and elevation profile of a drawn line, from the elevation service',
    body: z.object({ points: z.array(LatLng).min(2).max(5000) }),
    response: RouteElevation,
    errors: ['RATE_LIMITED'],
  }),
};

/** Why an OpenStreetMap suggestion could not be had (route/grade-suggestion answers UNAVAILABLE with one). */
export const OSM_UNAVAILABLE_REASONS = [
  'ROUTE_TOO_LONG',
  'TIMEOUT',
  'RATE_LIMITED',
  'UNREACHABLE',
  'SOURCE_ERROR',
  'MALFORMED',
] as const;
/** A route longer than this is not sent to Overpass (a query along it would be too heavy for the service). */
export const OSM_SUGGESTION_MAX_METRES = 100_000;

/**
 * What route/grade-suggestion answers: per scale of the sport, the grade OpenStreetMap suggests (null: unknown) and
 * the share of the route on ways graded on it; the hazards its tags state. NOT_CONFIGURED without OVERPASS_URL
 * (then nothing is shown), UNAVAILABLE with the reason when the source failed: every grade is then unknown.
 */
export const GradeSuggestion = z.object({
  status: z.enum(['OK', 'NOT_CONFIGURED', 'UNAVAILABLE']),
  reason: z.enum(OSM_UNAVAILABLE_REASONS).nullable(),
  grades: z.array(
    z.object({
      scale: GradeScaleSchema,
      grade: z.string().nullable(),
      /** 0 to 1: the share of the route's length on ways graded on this scale. */
      share: z.number(),
    }),
  ),
  hazards: z.array(HazardSchema),
  /** The credit OpenStreetMap's licence (ODbL) asks for next to the suggestion; null when nothing was asked. */
  attribution: z.string().nullable(),
});
export type GradeSuggestion = z.infer<typeof GradeSuggestion>;

export const routeGradeCalls = {
  'route/grade-suggestion': defineCall({
    auth: true,
    summary: "Standard grades and hazards suggested from OpenStreetMap's ways along a route (OVERPASS_URL)",
    body: z.object({ sportId: SportId, points: z.array(LatLng).min(2).max(5000) }),
    response: GradeSuggestion,
    errors: ['RATE_LIMITED'],
  }),
};

const byActivity = z.object({ activityId: Id });
/** A person's own way in: with the version of the text they accepted, when the activity asks for one. */
const joiningActivity = byActivity.extend({ consentVersion: ConsentVersion.optional() });
const byActivityUser = z.object({ activityId: Id, userId: Id });
const activityAnswer = z.object({ activity: Activity });
const dayRange = { startDate: IsoDateTime, endDate: IsoDateTime };

export const activityCalls = {
  'activity/accept-consent': defineCall({
    auth: true,
    summary:
      'Accept the current text again after the organisers changed it (a participant, a waiting or asking person)',
    body: byActivity.extend({ consentVersion: ConsentVersion }),
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'CONSENT_REQUIRED', 'FORBIDDEN'],
  }),
  'activity/accept-request': defineCall({
    auth: true,
    summary: 'Admin: accept a request to join',
    body: byActivityUser,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'REQUEST_NOT_FOUND'],
  }),
  'activity/claim-seat': defineCall({
    auth: true,
    summary: 'Take the seat offered to me from the waitlist (while the offer lasts)',
    body: byActivity,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'NO_SEAT_OFFER', 'ACTIVITY_FULL', 'ALREADY_PARTICIPATING', 'ACTIVITY_STARTED'],
  }),
  'activity/decline-seat': defineCall({
    auth: true,
    summary: 'Decline the seat offered to me: it passes to the next person and I leave the waitlist',
    body: byActivity,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'NO_SEAT_OFFER'],
  }),
  'activity/list-waitlist': defineCall({
    auth: true,
    summary: 'Organisers: the waitlist in order, with open offers, and the log of every change to its order',
    body: byActivity,
    response: waitlistAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/move-in-waitlist': defineCall({
    auth: true,
    summary: 'Organisers: move someone to a place on the waitlist (recorded)',
    body: byActivityUser.extend({ position: z.int().min(1).max(SEATS_MAX) }),
    response: waitlistAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'WAITLIST_ENTRY_NOT_FOUND'],
  }),
  'activity/pick-from-waitlist': defineCall({
    auth: true,
    summary: 'Organisers: put someone first on the waitlist, offered the next free seat at once (recorded)',
    body: byActivityUser,
    response: waitlistAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'WAITLIST_ENTRY_NOT_FOUND', 'ACTIVITY_STARTED'],
  }),
  'activity/remove-from-waitlist': defineCall({
    auth: true,
    summary: 'Organisers: take someone off the waitlist (recorded); an offer they held passes to the next person',
    body: byActivityUser,
    response: waitlistAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'WAITLIST_ENTRY_NOT_FOUND'],
  }),
  'activity/count-daily': defineCall({
    auth: true,
    summary: 'How many of my activities fall on each day of a range (calendar dots)',
    body: z.object({ onlyOwn: z.boolean().default(false), ...dayRange, timeZone: z.string().max(64).optional() }),
    response: z.object({ days: z.array(z.object({ date: Day, count: z.int() })) }),
  }),
  'activity/count-hidden-participants': defineCall({
    auth: true,
    summary: 'How many participants there are, for callers who may not list them (see list-participants)',
    body: byActivity,
    response: z.object({ count: z.int() }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  'activity/create-new': defineCall({
    bodyLimit: ROUTE_BODY_LIMIT,
    auth: true,
    summary: 'Create an activity, or with `repeat` a series whose first date it is; invitations are sent',
    body: ActivityInput,
    response: activityAnswer,
    errors: ACTIVITY_CREATE_ERRORS,
  }),
  'activity/delete': defineCall({
    auth: true,
    summary: 'Admin: delete an activity',
    body: byActivity,
    response: Ok,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/exit': defineCall({
    auth: true,
    summary: 'Leave an activity (or withdraw a request)',
    body: byActivity,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'LAST_ADMIN'],
  }),
  'activity/nearby-activities': defineCall({
    auth: true,
    summary: 'Upcoming activities near a point, nearest first (or soonest first with order STARTS_AT)',
    body: z.object({
      latitude: LatLng.shape.latitude,
      longitude: LatLng.shape.longitude,
      radiusKm: z.number().positive().max(500).default(50),
      sportIds: z.array(SportId).max(30).optional(),
      fromDate: IsoDateTime.optional(),
      toDate: IsoDateTime.optional(),
      /** Any of these difficulties; none or an empty list: all. */
      difficulties: z.array(Difficulty).max(Difficulty.options.length).optional(),
      /** The longest route wanted (the activity's totalDistance), in metres. */
      maxDistanceMetres: z.number().positive().max(10_000_000).optional(),
      /** Only routes within the level the caller declared for their sport (partner fit WITHIN, issue 24). */
      fitsMe: z.boolean().optional(),
      /**
       * Only activities graded on this scale at or below this grade (issue 24). An activity not graded on the scale
       * is left out: its grade is unknown, never guessed.
       */
      maxGrade: Grade.optional(),
      /**
       * Only activities OpenStreetMap shows step-free (issue 38: no steps on a route at least 80 % matched). An
       * activity whose steps are unknown is left out.
       */
      stepFree: z.boolean().optional(),
      order: NearbyOrder.default('DISTANCE'),
      pagination: OptionalPagination,
    }),
    response: z.object({ activities: z.array(ActivitySummary) }),
  }),
  'activity/invite-users': defineCall({
    auth: true,
    summary: 'Admin: invite contacts or groups',
    body: z.object({
      activityId: Id,
      userIds: z.array(Id).max(1000).optional(),
      groupIds: z.array(Id).max(50).optional(),
    }),
    response: z.object({
      invited: z.array(Id),
      skipped: z.array(z.object({ userId: Id, reason: SkipReason })),
    }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'GROUP_NOT_FOUND'],
  }),
  'activity/list-participants': defineCall({
    auth: true,
    summary: 'The participants, 10 a page: for participants, and for anyone who can see a public activity',
    body: z.object({ activityId: Id, pagination: OptionalPagination }),
    response: z.object({ participants: z.array(Participant) }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/list-requests': defineCall({
    auth: true,
    summary: 'Admin: the pending requests',
    body: z.object({ activityId: Id, pagination: OptionalPagination }),
    response: z.object({ requests: z.array(ActivityAccessRequest) }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/list-daily': defineCall({
    auth: true,
    summary: 'My activities (or only the ones I created) between two instants',
    body: z.object({
      onlyOwn: z.boolean().default(false),
      ...dayRange,
      limit: Pagination.shape.limit,
      page: Pagination.shape.page,
    }),
    response: z.array(ActivitySummary),
  }),
  'activity/list-invitable-contacts': defineCall({
    auth: true,
    summary: 'Admin: contacts with whether each may be invited',
    body: z.object({ activityId: Id, query: z.string().trim().max(60).optional(), pagination: OptionalPagination }),
    response: z.object({ contacts: z.array(InvitableContact) }),
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/make-admin': defineCall({
    auth: true,
    summary: 'Admin: make a participant an admin',
    body: byActivityUser,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND'],
  }),
  'activity/participate': defineCall({
    auth: true,
    summary: 'Join an open activity, or accept an invitation',
    body: joiningActivity,
    response: activityAnswer,
    errors: [
      'ACTIVITY_NOT_FOUND',
      'ACCESS_REQUEST_REQUIRED',
      'GROUP_MEMBERSHIP_REQUIRED',
      'ALREADY_PARTICIPATING',
      'ALREADY_WAITLISTED',
      'ACTIVITY_STARTED',
      'CONSENT_REQUIRED',
    ],
  }),
  'activity/read-info': defineCall({
    auth: true,
    summary:
      "An activity with the caller's status; a cancelled one is ACTIVITY_CANCELLED (with its name, date and start time in `details`) for whoever was in it",
    body: byActivity,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'ACTIVITY_CANCELLED'],
  }),
  'activity/reject-request': defineCall({
    auth: true,
    summary: 'Admin: reject a request, with a reason',
    body: byActivityUser.extend({ reason: z.string().trim().min(1, validationMessages.required).max(500) }),
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'REQUEST_NOT_FOUND'],
  }),
  'activity/remove-admin': defineCall({
    auth: true,
    summary: 'Admin: take admin rights away from someone',
    body: byActivityUser,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND', 'LAST_ADMIN'],
  }),
  'activity/remove-user': defineCall({
    auth: true,
    summary: 'Admin: remove a participant',
    body: byActivityUser,
    response: activityAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND', 'LAST_ADMIN'],
  }),
  'activity/request-access': defineCall({
    auth: true,
    summary: 'Ask to join a closed activity',
    body: joiningActivity,
    response: activityAnswer,
    errors: [
      'ACTIVITY_NOT_FOUND',
      'ALREADY_REQUESTED',
      'ALREADY_PARTICIPATING',
      'ALREADY_WAITLISTED',
      'GROUP_MEMBERSHIP_REQUIRED',
      'ACTIVITY_STARTED',
      'CONSENT_REQUIRED',
    ],
  }),
  'activity/update-existing': defineCall({
    bodyLimit: ROUTE_BODY_LIMIT,
    auth: true,
    summary: 'Admin: change an activity (or dates of its series, by scope); participants are told',
    body: ActivityUpdate,
    response: activityAnswer,
    errors: [
      ...ACTIVITY_CREATE_ERRORS,
      'ACTIVITY_NOT_FOUND',
      'NOT_IN_SERIES',
      'SERIES_DATE_FIXED',
      'SERIES_RULE_SCOPE',
      'SEATS_BELOW_CONFIRMED',
    ],
  }),
  'activity/backup-route': defineCall({
    bodyLimit: ROUTE_BODY_LIMIT,
    auth: true,
    summary:
      'Admin: set the optional backup route (drawn or a GPX file, as the route is given), or remove it with null',
    body: byActivity.extend({ route: RouteInput.nullable() }),
    response: activityAnswer,
    errors: [
      'ACTIVITY_NOT_FOUND',
      'FORBIDDEN',
      'GPX_INVALID',
      'ROUTE_FILES_QUOTA',
      'UPLOAD_INVALID',
      'UPLOAD_NOT_FOUND',
      'SERVICE_UNAVAILABLE',
    ],
  }),
};
