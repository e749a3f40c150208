import type { ConnectionStatus, UserSport, UserSummary } from '@cordata/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type ConnectionAction, useConnectionMutation } from '../../state/queries/people.ts';
import { useSportsQuery } from '../../state/queries/sports.ts';
import { confirm, showError } from '../feedback.ts';
import { fullName, initialsOf, intensityValue, sportName } from './format.ts';
import './people.css';

export function Avatar({ person, size = 44 }: { person: UserSummary; size?: number }) {
  const name = fullName(person);
  if (person.profilePicture) {
    return <img className="avatar" src={person.profilePicture} alt="" width={size} height={size} />;
  }
  const initials = initialsOf(name);
  return (
    <span className="avatar avatar-initials" style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}

/** One person in a list: picture, name, a line about them, and what can be done. */
export function PersonRow({
  person,
  subtitle,
  actions,
  onOpen,
  testId,
  className,
  children,
}: {
  person: UserSummary;
  subtitle?: ReactNode;
  actions?: ReactNode;
  onOpen?: () => void;
  /** Defaults to `person-{userId}`; the row always carries `data-user-id`. */
  testId?: string;
  className?: string;
  /** Shown below the row, inside it (e.g. a form about this person). */
  children?: ReactNode;
}) {
  return (
    <li
      className={className ? `person-row ${className}` : 'person-row'}
      data-testid={testId ?? `person-${person.userId}`}
      data-user-id={person.userId}
    >
      <button type="button" className="person-open bare-button" onClick={onOpen} disabled={!onOpen}>
        <Avatar person={person} />
        <span className="person-text">
          <strong>{fullName(person)}</strong>
          {person.username && <small className="muted">@{person.username}</small>}
          {subtitle && <small className="muted">{subtitle}</small>}
        </span>
      </button>
      {actions && <span className="person-actions">{actions}</span>}
      {children}
    </li>
  );
}

/** The buttons for the connection with someone, as it stands now. */
export function ConnectionActions({
  person,
  connection,
  compact = false,
}: {
  person: UserSummary;
  connection: ConnectionStatus;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const mutation = useConnectionMutation();
  const name = fullName(person);
  const run = async (action: ConnectionAction) => {
    if (action === 'remove' && connection === 'CONTACT') {
      const ok = await confirm({
        title: t('people.connection.removeTitle', { name }),
        description: t('people.connection.removeText', { name }),
        confirmLabel: t('people.connection.remove'),
        destructive: true,
      });
      if (!ok) return;
    }
    mutation.mutate({ action, userId: person.userId }, { onError: (e) => showError(e) });
  };
  const button = (action: ConnectionAction, label: string, kind: string) => (
    <button
      type="button"
      className={`btn ${kind}${compact ? ' btn-small' : ''}`}
      disabled={mutation.isPending}
      data-testid={`connection-${action}-${person.userId}`}
      onClick={() => run(action)}
    >
      {label}
    </button>
  );
  switch (connection) {
    case 'NONE':
      return button('request', t('people.connection.connect'), 'btn-blue');
    case 'REQUEST_SENT':
      return button('remove', t('people.connection.cancel'), 'btn-outline');
    case 'REQUEST_RECEIVED':
      return (
        <>
          {button('accept', t('people.connection.accept'), 'btn-blue')}
          {button('remove', t('people.connection.decline'), 'btn-outline')}
        </>
      );
    case 'CONTACT':
      return button('remove', t('people.connection.remove'), 'btn-outline');
  }
}

/** Sports with their intensity; the ones shared with the viewer are highlighted. */
export function SportChips({ sports, shared = [] }: { sports: UserSport[]; shared?: string[] }) {
  const { t, i18n } = useTranslation();
  const { data } = useSportsQuery();
  const byId = new Map(data?.sports.map((s) => [s.sportId, s]));
  return (
    <ul className="person-sports">
      {sports.map((s) => (
        <li
          key={s.sportId}
          className={shared.includes(s.sportId) ? 'person-sport shared' : 'person-sport'}
          data-testid={`sport-${s.sportId}`}
        >
          <strong>{sportName(byId.get(s.sportId), i18n.language, s.sportId)}</strong>
          <small>{t(`people.intensity.${s.intensity.kind}`, { value: intensityValue(s.intensity) })}</small>
        </li>
      ))}
    </ul>
  );
}

export const PersonAvatarLarge = ({ person }: { person: UserSummary }) => <Avatar person={person} size={96} />;
