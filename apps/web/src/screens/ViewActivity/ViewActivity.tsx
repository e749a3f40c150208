import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ActivityDetails } from '../../components/Activity/ActivityDetails.tsx';
import { Screen } from '../../components/Screen.tsx';

export default function ViewActivity() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { activityId } = useParams();
  return (
    <Screen title={t('screens.viewActivity')} testId="view-activity-screen" back>
      {activityId && <ActivityDetails activityId={activityId} onGone={() => navigate('/home', { replace: true })} />}
    </Screen>
  );
}
