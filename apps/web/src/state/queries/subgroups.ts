import type { CallInput } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { activityKeys } from './activityKeys.ts';
import { groupKeys } from './group.ts';

/** The club layer (issue 40, docs/groups.md): a group's sub-groups (pace groups) and its ride leaders. */
export const subgroupKeys = {
  list: (groupId: string) => [...groupKeys.of(groupId), 'list-subgroups'] as const,
  members: (groupId: string, subgroupId: string) =>
    [...groupKeys.of(groupId), 'list-subgroup-members', subgroupId] as const,
};

export function useSubgroupsQuery(groupId: string, enabled: boolean) {
  return useQuery({
    queryKey: subgroupKeys.list(groupId),
    queryFn: () => api('group/list-subgroups', { groupId }),
    enabled,
    select: (d) => d.subgroups,
  });
}

export function useSubgroupMembersQuery(groupId: string, subgroupId: string, enabled: boolean) {
  return useQuery({
    queryKey: subgroupKeys.members(groupId, subgroupId),
    queryFn: () => api('group/list-subgroup-members', { subgroupId }),
    enabled,
    select: (d) => d.members,
  });
}

/**
 * A change to the club layer: the group's lists and its page read again (the caller's role), and the activities
 * (who sees those limited to a sub-group).
 */
function useClubChange<I>(groupId: string, mutationFn: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupKeys.of(groupId) });
      void client.invalidateQueries({ queryKey: groupKeys.info(groupId) });
      void client.invalidateQueries({ queryKey: activityKeys.all });
    },
  });
}

type NewSubgroup = Omit<CallInput<'group/create-subgroup'>, 'groupId'>;

export const useCreateSubgroupMutation = (groupId: string) =>
  useClubChange(groupId, (input: NewSubgroup) => api('group/create-subgroup', { ...input, groupId }));
export const useUpdateSubgroupMutation = (groupId: string) =>
  useClubChange(groupId, (input: CallInput<'group/update-subgroup'>) => api('group/update-subgroup', input));
export const useDeleteSubgroupMutation = (groupId: string) =>
  useClubChange(groupId, (subgroupId: string) => api('group/delete-subgroup', { subgroupId }));
export const usePickSubgroupsMutation = (groupId: string) =>
  useClubChange(groupId, (subgroupIds: string[]) => api('group/pick-subgroups', { groupId, subgroupIds }));
export const useAssignSubgroupMutation = (groupId: string) =>
  useClubChange(groupId, (input: CallInput<'group/assign-subgroup'>) => api('group/assign-subgroup', input));
export const useShareEmailMutation = (groupId: string) =>
  useClubChange(groupId, (share: boolean) => api('group/share-email', { groupId, share }));
export const useLeaderMutation = (groupId: string) =>
  useClubChange(groupId, ({ userId, leader }: { userId: string; leader: boolean }) =>
    api(leader ? 'group/make-leader' : 'group/remove-leader', { groupId, userId }),
  );
