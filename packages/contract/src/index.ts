import type { z } from 'zod';
import type { CallDef } from './call.ts';
import { activityCalls, routeElevationCalls, routeGradeCalls } from './calls/activity.ts';
import { attendanceCalls } from './calls/attendance.ts';
import { authCalls } from './calls/auth.ts';
import { calendarCalls } from './calls/calendar.ts';
import { chatCalls } from './calls/chat.ts';
import { groupCalls } from './calls/group.ts';
import { carpoolCalls, exportCalls, gearCalls, routeImportCalls } from './calls/logistics.ts';
import { locationCalls, reportCalls, sportCalls, uploadCalls } from './calls/misc.ts';
import { notificationCalls } from './calls/notification.ts';
import { offlineCalls } from './calls/offline.ts';
import { pollCalls } from './calls/poll.ts';
import { privacyCalls } from './calls/privacy.ts';
import { queuedCalls } from './calls/queued.ts';
import { recapCalls } from './calls/recap.ts';
import { recordingCalls } from './calls/recording.ts';
import { routingCalls } from './calls/routing.ts';
import { safetyCalls } from './calls/safety.ts';
import { seriesCalls } from './calls/series.ts';
import { subgroupCalls } from './calls/subgroup.ts';
import { userCalls } from './calls/user.ts';
import { weatherCalls } from './calls/weather.ts';

export * from './admin.ts';
export * from './call.ts';
export * from './calls/activity.ts';
export * from './calls/attendance.ts';
export * from './calls/auth.ts';
export * from './calls/calendar.ts';
export * from './calls/chat.ts';
export * from './calls/group.ts';
export * from './calls/logistics.ts';
export * from './calls/misc.ts';
export * from './calls/notification.ts';
export * from './calls/offline.ts';
export * from './calls/poll.ts';
export * from './calls/privacy.ts';
export * from './calls/queued.ts';
export * from './calls/recap.ts';
export * from './calls/recording.ts';
export * from './calls/routing.ts';
export * from './calls/safety.ts';
export * from './calls/series.ts';
export * from './calls/subgroup.ts';
export * from './calls/user.ts';
export * from './calls/weather.ts';
export * from './common.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './grades.ts';
export * from './osm-access.ts';
export * from './osm-grades.ts';
export * from './paths.ts';
export * from './realtime.ts';
export * from './recurrence.ts';
export * from './rules.ts';
export * from './version.ts';
export * from './weather.ts';

/** Every product call, keyed by its path below the database prefix. */
export const calls = {
  ...activityCalls,
  ...authCalls,
  ...calendarCalls,
  ...chatCalls,
  ...groupCalls,
  ...subgroupCalls,
  ...pollCalls,
  ...locationCalls,
  ...notificationCalls,
  ...sportCalls,
  ...uploadCalls,
  ...userCalls,
  ...reportCalls,
  ...carpoolCalls,
  ...gearCalls,
  ...routeImportCalls,
  ...routingCalls,
  ...routeElevationCalls,
  ...routeGradeCalls,
  ...exportCalls,
  ...seriesCalls,
  ...weatherCalls,
  ...recapCalls,
  ...recordingCalls,
  ...attendanceCalls,
  ...safetyCalls,
  ...queuedCalls,
  ...privacyCalls,
  ...offlineCalls,
} satisfies Record<string, CallDef>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export const callNames = Object.keys(calls) as CallName[];

type BodyOf<D> = D extends CallDef<infer B, z.ZodType> ? (B extends z.ZodType ? B : null) : never;
/** What a client sends (defaults may be left out). */
export type CallInput<K extends CallName> = BodyOf<Calls[K]> extends z.ZodType ? z.input<BodyOf<Calls[K]>> : undefined;
/** What the server receives once the body is parsed. */
export type CallBody<K extends CallName> = BodyOf<Calls[K]> extends z.ZodType ? z.output<BodyOf<Calls[K]>> : undefined;
export type CallResponse<K extends CallName> = z.output<Calls[K]['response']>;

export { adminCallPath, adminPrefix, apiPrefix, callPath, DEFAULT_PRODUCT } from './api-paths.ts';
export const callHasBody = (name: CallName) => calls[name].body !== null;
