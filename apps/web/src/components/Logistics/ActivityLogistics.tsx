import type { Activity } from '@cordata/contract';
import { useTranslation } from 'react-i18next';
import { useLiveLogistics } from '../../state/queries/logistics.ts';
import { Carpool } from './Carpool.tsx';
import { Gear } from './Gear.tsx';
import './logistics.css';

/** "Getting there" on the activity page: carpool and gear, for the people taking part only. */
export function ActivityLogistics({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  useLiveLogistics(activity.activityId);
  return (
    <section className="activity-logistics" data-testid="activity-logistics" aria-label={t('logistics.title')}>
      <h3 className="logistics-title">{t('logistics.title')}</h3>
      <Carpool activity={activity} />
      <Gear activity={activity} />
    </section>
  );
}
