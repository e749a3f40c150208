import type { ActivitySummary } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/dates.ts';
import { openSheet } from '../../sheets/store.ts';
import { useSportsQuery } from '../../state/queries/sports.ts';
import { sportName } from '../People/format.ts';
import { Avatar } from '../People/People.tsx';
import { Climb } from './Climb.tsx';
import { formatDistance } from './format.ts';
import { GradeFacts } from './Grades.tsx';
import { PartnerFitTag } from './PartnerFit.tsx';
import { SeatsTag } from './Seats.tsx';

/** One activity in a list, with its organiser's face and first name; a tap opens the activity sheet. */
export function ActivityCard({ activity }: { activity: ActivitySummary }) {
  const { t, i18n } = useTranslation();
  const sportName = useSportName(activity.sportId);
  return (
    <li>
      <button
        type="button"
        className="activity-card"
        data-testid="activity-card"
        data-activity-id={activity.activityId}
        onClick={() => openSheet({ type: 'activity', params: { id: activity.activityId } })}
      >
        <span className={`activity-card-date difficulty-${activity.difficulty.toLowerCase()}`}>
          <strong>{formatDate(new Date(`${activity.date}T12:00:00`), i18n.language, { day: '2-digit' })}</strong>
          <small>{formatDate(new Date(`${activity.date}T12:00:00`), i18n.language, { month: 'short' })}</small>
        </span>
        <span className="activity-card-body">
          {/* The organiser's tag beside the name, wrapping under it, so it never narrows the lines below. */}
          <span className="activity-card-title">
            <strong className="activity-card-name">{activity.name}</strong>
            {activity.isAdmin && <span className="activity-card-tag">{t('activity.card.admin')}</span>}
          </span>
          <span className="muted activity-card-line" data-testid="activity-card-line">
            {activity.createdBy && <Avatar person={activity.createdBy} size={20} />}
            <span>
              {activity.createdBy && `${activity.createdBy.firstName} · `}
              {sportName} · {activity.startTime}–{activity.endTime}
            </span>
          </span>
          <span className="activity-card-facts">
            <span>{formatDistance(activity.totalDistance, i18n.language)}</span>
            <span data-testid="activity-card-gain">
              ↗ <Climb metres={activity.totalElevationGain} />
            </span>
            <span>{t(`activity.difficulty.${activity.difficulty}`)}</span>
            <GradeFacts activity={activity} />
            {activity.stepFree && (
              <span className="activity-card-good" data-testid="activity-card-step-free">
                {t('activity.onTheWay.stepFree')}
              </span>
            )}
            <span>{t('activity.card.participants', { count: activity.participantsCount })}</span>
            <SeatsTag activity={activity} />
            {activity.distance !== undefined && (
              <span data-testid="activity-card-away">
                {t('activity.card.away', { distance: formatDistance(activity.distance, i18n.language) })}
              </span>
            )}
          </span>
          <PartnerFitTag activity={activity} />
        </span>
      </button>
    </li>
  );
}

/** The sport's name in the current language, or its id while the list loads. */
export function useSportName(sportId: string): string {
  const { i18n } = useTranslation();
  const { data } = useSportsQuery();
  return sportName(
    data?.sports.find((s) => s.sportId === sportId),
    i18n.language,
    sportId,
  );
}
