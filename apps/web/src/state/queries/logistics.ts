import type { CallInput } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';

export const logisticsKeys = {
  carpool: (activityId: string) => ['carpool', 'list', activityId] as const,
  gear: (activityId: string) => ['gear', 'list', activityId] as const,
  export: ['export', 'latest'] as const,
};

/** Seats and gear change live: the `logistics` event (and a resync) refetch the activity's lists. */
export function useLiveLogistics(activityId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const refresh = (kind?: 'carpool' | 'gear') => {
      if (kind !== 'gear') void queryClient.invalidateQueries({ queryKey: logisticsKeys.carpool(activityId) });
      if (kind !== 'carpool') void queryClient.invalidateQueries({ queryKey: logisticsKeys.gear(activityId) });
    };
    const offs = [
      link.on('logistics', (event) => {
        if (event.activityId === activityId) refresh(event.kind);
      }),
      link.onResync(() => refresh()),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [activityId, queryClient]);
}

export function useCarpoolQuery(activityId: string) {
  return useQuery({
    queryKey: logisticsKeys.carpool(activityId),
    queryFn: () => api('carpool/list', { activityId }),
  });
}

export function useGearQuery(activityId: string) {
  return useQuery({ queryKey: logisticsKeys.gear(activityId), queryFn: () => api('gear/list', { activityId }) });
}

/** A carpool or gear call that refetches the activity's list once done. */
function useActivityMutation<I, R>(
  key: (activityId: string) => readonly unknown[],
  activityId: string,
  call: (input: I) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key(activityId) }),
  });
}

export const useOfferSeatsMutation = (activityId: string) =>
  useActivityMutation(
    logisticsKeys.carpool,
    activityId,
    (input: Omit<CallInput<'carpool/offer-seats'>, 'activityId'>) =>
      api('carpool/offer-seats', { activityId, ...input }),
  );
export const useWithdrawOfferMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.carpool, activityId, (offerId: string) =>
    api('carpool/withdraw-offer', { offerId }),
  );
export const useRequestRideMutation = (activityId: string) =>
  useActivityMutation(
    logisticsKeys.carpool,
    activityId,
    (input: Omit<CallInput<'carpool/request-ride'>, 'activityId'>) =>
      api('carpool/request-ride', { activityId, ...input }),
  );
export const useCancelRideMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.carpool, activityId, (requestId: string) =>
    api('carpool/cancel-request', { requestId }),
  );
export const useAcceptRideMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.carpool, activityId, (input: CallInput<'carpool/accept-request'>) =>
    api('carpool/accept-request', input),
  );
export const useDeclineRideMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.carpool, activityId, (requestId: string) =>
    api('carpool/decline-request', { requestId }),
  );

export const useAddGearMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.gear, activityId, (input: Omit<CallInput<'gear/add-item'>, 'activityId'>) =>
    api('gear/add-item', { activityId, ...input }),
  );
export const useClaimGearMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.gear, activityId, (input: CallInput<'gear/claim'>) => api('gear/claim', input));
export const useCheckGearMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.gear, activityId, (input: CallInput<'gear/check'>) => api('gear/check', input));
export const useRemoveGearMutation = (activityId: string) =>
  useActivityMutation(logisticsKeys.gear, activityId, (itemId: string) => api('gear/remove-item', { itemId }));

/** The latest export; polled every 5 s while it is being prepared. */
export function useLatestExportQuery() {
  return useQuery({
    queryKey: logisticsKeys.export,
    queryFn: () => api('export/latest'),
    select: (d) => d.export,
    refetchInterval: (q) => (q.state.data?.export?.status === 'PENDING' ? 5000 : false),
  });
}

/** Asks for an export, right after the person proved it is them (review L-N3, components/forms/StepUp.tsx). */
export function useRequestExportMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('export/request'),
    onSuccess: (data) => queryClient.setQueryData(logisticsKeys.export, data),
  });
}

export const importRouteLink = (url: string) => api('route/import-link', { url });
