import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProfileView } from '../../components/People/ProfileView.tsx';
import { Screen } from '../../components/Screen.tsx';

export default function Profile() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  return (
    <Screen title={t('screens.profile')} testId="profile-screen" back>
      <code data-testid="user-id" hidden>
        {userId}
      </code>
      <ProfileView userId={userId} />
    </Screen>
  );
}
