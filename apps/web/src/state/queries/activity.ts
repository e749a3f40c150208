import type { Activity, CallInput } from '@cordata/contract';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { FIRST_PAGE, PAGE_SIZE } from '../../contract.ts';
import { activityKeys, type CountDailyInput, type DailyRange } from './activityKeys.ts';
import { rereadOnConsentChange } from './consent.ts';
import { nextActivityPage, nextParticipantsPage } from './pages.ts';

export { activityKeys };

/**
 * Keeps a participant's view of the activity live: someone joining or leaving posts a JOINED or LEFT line in the
 * activity's chat, which reaches its members over the socket; the activity (its count, the group's moving time)
 * and its participants are then read again.
 */
export function useLiveActivity(activityId: string, chatId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!chatId) return;
    return realtimeLink().on('message', (message) => {
      if (message.chatId !== chatId || (message.kind !== 'JOINED' && message.kind !== 'LEFT')) return;
      void client.invalidateQueries({ queryKey: activityKeys.info(activityId) });
      void client.invalidateQueries({ queryKey: activityKeys.participants(activityId) });
    });
  }, [activityId, chatId, client]);
}

export function useActivityQuery(activityId: string | undefined) {
  return useQuery({
    queryKey: activityKeys.info(activityId ?? ''),
    queryFn: () => api('activity/read-info', { activityId: activityId! }),
    enabled: !!activityId,
    select: (d) => d.activity,
  });
}

export function useCountDailyQuery(input: CountDailyInput) {
  return useQuery({
    queryKey: activityKeys.countDaily(input),
    queryFn: () => api('activity/count-daily', input),
    select: (d) => new Map(d.days.map((day) => [day.date, day.count])),
  });
}

/** The day's activities, page after page while the last page was not empty (spec §9). */
export function useDailyActivitiesQuery(range: DailyRange) {
  return useInfiniteQuery({
    queryKey: activityKeys.daily(range),
    queryFn: ({ pageParam }) => api('activity/list-daily', { ...range, page: pageParam, limit: PAGE_SIZE }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextActivityPage,
  });
}

/** Participants, 10 a page, while the last page held 10 (spec §9). */
export function useParticipantsQuery(activityId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: activityKeys.participants(activityId),
    queryFn: ({ pageParam }) =>
      api('activity/list-participants', { activityId, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.participants, pages),
    enabled,
  });
}

export function useHiddenParticipantsCountQuery(activityId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['activity', 'count-hidden-participants', activityId],
    queryFn: () => api('activity/count-hidden-participants', { activityId }),
    enabled,
    select: (d) => d.count,
  });
}

export function useRequestsQuery(activityId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: activityKeys.requests(activityId),
    queryFn: ({ pageParam }) =>
      api('activity/list-requests', { activityId, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.requests, pages),
    enabled,
  });
}

/** Admin: the caller's contacts, each with whether it may be invited, 10 a page (spec §9). */
export function useInvitableContactsQuery(activityId: string, query: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: activityKeys.invitable(activityId, query),
    queryFn: ({ pageParam }) =>
      api('activity/list-invitable-contacts', {
        activityId,
        query: query || undefined,
        pagination: { page: pageParam, limit: PAGE_SIZE },
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.contacts, pages),
    select: (d) => d.pages.flatMap((p) => p.contacts),
  });
}

/** A changed activity: the answer replaces the cached one; every list that may show it refetches. */
export function storeActivity(client: QueryClient, activity: Activity) {
  client.setQueryData(activityKeys.info(activity.activityId), { activity });
  void client.invalidateQueries({
    queryKey: activityKeys.all,
    predicate: (q) => q.queryKey[1] !== 'read-info' || q.queryKey[2] !== activity.activityId,
  });
}

export function useActivityChange<I>(mutationFn: (input: I) => Promise<{ activity: Activity }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ activity }) => storeActivity(client, activity),
    onError: rereadOnConsentChange(client, activityKeys.all),
  });
}

type Input<K extends Parameters<typeof api>[0]> = CallInput<K>;

export const useParticipateMutation = () =>
  useActivityChange((input: Input<'activity/participate'>) => api('activity/participate', input));
export const useRequestAccessMutation = () =>
  useActivityChange((input: Input<'activity/request-access'>) => api('activity/request-access', input));
/** Accepting again a text the organisers changed (docs/consent.md). */
export const useAcceptActivityConsentMutation = () =>
  useActivityChange((input: Input<'activity/accept-consent'>) => api('activity/accept-consent', input));
export const useExitMutation = () => useActivityChange((activityId: string) => api('activity/exit', { activityId }));
export const useAcceptRequestMutation = () =>
  useActivityChange((input: Input<'activity/accept-request'>) => api('activity/accept-request', input));
export const useRejectRequestMutation = () =>
  useActivityChange((input: Input<'activity/reject-request'>) => api('activity/reject-request', input));
export const useMakeActivityAdminMutation = () =>
  useActivityChange((input: Input<'activity/make-admin'>) => api('activity/make-admin', input));
export const useRemoveActivityAdminMutation = () =>
  useActivityChange((input: Input<'activity/remove-admin'>) => api('activity/remove-admin', input));
export const useRemoveParticipantMutation = () =>
  useActivityChange((input: Input<'activity/remove-user'>) => api('activity/remove-user', input));
export const useCreateActivityMutation = () =>
  useActivityChange((input: Input<'activity/create-new'>) => api('activity/create-new', input));
export const useUpdateActivityMutation = () =>
  useActivityChange((input: Input<'activity/update-existing'>) => api('activity/update-existing', input));
/** The backup route (issue 24): set, replaced, or removed with `route: null`. */
export const useBackupRouteMutation = () =>
  useActivityChange((input: Input<'activity/backup-route'>) => api('activity/backup-route', input));

export function useDeleteActivityMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (activityId: string) => api('activity/delete', { activityId }),
    onSuccess: (_answer, activityId) => {
      client.removeQueries({ queryKey: activityKeys.info(activityId) });
      void client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

export function useInviteUsersMutation(activityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => api('activity/invite-users', { activityId, userIds }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['activity', 'list-invitable-contacts', activityId] }),
  });
}

export const flattenPages = <T>(data: InfiniteData<T[]> | undefined): T[] => data?.pages.flat() ?? [];
