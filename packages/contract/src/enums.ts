/**
 * Every closed list of values of the API, as plain arrays with no zod in them: the zod schemas of the contract are
 * built from these (`z.enum(GENDERS)`), and the web imports them through `@cordata/contract/enums` without pulling zod
 * into its entry chunk. One list per enum: never re-type one in the app (a new value would type-check but never
 * appear in the UI). `enums.test.ts` checks that each schema accepts exactly its list.
 */

/** In the order the app lists them. */
export const GENDERS = ['FEMALE', 'MALE', 'UNSPECIFIED'] as const;
export type Gender = (typeof GENDERS)[number];
export const INTENSITY_KINDS = ['DISTANCE', 'ELEVATION', 'TIME', 'PACE'] as const;
export type IntensityKind = (typeof INTENSITY_KINDS)[number];
/** The languages of the app, its texts and its e-mails (the first is the fallback). */
export const LANGUAGES = ['en', 'it', 'de', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const ROLES = ['USER', 'MODERATOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** A date poll's answers (docs/polls.md). */
export const POLL_ANSWERS = ['YES', 'MAYBE', 'NO'] as const;
export type PollAnswer = (typeof POLL_ANSWERS)[number];

export const NOTIFICATION_TYPES = [
  'ACTIVITY_INVITE',
  'ACTIVITY_EDIT',
  'ACTIVITY_ACCEPT',
  'ACTIVITY_REJECT',
  'ACTIVITY_REQUEST',
  'NEW_CONTACT',
  'CONTACT_REQUEST',
  'GROUP_INVITE',
  'GROUP_ACCEPT',
  'GROUP_REJECT',
  'GROUP_REQUEST',
  'SEND_MESSAGE',
  /** To an activity's admins, 24 h before the start: required gear nobody has claimed yet. */
  'GEAR_UNCLAIMED',
  /** To a driver: someone asks for a seat in their car. */
  'CARPOOL_REQUEST',
  /** To a rider: the driver took them; the pickup point is on the activity page. */
  'CARPOOL_ACCEPTED',
  /** To a participant, their reminder lead time before the start; the reason is the local start time (HH:mm). */
  'ACTIVITY_REMINDER',
  /**
   * To a person on an activity's waitlist: a seat is theirs to claim until the instant in the reason (ISO 8601);
   * unclaimed by then, it passes to the next person (docs/seats.md).
   */
  'ACTIVITY_SEAT_OFFER',
  /**
   * To an activity's admins: a participant left after the join deadline, or within LATE_LEAVE_NOTIFY_HOURS of the
   * start (reason SOON); the leaver is the actor. Batched like ACTIVITY_JOINED (" +N" in the reason).
   */
  'ACTIVITY_LATE_LEAVE',
  /** To the participants of one date of a series that its organisers cancelled (issue 22). */
  'ACTIVITY_CANCELLED',
  /**
   * To an activity's admins, 24 h and 3 h before the start: the forecast breaks their weather thresholds; the
   * reason is the lead and the broken limits ("24H GUSTS,RAIN"). The page offers keep, move or cancel.
   */
  'ACTIVITY_WEATHER_ALERT',
  /** To participants: the organiser's weather decision; the reason is KEEP, MOVE or CANCEL. */
  'ACTIVITY_WEATHER_DECISION',
  /**
   * To an activity's organisers and participants, 60 min (SAFETY_ALERT_AFTER_MINUTES) after the planned return: the
   * actor is not back yet. One per person not back; the person's emergency contacts are e-mailed 30 min later.
   */
  'ACTIVITY_NOT_BACK',
  /** To the people who took part, once an activity has ended: its recap and photo album are open (docs/recap.md). */
  'ACTIVITY_RECAP_READY',
  /**
   * To an activity's admins: someone joined (the actor). Batched (docs/notifications.md): later joins within
   * ORGANISER_BATCH_MINUTES are folded into it, its reason "+N" counting the people folded in, without a new push.
   */
  'ACTIVITY_JOINED',
  /** To an activity's admins: someone joined the waitlist (the actor); batched like ACTIVITY_JOINED. */
  'ACTIVITY_WAITLISTED',
  /** To an activity's admins: someone took a seat offered from the waitlist (the actor); batched like ACTIVITY_JOINED. */
  'ACTIVITY_SEAT_TAKEN',
  /** To the people a date poll asks (docs/polls.md): the creator proposes dates; the reason is the deadline (ISO). */
  'POLL_ASKED',
  /** To those it asks who have not answered yet, a day before its deadline (reason: the deadline, ISO). */
  'POLL_REMINDER',
  /** To its creator: the poll closed by itself at its deadline; the page offers to create the winning date. */
  'POLL_CLOSED',
  /** To a group's members but its admins: the admins changed the text to accept (docs/consent.md); accept it again. */
  'GROUP_CONSENT_CHANGED',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** The reason of an ACTIVITY_EDIT notification: what changed that matters to participants (none: other details). */
/**
 * What an edit changed: the start time (TIME), only the end time (END), the start point (PLACE), or a pair; RULE: the
 * series repeats differently from this date on (a split, docs/series.md), so the person's dates may have changed.
 */
export const ACTIVITY_EDIT_KINDS = ['TIME', 'END', 'PLACE', 'TIME_PLACE', 'END_PLACE', 'RULE'] as const;
export type ActivityEditKind = (typeof ACTIVITY_EDIT_KINDS)[number];

// Weather (issue 24)
/** What the forecast of an activity is: no source set, too far ahead (over 16 days), over, or asked and answered. */
export const WEATHER_STATES = ['NOT_CONFIGURED', 'TOO_EARLY', 'PAST', 'UNAVAILABLE', 'AVAILABLE'] as const;
export type WeatherState = (typeof WEATHER_STATES)[number];
/** Where along the route a forecast is for: the meeting point, a checkpoint at the group's time there, the top. */
export const WEATHER_POINT_KINDS = ['START', 'CHECKPOINT', 'HIGHEST'] as const;
export type WeatherPointKind = (typeof WEATHER_POINT_KINDS)[number];
/** Which threshold an hour breaks. */
export const WEATHER_BREACH_KINDS = ['GUSTS', 'RAIN', 'COLD', 'HEAT', 'THUNDERSTORM'] as const;
export type WeatherBreachKind = (typeof WEATHER_BREACH_KINDS)[number];
/** The organiser's answer to a weather alert; SWITCH_BACKUP only where the activity has a backup route. */
export const WEATHER_CHOICES = ['KEEP', 'MOVE', 'SWITCH_BACKUP', 'CANCEL'] as const;
export type WeatherChoice = (typeof WEATHER_CHOICES)[number];

// The safety loop (issue 23)
/** Where an activity's safety window is: not open yet, open (sharing possible), closed (all back or too late). */
export const SAFETY_WINDOW_STATES = ['BEFORE', 'OPEN', 'CLOSED'] as const;
export type SafetyWindowState = (typeof SAFETY_WINDOW_STATES)[number];

// Activities
/** RFC 5545 weekday codes, Monday first (series: BYDAY). */
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Which dates of a series an edit or a cancellation touches: this one, this and the following ones, or all. */
export const SERIES_SCOPES = ['THIS', 'FOLLOWING', 'ALL'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
/** OPEN: anyone who sees it joins at once; CLOSED: an admin accepts requests. */
export const ACCESS = ['OPEN', 'CLOSED'] as const;
export type Access = (typeof ACCESS)[number];
export const VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const DIFFICULTIES = ['EASY', 'MEDIUM', 'HARD', 'EXPERT'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
/** How nearby-activities orders its page: nearest first, or soonest first (still within the radius). */
export const NEARBY_ORDERS = ['DISTANCE', 'STARTS_AT'] as const;
export type NearbyOrder = (typeof NEARBY_ORDERS)[number];
/** WAITLISTED: the activity was full (or past its join deadline) when the person joined: they wait for a seat offer. */
export const PARTICIPATION_STATUSES = [
  'NONE',
  'INVITED',
  'REQUESTED',
  'PARTICIPATING',
  'REJECTED',
  'WAITLISTED',
] as const;
export type ParticipationStatus = (typeof PARTICIPATION_STATUSES)[number];
export const WAYPOINT_TYPES = ['START', 'STOP', 'RESTART', 'REST', 'FINISH'] as const;
/** What an organiser marks after the start (docs/attendance.md). */
export const ATTENDANCE_MARKS = ['ATTENDED', 'NO_SHOW', 'EXCUSED'] as const;
export type AttendanceMark = (typeof ATTENDANCE_MARKS)[number];
/** A person's attendance of one activity: a mark, or a late cancel recorded when they left. */
export const ATTENDANCE_STATUSES = [...ATTENDANCE_MARKS, 'LATE_CANCEL'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
/** What an organiser did to a waitlist: moved someone to a position, picked them for the next seat, or removed them. */
export const WAITLIST_OVERRIDES = ['MOVE', 'PICK', 'REMOVE'] as const;
export type WaitlistOverride = (typeof WAITLIST_OVERRIDES)[number];
export type WaypointType = (typeof WAYPOINT_TYPES)[number];
export const ROUTE_MODES = ['POINTS', 'GPX'] as const;
export type RouteMode = (typeof ROUTE_MODES)[number];
/** Why a contact cannot be invited. */
export const SKIP_REASONS = [
  'ALREADY_INVITED',
  'ALREADY_PARTICIPATING',
  'PENDING_REQUEST',
  'NOT_GROUP_MEMBER',
  'NOT_CONTACT',
  /** Removed by an admin: only an admin may invite them back. */
  'REMOVED',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

// Groups and chats
/** OPEN: anyone joins at once; CLOSED: an admin accepts requests, and only members see inside. */
export const GROUP_TYPES = ['OPEN', 'CLOSED'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
export const CHAT_KINDS = ['ACTIVITY', 'GROUP', 'DIRECT'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export const MESSAGE_KINDS = ['TEXT', 'JOINED', 'LEFT', 'CREATED', 'CLOSED'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

// People
export const CONNECTION_STATUSES = ['NONE', 'REQUEST_SENT', 'REQUEST_RECEIVED', 'CONTACT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** The filter of user/list-contacts. */
export const CONTACT_FILTERS = ['CONTACT', 'RECEIVED', 'SENT'] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const ACTIVITY_PERIODS = ['UPCOMING', 'PAST'] as const;
export type ActivityPeriod = (typeof ACTIVITY_PERIODS)[number];
export const PUSH_PLATFORMS = ['android', 'ios', 'web'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

// Uploads
export const UPLOAD_PURPOSES = ['PROFILE_PICTURE', 'GROUP_PICTURE', 'GPX', 'RECAP_PHOTO', 'RECORDING'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const GPX_TYPES = ['application/gpx+xml', 'application/xml', 'text/xml'] as const;
export type GpxType = (typeof GPX_TYPES)[number];
/** A watch's recording (issue 42): FIT, TCX or GPX; the server reads which it is from its first bytes. */
export const RECORDING_TYPES = [...GPX_TYPES, 'application/vnd.ant.fit', 'application/vnd.garmin.tcx+xml'] as const;
export type RecordingType = (typeof RECORDING_TYPES)[number];
/** Where a recording came from: a file the person uploaded, or their connected Strava account. */
export const RECORDING_SOURCES = ['FILE', 'STRAVA'] as const;
export type RecordingSource = (typeof RECORDING_SOURCES)[number];

// Logistics
export const RIDE_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED'] as const;
export type RideRequestStatus = (typeof RIDE_REQUEST_STATUSES)[number];
export const DATA_EXPORT_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

// Reports and moderation
export const REPORT_TARGET_TYPES = ['USER', 'ACTIVITY', 'GROUP', 'MESSAGE'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export const REPORT_REASONS = ['SPAM', 'HARASSMENT', 'INAPPROPRIATE', 'DANGEROUS', 'FAKE', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
/** The filter of reports/list: OPEN, or CLOSED (resolved or dismissed). */
export const REPORT_FILTERS = ['OPEN', 'CLOSED'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];
export const REPORT_ACTIONS = ['DISMISS', 'REMOVE_CONTENT', 'SUSPEND_USER', 'DELETE_ACCOUNT'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];
export const SPORT_DELETE_OUTCOMES = ['DELETED', 'RETIRED'] as const;
export type SportDeleteOutcome = (typeof SPORT_DELETE_OUTCOMES)[number];
/** The length of the reason every admin action requires (written to the audit log), after trimming. */
export const REASON_LENGTH = { min: 3, max: 500 } as const;
/** A sport's name in each language, after trimming. */
export const SPORT_NAME_LENGTH = { min: 2, max: 40 } as const;
/** A sport's id, as a pattern an HTML input can use too (SportId anchors it). */
export const SPORT_ID_PATTERN = '[a-z0-9-]{2,40}';
