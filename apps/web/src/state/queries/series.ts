import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { activityKeys } from './activity.ts';
import { rereadOnConsentChange } from './consent.ts';

/** Series of activities (issue 22, docs/series.md): each call names one date of the series. */
export const seriesKeys = {
  info: (activityId: string) => ['activity', 'series', activityId] as const,
};

export function useSeriesQuery(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: seriesKeys.info(activityId),
    queryFn: async () => (await api('series/read-info', { activityId })).series,
    enabled,
  });
}

/** A change to the person's place in a series touches several dates: every activity query refetches. */
function useSeriesChange<I>(activityId: string, call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: activityKeys.all });
      void client.invalidateQueries({ queryKey: seriesKeys.info(activityId) });
    },
    onError: rereadOnConsentChange(client, activityKeys.all),
  });
}

export const useJoinSeriesMutation = (activityId: string) =>
  useSeriesChange(activityId, (consentVersion: number | undefined) =>
    api('series/join', { activityId, consentVersion }),
  );
export const useLeaveSeriesMutation = (activityId: string) =>
  useSeriesChange(activityId, () => api('series/leave', { activityId }));
export const useSkipDateMutation = (activityId: string) =>
  useSeriesChange(activityId, (input: { date: string; skip: boolean }) =>
    api('series/skip-date', { activityId, ...input }),
  );
/** Cancels this date (THIS), or this and every later date, which ends the series (FOLLOWING). */
export const useCancelDateMutation = (activityId: string) =>
  useSeriesChange(activityId, (scope: 'THIS' | 'FOLLOWING') => api('series/cancel', { activityId, scope }));
