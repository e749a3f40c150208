import { useState } from 'react';
import { Link } from 'react-router';
import { useContentActions } from '../actions.ts';
import { useActionDialog } from '../Dialog.tsx';
import { type ContentKind, useContentQuery } from '../queries.ts';
import { ActionMessage, day, ErrorText, SearchBox, Table, UserLink, useT } from '../shared.tsx';

/** The activities or the groups by name, newest first, removed ones included. */
export function ContentPage({ kind }: { kind: ContentKind }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const { data: rows, error } = useContentQuery(kind, query);
  const dialogs = useActionDialog();
  const actions = useContentActions(dialogs);
  return (
    <section data-testid={`admin-${kind}`}>
      <SearchBox onSearch={setQuery} />
      <ErrorText error={error} />
      <ActionMessage message={dialogs.message} />
      <Table
        head={[t('common.name'), t('common.creator'), t('common.reports'), t('common.created'), t('common.status'), '']}
      >
        {rows?.map((row) => (
          <tr key={row.id}>
            <td>
              <Link to={`/admin/${kind}/${row.id}`} data-testid="admin-content-link">
                {row.name}
              </Link>
            </td>
            <td>
              <UserLink user={row.creator} />
            </td>
            <td>{row.reportCount}</td>
            <td>{day(row.createdAt)}</td>
            <td>{row.deletedAt ? t('common.removed') : t('common.live')}</td>
            <td>
              {(!row.deletedAt || actions.mayRestore) && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => actions.setRemoved(kind, row.id, row.name, !row.deletedAt)}
                >
                  {row.deletedAt ? t('common.restore') : t('common.remove')}
                </button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {rows?.length === 0 && <p>{t('common.nothingFound')}</p>}
      {dialogs.dialog}
    </section>
  );
}
