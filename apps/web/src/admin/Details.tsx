import {
  ADMIN_MAX_SUSPENSION_DAYS,
  type AdminActivity,
  type AdminGroup,
  type AdminReport,
  type AdminReportMade,
  type AdminUser,
  MODERATOR_MAX_SUSPENSION_DAYS,
  type UserSummary,
} from '@cordata/contract';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ROLES } from '../contract.ts';
import { adminApi } from './adminApi.ts';
import { useActionDialog } from './Dialog.tsx';
import { day, dayTime, isSuspended, nameOf, Table, useLoad, useMe, useT } from './shared.tsx';

type Dialogs = ReturnType<typeof useActionDialog>;

/** Suspend, reinstate, delete and set the role of a person, each through its dialog. */
export function useUserActions(dialogs: Dialogs) {
  const t = useT();
  const me = useMe();
  const isAdmin = me?.role === 'ADMIN';
  const who = (u: AdminUser) => nameOf(u);
  return {
    /** What this operator may do to this person (the server checks it again). */
    may(u: AdminUser) {
      const self = u.userId === me?.userId;
      const peer = u.role !== 'USER' && !isAdmin;
      return {
        suspend: !self && !peer && !u.deletedAt,
        delete: isAdmin && !self && !u.deletedAt,
        setRole: isAdmin && !self && !u.deletedAt,
      };
    },
    suspend(u: AdminUser) {
      dialogs.open({
        title: t('users.suspendTitle', { name: who(u) }),
        description: t('users.suspendText'),
        fields: [
          { kind: 'days', maxDays: isAdmin ? ADMIN_MAX_SUSPENSION_DAYS : MODERATOR_MAX_SUSPENSION_DAYS },
          { kind: 'reason' },
        ],
        confirmLabel: t('common.suspend'),
        danger: true,
        run: (v) => adminApi('users/suspend', { userId: u.userId, days: Number(v.days), reason: v.reason! }),
        done: () => t('users.suspended', { name: who(u) }),
      });
    },
    reinstate(u: AdminUser) {
      dialogs.open({
        title: t('users.reinstateTitle', { name: who(u) }),
        fields: [{ kind: 'reason' }],
        confirmLabel: t('common.reinstate'),
        run: (v) => adminApi('users/reinstate', { userId: u.userId, reason: v.reason! }),
        done: () => t('users.reinstated', { name: who(u) }),
      });
    },
    delete(u: AdminUser, after?: () => void) {
      dialogs.open({
        title: t('users.deleteTitle', { name: who(u) }),
        description: t('common.confirmDelete'),
        fields: [{ kind: 'reason' }],
        confirmLabel: t('common.delete'),
        danger: true,
        run: (v) => adminApi('users/delete', { userId: u.userId, reason: v.reason! }),
        done: () => t('users.deleted', { name: who(u) }),
        after,
      });
    },
    setRole(u: AdminUser) {
      dialogs.open({
        title: t('users.roleTitle', { name: who(u) }),
        fields: [
          {
            kind: 'select',
            name: 'role',
            label: t('common.role'),
            initial: u.role,
            options: ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
          },
          { kind: 'reason' },
        ],
        confirmLabel: t('common.save'),
        run: (v) =>
          adminApi('users/set-role', {
            userId: u.userId,
            role: v.role as AdminUser['role'],
            reason: v.reason!,
          }),
      });
    },
  };
}

export function UserLink({ user }: { user: UserSummary | null | undefined }) {
  return user ? <Link to={`/admin/users/${user.userId}`}>{nameOf(user)}</Link> : <>—</>;
}

const targetPath = (type: string, id: string) =>
  type === 'USER'
    ? `/admin/users/${id}`
    : type === 'ACTIVITY'
      ? `/admin/activities/${id}`
      : type === 'GROUP'
        ? `/admin/groups/${id}`
        : null;

function ReportRows({ reports, made }: { reports: (AdminReport | AdminReportMade)[]; made?: boolean }) {
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

function Facts({ rows }: { rows: [string, ReactNode][] }) {
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

function Back({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="admin-back" data-testid="admin-back">
      ← {label}
    </Link>
  );
}

/** One person: what an operator may see of the profile, the role and state, counts, reports and actions. */
export function UserDetail() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, reload } = useLoad(() => adminApi('users/get', { userId: id }), [id]);
  const dialogs = useActionDialog(reload);
  const actions = useUserActions(dialogs);
  const u = data?.user;
  const may = u ? actions.may(u) : null;
  return (
    <section data-testid="admin-user-detail">
      <Back to="/admin/users" label={t('nav.users')} />
      {error && <p className="admin-error">{error}</p>}
      {dialogs.message && (
        <p className="admin-notice" role="status" data-testid="admin-action-message">
          {dialogs.message}
        </p>
      )}
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
                      ? t(`languages.${data.profile.language}`, { defaultValue: data.profile.language })
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

type ContentKind = 'activities' | 'groups';
type Content = (AdminActivity & { id: string; kind: 'activities' }) | (AdminGroup & { id: string; kind: 'groups' });

/** Remove (moderators) or restore (admins) an activity or group through its dialog. */
export function useContentActions(dialogs: Dialogs) {
  const t = useT();
  const me = useMe();
  return {
    mayRestore: me?.role === 'ADMIN',
    setRemoved(kind: ContentKind, id: string, name: string, remove: boolean) {
      dialogs.open({
        title: t(remove ? `content.removeTitle.${kind}` : `content.restoreTitle.${kind}`, { name }),
        description: remove ? t(`content.removeText.${kind}`) : undefined,
        fields: [{ kind: 'reason' }],
        confirmLabel: remove ? t('common.remove') : t('common.restore'),
        danger: remove,
        run: async (v) => {
          if (kind === 'activities')
            await adminApi(remove ? 'activities/remove' : 'activities/restore', { activityId: id, reason: v.reason! });
          else await adminApi(remove ? 'groups/remove' : 'groups/restore', { groupId: id, reason: v.reason! });
        },
        done: () => t(remove ? 'content.removed' : 'content.restored', { name }),
      });
    },
  };
}

/** One activity or group: its details, creator, admins, members, reports, and remove or restore. */
export function ContentDetail({ kind }: { kind: ContentKind }) {
  const t = useT();
  const { id = '' } = useParams();
  const { data, error, reload } = useLoad(async () => {
    if (kind === 'activities') {
      const r = await adminApi('activities/get', { activityId: id });
      return { item: { ...r.activity, id, kind } as Content, admins: r.admins, reports: r.reports };
    }
    const r = await adminApi('groups/get', { groupId: id });
    return { item: { ...r.group, id, kind } as Content, admins: r.admins, reports: r.reports };
  }, [kind, id]);
  const dialogs = useActionDialog(reload);
  const actions = useContentActions(dialogs);
  const item = data?.item;
  return (
    <section data-testid={`admin-${kind}-detail`}>
      <Back to={`/admin/${kind}`} label={t(`nav.${kind}`)} />
      {error && <p className="admin-error">{error}</p>}
      {dialogs.message && (
        <p className="admin-notice" role="status" data-testid="admin-action-message">
          {dialogs.message}
        </p>
      )}
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
