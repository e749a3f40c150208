import type { Group } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { openSheet } from '../../sheets/store.ts';
import {
  useDeleteGroupMutation,
  useExitGroupMutation,
  useInviteToGroupMutation,
  useJoinGroupMutation,
  useRequestGroupAccessMutation,
} from '../../state/queries/group.ts';
import { withConsent } from '../Consent/consent.ts';
import { confirm, showError, showFeedback, showSuccess } from '../feedback.ts';
import { availableGroupActions, type GroupAction } from './actions.ts';

/** The buttons that fit the caller's state and role. */
export function GroupActions({ group, onGone }: { group: Group; onGone?: () => void }) {
  const { t } = useTranslation();
  const { groupId } = group;
  const join = useJoinGroupMutation();
  const request = useRequestGroupAccessMutation();
  const exit = useExitGroupMutation();
  const remove = useDeleteGroupMutation();
  const invite = useInviteToGroupMutation(groupId);
  const busy = join.isPending || request.isPending || exit.isPending || remove.isPending;

  const run: Record<GroupAction, () => void> = {
    join: () =>
      withConsent(group, (consentVersion) =>
        join.mutate(
          { groupId, consentVersion },
          {
            // Someone an admin removed only gets to ask again: joining files a request.
            onSuccess: ({ group: now }) =>
              showSuccess(t(now.status === 'REQUESTED' ? 'group.feedback.requestSent' : 'group.feedback.joined')),
            onError: (e) => showError(e),
          },
        ),
      ),
    acceptInvitation: () =>
      withConsent(group, (consentVersion) =>
        join.mutate(
          { groupId, consentVersion },
          { onSuccess: () => showSuccess(t('group.feedback.joined')), onError: (e) => showError(e) },
        ),
      ),
    declineInvitation: () => exit.mutate(groupId, { onError: (e) => showError(e) }),
    request: () =>
      withConsent(group, (consentVersion) =>
        request.mutate(
          { groupId, consentVersion },
          { onSuccess: () => showSuccess(t('group.feedback.requestSent')), onError: (e) => showError(e) },
        ),
      ),
    withdraw: () =>
      exit.mutate(groupId, {
        onSuccess: () => showSuccess(t('group.feedback.withdrawn')),
        onError: (e) => showError(e),
      }),
    chat: () => {
      if (group.chatId) openSheet({ type: 'chat', params: { id: group.chatId } });
    },
    newActivity: () => openSheet({ type: 'handle-activity', params: { step: 'info', groupId } }),
    invite: () =>
      openSheet({
        type: 'invite-contact',
        params: {
          contacts: [],
          groupId,
          onSubmit: (userIds) =>
            invite.mutate(userIds, {
              onSuccess: ({ invited, skipped }) =>
                showSuccess(
                  [
                    t('group.feedback.invitesSent', { count: invited.length }),
                    skipped.length ? t('group.feedback.invitesSkipped', { count: skipped.length }) : '',
                  ]
                    .filter(Boolean)
                    .join(' '),
                ),
              onError: (e) => showError(e),
            }),
        },
      }),
    requests: () => document.getElementById(`group-requests-${groupId}`)?.scrollIntoView({ behavior: 'smooth' }),
    edit: () => openSheet({ type: 'handle-group', params: { step: 'info', groupId } }),
    // Spec §8: leaving warns that updates will stop.
    leave: async () => {
      if (group.isOnlyAdmin) {
        showFeedback({
          kind: 'info',
          title: t('group.feedback.onlyAdmin.title'),
          description: t('group.feedback.onlyAdmin.description'),
        });
        return;
      }
      const sure = await confirm({
        title: t('group.feedback.leaveConfirm.title'),
        description: t('group.feedback.leaveConfirm.description'),
        confirmLabel: t('group.view.actions.leave'),
        destructive: true,
      });
      if (sure)
        exit.mutate(groupId, { onSuccess: () => showSuccess(t('group.feedback.left')), onError: (e) => showError(e) });
    },
    delete: async () => {
      const sure = await confirm({
        title: t('group.feedback.deleteConfirm.title'),
        description: t('group.feedback.deleteConfirm.description'),
        confirmLabel: t('group.view.actions.delete'),
        destructive: true,
      });
      if (!sure) return;
      remove.mutate(groupId, {
        onSuccess: () => {
          showSuccess(t('group.feedback.deleted'));
          onGone?.();
        },
        onError: (e) => showError(e),
      });
    },
  };

  const actions = availableGroupActions(group).filter(
    (a) => (a !== 'chat' || group.chatId) && (a !== 'requests' || group.pendingRequestsCount > 0),
  );
  return (
    <div className="activity-actions group-actions" data-testid="group-actions">
      {actions.map((action) => (
        <button
          key={action}
          type="button"
          className={`btn ${buttonStyle[action]}`}
          data-testid={`group-action-${action}`}
          disabled={busy}
          onClick={run[action]}
        >
          {action === 'requests'
            ? t('group.view.actions.requests', { count: group.pendingRequestsCount })
            : t(`group.view.actions.${action}`)}
        </button>
      ))}
    </div>
  );
}

const buttonStyle: Record<GroupAction, string> = {
  join: 'btn-primary',
  request: 'btn-primary',
  withdraw: 'btn-outline',
  acceptInvitation: 'btn-primary',
  declineInvitation: 'btn-outline',
  chat: 'btn-blue',
  newActivity: 'btn-blue',
  invite: 'btn-outline',
  requests: 'btn-outline',
  edit: 'btn-outline',
  leave: 'btn-outline',
  delete: 'btn-outline btn-danger',
};
