import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { GroupDetails } from '../../components/Group/GroupDetails.tsx';
import { ReportButton } from '../../components/Report/ReportButton.tsx';
import { Screen } from '../../components/Screen.tsx';
import { useGroupQuery } from '../../state/queries/group.ts';

export default function ViewGroup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupId } = useParams();
  return (
    <Screen title={t('screens.viewGroup')} testId="view-group-screen" back>
      {groupId && <GroupDetails groupId={groupId} onGone={() => navigate('/groups', { replace: true })} />}
      {groupId && <ReportUnlessOwn groupId={groupId} />}
    </Screen>
  );
}

/** Report, for a group that loaded and that the caller does not run (nobody reports their own). */
function ReportUnlessOwn({ groupId }: { groupId: string }) {
  const { data } = useGroupQuery(groupId);
  if (!data || data.isAdmin) return null;
  return <ReportButton targetType="GROUP" targetId={groupId} />;
}
