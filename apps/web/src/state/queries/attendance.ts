import type { AttendanceMark, AttendanceSheet } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../api/client.ts';
import { queueEvent } from '../../offline/queue.ts';

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

/** The call failed for lack of network: the only failure that queues (offline/queue.ts). */
const offline = (error: unknown) => isApiError(error) && error.status === 0;

/**
 * An organiser's mark. Without network it is signed and queued with its time (docs/safety.md "Without signal"), and
 * shown on the list at once: the answer is then `{ queued: true }`.
 */
export function useMarkMutation(activityId: string, ownUserId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (input: { userId: string; mark: AttendanceMark }) => {
      try {
        return await api('attendance/mark', { activityId, ...input });
      } catch (error) {
        const at = new Date();
        const queued =
          offline(error) &&
          !!ownUserId &&
          (await queueEvent({ kind: 'ATTENDANCE_MARK', activityId, personId: ownUserId, payload: input }, at));
        if (!queued) throw error;
        const sheet = client.getQueryData<AttendanceSheet>(attendanceKeys.sheet(activityId));
        if (sheet)
          client.setQueryData<AttendanceSheet>(attendanceKeys.sheet(activityId), {
            ...sheet,
            entries: sheet.entries.map((e) =>
              e.userId === input.userId ? { ...e, status: input.mark, markedAt: at.toISOString() } : e,
            ),
          });
        return { queued: true as const };
      }
    },
    onSuccess: (answer) => {
      if ('sheet' in answer) client.setQueryData(attendanceKeys.sheet(activityId), answer.sheet);
    },
  });
}

/**
 * Marks attended, in one tap, everyone without a mark whose recording matches the activity (docs/recordings.md). Not
 * queued without network: the server decides who it applies to.
 */
export function useConfirmSuggestedMutation(activityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('attendance/confirm-suggested', { activityId }),
    onSuccess: (answer) => client.setQueryData(attendanceKeys.sheet(activityId), answer.sheet),
  });
}

/** A scanned pass; without network it is queued like a mark (only the server can tell whose code it is). */
export function useCheckInMutation(activityId: string, ownUserId: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (code: string) => {
      try {
        return await api('attendance/check-in', { activityId, code });
      } catch (error) {
        const queued =
          offline(error) &&
          !!ownUserId &&
          (await queueEvent({ kind: 'CHECK_IN', activityId, personId: ownUserId, payload: { code } }));
        if (!queued) throw error;
        return { queued: true as const };
      }
    },
    onSuccess: (answer) => {
      if ('sheet' in answer) client.setQueryData(attendanceKeys.sheet(activityId), answer.sheet);
    },
  });
}

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
