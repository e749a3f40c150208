import type { ErrorCode, ValidationMessageKey } from '@cordata/contract';
import activity from './locales/en/activity.json';
import attendance from './locales/en/attendance.json';
import auth from './locales/en/auth.json';
import common from './locales/en/common.json';
import group from './locales/en/group.json';
import location from './locales/en/location.json';
import logistics from './locales/en/logistics.json';
import notification from './locales/en/notification.json';
import offline from './locales/en/offline.json';
import people from './locales/en/people.json';
import privacy from './locales/en/privacy.json';
import recap from './locales/en/recap.json';
import seats from './locales/en/seats.json';
import series from './locales/en/series.json';
import strava from './locales/en/strava.json';

// Every error code and validation message has its English text (the other languages follow: parity.test.ts).
const errors: Record<ErrorCode, string> = common.errors;
const validation: Record<ValidationMessageKey, string> = common.validation;

/**
 * The app's texts in English, the source every other language is translated from (docs/translations.md):
 * `common` at the top, each other namespace under its name, as `bundle` gathers the other languages.
 */
export const en = {
  ...common,
  errors,
  validation,
  activity,
  attendance,
  auth,
  group,
  location,
  logistics,
  notification,
  offline,
  people,
  privacy,
  recap,
  seats,
  series,
  strava,
};
export type Resources = typeof en;
