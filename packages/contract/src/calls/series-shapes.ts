import { z } from 'zod';
import { Day, Id } from '../common.ts';
import { SERIES_SCOPES } from '../enums.ts';
import { RULE_LIMITS } from '../recurrence.ts';

/** Which dates of a series an edit or a cancellation touches (docs/series.md). */
export const SeriesScope = z.enum(SERIES_SCOPES);
export type SeriesScope = z.infer<typeof SeriesScope>;

/**
 * How an activity repeats: an RRULE of the supported subset (recurrence.ts), read in the activity's time zone from
 * its date, and the days left out (EXDATE). Checked by the server: SERIES_RULE_INVALID, SERIES_RULE_UNSUPPORTED.
 */
export const RepeatInput = z.object({
  rule: z.string().trim().min(1).max(RULE_LIMITS.maxLength),
  exDates: z.array(Day).max(RULE_LIMITS.maxExDates).optional(),
});
export type RepeatInput = z.infer<typeof RepeatInput>;

/** What an activity's answer says of its series. */
export const SeriesRef = z.object({
  seriesId: Id,
  /** The canonical rule (FREQ=WEEKLY;BYDAY=TU…), from `startDate`. */
  rule: z.string(),
  startDate: Day,
  exDates: z.array(Day),
  /** The day the rule gave this date (its `date` may since have moved). */
  occurrenceDate: Day,
});
export type SeriesRef = z.infer<typeof SeriesRef>;
