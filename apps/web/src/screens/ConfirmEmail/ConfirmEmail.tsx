import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function ConfirmEmail() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.confirmEmail')} testId="confirm-email-screen" back>
      <Placeholder />
    </Screen>
  );
}
