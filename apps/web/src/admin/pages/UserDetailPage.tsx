import type { ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import i18n from '../../i18n/index.ts';
import { useUserActions } from '../actions.ts';
import { useActionDialog } from '../Dialog.tsx';
import { useUserQuery } from '../queries.ts';
import { ReportRows } from '../ReportRows.tsx';
import { ActionMessage, Back, day, dayTime, ErrorText, Facts, isSuspended, nameOf, useT } from '../shared.tsx';

/** One person: what an operator may see of the profile, the role and state, counts, reports and actions. */
export function UserDetailPage() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useUserQuery(id);
  const dialogs = useActionDialog();
  const actions = useUserActions(dialogs);
  const u = data?.user;
  const may = u ? actions.may(u) : null;
  return (
    <section data-testid="admin-user-detail">
      <Back to="/admin/users" label={t('nav.users')} />
      <ErrorText error={error} />
      <ActionMessage message={dialogs.message} />
      {u && data && may && (
        <>
          <header className="admin-detail-head">
            <h1>
              {nameOf(u)} {u.username && <small>@{u.username}</small>}
            </h1>
            <span className={`admin-pill ${u.deletedAt ? 'removed' : isSuspended(u) ? 'suspended' : 'live'}`}>
              {u.deletedAt
                ? t('common.deleted')
                : isSuspended(u)
                  ? t('common.suspendedUntil', { date: day(u.suspendedUntil) })
                  : t('common.live')}
            </span>
          </header>
          <div className="admin-actions" data-testid="admin-user-actions">
            {isSuspended(u) && !u.deletedAt ? (
              <button
                type="button"
                className="btn"
                onClick={() => actions.reinstate(u)}
                data-testid="admin-user-reinstate"
              >
                {t('common.reinstate')}
              </button>
            ) : (
              may.suspend && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => actions.suspend(u)}
                  data-testid="admin-user-suspend"
                >
                  {t('common.suspend')}
                </button>
              )
            )}
            {may.setRole && (
              <button type="button" className="btn" onClick={() => actions.setRole(u)} data-testid="admin-user-role">
                {t('users.changeRole')}
              </button>
            )}
            {may.delete && (
              <button
                type="button"
                className="btn btn-error"
                onClick={() => actions.delete(u, () => navigate('/admin/users'))}
                data-testid="admin-user-delete"
              >
                {t('common.delete')}
              </button>
            )}
          </div>
          <div className="admin-detail-grid">
            <div className="admin-card">
              <h2>{t('detail.profile')}</h2>
              <Facts
                rows={[
                  [
                    t('common.email'),
                    `${u.email}${data.profile.emailConfirmed ? '' : ` (${t('detail.unconfirmed')})`}`,
                  ],
                  [t('detail.place'), [data.profile.city, data.profile.country].filter(Boolean).join(', ') || '—'],
                  [
                    t('detail.language'),
                    data.profile.language
                      ? (new Intl.DisplayNames([i18n.language], { type: 'language' }).of(data.profile.language) ??
                        data.profile.language)
                      : '—',
                  ],
                  [t('detail.profileState'), data.profile.completed ? t('detail.complete') : t('detail.incomplete')],
                  [t('common.role'), t(`roles.${u.role}`)],
                  [t('detail.signedUp'), day(u.createdAt)],
                  [t('detail.lastOnline'), dayTime(data.lastOnlineAt)],
                  ...(isSuspended(u)
                    ? ([
                        [t('detail.suspendedUntil'), dayTime(u.suspendedUntil)],
                        [t('detail.suspensionReason'), u.suspensionReason ?? '—'],
                      ] as [string, ReactNode][])
                    : []),
                  ...(u.deletedAt ? ([[t('common.deleted'), day(u.deletedAt)]] as [string, ReactNode][]) : []),
                ]}
              />
            </div>
            <div className="admin-card" data-testid="admin-user-counts">
              <h2>{t('detail.activity')}</h2>
              <Facts
                rows={[
                  [t('detail.activitiesCreated'), data.counts.activitiesCreated],
                  [t('detail.activitiesJoined'), data.counts.activitiesJoined],
                  [t('detail.groups'), data.counts.groups],
                  [t('detail.messages'), data.counts.messages],
                ]}
              />
            </div>
          </div>
          <h2 className="admin-section-title">{t('detail.reportsAbout', { count: data.reports.length })}</h2>
          <ReportRows reports={data.reports} />
          <h2 className="admin-section-title">{t('detail.reportsBy', { count: data.reportsMade.length })}</h2>
          <ReportRows reports={data.reportsMade} made />
        </>
      )}
      {dialogs.dialog}
    </section>
  );
}
