import type { CallInput, Poll } from '@cordata/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../api/client.ts';
import { realtimeLink } from '../../chat/realtime.ts';
import { storeActivity } from './activity.ts';

/** Date polls (docs/polls.md): keys, queries, mutations and the live `poll:changed` event. */
export const pollKeys = {
  all: ['poll'] as const,
  info: (pollId: string) => ['poll', 'read-info', pollId] as const,
  mine: (groupId: string | undefined) => ['poll', 'list-mine', groupId ?? null] as const,
};

export function usePollQuery(pollId: string | undefined) {
  return useQuery({
    queryKey: pollKeys.info(pollId ?? ''),
    queryFn: () => api('poll/read-info', { pollId: pollId! }),
    enabled: !!pollId,
    select: (d) => d.poll,
  });
}

/** The polls asking me (or made by me), of one group when given. */
export function useMyPollsQuery(groupId?: string, enabled = true) {
  return useQuery({
    queryKey: pollKeys.mine(groupId),
    queryFn: () => api('poll/list-mine', { groupId }),
    enabled,
    select: (d) => d.polls,
  });
}

function usePollChange<I>(mutationFn: (input: I) => Promise<{ poll: Poll }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ poll }) => {
      client.setQueryData(pollKeys.info(poll.pollId), { poll });
      void client.invalidateQueries({ queryKey: ['poll', 'list-mine'] });
    },
  });
}

export const useCreatePollMutation = () =>
  usePollChange((input: CallInput<'poll/create-new'>) => api('poll/create-new', input));
export const useAnswerPollMutation = () =>
  usePollChange((input: CallInput<'poll/answer'>) => api('poll/answer', input));
export const useClosePollMutation = () => usePollChange((pollId: string) => api('poll/close', { pollId }));

/** The wizard's publish for an activity made from a poll's date (it invites that date's yes and maybe voters). */
export function useCreateFromPollMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'poll/create-activity'>) => api('poll/create-activity', input),
    onSuccess: ({ activity, poll }) => {
      storeActivity(client, activity);
      client.setQueryData(pollKeys.info(poll.pollId), { poll });
      void client.invalidateQueries({ queryKey: ['poll', 'list-mine'] });
    },
  });
}

/** Someone answered, or the poll closed or became an activity: read it again. */
export function useLivePoll(pollId: string | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (!pollId) return;
    const link = realtimeLink();
    const refresh = () => void client.invalidateQueries({ queryKey: pollKeys.info(pollId) });
    const offs = [
      link.on('poll:changed', (event) => {
        if (event.pollId === pollId) refresh();
      }),
      link.onResync(refresh),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [pollId, client]);
}
