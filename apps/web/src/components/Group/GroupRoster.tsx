import type { Group } from '@cordata/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { useShareEmailMutation } from '../../state/queries/subgroups.ts';
import { showError, showSuccess } from '../feedback.ts';
import { saveTextFile } from '../Share/share.ts';

/**
 * The roster (issue 40, docs/groups.md): its admins download it as CSV; each member decides whether the admins see
 * their e-mail address in it (off until they opt in).
 */
export function GroupRoster({ group }: { group: Group }) {
  const { t } = useTranslation();
  const share = useShareEmailMutation(group.groupId);
  // Shown at once; put back if the server refuses.
  const [shared, setShared] = useState(group.sharesEmail);
  useEffect(() => setShared(group.sharesEmail), [group.sharesEmail]);
  if (group.status !== 'PARTICIPATING') return null;

  const toggle = (next: boolean) => {
    setShared(next);
    share.mutate(next, {
      onError: (error) => {
        setShared(!next);
        showError(error);
      },
    });
  };

  const download = async () => {
    try {
      const { fileName, csv } = await api('group/export-roster', { groupId: group.groupId });
      const outcome = await saveTextFile({ fileName, contents: csv, mimeType: 'text/csv', title: group.name });
      if (outcome !== 'cancelled') showSuccess(t('group.roster.downloaded'));
    } catch (error) {
      showError(error);
    }
  };

  return (
    <section className="activity-people group-roster" data-testid="group-roster">
      <h3>{t('group.roster.title')}</h3>
      <label className="choice-check">
        <input
          type="checkbox"
          checked={shared}
          disabled={share.isPending}
          data-testid="roster-share-email"
          onChange={(e) => toggle(e.target.checked)}
        />
        <span>{t('group.roster.shareEmail')}</span>
      </label>
      {group.isAdmin && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          data-testid="roster-download"
          onClick={() => void download()}
        >
          {t('group.roster.download')}
        </button>
      )}
    </section>
  );
}
