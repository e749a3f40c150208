import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';

export default function Chats() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.chats')} testId="chats-screen" actions={<TabActions />}>
      <Placeholder />
    </Screen>
  );
}
