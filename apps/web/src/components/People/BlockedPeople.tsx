import { useTranslation } from 'react-i18next';
import { useBlockedQuery } from '../../state/queries/people.ts';
import { errorText } from '../feedback.ts';
import { BlockButton } from './BlockButton.tsx';
import { fullName } from './format.ts';
import { Avatar } from './People.tsx';

/** Settings › blocked people: who I blocked, each with Unblock. */
export function BlockedPeople() {
  const { t } = useTranslation();
  const blocked = useBlockedQuery();
  if (blocked.isPending) return <p className="muted settings-form">{t('common.loading')}</p>;
  if (blocked.isError) return <p className="muted settings-form">{errorText(blocked.error)}</p>;
  if (!blocked.data?.length)
    return (
      <p className="muted settings-form" data-testid="blocked-empty">
        {t('people.block.none')}
      </p>
    );
  return (
    <ul className="people-list settings-form" data-testid="blocked-list">
      {blocked.data.map((person) => (
        <li key={person.userId} className="blocked-person">
          <Avatar person={person} size={36} />
          <span className="blocked-name">{fullName(person)}</span>
          <BlockButton person={person} blocked />
        </li>
      ))}
    </ul>
  );
}
