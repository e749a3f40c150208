import { Link } from 'react-router';
import { useAuditQuery } from '../queries.ts';
import { dayTime, ErrorText, Table, UserLink, useT } from '../shared.tsx';

/** The audit log, newest first (admins only). */
export function AuditPage() {
  const t = useT();
  const { data: entries, error } = useAuditQuery();
  return (
    <section data-testid="admin-audit">
      <ErrorText error={error} />
      <Table head={[t('common.when'), t('common.who'), t('common.action'), t('common.target'), t('common.reason')]}>
        {entries?.map((e) => (
          <tr key={e.auditId}>
            <td>{dayTime(e.createdAt)}</td>
            <td>
              <UserLink user={e.actor} />
            </td>
            <td>{e.action}</td>
            <td>
              {e.targetType === 'USER' && e.targetId ? (
                <Link to={`/admin/users/${e.targetId}`}>{t('targets.USER')}</Link>
              ) : e.targetType === 'ACTIVITY' && e.targetId ? (
                <Link to={`/admin/activities/${e.targetId}`}>{t('targets.ACTIVITY')}</Link>
              ) : e.targetType === 'GROUP' && e.targetId ? (
                <Link to={`/admin/groups/${e.targetId}`}>{t('targets.GROUP')}</Link>
              ) : (
                <>
                  {e.targetType} {e.targetId}
                </>
              )}
            </td>
            <td>{e.reason}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
