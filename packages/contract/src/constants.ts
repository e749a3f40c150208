/** Business constants and limits of spec §9, shared by the server and the app. */
import { LANGUAGES } from './enums.ts';

export const APP_VERSION = '1.1.6';

export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** The last page a list call serves: deeper OFFSETs cost the database for nobody (security review M8). */
export const MAX_PAGE = 100;
export const FIRST_PAGE = 1;

export const SPLASH_TIMEOUT_MS = 5000;
export const SHEET_CLOSE_DELAY_MS = 500;
export const NOTIFICATION_TAP_DELAY_MS = 250;

export const SWIPE_EDGE_PX = 25;
export const SWIPE_MIN_PX = 10;
export const SWIPE_SLIDE_OUT_RATIO = 0.5;
export const SWIPE_REMOVE_RATIO = 0.9;

export const LAST_ONLINE_REFRESH_MS = 5 * 60 * 1000;

export const MIN_AGE_YEARS = 16;
export const USERNAME_MIN_LENGTH = 4;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const ACTIVITY_MIN_LEAD_MINUTES = 30;
export const ACTIVITY_WIZARD_STEPS = 4;
/** A series' dates exist this many weeks ahead (issue 22); a job extends them daily. */
export const SERIES_HORIZON_WEEKS = 12;

export const EARTH_RADIUS_KM = 6371;
/**
 * The approximate meeting point (issue 23): a closed activity shows those not taking part an area of this radius
 * instead of its start, and nearby distances are rounded to this step (docs/activities.md).
 */
export const MEETING_AREA_RADIUS_METRES = 500;
export const NEARBY_DISTANCE_STEP_METRES = 500;
export const DEFAULT_MAP_CENTER = { latitude: 45.46, longitude: 9.19 } as const;
export const DEFAULT_TIME_ZONE = 'Europe/Rome';
/** The keyless public vector style shown when no basemap is configured (docs/maps.md, "Basemap"). */
export const OPENFREEMAP_STYLE_URL = 'https://tiles.openfreemap.org/styles/liberty';
/** MAP_STYLE_URL's value that pins the plain built-in style: tests use it, so no map reaches an outside host. */
export const OFFLINE_MAP_STYLE = 'offline';
/** Where the server serves MAP_PMTILES_PATH. Fixed: no part of a request names a file. */
export const BASEMAP_PMTILES_PATH = '/maps/basemap.pmtiles';

export const QUERY_RETRIES = 3;
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;
/** Spec §9: no request timeout by default. */
export const REQUEST_TIMEOUT_MS: number | null = null;

export const OTP_LENGTH = 6;
export const OTP_TTL_MINUTES = 10;
export const OTP_MAX_TRIES = 5;
export const OTP_RESEND_SECONDS = 60;
export const SESSION_TTL_DAYS = 30;

export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** Messages per page of chat/list-messages (its default limit; the app asks for as many). */
export const CHAT_PAGE_SIZE = 30;
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Review M5: about 50 000 points with times and elevation; larger recordings are simplified first. */
export const GPX_MAX_BYTES = 5 * 1024 * 1024;
/** The longest text an activity or a group asks people to accept before joining (docs/consent.md). */
export const CONSENT_TEXT_MAX = 5000;
/**
 * A GPX file uploaded through the presigned upload (`upload/get-upload-url` purpose GPX, then the route's `gpxUrl`)
 * may be this large: the server parses it in its route worker, and keeps what is larger than an inline file would
 * be thinned to GPX_STORED_MAX_POINTS.
 */
export const GPX_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;
/** Points a route file is thinned to when it is larger than the server keeps as it is (about 4 MB of GPX). */
export const GPX_STORED_MAX_POINTS = 40_000;
/** Route files of the activities a person created, together, as uploaded (stored compressed). */
export const ROUTE_FILES_QUOTA_BYTES = 100 * 1024 * 1024;

/** The one list is `LANGUAGES` of enums.ts (the `Language` schema is built from it too). */
export const SUPPORTED_LANGUAGES = LANGUAGES;
export const FALLBACK_LANGUAGE = 'en';
export const DATE_LOCALE = 'it';
/**
 * The `Intl` locale each language formats dates and numbers with: all day first, a 24-hour clock and weeks from
 * Monday, as Italy (DATE_LOCALE) does; English keeps those conventions with English names (en-GB).
 */
export const INTL_LOCALES = {
  en: 'en-GB',
  it: 'it-IT',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
} as const satisfies Record<(typeof LANGUAGES)[number], string>;
/** Weeks start on Monday (ISO weekday 1). */
export const WEEK_STARTS_ON = 1;

/** Delay before retry n (0-based) of a failed query: min(1000·2ⁿ, 30 000) ms. */
export function retryDelayMs(attempt: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** attempt, QUERY_RETRY_MAX_MS);
}

/** The versions of the terms and the privacy policy a sign-up accepts (the date of the texts); recorded per user. */
export const TERMS_VERSION = '2026-11-21';
export const PRIVACY_VERSION = '2026-11-21';

/**
 * Seats and waitlists (docs/seats.md). An activity holds at most SEATS_MAX seats; its join deadline is at most
 * JOIN_DEADLINE_MAX_HOURS before the start. A seat offer can be claimed for the activity's claim window
 * (CLAIM_WINDOW_DEFAULT_MINUTES unless its organiser set CLAIM_WINDOW_MIN_MINUTES to CLAIM_WINDOW_MAX_MINUTES),
 * and for CLAIM_WINDOW_LATE_MINUTES only once the start is less than LATE_OFFER_HOURS away.
 */
export const SEATS_MAX = 10_000;
export const JOIN_DEADLINE_MAX_HOURS = 24 * 30;
export const CLAIM_WINDOW_DEFAULT_MINUTES = 120;
export const CLAIM_WINDOW_MIN_MINUTES = 15;
export const CLAIM_WINDOW_MAX_MINUTES = 24 * 60;
export const CLAIM_WINDOW_LATE_MINUTES = 15;
export const LATE_OFFER_HOURS = 6;

/**
 * The recap (docs/recap.md): from an activity's end its page is its recap, and its participants add photos to its
 * album for RECAP_ALBUM_DAYS after the end, at most RECAP_PHOTOS_MAX photos per activity. A photo's address works
 * for RECAP_PHOTO_URL_MINUTES (more or less, see the doc): it is given only to people who may see the album.
 */
export const RECAP_ALBUM_DAYS = 7;
export const RECAP_PHOTOS_MAX = 300;
export const RECAP_PHOTO_URL_MINUTES = 60;

/**
 * Attendance (docs/attendance.md). Organisers mark from the start until ATTENDANCE_EDIT_DAYS after the end. Leaving
 * LATE_CANCEL_DEFAULT_HOURS (a group sets 0 to LATE_CANCEL_MAX_HOURS) or less before the start is a late cancel.
 * Reliability is attended / (attended + no-shows + late cancels) over a person's last RELIABILITY_WINDOW such
 * marks, known once there are RELIABILITY_MIN_COUNTED of them.
 */
export const ATTENDANCE_EDIT_DAYS = 7;
/** A recording's line is kept thinned to this many points (docs/recordings.md): enough to draw, not to trace a pace. */
export const RECORDING_LINE_MAX_POINTS = 2000;
export const LATE_CANCEL_DEFAULT_HOURS = 12;
export const LATE_CANCEL_MAX_HOURS = 7 * 24;
export const RELIABILITY_WINDOW = 20;
export const RELIABILITY_MIN_COUNTED = 3;

// The safety loop (issue 23, docs/safety.md)
/** Live positions may be shared from this long before the start. */
export const SAFETY_OPENS_BEFORE_START_MINUTES = 30;
/** Sharing stops by itself this long after the planned return (or sooner, once all are back). */
export const SAFETY_SHARING_AFTER_RETURN_HOURS = 2;
/** How often a sharing phone sends its position, normally and in economy mode. */
export const SAFETY_SHARE_EVERY_SECONDS = 30;
export const SAFETY_ECONOMY_EVERY_SECONDS = 300;
export const MAX_EMERGENCY_CONTACTS = 3;
/** Actions queued without signal (docs/safety.md): at most this many a delivery… */
export const QUEUED_EVENTS_PER_BATCH = 50;
/** …each accepted up to this long after it happened… */
export const QUEUED_EVENT_MAX_AGE_HOURS = 72;
/** …and no later than this ahead of the server's clock (the phone's clock may run fast). */
export const QUEUED_EVENT_CLOCK_SKEW_SECONDS = 120;
/** A person keeps at most this many device keys: registering one more drops their oldest. */
export const DEVICE_KEYS_PER_PERSON = 10;
/** Location history is deleted this long after it was recorded, or sooner on the person's request. */
export const LOCATION_HISTORY_DAYS = 28;

/** A person may keep this many privacy zones (issue 23, docs/privacy.md). */
export const PRIVACY_ZONES_MAX = 5;
export const PRIVACY_ZONE_MIN_METRES = 200;
export const PRIVACY_ZONE_MAX_METRES = 1000;
export const PRIVACY_ZONE_DEFAULT_METRES = 500;
/**
 * The stored circle's centre lies at a random distance of up to this share of the radius from the chosen point, so the
 * chosen point stays well inside (at least 60% of the radius from the edge) and the circle's centre is not it.
 */
export const PRIVACY_ZONE_OFFSET_SHARE = 0.4;

/**
 * Organisers are told of joins, waitlist joins, late leaves and taken seats (docs/notifications.md): the first of a
 * type about an activity notifies at once; the next ones within this many minutes of it are folded into it.
 */
export const ORGANISER_BATCH_MINUTES = 30;
/** A participant leaving this many hours or less before the start tells the organisers (ACTIVITY_LATE_LEAVE, SOON). */
export const LATE_LEAVE_NOTIFY_HOURS = 24;
