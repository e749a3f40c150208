import type { AdminActivity, AdminCallInput, AdminCallName, AdminGroup } from '@cordata/contract';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AdminArgs, adminApi } from '../api/client.ts';
import { adminSession, useAdminSession } from './session.ts';

export type ContentKind = 'activities' | 'groups';
export type ReportStatus = 'OPEN' | 'CLOSED';
export interface FiguresRange {
  from?: string;
  to?: string;
}
/** An activity or a group in the directories and on its page, with one id and its kind. */
export type ContentItem =
  | (AdminActivity & { id: string; kind: 'activities' })
  | (AdminGroup & { id: string; kind: 'groups' });

/** Every admin query lives under ['admin', <area>, …]: an action invalidates the areas it changes. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  figures: (range: FiguresRange) => ['admin', 'figures', range] as const,
  reports: (status: ReportStatus) => ['admin', 'reports', status] as const,
  users: (query: string) => ['admin', 'users', 'search', query] as const,
  user: (userId: string) => ['admin', 'users', 'detail', userId] as const,
  content: (kind: ContentKind, query: string) => ['admin', kind, 'search', query] as const,
  contentItem: (kind: ContentKind, id: string) => ['admin', kind, 'detail', id] as const,
  sports: ['admin', 'sports'] as const,
  audit: ['admin', 'audit'] as const,
};

type Area = 'figures' | 'reports' | 'users' | 'activities' | 'groups' | 'sports' | 'audit';

/**
 * What an action changes. Every action writes the audit log; acting on a person or on content may close the
 * reports on it (the queue, the detail pages and the open count of the figures). The sports catalogue
 * touches nothing else.
 */
export const changedBy = (call: AdminCallName): Area[] =>
  call.startsWith('sports/') ? ['sports', 'audit'] : ['reports', 'users', 'activities', 'groups', 'figures', 'audit'];

export const invalidateAfter = (queryClient: QueryClient, call: AdminCallName) =>
  Promise.all(changedBy(call).map((area) => queryClient.invalidateQueries({ queryKey: ['admin', area] })));

const call = <K extends AdminCallName>(name: K, ...args: AdminArgs<K>) => adminApi(adminSession, name, ...args);

/** Operators act on what others just did: a page shows what is cached at once and refetches on every visit. */
const fresh = { staleTime: 0 } as const;

/** The signed-in operator; the area asks for it only with a kept token. */
export function useAdminMeQuery() {
  const signedIn = useAdminSession((s) => s.token !== null);
  return useQuery({ queryKey: adminKeys.me, queryFn: () => call('me/get'), enabled: signedIn, select: (r) => r.user });
}

export function useFiguresQuery(range: FiguresRange) {
  return useQuery({
    queryKey: adminKeys.figures(range),
    queryFn: () => call('figures/get', range),
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useReportsQuery(status: ReportStatus) {
  return useQuery({
    queryKey: adminKeys.reports(status),
    queryFn: () => call('reports/list', { status }),
    select: (r) => r.targets,
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useUsersQuery(query: string) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => call('users/search', { query: query || undefined }),
    select: (r) => r.users,
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useUserQuery(userId: string) {
  return useQuery({ queryKey: adminKeys.user(userId), queryFn: () => call('users/get', { userId }), ...fresh });
}

export function useContentQuery(kind: ContentKind, query: string) {
  return useQuery({
    queryKey: adminKeys.content(kind, query),
    queryFn: async (): Promise<ContentItem[]> => {
      const body = { query: query || undefined };
      if (kind === 'activities')
        return (await call('activities/search', body)).activities.map((a) => ({ ...a, id: a.activityId, kind }));
      return (await call('groups/search', body)).groups.map((g) => ({ ...g, id: g.groupId, kind }));
    },
    placeholderData: keepPreviousData,
    ...fresh,
  });
}

export function useContentItemQuery(kind: ContentKind, id: string) {
  return useQuery({
    queryKey: adminKeys.contentItem(kind, id),
    queryFn: async () => {
      if (kind === 'activities') {
        const r = await call('activities/get', { activityId: id });
        return { item: { ...r.activity, id, kind } as ContentItem, admins: r.admins, reports: r.reports };
      }
      const r = await call('groups/get', { groupId: id });
      return { item: { ...r.group, id, kind } as ContentItem, admins: r.admins, reports: r.reports };
    },
    ...fresh,
  });
}

export function useSportsQuery() {
  return useQuery({
    queryKey: adminKeys.sports,
    queryFn: () => call('sports/list'),
    select: (r) => r.sports,
    ...fresh,
  });
}

export function useAuditQuery() {
  return useQuery({
    queryKey: adminKeys.audit,
    queryFn: () => call('audit/list', {}),
    select: (r) => r.entries,
    ...fresh,
  });
}

/** One admin action: once it succeeds, what it changed (changedBy) is refetched. */
export function useAdminMutation<K extends AdminCallName>(name: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminCallInput<K>) => call(name, ...([body] as AdminArgs<K>)),
    onSuccess: () => {
      void invalidateAfter(queryClient, name);
    },
  });
}
