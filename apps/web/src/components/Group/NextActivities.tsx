import { useTranslation } from 'react-i18next';
import { useNextGroupActivitiesQuery } from '../../state/queries/group.ts';
import { ActivityCard } from '../Activity/ActivityCard.tsx';
import { LoadMore } from '../LoadMore.tsx';

/** The group's upcoming activities, 10 a page. */
export function NextActivities({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const query = useNextGroupActivitiesQuery(groupId, true);
  const activities = query.data?.pages.flatMap((p) => p.activities) ?? [];
  return (
    <section data-testid="group-next-activities">
      <h3>{t('group.view.nextActivities')}</h3>
      {!query.isPending && activities.length === 0 && (
        <p className="muted" data-testid="group-next-empty">
          {t('group.view.noNextActivities')}
        </p>
      )}
      <ul className="activity-list">
        {activities.map((a) => (
          <ActivityCard key={a.activityId} activity={a} />
        ))}
      </ul>
      {activities.length > 0 && (
        <LoadMore list={query} label={t('group.showMore')} testId="group-next-activities-more" />
      )}
    </section>
  );
}
