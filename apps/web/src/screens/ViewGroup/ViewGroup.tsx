import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GroupDetails } from '../../components/Group/GroupDetails.tsx';
import { ReportButton } from '../../components/Report/ReportButton.tsx';
import { Screen } from '../../components/Screen.tsx';

export default function ViewGroup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupId } = useParams();
  return (
    <Screen title={t('screens.viewGroup')} testId="view-group-screen" back>
      {groupId && <GroupDetails groupId={groupId} onGone={() => navigate('/groups', { replace: true })} />}
      {groupId && <ReportButton targetType="GROUP" targetId={groupId} />}
    </Screen>
  );
}
