import type { Handlers } from '../../http/handlers.ts';
import type { Attendance } from './attendance.service.ts';

/** HTTP only: each attendance call hands the caller and its body to the service (docs/attendance.md). */
export const attendanceHandlers = (attendance: Attendance): Handlers => ({
  'attendance/list-sheet': ({ body, user }) => attendance.sheet(user.userId, body.activityId),
  'attendance/mark': ({ body, user }) => attendance.mark(user.userId, body.activityId, body.userId, body.mark),
  'attendance/confirm-suggested': ({ body, user }) => attendance.confirmSuggested(user.userId, body.activityId),
  'attendance/check-in': ({ body, user }) => attendance.checkIn(user.userId, body.activityId, body.code),
  'attendance/read-pass': ({ body, user }) => attendance.pass(user.userId, body.activityId),
  'attendance/read-record': async ({ user }) => ({ record: await attendance.record(user.userId) }),
  'group/read-attendance-rules': ({ body, user }) => attendance.rules(user.userId, body.groupId),
  'group/set-attendance-rules': ({ body, user }) => {
    const { groupId, ...rules } = body;
    return attendance.setRules(user.userId, groupId, rules);
  },
});
