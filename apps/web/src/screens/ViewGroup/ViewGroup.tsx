import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Placeholder, Screen } from '../../components/Screen.tsx';

export default function ViewGroup() {
  const { t } = useTranslation();
  const { groupId } = useParams();
  return (
    <Screen title={t('screens.viewGroup')} testId="view-group-screen" back>
      <Placeholder>
        <code data-testid="group-id">{groupId}</code>
      </Placeholder>
    </Screen>
  );
}
