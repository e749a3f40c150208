import type { AdminUser, UserSummary } from '@cordata/contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../api/client.ts';
import { errorText } from '../components/feedback.ts';
import { formatDate, formatDateTime } from '../i18n/dates.ts';
import i18n from '../i18n/index.ts';
import { ADMIN_NS } from './i18n.ts';

export const useT = () => useTranslation(ADMIN_NS).t;
export const nameOf = (u: UserSummary | null | undefined) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || u.userId : '—';
/** Dates in the admin area follow the app's one date format per language (i18n/dates.ts). */
export const day = (iso: string | null | undefined) => (iso ? formatDate(new Date(iso), i18n.language) : '—');
export const dayTime = (iso: string | null | undefined) => (iso ? formatDateTime(new Date(iso), i18n.language) : '—');
export const isSuspended = (u: Pick<AdminUser, 'suspendedUntil'>) =>
  Boolean(u.suspendedUntil && Date.parse(u.suspendedUntil) > Date.now());

/**
 * An error as the operator reads it: the app's one mapping from the API's code to translated text
 * (errors.<code>), with the area's own wording where it has one (admin/locales/<language>.json, errors).
 */
export function adminErrorText(error: unknown): string {
  if (isApiError(error) && i18n.exists(`errors.${error.code}`, { ns: ADMIN_NS }))
    return i18n.t(`errors.${error.code}`, { ns: ADMIN_NS });
  return errorText(error);
}

/** The signed-in operator: what the area offers depends on the role (the server checks it again). */
export const MeContext = createContext<AdminUser | null>(null);
export const useMe = () => useContext(MeContext);

export function ErrorText({ error }: { error: unknown }) {
  return error ? <p className="admin-error">{adminErrorText(error)}</p> : null;
}

/** What the last action did ("1 report closed"). */
export function ActionMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="admin-notice" role="status" data-testid="admin-action-message">
      {message}
    </p>
  ) : null;
}

export function SearchBox({ onSearch }: { onSearch: (query: string) => void }) {
  const t = useT();
  return (
    <form
      className="admin-toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(String(new FormData(e.currentTarget).get('q') ?? ''));
      }}
    >
      <input name="q" type="search" placeholder={t('common.search')} data-testid="admin-search" />
      <button type="submit" className="btn">
        {t('common.search')}
      </button>
    </form>
  );
}

export function UserLink({ user }: { user: UserSummary | null | undefined }) {
  return user ? <Link to={`/admin/users/${user.userId}`}>{nameOf(user)}</Link> : <>—</>;
}

export function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {head.map((h, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat (the blank action column)
            <th key={i}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="admin-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="admin-back" data-testid="admin-back">
      ← {label}
    </Link>
  );
}
