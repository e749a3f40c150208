import type { ActivitySummary } from '@cordata/contract';

export type ActivityAction =
  | 'join'
  | 'acceptInvitation'
  | 'declineInvitation'
  | 'request'
  | 'withdraw'
  | 'leave'
  | 'edit'
  | 'delete'
  | 'invite'
  | 'requests';

type ActivityState = Pick<ActivitySummary, 'status' | 'isAdmin' | 'access' | 'startsAt' | 'endsAt'>;

/** The actions that fit the caller's state and role (spec §4, §6). */
export function availableActions(activity: ActivityState, now: Date = new Date()): ActivityAction[] {
  const over = new Date(activity.endsAt) <= now;
  const actions: ActivityAction[] = [];
  if (activity.isAdmin) {
    if (!over) actions.push('edit', 'invite');
    if (activity.access === 'CLOSED') actions.push('requests');
    actions.push('delete');
  }
  if (over) return actions;
  // Once it has started, nobody new joins (the server answers ACTIVITY_STARTED); taking part can still end.
  const started = new Date(activity.startsAt) <= now;
  switch (activity.status) {
    case 'PARTICIPATING':
      actions.push('leave');
      break;
    case 'INVITED':
      actions.push(...(started ? [] : (['acceptInvitation'] as const)), 'declineInvitation');
      break;
    case 'REQUESTED':
      actions.push('withdraw');
      break;
    case 'NONE':
    case 'REJECTED':
      if (!started) actions.push(activity.access === 'OPEN' ? 'join' : 'request');
      break;
  }
  return actions;
}
