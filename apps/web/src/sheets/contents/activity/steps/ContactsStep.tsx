import type { SkipReason, UserSummary } from '@cordata/contract';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../../../components/People/format.ts';
import { Avatar } from '../../../../components/People/People.tsx';
import { useInvitableContactsQuery } from '../../../../state/queries/activity.ts';
import { useContactsQuery } from '../../../../state/queries/people.ts';
import { useDraftStore } from '../draft.ts';
import type { StepProps } from '../HandleActivitySheet.tsx';
import { WizardStep } from './WizardStep.tsx';

interface Candidate extends UserSummary {
  reason: SkipReason | null;
}

/** The contacts step of publishing: pick who gets an invitation. */
export function ContactsStep({ go }: StepProps) {
  const { t } = useTranslation();
  const activityId = useDraftStore((s) => s.draft.activityId);
  const invited = useDraftStore((s) => s.draft.invitedUserIds);
  const update = useDraftStore((s) => s.update);
  const [query, setQuery] = useState('');
  const search = useDeferredValue(query.trim());
  const candidates = useCandidates(activityId, search);

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
        <input
          type="search"
          placeholder={t('activity.wizard.searchContacts')}
          aria-label={t('activity.wizard.searchContacts')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {candidates.data?.length === 0 && <p className="muted">{t('activity.wizard.noContacts')}</p>}
      <ul className="people-list">
        {candidates.data?.map((c) => (
          <li key={c.userId} className="person-row">
            <label className="person-open invite-row" data-testid="invite-candidate">
              <input
                type="checkbox"
                checked={invited.includes(c.userId)}
                disabled={c.reason !== null}
                onChange={() => toggle(c.userId)}
              />
              <Avatar person={c} size={36} />
              <span>
                {fullName(c)}
                {c.reason && <small className="muted"> · {t(`activity.wizard.skip.${c.reason}`)}</small>}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </WizardStep>
  );
}

/** An existing activity knows who may still be invited; a new one may invite any contact. */
function useCandidates(activityId: string | null, query: string): { data: Candidate[] | undefined } {
  const invitable = useInvitableContactsQuery(activityId ?? '', query, activityId !== null);
  const contacts = useContactsQuery('CONTACT', query);
  if (activityId) return { data: invitable.data };
  return { data: contacts.data?.map((c) => ({ ...c, reason: null })) };
}
