import type {
  CallInput,
  ConnectionStatus,
  NotificationPreferences,
  ReminderMinutes,
  UserSport,
} from '@cordata/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { type ContactFilter, FIRST_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '../../contract.ts';
import { nextParticipantsPage } from './pages.ts';
import { ownProfileQueryKey } from './profile.ts';

/** Everything about other people and the caller's connections: invalidated together when a connection changes. */
export const peopleKeys = {
  all: ['people'] as const,
  contacts: (status: ContactFilter, query: string) => ['people', 'contacts', status, query] as const,
  explore: (filters: Omit<CallInput<'user/explore-contacts'>, 'pagination'>) => ['people', 'explore', filters] as const,
  profile: (userId: string) => ['people', 'profile', userId] as const,
  activities: (userId: string) => ['people', 'activities', userId] as const,
  groups: (userId: string) => ['people', 'groups', userId] as const,
  blocked: ['people', 'blocked'] as const,
};
export const preferencesKey = ['user', 'notification-preferences'] as const;

/**
 * The contacts screen's lists (and the contacts a new activity may invite), 10 a page (spec §9); a next page
 * exists while the last one was full.
 */
export function useContactPagesQuery(status: ContactFilter, query = '', enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: [...peopleKeys.contacts(status, query), 'pages'],
    queryFn: ({ pageParam }) =>
      api('user/list-contacts', {
        status,
        query: query || undefined,
        pagination: { page: pageParam, limit: PAGE_SIZE },
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.contacts, pages),
    select: (data) => data.pages.flatMap((p) => p.contacts),
  });
}

/** Explore and search results, 10 a page (spec §9). */
export function useExplorePagesQuery(filters: Omit<CallInput<'user/explore-contacts'>, 'pagination'>) {
  return useInfiniteQuery({
    queryKey: [...peopleKeys.explore(filters), 'pages'],
    queryFn: ({ pageParam }) =>
      api('user/explore-contacts', { ...filters, pagination: { page: pageParam, limit: PAGE_SIZE } }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last, pages) => nextParticipantsPage(last.users, pages),
    select: (data) => data.pages.flatMap((p) => p.users),
  });
}

export function useProfileQuery(userId: string) {
  return useQuery({ queryKey: peopleKeys.profile(userId), queryFn: () => api('user/profile', { userId }) });
}

export function useUserActivitiesQuery(userId: string) {
  return useQuery({
    queryKey: peopleKeys.activities(userId),
    queryFn: () => api('user/list-activities', { userId, when: 'UPCOMING' }),
    select: (r) => r.activities,
  });
}

export function useUserGroupsQuery(userId: string) {
  return useQuery({
    queryKey: peopleKeys.groups(userId),
    queryFn: () => api('user/list-groups', { userId }),
    select: (r) => r.groups,
  });
}

export type ConnectionAction = 'request' | 'accept' | 'remove';

/** Connect, accept, or cancel / decline / remove: then every list of people is refreshed. */
export function useConnectionMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, userId }: { action: ConnectionAction; userId: string }): Promise<ConnectionStatus> => {
      const call =
        action === 'request'
          ? 'user/request-connection'
          : action === 'accept'
            ? 'user/accept-connection'
            : 'user/delete-connection';
      return (await api(call, { userId })).connection;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: peopleKeys.all }),
  });
}

/** The people I blocked (one full page: a list anyone keeps short). */
export function useBlockedQuery() {
  return useQuery({
    queryKey: peopleKeys.blocked,
    queryFn: () => api('user/list-blocked', { pagination: { page: FIRST_PAGE, limit: MAX_PAGE_SIZE } }),
    select: (r) => r.users,
  });
}

/** Block or unblock someone; every list of people, activities included, is refreshed. */
export function useBlockMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, block }: { userId: string; block: boolean }) =>
      api(block ? 'user/block' : 'user/unblock', { userId }),
    onSettled: () => queryClient.invalidateQueries(),
  });
}

export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'user/update-profile'>) => api('user/update-profile', body),
    onSuccess: ({ user }) => queryClient.setQueryData(ownProfileQueryKey, { user }),
  });
}

export function useUpdateSportsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sports: UserSport[]) => api('user/update-sports', { sports }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownProfileQueryKey }),
  });
}

export function usePreferencesQuery() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: () => api('user/own-notification-preferences'),
  });
}

export function useUpdatePreferencesMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { preferences: NotificationPreferences; reminderMinutes?: ReminderMinutes }) =>
      api('user/update-notification-preferences', body),
    onSuccess: (r) => queryClient.setQueryData(preferencesKey, r),
  });
}
