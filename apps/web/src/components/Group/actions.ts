import type { GroupSummary } from '@cordata/contract';

export type GroupAction =
  | 'join'
  | 'request'
  | 'withdraw'
  | 'acceptInvitation'
  | 'declineInvitation'
  | 'chat'
  | 'newActivity'
  | 'invite'
  | 'requests'
  | 'edit'
  | 'leave'
  | 'delete';

type GroupState = Pick<GroupSummary, 'status' | 'isAdmin' | 'type'>;

/**
 * The actions that fit the caller's state and role (spec §4, §6), as the server allows them:
 * members of an open group may invite their contacts, only admins in a closed one.
 */
export function availableGroupActions(group: GroupState): GroupAction[] {
  const member = group.status === 'PARTICIPATING';
  const actions: GroupAction[] = [];
  switch (group.status) {
    case 'NONE':
    case 'REJECTED':
      actions.push(group.type === 'OPEN' ? 'join' : 'request');
      break;
    case 'REQUESTED':
      actions.push('withdraw');
      break;
    case 'INVITED':
      actions.push('acceptInvitation', 'declineInvitation');
      break;
    case 'PARTICIPATING':
      actions.push('chat', 'newActivity');
      break;
  }
  if (member && (group.isAdmin || group.type === 'OPEN')) actions.push('invite');
  if (group.isAdmin) actions.push('edit');
  if (group.isAdmin && group.type === 'CLOSED') actions.push('requests');
  if (member) actions.push('leave');
  if (group.isAdmin) actions.push('delete');
  return actions;
}

/** Whether the caller may see the member list (a closed group hides it from outsiders). */
export const mayListMembers = (group: GroupState) => group.type === 'OPEN' || group.status === 'PARTICIPATING';
