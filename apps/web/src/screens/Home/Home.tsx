import { useTranslation } from 'react-i18next';
import { Placeholder, Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { openSheet } from '../../sheets/store.ts';

export default function Home() {
  const { t } = useTranslation();
  return (
    <Screen title={t('screens.home')} testId="home-screen" actions={<TabActions />}>
      <Placeholder>
        <button
          type="button"
          className="btn btn-outline"
          data-testid="open-home-filters"
          onClick={() => openSheet({ type: 'home-filters', params: {} })}
        >
          {t('sheets.homeFilters')}
        </button>
      </Placeholder>
    </Screen>
  );
}
