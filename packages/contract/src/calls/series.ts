import { z } from 'zod';
import { defineCall } from '../call.ts';
import { ConsentVersion, Day, Id, IsoDateTime, TimeOfDay } from '../common.ts';
import { PARTICIPATION_STATUSES } from '../enums.ts';
import { SeriesRef, SeriesScope } from './series-shapes.ts';

export * from './series-shapes.ts';

/** One coming date of a series: made already (an activity), or still only a day of the rule. */
export const SeriesDate = z.object({
  date: Day,
  /** Null while the date lies beyond the 12 weeks made ahead. */
  activityId: Id.nullable(),
  startsAt: IsoDateTime,
  /** The caller's status on that date's activity (NONE when it is not made yet). */
  status: z.enum(PARTICIPATION_STATUSES),
  /** The caller joined the series and opted out of this date. */
  skipped: z.boolean(),
});
export type SeriesDate = z.infer<typeof SeriesDate>;

export const Series = SeriesRef.omit({ occurrenceDate: true }).extend({
  name: z.string(),
  startTime: TimeOfDay,
  endTime: TimeOfDay,
  timeZone: z.string(),
  /** The series makes no more dates (its rule ended, or its organisers cancelled the rest). */
  ended: z.boolean(),
  /** The caller joined the whole series: each new date is joined for them unless they opt out of it. */
  joined: z.boolean(),
  isAdmin: z.boolean(),
  /** The next dates (at most 12), from now on. */
  nextDates: z.array(SeriesDate),
});
export type Series = z.infer<typeof Series>;

const byActivity = z.object({ activityId: Id });
const seriesAnswer = z.object({ series: Series });
const seriesErrors = ['ACTIVITY_NOT_FOUND', 'NOT_IN_SERIES'] as const;

/** Series (issue 22): each call names one date (activity) of the series. */
export const seriesCalls = {
  'series/read-info': defineCall({
    auth: true,
    summary: 'The series of an activity: its rule, its next dates, and whether the caller joined it',
    body: byActivity,
    response: seriesAnswer,
    errors: [...seriesErrors],
  }),
  'series/join': defineCall({
    auth: true,
    summary: 'Join the whole series: every coming date, and each new one unless opted out',
    /** With the version of the text its dates ask people to accept, when they ask for one (docs/consent.md). */
    body: byActivity.extend({ consentVersion: ConsentVersion.optional() }),
    response: seriesAnswer,
    errors: [
      ...seriesErrors,
      'ACCESS_REQUEST_REQUIRED',
      'GROUP_MEMBERSHIP_REQUIRED',
      'ALREADY_PARTICIPATING',
      'FORBIDDEN',
      'CONSENT_REQUIRED',
    ],
  }),
  'series/leave': defineCall({
    auth: true,
    summary: 'Leave the series: its coming dates too',
    body: byActivity,
    response: seriesAnswer,
    errors: [...seriesErrors, 'SERIES_NOT_JOINED', 'LAST_ADMIN'],
  }),
  'series/skip-date': defineCall({
    auth: true,
    summary: 'A series member opts out of one coming date (skip) or back in',
    body: byActivity.extend({ date: Day, skip: z.boolean() }),
    response: seriesAnswer,
    errors: [
      ...seriesErrors,
      'SERIES_NOT_JOINED',
      'SERIES_DATE_NOT_IN_RULE',
      'SERIES_DATE_PAST',
      'SERIES_ORGANISER_SKIP',
    ],
  }),
  'series/cancel': defineCall({
    auth: true,
    summary: 'Admin: cancel this date, this and the following ones, or all coming dates; their participants are told',
    body: byActivity.extend({ scope: SeriesScope }),
    response: z.object({ cancelled: z.int() }),
    errors: [...seriesErrors, 'FORBIDDEN', 'SERIES_DATE_PAST'],
  }),
};
