import type { AttendanceMark, CallResponse } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** Attendance (issue 22, docs/attendance.md). */
export const attendanceKeys = {
  sheet: (activityId: string) => ['attendance', 'sheet', activityId] as const,
  pass: (activityId: string) => ['attendance', 'pass', activityId] as const,
  record: ['attendance', 'record'] as const,
};

/** Organisers: the tick list. */
export function useAttendanceSheetQuery(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.sheet(activityId),
    queryFn: async () => (await api('attendance/list-sheet', { activityId })).sheet,
    enabled,
  });
}

function useSheetChange<I, R extends CallResponse<'attendance/list-sheet'>>(
  activityId: string,
  call: (input: I) => Promise<R>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(attendanceKeys.sheet(activityId), answer.sheet),
  });
}

export const useMarkMutation = (activityId: string) =>
  useSheetChange(activityId, (input: { userId: string; mark: AttendanceMark }) =>
    api('attendance/mark', { activityId, ...input }),
  );

export const useCheckInMutation = (activityId: string) =>
  useSheetChange(activityId, (code: string) => api('attendance/check-in', { activityId, code }));

/** A participant's check-in pass. */
export function usePassQuery(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: attendanceKeys.pass(activityId),
    queryFn: async () => (await api('attendance/read-pass', { activityId })).pass,
    enabled,
  });
}

/** The caller's own record. */
export function useOwnRecordQuery(enabled = true) {
  return useQuery({
    queryKey: attendanceKeys.record,
    queryFn: async () => (await api('attendance/read-record')).record,
    enabled,
  });
}
