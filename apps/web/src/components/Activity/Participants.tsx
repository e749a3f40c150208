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
import { Avatar } from '../People/People.tsx';

/** How many faces the top of the page shows before "+N". */
const FACES = 5;
const PARTICIPANTS_ID = 'activity-participants';

/**
 * Who is going, at the top of the page (issue 44): up to five faces and how many, from the participants' first page
 * (the list below asks the same, so it is one request). Where the participants are private, only the count. A tap
 * goes down to the list.
 */
export function GoingFaces({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const query = useParticipantsQuery(activity.activityId);
  const faces = query.data?.pages[0]?.participants.slice(0, FACES) ?? [];
  const count = activity.participantsCount;
  if (count === 0) return null;
  const more = count - faces.length;
  return (
    <button
      type="button"
      className="going-faces"
      data-testid="activity-going"
      onClick={() => document.getElementById(PARTICIPANTS_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
    >
      {faces.length > 0 && (
        <span className="going-faces-pictures" aria-hidden="true">
          {faces.map((person) => (
            <Avatar key={person.userId} person={person} size={32} />
          ))}
          {more > 0 && faces.length === FACES && <span className="avatar avatar-more">+{more}</span>}
        </span>
      )}
      <span>{t('activity.view.going', { count })}</span>
    </button>
  );
}

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
    <section className="activity-people" id={PARTICIPANTS_ID} data-testid="participants">
      <h3>
        {t('activity.view.participants')} ({activity.participantsCount})
      </h3>
      {hidden && (
        <p className="muted" data-testid="participants-hidden">
          {t('activity.view.hiddenParticipants', { count: hiddenCount.data ?? activity.participantsCount })}
        </p>
      )}
      <MemberList
        members={participants}
        manage={manage}
        rowTestId="participant"
        consentVersion={activity.isAdmin ? activity.consent?.version : undefined}
      />
      <LoadMore list={query} label={t('activity.view.showMore')} testId="participants-more" />
    </section>
  );
}
