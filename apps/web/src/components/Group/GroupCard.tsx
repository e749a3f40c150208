import type { GroupSummary } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDistance } from '../Activity/format.ts';
import { initialsOf } from '../People/format.ts';
import { SportPlaceholder } from '../SportPlaceholder.tsx';

type Card = Pick<GroupSummary, 'groupId' | 'name' | 'picture' | 'membersCount'> &
  Partial<Pick<GroupSummary, 'type' | 'isAdmin' | 'distance' | 'status' | 'sportIds'>>;

/** The group's picture; without one, a scene of its first sport (initials where it names no sport). */
export function GroupPicture({
  group,
  size = 48,
}: {
  group: Pick<Card, 'name' | 'picture'> & { sportIds?: readonly string[] };
  size?: number;
}) {
  if (group.picture) {
    return <img className="group-picture" src={group.picture} alt="" width={size} height={size} />;
  }
  if (group.sportIds?.length)
    return <SportPlaceholder sportId={group.sportIds[0]} size={size} className="group-picture" />;
  const initials = initialsOf(group.name);
  return (
    <span className="group-picture group-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}

/** One group in a list; a tap opens its screen. */
export function GroupCard({ group }: { group: Card }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className="group-card"
        data-testid="group-card"
        data-group-id={group.groupId}
        onClick={() => navigate(`/view-group/${group.groupId}`)}
      >
        <GroupPicture group={group} />
        <span className="group-card-body">
          <strong>{group.name}</strong>
          <span className="muted">
            {[
              group.type && t(`group.type.${group.type}`),
              t('group.members', { count: group.membersCount }),
              group.distance !== undefined &&
                t('group.away', { distance: formatDistance(group.distance, i18n.language) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        </span>
        {group.isAdmin && <span className="activity-card-tag">{t('group.view.admin')}</span>}
      </button>
    </li>
  );
}
