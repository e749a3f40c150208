import {
  ADMIN_MAX_SUSPENSION_DAYS,
  type AdminUser,
  MODERATOR_MAX_SUSPENSION_DAYS,
  type ReportAction,
  type ReportedTarget,
} from '@cordata/contract';
import { ROLES } from '../contract.ts';
import type { DialogField, useActionDialog } from './Dialog.tsx';
import { type ContentKind, useAdminMutation } from './queries.ts';
import { nameOf, useMe, useT } from './shared.tsx';

/**
 * The area's one set of action dialogs: on a person, on content and on a reported target. Each runs an
 * admin mutation, which refetches what the action changed.
 */
type Dialogs = ReturnType<typeof useActionDialog>;

/** How long a suspension may be: the operator's role decides (the server checks it again). */
function useSuspensionField(): DialogField {
  const me = useMe();
  return { kind: 'days', maxDays: me?.role === 'ADMIN' ? ADMIN_MAX_SUSPENSION_DAYS : MODERATOR_MAX_SUSPENSION_DAYS };
}

/** Suspend, reinstate, delete and set the role of a person, each through its dialog. */
export function useUserActions(dialogs: Dialogs) {
  const t = useT();
  const me = useMe();
  const period = useSuspensionField();
  const suspend = useAdminMutation('users/suspend');
  const reinstate = useAdminMutation('users/reinstate');
  const remove = useAdminMutation('users/delete');
  const setRole = useAdminMutation('users/set-role');
  const isAdmin = me?.role === 'ADMIN';
  const who = (u: AdminUser) => nameOf(u);
  return {
    /** What this operator may do to this person (the server checks it again). */
    may(u: AdminUser) {
      const self = u.userId === me?.userId;
      const peer = u.role !== 'USER' && !isAdmin;
      return {
        suspend: !self && !peer && !u.deletedAt,
        delete: isAdmin && !self && !u.deletedAt,
        setRole: isAdmin && !self && !u.deletedAt,
      };
    },
    suspend(u: AdminUser) {
      dialogs.open({
        title: t('users.suspendTitle', { name: who(u) }),
        description: t('users.suspendText'),
        fields: [period, { kind: 'reason' }],
        confirmLabel: t('common.suspend'),
        danger: true,
        run: (v) => suspend.mutateAsync({ userId: u.userId, days: Number(v.days), reason: v.reason! }),
        done: () => t('users.suspended', { name: who(u) }),
      });
    },
    reinstate(u: AdminUser) {
      dialogs.open({
        title: t('users.reinstateTitle', { name: who(u) }),
        fields: [{ kind: 'reason' }],
        confirmLabel: t('common.reinstate'),
        run: (v) => reinstate.mutateAsync({ userId: u.userId, reason: v.reason! }),
        done: () => t('users.reinstated', { name: who(u) }),
      });
    },
    delete(u: AdminUser, after?: () => void) {
      dialogs.open({
        title: t('users.deleteTitle', { name: who(u) }),
        description: t('common.confirmDelete'),
        fields: [{ kind: 'reason' }],
        confirmLabel: t('common.delete'),
        danger: true,
        run: (v) => remove.mutateAsync({ userId: u.userId, reason: v.reason! }),
        done: () => t('users.deleted', { name: who(u) }),
        after,
      });
    },
    setRole(u: AdminUser) {
      dialogs.open({
        title: t('users.roleTitle', { name: who(u) }),
        fields: [
          {
            kind: 'select',
            name: 'role',
            label: t('common.role'),
            initial: u.role,
            options: ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          },
          { kind: 'reason' },
        ],
        confirmLabel: t('common.save'),
        run: (v) => setRole.mutateAsync({ userId: u.userId, role: v.role as AdminUser['role'], reason: v.reason! }),
      });
    },
  };
}

/** Remove (moderators) or restore (admins) an activity or group through its dialog. */
export function useContentActions(dialogs: Dialogs) {
  const t = useT();
  const me = useMe();
  const removeActivity = useAdminMutation('activities/remove');
  const restoreActivity = useAdminMutation('activities/restore');
  const removeGroup = useAdminMutation('groups/remove');
  const restoreGroup = useAdminMutation('groups/restore');
  return {
    mayRestore: me?.role === 'ADMIN',
    setRemoved(kind: ContentKind, id: string, name: string, remove: boolean) {
      dialogs.open({
        title: t(remove ? `content.removeTitle.${kind}` : `content.restoreTitle.${kind}`, { name }),
        description: remove ? t(`content.removeText.${kind}`) : undefined,
        fields: [{ kind: 'reason' }],
        confirmLabel: remove ? t('common.remove') : t('common.restore'),
        danger: remove,
        run: async (v) => {
          const reason = v.reason!;
          if (kind === 'activities')
            await (remove ? removeActivity : restoreActivity).mutateAsync({ activityId: id, reason });
          else await (remove ? removeGroup : restoreGroup).mutateAsync({ groupId: id, reason });
        },
        done: () => t(remove ? 'content.removed' : 'content.restored', { name }),
      });
    },
  };
}

/** Act on a reported target from the queue: every open report on it is closed. */
export function useReportActions(dialogs: Dialogs) {
  const t = useT();
  const period = useSuspensionField();
  const resolve = useAdminMutation('reports/resolve');
  return (target: ReportedTarget, kind: ReportAction) => {
    const owner = nameOf(target.context?.owner);
    dialogs.open({
      title: t(`resolve.${kind}.title`, { name: owner }),
      description: t(`resolve.${kind}.text`, { count: target.openCount, name: owner }),
      fields: kind === 'SUSPEND_USER' ? [period, { kind: 'reason' }] : [{ kind: 'reason' }],
      confirmLabel: t(`resolve.${kind}.confirm`),
      danger: kind !== 'DISMISS',
      run: (v) =>
        resolve.mutateAsync({
          targetType: target.targetType,
          targetId: target.targetId,
          action: kind,
          reason: v.reason!,
          days: kind === 'SUSPEND_USER' ? Number(v.days) : undefined,
        }),
      done: (r) => t('reports.done', { count: r.closed }),
    });
  };
}
