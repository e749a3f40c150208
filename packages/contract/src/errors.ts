/** Every error the API can answer, with its HTTP status and the English text of spec §8 where one exists. */
export const errorCatalog = {
  VALIDATION_ERROR: { status: 400, message: 'The request is not valid' },
  BODY_REQUIRED: { status: 400, message: 'This request needs a JSON body' },
  UNAUTHORIZED: { status: 401, message: 'You need to sign in again' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do this' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'This content type is not accepted' },
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'The requested range is outside the file' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts: please wait and try again' },
  INTERNAL: { status: 500, message: 'An error occurred' },
  NOT_IMPLEMENTED: { status: 501, message: 'This feature is not available yet' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable' },

  INVALID_CREDENTIALS: { status: 401, message: 'Invalid credentials' },
  EMAIL_TAKEN: { status: 409, message: 'The entered email is already associated with an account' },
  EMAIL_NOT_FOUND: { status: 404, message: 'The entered email is not associated with any account' },
  EMAIL_NOT_CONFIRMED: { status: 403, message: 'Confirm your e-mail address: we sent you a new code' },
  SIGN_IN_CODE_REQUIRED: {
    status: 401,
    message: 'Many passwords have been tried on this account: enter your password and the code we e-mail you',
  },
  OTP_MISMATCH: { status: 400, message: 'The code entered does not match' },
  OTP_EXPIRED: { status: 400, message: 'The code has expired: ask for a new one' },
  RESET_TOKEN_INVALID: { status: 400, message: 'The reset link has expired: start again' },
  WEAK_PASSWORD: { status: 400, message: 'The password is too weak' },
  PASSWORD_TOO_COMMON: { status: 400, message: 'This password is one of the most common: choose another' },
  REAUTH_REQUIRED: { status: 403, message: 'Enter your password again to do this' },
  SECOND_FACTOR_REQUIRED: { status: 403, message: 'Enter the code of your authenticator app' },
  TOTP_INVALID: { status: 400, message: 'The authenticator code is not valid' },
  TOTP_ALREADY_ENABLED: { status: 409, message: 'Two-factor sign-in is already set up' },
  TOTP_NOT_ENABLED: { status: 409, message: 'Two-factor sign-in is not set up yet' },
  PUSH_TOKEN_INVALID: { status: 400, message: 'This push subscription is not accepted' },
  PASSWORD_REQUIRED: { status: 400, message: 'Enter the password you chose when you signed up' },
  USERNAME_TAKEN: { status: 409, message: 'Username already in use' },
  ACCOUNT_SUSPENDED: { status: 403, message: 'Your account is suspended' },
  PROFILE_INCOMPLETE: { status: 403, message: 'Complete your profile first' },
  PASSWORD_SIGN_IN_OFF: {
    status: 403,
    message: 'Sign-in with a password is turned off here: continue with your provider',
  },
  OIDC_PROVIDER_UNKNOWN: { status: 404, message: 'This sign-in provider is not set up here' },
  OIDC_STATE_INVALID: { status: 400, message: 'This sign-in has expired or was already used: start again' },
  OIDC_FAILED: { status: 401, message: 'The provider could not confirm who you are: try again' },
  OIDC_PROVIDER_UNAVAILABLE: { status: 503, message: 'The sign-in provider does not answer: try again later' },
  OIDC_EMAIL_UNVERIFIED: {
    status: 403,
    message:
      'Your provider has not verified your e-mail address: verify it there, or sign in with your password and link the provider in Settings',
  },
  OIDC_IDENTITY_TAKEN: { status: 409, message: 'This account of the provider is already linked to another person' },
  OIDC_ALREADY_LINKED: { status: 409, message: 'You already linked an account of this provider: unlink it first' },
  LAST_SIGN_IN_METHOD: {
    status: 409,
    message: 'This is your only way to sign in: set a password or link another provider first',
  },

  USER_NOT_FOUND: { status: 404, message: 'User not found' },
  CONNECTION_NOT_FOUND: { status: 404, message: 'Connection not found' },
  CONNECTION_EXISTS: { status: 409, message: 'You are already connected or a request is pending' },
  SPORT_NOT_FOUND: { status: 404, message: 'Sport not found' },
  ACTIVITY_NOT_FOUND: { status: 404, message: 'Activity not found' },
  GROUP_NOT_FOUND: { status: 404, message: 'Group not found' },
  SUBGROUP_NOT_FOUND: { status: 404, message: 'Sub-group not found' },
  POLL_NOT_FOUND: { status: 404, message: 'Poll not found' },
  POLL_CLOSED: { status: 409, message: 'This poll is closed: answers can no longer change' },
  POLL_ACTIVITY_EXISTS: { status: 409, message: 'An activity was already made from this poll' },
  CHAT_NOT_FOUND: { status: 404, message: 'Chat not found' },
  REQUEST_NOT_FOUND: { status: 404, message: 'Request not found' },
  PLACE_NOT_FOUND: { status: 404, message: 'Place not found' },
  UPLOAD_NOT_FOUND: { status: 404, message: 'File not found' },
  REPORT_NOT_FOUND: { status: 404, message: 'Report not found' },

  ALREADY_PARTICIPATING: { status: 409, message: 'You are already taking part' },
  ALREADY_REQUESTED: { status: 409, message: 'Your request is already pending' },
  ACCESS_REQUEST_REQUIRED: { status: 409, message: 'This needs the approval of an admin: send a request' },
  GROUP_MEMBERSHIP_REQUIRED: { status: 409, message: 'Only members of the group can join: ask to join the group' },
  LAST_ADMIN: {
    status: 409,
    message: 'Name another admin first: there must always be at least one. Or delete the activity or group',
  },
  CONSENT_REQUIRED: {
    status: 409,
    message: 'Read and accept the text the organisers ask for first: it may have just changed',
  },
  ACTIVITY_STARTED: { status: 409, message: 'The activity has already started' },
  ACTIVITY_TOO_SOON: { status: 400, message: 'An activity must start at least 30 minutes from now' },
  END_BEFORE_START: { status: 400, message: '* The end time must be after the start time' },
  CHAT_CLOSED: { status: 409, message: 'The activity has ended: this chat is closed' },
  NOT_A_CONTACT: { status: 403, message: 'You can send direct messages only to your contacts' },
  GPX_INVALID: { status: 400, message: 'The GPX file could not be loaded' },
  GRADE_NOT_FOR_SPORT: { status: 400, message: "This grade or hazard does not apply to the activity's sport" },
  ROUTE_FILES_QUOTA: {
    status: 409,
    message: 'Your route files fill the space you have: delete an old activity or use a smaller file',
  },
  UPLOAD_INVALID: { status: 400, message: 'The file is not of an accepted type' },
  UPLOAD_EXPIRED: { status: 403, message: 'The upload link has expired' },
  ALREADY_REPORTED: { status: 409, message: 'You have already reported this' },
  SPORT_EXISTS: { status: 409, message: 'A sport with this id already exists' },

  ALREADY_WAITLISTED: { status: 409, message: 'You are already on the waitlist' },
  ACTIVITY_FULL: { status: 409, message: 'The last seat has just been taken: you stay first on the waitlist' },
  NO_SEAT_OFFER: { status: 409, message: 'You have no seat offer here: it may have passed to the next person' },
  SEATS_BELOW_CONFIRMED: { status: 409, message: 'More people already take part than the seats you set' },
  WAITLIST_ENTRY_NOT_FOUND: { status: 404, message: 'This person is not on the waitlist' },
  RECAP_NOT_READY: { status: 409, message: 'The recap opens when the activity ends' },
  RECAP_ALBUM_CLOSED: { status: 409, message: 'Photos can be added for 7 days after the activity ends' },
  RECAP_ALBUM_FULL: { status: 409, message: 'This album is full' },
  PHOTO_NOT_FOUND: { status: 404, message: 'This photo does not exist' },
  RECORDING_WINDOW_CLOSED: {
    status: 409,
    message: 'A recording can be added from the start of the activity until 7 days after its end',
  },
  RECORDING_INVALID: {
    status: 400,
    message: 'This file has no timed track: export the activity from your watch as a FIT, TCX or GPX file',
  },
  RECORDING_NOT_MATCHED: {
    status: 422,
    message:
      'This recording does not match the activity: it must start within an hour of the start and follow the route for more than half of its time',
  },
  RECORDING_NOT_FOUND: { status: 404, message: 'You have no recording of this activity' },
  RECORDING_NOT_SHAREABLE: {
    status: 409,
    message:
      "A track from Strava is shown only to you, under Strava's terms: upload the file from your watch to share it",
  },
  STRAVA_NOT_CONFIGURED: { status: 404, message: 'Strava is not set up on this server' },
  STRAVA_STATE_INVALID: { status: 400, message: 'This Strava connection has expired or was already used: start again' },
  STRAVA_SCOPE_MISSING: { status: 400, message: 'Allow Cordata to read your activities on Strava to connect it' },
  STRAVA_UNAVAILABLE: { status: 503, message: 'Strava does not answer: try again later' },
  OFFER_NOT_FOUND: { status: 404, message: 'This seat offer no longer exists' },
  RIDE_REQUEST_NOT_FOUND: { status: 404, message: 'This ride request no longer exists' },
  OWN_OFFER: { status: 409, message: 'You cannot ask for a seat in your own car' },
  NO_SEATS_LEFT: { status: 409, message: 'No seats are left in this car' },
  OFFER_ORIGIN_FROZEN: {
    status: 409,
    message:
      'Riders have asked for this car: where it leaves from can no longer change (withdraw the offer to start again)',
  },
  SEATS_BELOW_TAKEN: { status: 409, message: 'More riders are already in this car than the seats you offer' },
  DETOUR_TOO_LONG: { status: 409, message: 'This pickup is too far out of your way' },
  WEATHER_THRESHOLDS_INVALID: { status: 400, message: 'The lowest temperature must be below the highest' },
  PRIVACY_ZONES_LIMIT: { status: 409, message: 'You already have 5 privacy zones: delete one first' },
  PRIVACY_ZONE_NOT_FOUND: { status: 404, message: 'This privacy zone no longer exists' },
  WEATHER_MOVE_INCOMPLETE: { status: 400, message: 'Choose the new date, start time and end time' },
  NO_BACKUP_ROUTE: { status: 409, message: 'This activity has no backup route' },
  RETURN_BEFORE_START: { status: 400, message: 'The planned return must be after the start' },
  SAFETY_WINDOW_CLOSED: {
    status: 409,
    message: 'Positions are shared only from 30 minutes before the start until everyone is back',
  },
  SAFETY_NOT_STARTED: { status: 409, message: 'You can check in once the activity is about to start' },
  DEVICE_KEY_INVALID: { status: 400, message: 'This device key is not a valid Ed25519 public key' },
  EMERGENCY_CONTACT_DUPLICATE: { status: 400, message: 'Each emergency contact needs a different e-mail address' },
  ACTIVITY_CANCELLED: { status: 409, message: 'This activity was cancelled' },
  GEAR_NOT_FOUND: { status: 404, message: 'This item no longer exists' },
  GEAR_ALREADY_CLAIMED: { status: 409, message: 'Someone else already brings this' },
  GEAR_DUPLICATE: { status: 409, message: 'This item is already on the list' },
  ROUTE_SOURCE_UNSUPPORTED: {
    status: 400,
    message: 'Routes cannot be imported from this site: export a GPX file and drop it here',
  },
  ROUTE_IMPORT_FAILED: {
    status: 502,
    message: 'The route could not be fetched: export a GPX file from the site and drop it here',
  },
  SERIES_RULE_INVALID: { status: 400, message: 'The repeat rule is not valid' },
  SERIES_RULE_UNSUPPORTED: {
    status: 400,
    message: 'Series repeat daily, weekly or monthly (on weekdays or the nth weekday): this rule is not supported',
  },
  NOT_IN_SERIES: { status: 400, message: 'This activity is not part of a series' },
  SERIES_DATE_FIXED: {
    status: 400,
    message: 'The day of several dates cannot change at once: edit only this date to move it',
  },
  SERIES_RULE_SCOPE: {
    status: 400,
    message: 'A new repeat rule applies to this and the following dates, or to all of them: choose one',
  },
  SERIES_DATE_NOT_IN_RULE: { status: 400, message: 'This day is not one of the dates of the series' },
  SERIES_DATE_PAST: { status: 409, message: 'This date of the series has already started' },
  SERIES_NOT_JOINED: { status: 409, message: 'You have not joined this series' },
  SERIES_ORGANISER_SKIP: {
    status: 409,
    message: 'Organisers take part in every date: cancel the date instead',
  },
  ATTENDANCE_NOT_STARTED: { status: 409, message: 'Attendance can be marked once the activity has started' },
  ATTENDANCE_CLOSED: {
    status: 409,
    message: 'Attendance can no longer be changed: 7 days have passed since the end',
  },
  ATTENDANCE_CODE_INVALID: {
    status: 400,
    message: 'This code is not the check-in code of a participant of this activity',
  },
  NOT_PARTICIPATING: { status: 409, message: 'Only participants have a check-in code' },
  EXPORT_NOT_FOUND: { status: 404, message: 'This export has expired: prepare a new one' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

/**
 * The codes any call may answer, whatever its `errors` declare: the HTTP layer's (a body that does not validate,
 * is missing, too large or not JSON; a missing token or an unfinished profile; a rate limit) and the server's own
 * failures. Every other code a call can answer is in its `errors` (the server's tests check it).
 */
export const GENERIC_ERRORS = [
  'VALIDATION_ERROR',
  'BODY_REQUIRED',
  'UNAUTHORIZED',
  'PROFILE_INCOMPLETE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'NOT_IMPLEMENTED',
  'SERVICE_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];

/** Whether a call that declares `declared` may answer `code`. */
export const declaresError = (declared: readonly ErrorCode[] | undefined, code: ErrorCode): boolean =>
  (GENERIC_ERRORS as readonly ErrorCode[]).includes(code) || (declared ?? []).includes(code);

/** The JSON body of every error answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    issues?: { path: string; message: string }[];
    details?: Record<string, unknown>;
  };
}
