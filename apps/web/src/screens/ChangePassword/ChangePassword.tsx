import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function ChangePassword() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.changePassword')} testId="change-password-screen" back>
      <Placeholder />
    </Screen>
  );
}
