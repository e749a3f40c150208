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

type ActivityState = Pick<ActivitySummary, 'status' | 'isAdmin' | 'access' | 'endsAt'>;

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
  switch (activity.status) {
    case 'PARTICIPATING':
      actions.push('leave');
      break;
    case 'INVITED':
      actions.push('acceptInvitation', 'declineInvitation');
      break;
    case 'REQUESTED':
      actions.push('withdraw');
      break;
    case 'NONE':
    case 'REJECTED':
      actions.push(activity.access === 'OPEN' ? 'join' : 'request');
      break;
  }
  return actions;
}
