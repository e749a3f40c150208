import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client.ts';
import {
  useHiddenParticipantsCountQuery,
  useMakeActivityAdminMutation,
  useParticipantsQuery,
  useRemoveActivityAdminMutation,
  useRemoveParticipantMutation,
} from '../../state/queries/activity.ts';
import { LoadMore } from '../LoadMore.tsx';
import { type MemberAction, MemberList, type MemberManagement } from '../People/Members.tsx';

/**
 * The participants, 10 a page, with "show more" while the last page was full. Admins make others
 * admins, take the role back, and remove participants here.
 */
export function Participants({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const { activityId } = activity;
  const query = useParticipantsQuery(activityId);
  const hidden = query.isError && isApiError(query.error) && query.error.code === 'FORBIDDEN';
  const hiddenCount = useHiddenParticipantsCountQuery(activityId, hidden);
  const participants = query.data?.pages.flatMap((p) => p.participants) ?? [];
  const makeAdmin = useMakeActivityAdminMutation();
  const removeAdmin = useRemoveActivityAdminMutation();
  const remove = useRemoveParticipantMutation();
  const calls: Record<MemberAction, typeof makeAdmin> = { makeAdmin, removeAdmin, remove };
  const manage: MemberManagement | null = activity.isAdmin
    ? {
        run: (action, userId) => calls[action].mutateAsync({ activityId, userId }),
        removeConfirm: (name) => ({
          title: t('activity.view.removeConfirm.title'),
          description: t('activity.view.removeConfirm.description', { name }),
        }),
      }
    : null;
  return (
    <section className="activity-people" data-testid="participants">
      <h3>
        {t('activity.view.participants')} ({activity.participantsCount})
      </h3>
      {hidden && (
        <p className="muted" data-testid="participants-hidden">
          {t('activity.view.hiddenParticipants', { count: hiddenCount.data ?? activity.participantsCount })}
        </p>
      )}
      <MemberList members={participants} manage={manage} rowTestId="participant" />
      <LoadMore list={query} label={t('activity.view.showMore')} testId="participants-more" />
    </section>
  );
}
