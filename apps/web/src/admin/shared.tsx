import type { AdminUser, UserSummary } from '@cordata/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

/** The signed-in operator: what the area offers depends on the role (the server checks it again). */
export const MeContext = createContext<AdminUser | null>(null);
export const useMe = () => useContext(MeContext);

/** Loads on mount and when reload() is called; errors show as text. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on
  useEffect(() => {
    let live = true;
    load().then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
      },
      (e: Error) => {
        if (live) setError(e.message);
      },
    );
    return () => {
      live = false;
    };
  }, [...deps, version]);
  return { data, error, reload: useCallback(() => setVersion((v) => v + 1), []) };
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
