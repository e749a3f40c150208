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
  | 'requests'
  | 'claimSeat'
  | 'declineSeat'
  | 'leaveWaitlist';

type ActivityState = Pick<ActivitySummary, 'status' | 'isAdmin' | 'access' | 'startsAt' | 'endsAt'> & {
  /** The caller's seat offer (Activity.waitlist), when they have one. */
  waitlist?: { offerExpiresAt: string | null } | null;
};

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
    case 'WAITLISTED': {
      const offer = activity.waitlist?.offerExpiresAt;
      if (!started && offer && new Date(offer) > now) actions.push('claimSeat', 'declineSeat');
      else actions.push('leaveWaitlist');
      break;
    }
    case 'NONE':
    case 'REJECTED':
      if (!started) actions.push(activity.access === 'OPEN' ? 'join' : 'request');
      break;
  }
  return actions;
}

/** What leads the action bar: the one thing to do now, when there is one. */
export type PrimaryAction = Extract<ActivityAction, 'join' | 'request' | 'acceptInvitation' | 'claimSeat'>;
const PRIMARY: readonly ActivityAction[] = ['join', 'request', 'acceptInvitation', 'claimSeat'];
const MANAGE: readonly ActivityAction[] = ['edit', 'invite', 'requests'];

export interface ActionBarPlan {
  primary: PrimaryAction | null;
  /** The caller's own way out: decline, withdraw or leave. */
  own: ActivityAction[];
  /** The admins' tools, with Delete kept apart. */
  manage: ActivityAction[];
  canDelete: boolean;
}

/** availableActions, arranged for the action bar and its menu. */
export function actionBarPlan(activity: ActivityState, now: Date = new Date()): ActionBarPlan {
  const actions = availableActions(activity, now);
  return {
    primary: (actions.find((a) => PRIMARY.includes(a)) as PrimaryAction | undefined) ?? null,
    own: actions.filter(
      (a) =>
        a === 'declineInvitation' || a === 'withdraw' || a === 'leave' || a === 'declineSeat' || a === 'leaveWaitlist',
    ),
    manage: actions.filter((a) => MANAGE.includes(a)),
    canDelete: actions.includes('delete'),
  };
}
