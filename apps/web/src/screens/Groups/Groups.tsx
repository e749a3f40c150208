import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';

export default function Groups() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.groups')} testId="groups-screen" actions={<TabActions />}>
      <Placeholder />
    </Screen>
  );
}
