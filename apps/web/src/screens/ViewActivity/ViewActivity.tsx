import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function ViewActivity() {
  const { t } = useTranslation();
  const { activityId } = useParams();
  return (
    <Screen title={t('screens.viewActivity')} testId="view-activity-screen" back>
      <Placeholder>
        <code data-testid="activity-id">{activityId}</code>
      </Placeholder>
    </Screen>
  );
}
