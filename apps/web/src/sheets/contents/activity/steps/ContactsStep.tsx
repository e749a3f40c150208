import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../../components/kit/SearchField.tsx';
import { InviteCandidates } from '../../../../components/People/InviteCandidates.tsx';
import { useInviteCandidates } from '../../../../state/queries/invitable.ts';
import { useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { WizardStep } from './WizardStep.tsx';

/**
 * The contacts step of publishing: pick who gets an invitation, 10 contacts a page with "Load more". An
 * existing activity knows who may still be invited; a new one may invite any contact. The choice lives in
 * the draft, so it stays as more pages load.
 */
export function ContactsStep({ go }: StepProps) {
  const { t } = useTranslation();
  const activityId = useDraftStore((s) => s.draft.activityId);
  const inGroup = useDraftStore((s) => s.draft.groupId !== null);
  const invited = useDraftStore((s) => s.draft.invitedUserIds);
  const update = useDraftStore((s) => s.update);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim());
  const candidates = useInviteCandidates({ activityId }, search);

  const toggle = (userId: string) =>
    update({ invitedUserIds: invited.includes(userId) ? invited.filter((id) => id !== userId) : [...invited, userId] });

  return (
    <WizardStep
      testId="wizard-contacts"
      footer={
        <button
          type="button"
          className="btn btn-primary btn-block"
          data-testid="wizard-contacts-done"
          onClick={() => go('publish')}
        >
          {t('activity.wizard.done')}
        </button>
      }
    >
      <div className="field">
        <SearchField
          label={t('activity.wizard.searchContacts')}
          value={query}
          onChange={setQuery}
          testId="wizard-contacts-search"
        />
      </div>
      {inGroup && !activityId && (
        <p className="muted" data-testid="wizard-contacts-group-hint">
          {t('activity.wizard.groupContactsHint')}
        </p>
      )}
      <InviteCandidates
        list={candidates}
        chosen={(userId) => invited.includes(userId)}
        onToggle={toggle}
        kind="activity"
        empty={t('activity.wizard.noContacts')}
      />
    </WizardStep>
  );
}
