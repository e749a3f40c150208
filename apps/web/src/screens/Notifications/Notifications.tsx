import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function Notifications() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.notifications')} testId="notifications-screen" back>
      <Placeholder />
    </Screen>
  );
}
