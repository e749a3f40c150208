import type { AdminReport, AdminReportMade } from '@cordata/contract';
import { Link } from 'react-router';
import { day, Table, UserLink, useT } from './shared.tsx';

const targetPath = (type: string, id: string) =>
  type === 'USER'
    ? `/admin/users/${id}`
    : type === 'ACTIVITY'
      ? `/admin/activities/${id}`
      : type === 'GROUP'
        ? `/admin/groups/${id}`
        : null;

/** The reports on a person or content (by whom), or those a person made (on what). */
export function ReportRows({ reports, made }: { reports: (AdminReport | AdminReportMade)[]; made?: boolean }) {
  const t = useT();
  if (!reports.length) return <p className="admin-muted">{t('detail.noReports')}</p>;
  return (
    <Table
      head={[
        t('common.when'),
        made ? t('common.target') : t('detail.reporter'),
        t('common.reason'),
        t('common.status'),
      ]}
    >
      {reports.map((r) => {
        const path = 'targetType' in r ? targetPath(r.targetType, r.targetId) : null;
        return (
          <tr key={r.reportId}>
            <td>{day(r.createdAt)}</td>
            <td>
              {'targetType' in r ? (
                path ? (
                  <Link to={path}>{t(`targets.${r.targetType}`)}</Link>
                ) : (
                  t(`targets.${r.targetType}`)
                )
              ) : (
                <UserLink user={r.reporter} />
              )}
            </td>
            <td>
              {t(`reasons.${r.reason}`)}
              {r.details && (
                <>
                  {' · '}
                  <q>{r.details}</q>
                </>
              )}
            </td>
            <td>
              {t(`reportStatus.${r.status}`)}
              {r.resolution && <small> · {t(`resolutions.${r.resolution}`, { defaultValue: r.resolution })}</small>}
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
