import type { CallInput, Group } from '@cordata/contract';
import { type QueryClient, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { FIRST_PAGE, PAGE_SIZE } from '../../contract.ts';
import type { Filters } from '../ui.ts';
import { activityKeys } from './activity.ts';
import { rereadOnConsentChange } from './consent.ts';
import { nextActivityPage, nextParticipantsPage } from './pages.ts';

type Range = { startDate: string; endDate: string };

export const groupKeys = {
  all: ['group'] as const,
  info: (groupId: string) => ['group', 'read-info', groupId] as const,
  of: (groupId: string) => ['group', 'of', groupId] as const,
  participants: (groupId: string) => ['group', 'of', groupId, 'list-participants'] as const,
  hiddenCount: (groupId: string) => ['group', 'of', groupId, 'count-hidden-participants'] as const,
  requests: (groupId: string) => ['group', 'of', groupId, 'list-requests'] as const,
  invitable: (groupId: string, query: string) => ['group', 'of', groupId, 'list-invitable-contacts', query] as const,
  nextActivities: (groupId: string) => ['group', 'of', groupId, 'list-next-activities'] as const,
  activities: (groupId: string, range: Range) => ['group', 'of', groupId, 'list-activities', range] as const,
  countActivities: (groupId: string, range: Range) => ['group', 'of', groupId, 'count-activities', range] as const,
  explore: (query: string, filters: Filters) => ['group', 'explore-groups', query, filters] as const,
  userGroups: (userId: string) => ['group', 'user-groups', userId] as const,
};

export function useGroupQuery(groupId: string | null | undefined) {
  return useQuery({
    queryKey: groupKeys.info(groupId ?? ''),
    queryFn: () => api('group/read-info', { groupId: groupId! }),
    enabled: !!groupId,
    select: (d) => d.group,
  });
}

/** A person's groups (the caller's own with their id), 10 a page. */
export function useUserGroupsQuery(userId: string | undefined) {
  return useInfiniteQuery({
    queryKey: groupKeys.userGroups(userId ?? ''),
    queryFn: ({ pageParam }) =>
      api('user/list-groups', { userId: userId!, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.groups, pages),
    enabled: !!userId,
  });
}

/** Groups by text, place (with a radius) and sports. */
export function useExploreGroupsQuery(query: string, filters: Filters) {
  return useInfiniteQuery({
    queryKey: groupKeys.explore(query, filters),
    queryFn: ({ pageParam }) =>
      api('group/explore-groups', {
        query: query || undefined,
        ...(filters.near
          ? { latitude: filters.near.latitude, longitude: filters.near.longitude, radiusKm: filters.near.radiusKm }
          : {}),
        sportIds: filters.sportIds.length ? filters.sportIds : undefined,
        pagination: { page: pageParam, limit: PAGE_SIZE },
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.groups, pages),
  });
}

/** Members, 10 a page, while the last page held 10 (spec §9). 403 for outsiders of a closed group. */
export function useGroupMembersQuery(groupId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.participants(groupId),
    queryFn: ({ pageParam }) =>
      api('group/list-participants', { groupId, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.participants, pages),
    enabled,
  });
}

export function useHiddenMembersCountQuery(groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.hiddenCount(groupId),
    queryFn: () => api('group/count-hidden-participants', { groupId }),
    enabled,
    select: (d) => d.count,
  });
}

export function useGroupRequestsQuery(groupId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.requests(groupId),
    queryFn: ({ pageParam }) =>
      api('group/list-requests', { groupId, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.requests, pages),
    enabled,
  });
}

/** Upcoming activities, page after page while the last page was not empty (spec §9). */
export function useNextGroupActivitiesQuery(groupId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: groupKeys.nextActivities(groupId),
    queryFn: ({ pageParam }) =>
      api('group/list-next-activities', { groupId, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextActivityPage(last.activities, pages),
    enabled,
  });
}

/** The activities between two instants: a month of the calendar, read in pages of 50. */
export function useGroupActivitiesInRangeQuery(groupId: string, range: Range, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.activities(groupId, range),
    queryFn: async () => {
      const all = [];
      for (let page = FIRST_PAGE; ; page++) {
        const { activities } = await api('group/list-activities', {
          groupId,
          ...range,
          pagination: { page, limit: RANGE_PAGE_SIZE },
        });
        all.push(...activities);
        if (activities.length < RANGE_PAGE_SIZE) return all;
      }
    },
    enabled,
  });
}
const RANGE_PAGE_SIZE = 50;

export function useCountGroupActivitiesQuery(groupId: string, range: Range, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.countActivities(groupId, range),
    queryFn: () => api('group/count-activities', { groupId, ...range }),
    enabled,
    select: (d) => d.count,
  });
}

/** A changed group: the answer replaces the cached one; its lists and every group list refetch. */
function storeGroup(client: QueryClient, group: Group) {
  client.setQueryData(groupKeys.info(group.groupId), { group });
  void client.invalidateQueries({
    queryKey: groupKeys.all,
    predicate: (q) => q.queryKey[1] !== 'read-info' || q.queryKey[2] !== group.groupId,
  });
  // Membership decides who may join the group's activities.
  void client.invalidateQueries({ queryKey: activityKeys.all });
}

function useGroupChange<I>(mutationFn: (input: I) => Promise<{ group: Group }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ group }) => storeGroup(client, group),
    onError: rereadOnConsentChange(client, groupKeys.all),
  });
}

type Input<K extends Parameters<typeof api>[0]> = CallInput<K>;
type ByMember = { groupId: string; userId: string };

export const useJoinGroupMutation = () =>
  useGroupChange((input: Input<'group/participate'>) => api('group/participate', input));
export const useRequestGroupAccessMutation = () =>
  useGroupChange((input: Input<'group/request-access'>) => api('group/request-access', input));
/** Accepting again a text the admins changed (docs/consent.md). */
export const useAcceptGroupConsentMutation = () =>
  useGroupChange((input: Input<'group/accept-consent'>) => api('group/accept-consent', input));
export const useExitGroupMutation = () => useGroupChange((groupId: string) => api('group/exit', { groupId }));
export const useAcceptGroupRequestMutation = () =>
  useGroupChange((input: ByMember) => api('group/accept-request', input));
export const useRejectGroupRequestMutation = () =>
  useGroupChange((input: Input<'group/reject-request'>) => api('group/reject-request', input));
export const useMakeGroupAdminMutation = () => useGroupChange((input: ByMember) => api('group/make-admin', input));
export const useRemoveGroupAdminMutation = () => useGroupChange((input: ByMember) => api('group/remove-admin', input));
export const useRemoveGroupMemberMutation = () => useGroupChange((input: ByMember) => api('group/remove-user', input));
export const useCreateGroupMutation = () =>
  useGroupChange((input: Input<'group/create-new'>) => api('group/create-new', input));
export const useUpdateGroupMutation = () =>
  useGroupChange((input: Input<'group/update-existing'>) => api('group/update-existing', input));

export function useDeleteGroupMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => api('group/delete', { groupId }),
    onSuccess: (_answer, groupId) => {
      client.removeQueries({ queryKey: groupKeys.info(groupId) });
      client.removeQueries({ queryKey: groupKeys.of(groupId) });
      void client.invalidateQueries({ queryKey: groupKeys.all });
    },
  });
}

/** The caller's contacts, each with whether it may be invited to the group, 10 a page (spec §9). */
export function useGroupInvitableContactsQuery(groupId: string, query: string, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: groupKeys.invitable(groupId, query),
    queryFn: ({ pageParam }) =>
      api('group/list-invitable-contacts', {
        groupId,
        query: query || undefined,
        pagination: { page: pageParam, limit: PAGE_SIZE },
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.contacts, pages),
    select: (d) => d.pages.flatMap((p) => p.contacts),
  });
}

export function useInviteToGroupMutation(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userIds: string[]) => api('group/invite-users', { groupId, userIds }),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.of(groupId) }),
  });
}
