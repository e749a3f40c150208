import type { SkipReason, UserSummary } from '@cordata/contract';
import { useMemo } from 'react';
import { useInvitableContactsQuery } from './activity.ts';
import { useGroupInvitableContactsQuery } from './group.ts';
import { useContactPagesQuery } from './people.ts';

/** A contact one may pick for an invitation; `reason` says why one may not (already invited, taking part...). */
export interface InviteCandidate extends UserSummary {
  reason: SkipReason | null;
}

/** Where the invitations go: an existing activity, a group, or neither (a new activity: any contact). */
export interface InviteTarget {
  activityId?: string | null;
  groupId?: string | null;
}

/**
 * The contacts to choose from for an invitation, 10 a page (spec §9: pages from 1, a next page while the
 * last one held 10). An activity and a group answer with each contact's state there
 * (`activity|group/list-invitable-contacts`); a new activity may invite any contact (`user/list-contacts`).
 * Only the call that fits the target runs.
 */
export function useInviteCandidates(target: InviteTarget, query: string) {
  const activityId = target.activityId || null;
  const groupId = activityId ? null : target.groupId || null;
  const forActivity = useInvitableContactsQuery(activityId ?? '', query, activityId !== null);
  const forGroup = useGroupInvitableContactsQuery(groupId ?? '', query, groupId !== null);
  const contacts = useContactPagesQuery('CONTACT', query, activityId === null && groupId === null);
  const list = activityId ? forActivity : groupId ? forGroup : contacts;
  const { data: contactData } = contacts;
  const anyContact = useMemo(() => contactData?.map((c) => ({ ...c, reason: null })), [contactData]);
  const data: InviteCandidate[] | undefined = activityId ? forActivity.data : groupId ? forGroup.data : anyContact;
  return {
    data,
    isPending: list.isPending,
    isError: list.isError,
    error: list.error as unknown,
    hasNextPage: list.hasNextPage,
    isFetchingNextPage: list.isFetchingNextPage,
    fetchNextPage: list.fetchNextPage,
  };
}
