import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fullName } from '../../components/People/format.ts';
import { Avatar } from '../../components/People/People.tsx';
import { useContactsQuery } from '../../state/queries/people.ts';
import { useSheetStore } from '../store.ts';
import type { SheetParams } from '../types.ts';

/**
 * Invite contacts (to an activity or a group): a searchable multi-select of one's contacts.
 * `contacts` are the ids chosen at first; `onSubmit` receives the chosen ids and the sheet closes.
 */
export function InviteContactContent({
  sheetKey,
  params,
}: {
  sheetKey: number;
  params: SheetParams['invite-contact'];
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(() => new Set(params.contacts));
  const { data, isPending } = useContactsQuery('CONTACT', query.trim());
  const toggle = (userId: string) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (!next.delete(userId)) next.add(userId);
      return next;
    });
  const submit = () => {
    params.onSubmit?.([...chosen]);
    useSheetStore.getState().close(sheetKey);
  };
  return (
    <div className="sheet-body" data-testid="invite-contact-sheet">
      <div className="people-filters">
        <input
          type="search"
          value={query}
          placeholder={t('people.invite.search')}
          aria-label={t('people.invite.search')}
          data-testid="invite-search"
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {isPending ? (
        <p className="muted">{t('common.loading')}</p>
      ) : !data?.length ? (
        <p className="muted">{t('people.invite.none')}</p>
      ) : (
        <ul className="people-list" data-testid="invite-list">
          {data.map((c) => (
            <li key={c.userId} className="person-row">
              <label className="person-open">
                <input
                  type="checkbox"
                  checked={chosen.has(c.userId)}
                  data-testid={`invite-${c.userId}`}
                  onChange={() => toggle(c.userId)}
                />
                <Avatar person={c} />
                <span className="person-text">
                  <strong>{fullName(c)}</strong>
                  {c.username && <small className="muted">@{c.username}</small>}
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="sheet-footer">
        <button
          type="button"
          className="btn btn-blue btn-block"
          disabled={!chosen.size}
          data-testid="invite-submit"
          onClick={submit}
        >
          {chosen.size ? t('people.invite.submit', { count: chosen.size }) : t('people.invite.submitNone')}
        </button>
      </div>
    </div>
  );
}
