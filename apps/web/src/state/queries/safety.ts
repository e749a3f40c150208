import type { ActivitySafety, CallInput } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { confirm } from '../../components/feedback.ts';
import { useDeviceLocation } from '../../location/geolocation.ts';
import { ensureDeviceKey, queuedEvents, queueEvent, queueSnapshot, subscribeQueue } from '../../offline/queue.ts';

export const safetyKeys = {
  activity: (activityId: string) => ['activity', 'safety', activityId] as const,
  contacts: ['user', 'emergency-contacts'] as const,
};

/**
 * The safety loop of an activity (issue 23), for the people taking part. Others' positions arrive live over the socket
 * and replace their last fix in place; a check-in, a change of sharing or of the planned return refetches it.
 */
export function useActivitySafetyQuery(activityId: string, enabled: boolean) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const link = realtimeLink();
    const key = safetyKeys.activity(activityId);
    const offs = [
      link.on('safety:changed', (e) => {
        if (e.activityId === activityId) void client.invalidateQueries({ queryKey: key });
      }),
      link.on('notification', (n) => {
        if (n.targetId === activityId && n.type === 'ACTIVITY_NOT_BACK')
          void client.invalidateQueries({ queryKey: key });
      }),
      link.on('safety:position', (p) => {
        if (p.activityId !== activityId) return;
        client.setQueryData<{ safety: ActivitySafety }>(key, (old) =>
          old
            ? {
                safety: {
                  ...old.safety,
                  people: old.safety.people.map((person) =>
                    person.user.userId === p.userId
                      ? { ...person, lastFix: { latitude: p.latitude, longitude: p.longitude, at: p.at } }
                      : person,
                  ),
                },
              }
            : old,
        );
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [activityId, enabled, client]);
  return useQuery({
    queryKey: safetyKeys.activity(activityId),
    queryFn: () => api('activity/safety', { activityId }),
    select: (d) => d.safety,
    enabled,
    // The window opens and closes with the clock: look again every minute.
    refetchInterval: 60_000,
  });
}

function useSafetyMutation<I>(activityId: string, call: (input: I) => Promise<{ safety: ActivitySafety }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => client.setQueryData(safetyKeys.activity(activityId), answer),
  });
}

export const useShareMutation = (activityId: string) =>
  useSafetyMutation(activityId, (input: { sharing: boolean; economy: boolean }) =>
    api('activity/safety-share', { activityId, ...input }),
  );

const register = (publicKey: string) => api('safety/register-device-key', { publicKey });

/**
 * "I'm back", or an organiser checking someone in. One's own "I'm back" made without network is signed and queued
 * with its time (offline/queue.ts): the answer is then `{ queued: true }`, and the panel says it will be sent.
 */
export function useCheckInMutation(activityId: string, ownUserId?: string | null) {
  const client = useQueryClient();
  return useMutation({
    // Offline, the call runs anyway: its network failure is what queues it.
    networkMode: 'always',
    mutationFn: async (
      input: Omit<CallInput<'activity/safety-back'>, 'activityId'>,
    ): Promise<{ safety: ActivitySafety } | { queued: true }> => {
      try {
        return await api('activity/safety-back', { activityId, ...input });
      } catch (error) {
        const offline = isApiError(error) && error.status === 0;
        const own = input.back !== false && (!input.userId || input.userId === ownUserId);
        if (!offline || !own || !ownUserId) throw error;
        const queued = await queueEvent({ kind: 'BACK', activityId, personId: ownUserId, payload: {} });
        if (!queued) throw error;
        return { queued: true };
      }
    },
    onSuccess: (answer) => {
      if ('safety' in answer) client.setQueryData(safetyKeys.activity(activityId), answer);
    },
  });
}

/** When the person's "I'm back" for the activity was queued without signal and not yet sent; null when it is not. */
export function useQueuedBack(activityId: string, userId: string | null | undefined): string | null {
  const snapshot = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  return useMemo(() => {
    void snapshot;
    const event = queuedEvents().find((e) => e.kind === 'BACK' && e.activityId === activityId && e.personId === userId);
    return event?.occurredAt ?? null;
  }, [snapshot, activityId, userId]);
}

/** Registers this device's key while there is signal, so that what is done without it can be queued. */
export function useDeviceKey(userId: string | null | undefined) {
  useEffect(() => {
    if (userId) void ensureDeviceKey(userId, { register });
  }, [userId]);
}

export const usePlannedReturnMutation = (activityId: string) =>
  useSafetyMutation(activityId, (plannedReturnAt: string | null) =>
    api('activity/safety-set-return', { activityId, plannedReturnAt }),
  );

/**
 * While the caller shares and the window is open, the phone's position goes over the socket every 30 s (5 min in
 * economy mode, and on a phone whenever the screen is locked). The watch starts when the window opens with sharing
 * on or when the person turns it on, and stops at "I'm back", at the window's end or when sharing ends; on a phone it
 * goes on with the screen locked, after an explanation before the system asks (docs/mobile.md). A refusal (the
 * window closed, sharing ended elsewhere) stops it and refetches the loop.
 */
export function usePositionSharing(activityId: string, safety: ActivitySafety | undefined) {
  const client = useQueryClient();
  const location = useDeviceLocation();
  const { t } = useTranslation();
  const active = !!safety && safety.state === 'OPEN' && safety.me.sharing && !safety.me.backAt;
  const economy = !!safety?.me.economy;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    const stop = location.watch(
      {
        economy,
        notice: { title: t('activity.safety.notice.title'), message: t('activity.safety.notice.message') },
        explain: () =>
          confirm({
            title: t('activity.safety.background.title'),
            description: t('activity.safety.background.description'),
            confirmLabel: t('activity.safety.background.continue'),
            cancelLabel: t('activity.safety.background.notNow'),
          }),
      },
      (fix) => {
        if (stopped) return;
        realtimeLink().emit('safety:position', { activityId, ...fix }, (answer) => {
          if (answer.ok) return void client.invalidateQueries({ queryKey: safetyKeys.activity(activityId) });
          if (answer.code !== 'TOO_SOON') {
            stopped = true;
            stop();
            void client.invalidateQueries({ queryKey: safetyKeys.activity(activityId) });
          }
        });
      },
    );
    return () => {
      stopped = true;
      stop();
    };
  }, [activityId, active, economy, client, location, t]);
}

export function useEmergencyContactsQuery() {
  return useQuery({
    queryKey: safetyKeys.contacts,
    queryFn: () => api('user/emergency-contacts'),
    select: (d) => d.contacts,
  });
}

export function useEmergencyContactsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contacts: { name: string; email: string }[]) => api('user/set-emergency-contacts', { contacts }),
    onSuccess: (answer) => {
      client.setQueryData(safetyKeys.contacts, answer);
      void client.invalidateQueries({ queryKey: ['activity', 'safety'] });
    },
  });
}

export const useDeleteLocationHistoryMutation = () =>
  useMutation({ mutationFn: () => api('user/delete-location-history') });
