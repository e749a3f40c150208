import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useContentActions } from '../actions.ts';
import { useActionDialog } from '../Dialog.tsx';
import { type ContentKind, useContentItemQuery } from '../queries.ts';
import { ReportRows } from '../ReportRows.tsx';
import { ActionMessage, Back, day, dayTime, ErrorText, Facts, UserLink, useT } from '../shared.tsx';

/** One activity or group: its details, creator, admins, members, reports, and remove or restore. */
export function ContentDetailPage({ kind }: { kind: ContentKind }) {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error } = useContentItemQuery(kind, id);
  const dialogs = useActionDialog();
  const actions = useContentActions(dialogs);
  const item = data?.item;
  return (
    <section data-testid={`admin-${kind}-detail`}>
      <Back to={`/admin/${kind}`} label={t(`nav.${kind}`)} />
      <ErrorText error={error} />
      <ActionMessage message={dialogs.message} />
      {item && data && (
        <>
          <header className="admin-detail-head">
            <h1>{item.name}</h1>
            <span className={`admin-pill ${item.deletedAt ? 'removed' : 'live'}`}>
              {item.deletedAt ? t('common.removed') : t('common.live')}
            </span>
          </header>
          <div className="admin-actions">
            {!item.deletedAt ? (
              <button
                type="button"
                className="btn btn-error"
                onClick={() => actions.setRemoved(kind, item.id, item.name, true)}
                data-testid="admin-content-remove"
              >
                {t('common.remove')}
              </button>
            ) : (
              actions.mayRestore && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => actions.setRemoved(kind, item.id, item.name, false)}
                  data-testid="admin-content-restore"
                >
                  {t('common.restore')}
                </button>
              )
            )}
          </div>
          <div className="admin-detail-grid">
            <div className="admin-card">
              <h2>{t('detail.details')}</h2>
              {item.description && <p className="admin-description">{item.description}</p>}
              <Facts
                rows={[
                  [t('common.creator'), <UserLink key="c" user={item.creator} />],
                  [t('common.created'), day(item.createdAt)],
                  ...(item.kind === 'activities'
                    ? ([
                        [t('detail.sport'), item.sportId],
                        [t('detail.startsAt'), dayTime(item.startsAt)],
                        [t('detail.visibility'), t(`visibility.${item.visibility}`)],
                        [t('detail.participants'), item.participantCount],
                      ] as [string, ReactNode][])
                    : ([
                        [t('detail.groupType'), t(`groupType.${item.type}`)],
                        [t('detail.members'), item.memberCount],
                      ] as [string, ReactNode][])),
                  ...(item.deletedAt ? ([[t('common.removed'), day(item.deletedAt)]] as [string, ReactNode][]) : []),
                ]}
              />
            </div>
            <div className="admin-card" data-testid="admin-content-admins">
              <h2>{t('detail.admins')}</h2>
              {data.admins.length ? (
                <ul className="admin-plain-list">
                  {data.admins.map((a) => (
                    <li key={a.userId}>
                      <UserLink user={a} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="admin-muted">—</p>
              )}
            </div>
          </div>
          <h2 className="admin-section-title">{t('detail.reportsAbout', { count: data.reports.length })}</h2>
          <ReportRows reports={data.reports} />
        </>
      )}
      {dialogs.dialog}
    </section>
  );
}
