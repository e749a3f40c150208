import { MAX_EMERGENCY_CONTACTS } from '@cordata/contract/constants';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useDeleteLocationHistoryMutation,
  useEmergencyContactsMutation,
  useEmergencyContactsQuery,
} from '../../state/queries/safety.ts';
import { confirm, reporting } from '../feedback.ts';
import { Action } from '../kit/Action.tsx';

/** A contact as edited: `confirmed` is the server's word on the address saved, gone once the address is edited. */
type ContactRow = { name: string; email: string; confirmed?: boolean };

/**
 * Settings → Safety (issue 23): up to 3 emergency contacts, each shown as confirmed or waiting for its confirmation
 * (security review M-N2: only confirmed addresses are mailed), and deleting one's location history at once.
 */
export function EmergencyContacts() {
  const { t } = useTranslation();
  const query = useEmergencyContactsQuery();
  const save = useEmergencyContactsMutation();
  const deleteHistory = useDeleteLocationHistoryMutation();
  const [contacts, setContacts] = useState<ContactRow[]>([]);
  useEffect(() => {
    if (query.data) setContacts(query.data.length ? query.data : [{ name: '', email: '' }]);
  }, [query.data]);
  const change = (index: number, field: 'name' | 'email', value: string) =>
    setContacts((list) =>
      list.map((c, i) =>
        i !== index ? c : field === 'email' ? { ...c, email: value, confirmed: undefined } : { ...c, name: value },
      ),
    );
  function submit(e: FormEvent) {
    e.preventDefault();
    const filled = contacts.filter((c) => c.name.trim() || c.email.trim()).map(({ name, email }) => ({ name, email }));
    save.mutate(filled, reporting(t('activity.safety.contacts.saved')));
  }
  async function removeHistory() {
    if (
      !(await confirm({
        title: t('activity.safety.contacts.deleteHistory'),
        description: t('activity.safety.contacts.deleteConfirm'),
      }))
    )
      return;
    deleteHistory.mutate(undefined, reporting(t('activity.safety.contacts.deleted')));
  }
  return (
    <form className="data-export" data-testid="emergency-contacts" onSubmit={submit}>
      <p>{t('activity.safety.contacts.intro')}</p>
      {contacts.map((contact, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and never reordered
        <div className="emergency-contact" key={index} data-testid="emergency-contact">
          <input
            aria-label={t('activity.safety.contacts.name')}
            placeholder={t('activity.safety.contacts.name')}
            data-testid={`emergency-contact-name-${index}`}
            value={contact.name}
            maxLength={80}
            onChange={(e) => change(index, 'name', e.target.value)}
          />
          <input
            type="email"
            aria-label={t('activity.safety.contacts.email')}
            placeholder={t('activity.safety.contacts.email')}
            data-testid={`emergency-contact-email-${index}`}
            value={contact.email}
            onChange={(e) => change(index, 'email', e.target.value)}
          />
          <button
            type="button"
            className="safety-link"
            onClick={() => setContacts((list) => list.filter((_, i) => i !== index))}
          >
            {t('activity.safety.contacts.remove')}
          </button>
          {contact.confirmed !== undefined && (
            <p className="muted" data-testid={`emergency-contact-state-${index}`}>
              {t(contact.confirmed ? 'activity.safety.contacts.confirmed' : 'activity.safety.contacts.waiting')}
            </p>
          )}
        </div>
      ))}
      {contacts.length < MAX_EMERGENCY_CONTACTS && (
        <Action
          kind="outline"
          block
          testId="emergency-contact-add"
          onPress={() => setContacts((list) => [...list, { name: '', email: '' }])}
        >
          {t('activity.safety.contacts.add')}
        </Action>
      )}
      <Action type="submit" block testId="emergency-contacts-save" pending={save.isPending}>
        {t('activity.safety.contacts.save')}
      </Action>
      <p className="muted">{t('activity.safety.contacts.history')}</p>
      <Action
        kind="outline"
        block
        testId="location-history-delete"
        pending={deleteHistory.isPending}
        onPress={() => void removeHistory()}
      >
        {t('activity.safety.contacts.deleteHistory')}
      </Action>
    </form>
  );
}
