import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import {
  ACTIVITY_EDIT_KINDS,
  GENDERS,
  INTENSITY_KINDS,
  LANGUAGES,
  NOTIFICATION_TYPES,
  ROLES,
  SPORT_ID_PATTERN,
} from './enums.ts';

/** Opaque ids are UUIDs (v7, made by the server). */
export const Id = z.uuid();
export const SportId = z.string().regex(new RegExp(`^${SPORT_ID_PATTERN}$`), 'Not a sport id');
export const IsoDateTime = z.iso.datetime({ offset: true });
/** A calendar day, YYYY-MM-DD. */
export const Day = z.iso.date();
/** A time of day, HH:mm. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:mm');
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);

export const LatLng = z.object({ latitude: Latitude, longitude: Longitude });
export type LatLng = z.infer<typeof LatLng>;
export const Place = LatLng.extend({ address: z.string().max(300).optional() });
export type Place = z.infer<typeof Place>;

export const Pagination = z.object({
  page: z.int().min(1).max(MAX_PAGE).default(1),
  limit: z.int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type Pagination = z.infer<typeof Pagination>;
export const OptionalPagination = Pagination.default({ page: 1, limit: PAGE_SIZE });

export const Ok = z.object({ ok: z.literal(true) });

/**
 * A text people accept before joining an activity or a group (issue 40, docs/consent.md): a waiver, the club's rules.
 * Each change of the text raises its version, and whoever accepted an older one is asked again.
 */
export const Consent = z.object({ text: z.string(), version: z.int().min(1) });
export type Consent = z.infer<typeof Consent>;
/** Which version of the text a person accepted, and when. */
export const ConsentGiven = z.object({ version: z.int().min(1), acceptedAt: IsoDateTime });
export type ConsentGiven = z.infer<typeof ConsentGiven>;
/** A join's or a request's acceptance of the current text (CONSENT_REQUIRED without it, when there is one). */
export const ConsentVersion = z.int().min(1).max(1_000_000);

export const Gender = z.enum(GENDERS);
export type Gender = z.infer<typeof Gender>;
export const IntensityKind = z.enum(INTENSITY_KINDS);
export type IntensityKind = z.infer<typeof IntensityKind>;
export const Language = z.enum(LANGUAGES);
export type Language = z.infer<typeof Language>;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** The reason of an ACTIVITY_EDIT notification: what changed that matters to participants (none: other details). */
export const ActivityEditKind = z.enum(ACTIVITY_EDIT_KINDS);
export type ActivityEditKind = z.infer<typeof ActivityEditKind>;

/**
 * Intensity units: DISTANCE metres, ELEVATION metres, TIME minutes, PACE seconds per km.
 */
export const Intensity = z.object({ kind: IntensityKind, value: z.number().positive().max(1_000_000) });
export type Intensity = z.infer<typeof Intensity>;
export const UserSport = z.object({ sportId: SportId, intensity: Intensity });
export type UserSport = z.infer<typeof UserSport>;

export const Sport = z.object({
  sportId: SportId,
  /** The English name. */
  name: z.string(),
  /** The name in each language of the app: the English one where the sport has no translation. */
  names: z.object({ en: z.string(), it: z.string(), de: z.string(), fr: z.string(), es: z.string() }),
  icon: z.string(),
  intensityKinds: z.array(IntensityKind),
});
export type Sport = z.infer<typeof Sport>;

export const UserSummary = z.object({
  userId: Id,
  username: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  lastOnlineAt: IsoDateTime.nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;
