import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';

export default function Contacts() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.contacts')} testId="contacts-screen" actions={<TabActions />}>
      <Placeholder />
    </Screen>
  );
}
