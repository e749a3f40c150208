import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { FileWriteError } from '../../native/platform.ts';
import { openSheet } from '../../sheets/store.ts';
import {
  useDeleteActivityMutation,
  useExitMutation,
  useInviteUsersMutation,
  useParticipateMutation,
  useRequestAccessMutation,
} from '../../state/queries/activity.ts';
import { useClaimSeatMutation, useDeclineSeatMutation } from '../../state/queries/seats.ts';
import { withConsent } from '../Consent/consent.ts';
import { confirm, showError, showErrorText, showFeedback, showSuccess } from '../feedback.ts';
import { Icon } from '../Icon.tsx';
import { Menu, type MenuItem } from '../Menu.tsx';
import { publicLink, saveTextFile, shareOrShowLink } from '../Share/share.ts';
import { type ActivityAction, actionBarPlan } from './actions.ts';
import { hasEnded, showsRecap } from './phase.ts';
import { joinsWaitlist } from './Seats.tsx';

/**
 * The bar that stays at the bottom of the activity: the one thing to do now (join, request, accept) or
 * where the caller stands, then Chat, Share, Add to calendar, and a menu with the rest. Once it has ended there is
 * nothing to add to a calendar: whoever took part gets the album of its recap there instead (issue 44).
 */
export function ActivityBar({
  activity,
  onGone,
  onReport,
}: {
  activity: Activity;
  onGone?: () => void;
  /** Shown in the menu only to people who neither created nor run the activity. */
  onReport?: () => void;
}) {
  const { t } = useTranslation();
  const { activityId } = activity;
  const participate = useParticipateMutation();
  const requestAccess = useRequestAccessMutation();
  const exit = useExitMutation();
  const remove = useDeleteActivityMutation();
  const invite = useInviteUsersMutation(activityId);
  const claim = useClaimSeatMutation();
  const decline = useDeclineSeatMutation();
  const busy =
    participate.isPending ||
    requestAccess.isPending ||
    exit.isPending ||
    remove.isPending ||
    claim.isPending ||
    decline.isPending;

  /** Before joining, a private warning when someone the caller blocked takes part (issue 23). */
  const stillJoining = async () =>
    !activity.blockedParticipantsCount ||
    confirm({
      title: t('people.block.joinWarningTitle'),
      description: t('people.block.joinWarningText', { count: activity.blockedParticipantsCount }),
      confirmLabel: t('people.block.joinAnyway'),
    });

  const join = async () => {
    if (!(await stillJoining())) return;
    withConsent(activity, (consentVersion) =>
      participate.mutate(
        { activityId, consentVersion },
        {
          // Someone an admin removed only gets to ask again: joining files a request.
          onSuccess: ({ activity: now }) =>
            showSuccess(
              t(
                now.status === 'REQUESTED'
                  ? 'activity.view.requestSent'
                  : now.status === 'WAITLISTED'
                    ? 'seats.joinedWaitlist'
                    : 'activity.view.joined',
              ),
            ),
          onError: (e) => showError(e),
        },
      ),
    );
  };

  const leave = async () => {
    if (activity.isOnlyAdmin) {
      showFeedback({
        kind: 'info',
        title: t('activity.view.onlyAdmin.title'),
        description: t('activity.view.onlyAdmin.description'),
      });
      return;
    }
    const sure = await confirm({
      title: t('activity.view.leaveConfirm.title'),
      description: t('activity.view.leaveConfirm.description'),
      confirmLabel: t('activity.view.leave'),
      destructive: true,
    });
    if (sure) exit.mutate(activityId, { onError: (e) => showError(e) });
  };

  const run: Record<ActivityAction, () => void> = {
    join,
    acceptInvitation: join,
    declineInvitation: () => exit.mutate(activityId, { onError: (e) => showError(e) }),
    request: async () => {
      if (!(await stillJoining())) return;
      withConsent(activity, (consentVersion) =>
        requestAccess.mutate(
          { activityId, consentVersion },
          { onSuccess: () => showSuccess(t('activity.view.requestSent')), onError: (e) => showError(e) },
        ),
      );
    },
    withdraw: () => exit.mutate(activityId, { onError: (e) => showError(e) }),
    leave,
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
        onSuccess: () => {
          showSuccess(t('activity.view.deleted'));
          onGone?.();
        },
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
    claimSeat: () =>
      claim.mutate(activityId, {
        onSuccess: () => showSuccess(t('seats.offer.claimed')),
        onError: (e) => showError(e),
      }),
    declineSeat: () =>
      decline.mutate(activityId, {
        onSuccess: () => showSuccess(t('seats.offer.declined')),
        onError: (e) => showError(e),
      }),
    leaveWaitlist: () => exit.mutate(activityId, { onError: (e) => showError(e) }),
    requests: () => document.getElementById(`requests-${activityId}`)?.scrollIntoView({ behavior: 'smooth' }),
  };

  const share = async () => {
    const outcome = await shareOrShowLink({
      title: activity.name,
      text: t('activity.view.shareText', { name: activity.name }),
      url: publicLink(`/view-activity/${activityId}`),
    });
    if (outcome === 'copied') showSuccess(t('activity.view.linkCopied'));
  };

  const addToCalendar = async () => {
    try {
      const { fileName, ics } = await api('calendar/activity-ics', { activityId });
      // On the phone, the share sheet (closing it is no error) offers the calendar app; a browser downloads the
      // file without a word, so the toast says where it went and what to do with it.
      const outcome = await saveTextFile({ fileName, contents: ics, mimeType: 'text/calendar', title: activity.name });
      if (outcome === 'saved') showSuccess(t('activity.view.calendarDownloaded'));
    } catch (error) {
      if (error instanceof FileWriteError) {
        showErrorText(t('activity.view.calendarFileFailed'));
      } else showError(error);
    }
  };

  /** The recap's album, on this page once the activity has ended (Recap.tsx). */
  const toAlbum = () =>
    document.querySelector('[data-testid="recap-album"]')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  /** The route as a GPX track: downloaded in a browser, handed to the share sheet in the phone app. */
  const exportGpx = async () => {
    try {
      const { fileName, gpx } = await api('route/export-gpx', { activityId });
      await saveTextFile({ fileName, contents: gpx, mimeType: 'application/gpx+xml', title: activity.name });
    } catch (error) {
      if (error instanceof FileWriteError) {
        showErrorText(t('activity.view.gpxFileFailed'));
      } else showError(error);
    }
  };

  const plan = actionBarPlan(activity);
  const seatLabels: Partial<Record<ActivityAction, string>> = {
    claimSeat: t('seats.offer.claim'),
    declineSeat: t('seats.offer.decline'),
    leaveWaitlist: t('seats.leaveWaitlist'),
    ...(joinsWaitlist(activity) ? { join: t('seats.joinWaitlist'), acceptInvitation: t('seats.joinWaitlist') } : {}),
  };
  const label = (action: ActivityAction) =>
    seatLabels[action] ??
    (action === 'requests'
      ? t('activity.view.actions.requests', { count: activity.pendingRequestsCount })
      : t(`activity.view.actions.${action}`));
  const item = (action: ActivityAction, extra: Partial<MenuItem> = {}): MenuItem => ({
    key: `activity-action-${action}`,
    label: label(action),
    onSelect: run[action],
    ...extra,
  });
  const menu: MenuItem[] = [
    ...plan.manage.map((a) => item(a)),
    ...plan.own.map((a, i) => item(a, { apart: i === 0 && plan.manage.length > 0 })),
    {
      key: 'activity-export-gpx',
      label: t('activity.view.exportGpx'),
      onSelect: () => void exportGpx(),
      apart: plan.manage.length + plan.own.length > 0,
    },
    ...(plan.canDelete ? [item('delete', { destructive: true, apart: true })] : []),
    ...(onReport
      ? [{ key: 'report-open', label: t('report.action'), onSelect: onReport, destructive: true, apart: true }]
      : []),
  ];

  return (
    <div className="action-bar" data-testid="activity-actions" data-toast-floor>
      <div className="action-bar-main">
        {plan.primary ? (
          <button
            type="button"
            className="btn btn-primary btn-block"
            data-testid={`activity-action-${plan.primary}`}
            disabled={busy}
            onClick={run[plan.primary]}
          >
            {label(plan.primary)}
          </button>
        ) : (
          <StandingLabel activity={activity} />
        )}
      </div>
      <div className="action-bar-tools">
        {activity.chatId && (
          <button
            type="button"
            className="bar-btn"
            data-testid="activity-chat"
            onClick={() => openSheet({ type: 'chat', params: { id: activity.chatId! } })}
          >
            <Icon name="chats" size={22} />
            <span>{t('activity.view.chat')}</span>
          </button>
        )}
        <button type="button" className="bar-btn" data-testid="activity-share" onClick={share}>
          <Icon name="share" size={22} />
          <span>{t('activity.view.share')}</span>
        </button>
        {showsRecap(activity) ? (
          <button type="button" className="bar-btn" data-testid="activity-album" onClick={toAlbum}>
            <Icon name="photos" size={22} />
            <span>{t('activity.view.album')}</span>
          </button>
        ) : (
          !hasEnded(activity) && (
            <button type="button" className="bar-btn" data-testid="activity-add-to-calendar" onClick={addToCalendar}>
              <Icon name="calendarAdd" size={22} />
              <span>{t('activity.view.addToCalendar')}</span>
            </button>
          )
        )}
        <Menu label={t('common.more')} icon={<Icon name="more" size={22} />} items={menu} testId="activity-menu" />
      </div>
    </div>
  );
}

/** Where the caller stands when there is nothing to press first. */
function StandingLabel({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const now = new Date();
  if (activity.status === 'WAITLISTED' && activity.waitlist && new Date(activity.endsAt) > now) {
    return (
      <p className="action-bar-standing standing-waitlisted" data-testid="activity-standing-waitlisted">
        {t('seats.standing', { position: activity.waitlist.position })}
      </p>
    );
  }
  const key =
    new Date(activity.endsAt) <= now
      ? 'over'
      : activity.status === 'PARTICIPATING'
        ? 'in'
        : activity.status === 'REQUESTED'
          ? 'requested'
          : new Date(activity.startsAt) <= now
            ? 'started'
            : 'closed';
  return (
    <p className={`action-bar-standing standing-${key}`} data-testid={`activity-standing-${key}`}>
      {key === 'in' && <Icon name="check" size={18} />}
      {t(`activity.view.standing.${key}`)}
    </p>
  );
}
