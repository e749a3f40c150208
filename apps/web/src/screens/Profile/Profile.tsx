import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function Profile() {
  const { t } = useTranslation();
  const { userId } = useParams();
  return (
    <Screen title={t('screens.profile')} testId="profile-screen" back>
      <Placeholder>
        <code data-testid="user-id">{userId}</code>
      </Placeholder>
    </Screen>
  );
}
