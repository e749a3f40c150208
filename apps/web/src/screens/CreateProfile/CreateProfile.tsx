import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function CreateProfile() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.createProfile')} testId="create-profile-screen">
      <Placeholder />
    </Screen>
  );
}
