import type { CallResponse } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { activityKeys, useActivityChange } from './activity.ts';

/** Seats and waitlists (docs/seats.md). */
export const seatKeys = {
  waitlist: (activityId: string) => ['activity', 'list-waitlist', activityId] as const,
};

export const useClaimSeatMutation = () =>
  useActivityChange((activityId: string) => api('activity/claim-seat', { activityId }));
export const useDeclineSeatMutation = () =>
  useActivityChange((activityId: string) => api('activity/decline-seat', { activityId }));

/** Organisers: the waitlist in order and the log of overrides. */
export function useWaitlistQuery(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: seatKeys.waitlist(activityId),
    queryFn: () => api('activity/list-waitlist', { activityId }),
    enabled,
  });
}

function useWaitlistChange<I>(activityId: string, call: (input: I) => Promise<CallResponse<'activity/list-waitlist'>>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      client.setQueryData(seatKeys.waitlist(activityId), answer);
      void client.invalidateQueries({ queryKey: activityKeys.info(activityId) });
    },
  });
}

export const useMoveInWaitlistMutation = (activityId: string) =>
  useWaitlistChange(activityId, (input: { userId: string; position: number }) =>
    api('activity/move-in-waitlist', { activityId, ...input }),
  );
export const useRemoveFromWaitlistMutation = (activityId: string) =>
  useWaitlistChange(activityId, (userId: string) => api('activity/remove-from-waitlist', { activityId, userId }));
export const usePickFromWaitlistMutation = (activityId: string) =>
  useWaitlistChange(activityId, (userId: string) => api('activity/pick-from-waitlist', { activityId, userId }));

/** A seat offered to the person, or their place moved: the live `seat` event (and a resync) refetch the activity. */
export function useLiveSeats(activityId: string) {
  const client = useQueryClient();
  useEffect(() => {
    const link = realtimeLink();
    const refresh = () => {
      void client.invalidateQueries({ queryKey: activityKeys.info(activityId) });
      void client.invalidateQueries({ queryKey: seatKeys.waitlist(activityId) });
    };
    const offs = [
      link.on('seat', (event) => {
        if (event.activityId === activityId) refresh();
      }),
      link.onResync(refresh),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [activityId, client]);
}
