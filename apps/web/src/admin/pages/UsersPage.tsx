import { useState } from 'react';
import { Link } from 'react-router';
import { useUserActions } from '../actions.ts';
import { useActionDialog } from '../Dialog.tsx';
import { useUsersQuery } from '../queries.ts';
import { ActionMessage, day, ErrorText, isSuspended, nameOf, SearchBox, Table, useT } from '../shared.tsx';

/** People by name, username or e-mail, with the actions the operator's role allows. */
export function UsersPage() {
  const t = useT();
  const [query, setQuery] = useState('');
  const { data: users, error } = useUsersQuery(query);
  const dialogs = useActionDialog();
  const actions = useUserActions(dialogs);
  return (
    <section data-testid="admin-users">
      <SearchBox onSearch={setQuery} />
      <ErrorText error={error} />
      <ActionMessage message={dialogs.message} />
      <Table
        head={[t('common.name'), t('common.email'), t('common.role'), t('common.reports'), t('common.status'), '']}
      >
        {users?.map((u) => {
          const suspended = isSuspended(u);
          const may = actions.may(u);
          return (
            <tr key={u.userId} data-testid="admin-user-row">
              <td>
                <Link to={`/admin/users/${u.userId}`} data-testid="admin-user-link">
                  {nameOf(u)}
                </Link>{' '}
                <small>@{u.username}</small>
              </td>
              <td>{u.email}</td>
              <td>{t(`roles.${u.role}`)}</td>
              <td>{u.reportCount}</td>
              <td>{suspended ? t('common.suspendedUntil', { date: day(u.suspendedUntil) }) : t('common.live')}</td>
              <td className="admin-actions">
                {suspended ? (
                  <button type="button" className="btn" onClick={() => actions.reinstate(u)}>
                    {t('common.reinstate')}
                  </button>
                ) : (
                  may.suspend && (
                    <button type="button" className="btn" onClick={() => actions.suspend(u)}>
                      {t('common.suspend')}
                    </button>
                  )
                )}
                {may.delete && (
                  <button type="button" className="btn btn-error" onClick={() => actions.delete(u)}>
                    {t('common.delete')}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      {users?.length === 0 && <p>{t('common.nothingFound')}</p>}
      {dialogs.dialog}
    </section>
  );
}
