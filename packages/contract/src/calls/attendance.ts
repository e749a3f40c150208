import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, UserSummary } from '../common.ts';
import { LATE_CANCEL_MAX_HOURS } from '../constants.ts';
import { ATTENDANCE_MARKS, ATTENDANCE_STATUSES } from '../enums.ts';

export const AttendanceMark = z.enum(ATTENDANCE_MARKS);
export type AttendanceMark = z.infer<typeof AttendanceMark>;
export const AttendanceStatus = z.enum(ATTENDANCE_STATUSES);
export type AttendanceStatus = z.infer<typeof AttendanceStatus>;

/**
 * A person's attendance record (docs/attendance.md). Never public: answered only to the person (attendance/read-record)
 * and to the organisers of a closed activity while that person's request to join it is pending (activity/list-requests).
 */
export const AttendanceRecord = z.object({
  attended: z.int(),
  noShows: z.int(),
  lateCancels: z.int(),
  excused: z.int(),
  /** attended / (attended + noShows + lateCancels) over the last RELIABILITY_WINDOW of those; null below RELIABILITY_MIN_COUNTED. */
  reliability: z.number().min(0).max(1).nullable(),
  /** How many marks the reliability is computed over (at most RELIABILITY_WINDOW). */
  reliabilityOver: z.int(),
});
export type AttendanceRecord = z.infer<typeof AttendanceRecord>;

/** One person on an activity's tick list: a participant, or someone who left late (a late cancel). */
export const AttendanceEntry = UserSummary.extend({
  status: AttendanceStatus.nullable(),
  markedAt: IsoDateTime.nullable(),
  /** Still taking part (a late cancel has left). */
  participating: z.boolean(),
  /**
   * A recording of theirs matches the activity (docs/recordings.md): without a mark yet, it suggests "attended",
   * which an organiser confirms (attendance/confirm-suggested). Never marked by itself.
   */
  recorded: z.boolean(),
});
export type AttendanceEntry = z.infer<typeof AttendanceEntry>;

export const AttendanceSheet = z.object({
  /** Marks may be set from the start… */
  opensAt: IsoDateTime,
  /** …until ATTENDANCE_EDIT_DAYS after the end. */
  closesAt: IsoDateTime,
  entries: z.array(AttendanceEntry),
});
export type AttendanceSheet = z.infer<typeof AttendanceSheet>;

/** A participant's check-in pass: the QR's text and the short code printed under it. */
export const AttendancePass = z.object({
  qr: z.string(),
  code: z.string(),
  closesAt: IsoDateTime,
});
export type AttendancePass = z.infer<typeof AttendancePass>;

export const AttendanceRules = z.object({
  /** Leaving this many hours or less before the start is a late cancel. */
  lateCancelHours: z.int().min(0).max(LATE_CANCEL_MAX_HOURS),
  /** Requests from people at or above this reliability (percent) are accepted at once; null: never. */
  autoApproveReliability: z.int().min(1).max(100).nullable(),
});
export type AttendanceRules = z.infer<typeof AttendanceRules>;

const byActivity = z.object({ activityId: Id });
const sheetAnswer = z.object({ sheet: AttendanceSheet });
const markErrors = ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'ATTENDANCE_NOT_STARTED', 'ATTENDANCE_CLOSED'] as const;

/** Attendance (issue 22, docs/attendance.md). */
export const attendanceCalls = {
  'attendance/list-sheet': defineCall({
    auth: true,
    summary: 'Organiser: the tick list of an activity, each participant (and late cancel) with their mark',
    body: byActivity,
    response: sheetAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'attendance/mark': defineCall({
    auth: true,
    summary: 'Organiser: mark a participant attended, no-show or excused (from the start until 7 days after the end)',
    body: byActivity.extend({ userId: Id, mark: AttendanceMark }),
    response: sheetAnswer,
    errors: [...markErrors, 'USER_NOT_FOUND'],
  }),
  'attendance/confirm-suggested': defineCall({
    auth: true,
    summary: 'Organiser: mark attended, in one tap, everyone without a mark whose recording matches the activity',
    body: byActivity,
    response: sheetAnswer,
    errors: markErrors,
  }),
  'attendance/check-in': defineCall({
    auth: true,
    summary: 'Organiser: mark attended the participant whose check-in QR (or its short code) was scanned',
    body: byActivity.extend({ code: z.string().trim().min(1).max(200) }),
    response: sheetAnswer.extend({ person: UserSummary }),
    errors: [...markErrors, 'ATTENDANCE_CODE_INVALID'],
  }),
  'attendance/read-pass': defineCall({
    auth: true,
    summary: "A participant's check-in pass for an activity: the QR to show the organiser, and its short code",
    body: byActivity,
    response: z.object({ pass: AttendancePass }),
    errors: ['ACTIVITY_NOT_FOUND', 'NOT_PARTICIPATING'],
  }),
  'attendance/read-record': defineCall({
    auth: true,
    summary: 'My own attendance record: attended, no-shows, late cancels, excused, and my reliability',
    body: null,
    response: z.object({ record: AttendanceRecord }),
  }),
  'group/read-attendance-rules': defineCall({
    auth: true,
    summary: "A group's late-cancel window and auto-approval threshold (its members)",
    body: z.object({ groupId: Id }),
    response: z.object({ rules: AttendanceRules }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
  'group/set-attendance-rules': defineCall({
    auth: true,
    summary: "Admin: the group's late-cancel window and the reliability at which requests are accepted at once",
    body: AttendanceRules.extend({ groupId: Id }),
    response: z.object({ rules: AttendanceRules }),
    errors: ['GROUP_NOT_FOUND', 'FORBIDDEN'],
  }),
};
