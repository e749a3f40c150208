import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import {
  useDeleteActivityMutation,
  useExitMutation,
  useInviteUsersMutation,
  useParticipateMutation,
  useRequestAccessMutation,
} from '../../state/queries/activity.ts';
import { confirm, showError, showSuccess } from '../feedback.ts';
import { type ActivityAction, availableActions } from './actions.ts';

/** The buttons that fit the caller's state and role. */
export function ActivityActions({ activity, onGone }: { activity: Activity; onGone?: () => void }) {
  const { t } = useTranslation();
  const { activityId } = activity;
  const participate = useParticipateMutation();
  const requestAccess = useRequestAccessMutation();
  const exit = useExitMutation();
  const remove = useDeleteActivityMutation();
  const invite = useInviteUsersMutation(activityId);
  const busy = participate.isPending || requestAccess.isPending || exit.isPending || remove.isPending;

  /** Before joining, a private warning when someone the caller blocked takes part (issue 23). */
  const stillJoining = async () =>
    !activity.blockedParticipantsCount ||
    confirm({
      title: t('people.block.joinWarningTitle'),
      description: t('people.block.joinWarningText', { count: activity.blockedParticipantsCount }),
      confirmLabel: t('people.block.joinAnyway'),
    });

  const run: Record<ActivityAction, () => void> = {
    join: async () => {
      if (!(await stillJoining())) return;
      participate.mutate(activityId, {
        // Someone an admin removed only gets to ask again: joining files a request.
        onSuccess: ({ activity: now }) =>
          showSuccess(t(now.status === 'REQUESTED' ? 'activity.view.requestSent' : 'activity.view.joined')),
        onError: (e) => showError(e),
      });
    },
    acceptInvitation: async () => {
      if (!(await stillJoining())) return;
      participate.mutate(activityId, {
        onSuccess: ({ activity: now }) =>
          showSuccess(t(now.status === 'REQUESTED' ? 'activity.view.requestSent' : 'activity.view.joined')),
        onError: (e) => showError(e),
      });
    },
    declineInvitation: () => exit.mutate(activityId, { onError: (e) => showError(e) }),
    request: async () => {
      if (!(await stillJoining())) return;
      requestAccess.mutate(activityId, {
        onSuccess: () => showSuccess(t('activity.view.requestSent')),
        onError: (e) => showError(e),
      });
    },
    withdraw: () => exit.mutate(activityId, { onError: (e) => showError(e) }),
    leave: async () => {
      const sure = await confirm({
        title: t('activity.view.leaveConfirm.title'),
        description: t('activity.view.leaveConfirm.description'),
        confirmLabel: t('activity.view.leave'),
        destructive: true,
      });
      if (sure) exit.mutate(activityId, { onError: (e) => showError(e) });
    },
    edit: () => openSheet({ type: 'handle-activity', params: { step: 'info', activityId } }),
    delete: async () => {
      const sure = await confirm({
        title: t('activity.view.deleteConfirm.title'),
        description: t('activity.view.deleteConfirm.description'),
        confirmLabel: t('activity.view.delete'),
        destructive: true,
      });
      if (!sure) return;
      remove.mutate(activityId, {
        onSuccess: () => showSuccess(t('activity.view.deleted'), onGone),
        onError: (e) => showError(e),
      });
    },
    invite: () =>
      openSheet({
        type: 'invite-contact',
        params: {
          contacts: [],
          id: activityId,
          groupId: activity.group?.groupId,
          onSubmit: (userIds) =>
            invite.mutate(userIds, {
              onSuccess: ({ invited }) => showSuccess(t('activity.view.invitesSent', { count: invited.length })),
              onError: (e) => showError(e),
            }),
        },
      }),
    requests: () => document.getElementById(`requests-${activityId}`)?.scrollIntoView({ behavior: 'smooth' }),
  };

  const actions = availableActions(activity);
  if (actions.length === 0) return null;
  return (
    <div className="activity-actions" data-testid="activity-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn ${buttonStyle[action]}`}
          data-testid={`activity-action-${action}`}
          disabled={busy}
          onClick={run[action]}
        >
          {action === 'requests'
            ? t('activity.view.actions.requests', { count: activity.pendingRequestsCount })
            : t(`activity.view.actions.${action}`)}
        </button>
      ))}
    </div>
  );
}

const buttonStyle: Record<ActivityAction, string> = {
  join: 'btn-primary',
  acceptInvitation: 'btn-primary',
  declineInvitation: 'btn-outline',
  request: 'btn-primary',
  withdraw: 'btn-outline',
  leave: 'btn-outline',
  edit: 'btn-blue',
  delete: 'btn-outline btn-danger',
  invite: 'btn-outline',
  requests: 'btn-outline',
};
