import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function ForgotPassword() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.forgotPassword')} testId="forgot-password-screen" back>
      <Placeholder />
    </Screen>
  );
}
