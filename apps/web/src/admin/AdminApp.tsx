import {
  ADMIN_MAX_SUSPENSION_DAYS,
  type AdminUser,
  MODERATOR_MAX_SUSPENSION_DAYS,
  type ReportAction,
  type ReportedTarget,
} from '@cordata/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Route, Routes } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { AdminApiError, adminApi, adminToken, signIn, signOut, totp } from './adminApi.ts';
import { BarChart } from './BarChart.tsx';
import { ContentDetail, UserDetail, UserLink, useContentActions, useUserActions } from './Details.tsx';
import { type DialogField, useActionDialog } from './Dialog.tsx';
import { day, dayTime, isSuspended, MeContext, nameOf, Table, useLoad, useMe, useT } from './shared.tsx';
import './admin.css';

function ActionMessage({ message }: { message: string | null }) {
  return message ? (
    <p className="admin-notice" role="status" data-testid="admin-action-message">
      {message}
    </p>
  ) : null;
}

/** The second step of an operator's sign-in: enrol an authenticator once, then a code per session. */
function SecondFactor({ enrolled, onSignedIn }: { enrolled: boolean; onSignedIn: (user: AdminUser) => void }) {
  const t = useT();
  const [enrolment, setEnrolment] = useState<{ secret: string; qr: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (enrolled) return;
    void (async () => {
      const { secret, uri } = await totp.setup();
      const qrcode = await import('qrcode');
      setEnrolment({ secret, qr: await qrcode.toString(uri, { type: 'svg', margin: 1 }) });
    })().catch((e) => setError((e as Error).message));
  }, [enrolled]);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code')).trim();
    setError(null);
    try {
      await (enrolled ? totp.verify(code) : totp.enable(code));
      onSignedIn((await adminApi('me/get')).user);
    } catch (e) {
      setError(e instanceof AdminApiError && e.code === 'TOTP_INVALID' ? t('login.totpInvalid') : (e as Error).message);
    }
  }
  return (
    <form className="admin-login" onSubmit={submit} data-testid="admin-second-factor">
      <h1>{t('login.totpHeading')}</h1>
      {enrolled ? (
        <p>{t('login.totpAsk')}</p>
      ) : (
        <>
          <p>{t('login.totpEnrol')}</p>
          {enrolment && (
            <>
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an SVG the qrcode library drew from our own URI */}
              <div className="admin-qr" aria-hidden="true" dangerouslySetInnerHTML={{ __html: enrolment.qr }} />
              <p>
                {t('login.totpKey')}: <code data-testid="admin-totp-secret">{enrolment.secret}</code>
              </p>
            </>
          )}
        </>
      )}
      <label>
        {t('login.totpCode')}
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          data-testid="admin-totp-code"
        />
      </label>
      {error && (
        <p className="admin-error" role="alert" data-testid="admin-login-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-blue" data-testid="admin-totp-submit">
        {t('login.totpSubmit')}
      </button>
    </form>
  );
}

function Login({ onSignedIn }: { onSignedIn: (user: AdminUser) => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  const [secondFactor, setSecondFactor] = useState<{ enrolled: boolean } | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      adminToken.set(await signIn(String(form.get('email')), String(form.get('password'))));
      onSignedIn((await adminApi('me/get')).user);
    } catch (e) {
      if (e instanceof AdminApiError && e.code === 'SECOND_FACTOR_REQUIRED') {
        setSecondFactor({ enrolled: e.details.enrolled === true });
        return;
      }
      adminToken.clear();
      setError(e instanceof AdminApiError && e.code === 'FORBIDDEN' ? t('login.notOperator') : (e as Error).message);
    }
  }
  if (secondFactor) return <SecondFactor enrolled={secondFactor.enrolled} onSignedIn={onSignedIn} />;
  return (
    <form className="admin-login" onSubmit={submit} data-testid="admin-login">
      <h1>{t('login.heading')}</h1>
      <label>
        {t('login.email')}
        <input name="email" type="email" autoComplete="username" required data-testid="admin-email" />
      </label>
      <label>
        {t('login.password')}
        <input name="password" type="password" autoComplete="current-password" required data-testid="admin-password" />
      </label>
      {error && (
        <p className="admin-error" role="alert" data-testid="admin-login-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-blue" data-testid="admin-sign-in">
        {t('login.submit')}
      </button>
    </form>
  );
}

function Dashboard() {
  const t = useT();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const { data, error } = useLoad(() => adminApi('figures/get', range), [range.from, range.to]);
  const series = ['signUps', 'activeUsers', 'activitiesCreated', 'messagesSent'] as const;
  return (
    <section data-testid="admin-dashboard">
      <div className="admin-toolbar">
        <label>
          {t('dashboard.from')}{' '}
          <input
            type="date"
            value={range.from ?? data?.from ?? ''}
            onChange={(e) => setRange({ ...range, from: e.target.value })}
          />
        </label>
        <label>
          {t('dashboard.to')}{' '}
          <input
            type="date"
            value={range.to ?? data?.to ?? ''}
            onChange={(e) => setRange({ ...range, to: e.target.value })}
          />
        </label>
        <strong data-testid="admin-open-reports">
          {t('dashboard.openReports')}: {data?.openReports ?? '…'}
        </strong>
      </div>
      {error && <p className="admin-error">{error}</p>}
      <div className="admin-charts">
        {data &&
          series.map((key) => (
            <figure key={key} className="admin-card">
              <figcaption>
                {t(`dashboard.${key}`)} · {t('dashboard.total', { count: data.days.reduce((n, d) => n + d[key], 0) })}
              </figcaption>
              <BarChart values={data.days.map((d) => ({ label: d.date, value: d[key] }))} />
            </figure>
          ))}
      </div>
    </section>
  );
}

function ReportContextView({ target }: { target: ReportedTarget }) {
  const t = useT();
  const c = target.context;
  if (!c) return <p>—</p>;
  return (
    <div className="admin-context">
      {c.user && (
        <p>
          <strong>
            <UserLink user={c.user} />
          </strong>{' '}
          @{c.user.username} · {c.user.email} · {t('common.reports')}: {c.user.reportCount}
        </p>
      )}
      {(c.activity ?? c.group) && (
        <p>
          <strong>
            <Link to={c.activity ? `/admin/activities/${c.activity.activityId}` : `/admin/groups/${c.group!.groupId}`}>
              {(c.activity ?? c.group)!.name}
            </Link>
          </strong>{' '}
          — {(c.activity ?? c.group)!.description}
          {(c.activity ?? c.group)!.deletedAt && <em> ({t('common.removed')})</em>}
        </p>
      )}
      {c.message && (
        <ol className="admin-thread">
          {c.message.before.map((m) => (
            <li key={m.messageId}>
              <b>{nameOf(m.sender)}:</b> {m.text}
            </li>
          ))}
          <li className="admin-reported" title={t('reports.reported')}>
            <b>{nameOf(c.message.sender)}:</b> {c.message.text || <em>{t('common.removed')}</em>}
          </li>
          {c.message.after.map((m) => (
            <li key={m.messageId}>
              <b>{nameOf(m.sender)}:</b> {m.text}
            </li>
          ))}
        </ol>
      )}
      <p>
        {t('reports.owner')}: <UserLink user={c.owner} />
      </p>
    </div>
  );
}

function Reports() {
  const t = useT();
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  const { data, error, reload } = useLoad(() => adminApi('reports/list', { status }), [status]);
  const dialogs = useActionDialog(reload);
  const me = useMe();
  function resolve(target: ReportedTarget, kind: ReportAction) {
    const fields: DialogField[] =
      kind === 'SUSPEND_USER'
        ? [
            {
              kind: 'days',
              maxDays: me?.role === 'ADMIN' ? ADMIN_MAX_SUSPENSION_DAYS : MODERATOR_MAX_SUSPENSION_DAYS,
            },
            { kind: 'reason' },
          ]
        : [{ kind: 'reason' }];
    const owner = nameOf(target.context?.owner);
    dialogs.open({
      title: t(`resolve.${kind}.title`, { name: owner }),
      description: t(`resolve.${kind}.text`, { count: target.openCount, name: owner }),
      fields,
      confirmLabel: t(`resolve.${kind}.confirm`),
      danger: kind !== 'DISMISS',
      run: (v) =>
        adminApi('reports/resolve', {
          targetType: target.targetType,
          targetId: target.targetId,
          action: kind,
          reason: v.reason!,
          days: kind === 'SUSPEND_USER' ? Number(v.days) : undefined,
        }),
      done: (r) => t('reports.done', { count: r.closed }),
    });
  }
  return (
    <section data-testid="admin-reports">
      <div className="admin-toolbar">
        {(['OPEN', 'CLOSED'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'btn btn-blue' : 'btn'}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
            data-testid={`admin-status-${s.toLowerCase()}`}
          >
            {t(s === 'OPEN' ? 'reports.open' : 'reports.closed')}
          </button>
        ))}
      </div>
      <ActionMessage message={dialogs.message} />
      {error && <p className="admin-error">{error}</p>}
      {data?.targets.length === 0 && <p>{t('reports.empty')}</p>}
      {data?.targets.map((target) => (
        <article key={`${target.targetType}:${target.targetId}`} className="admin-card" data-testid="admin-report">
          <header>
            <strong>{t(`targets.${target.targetType}`)}</strong> ·{' '}
            {t('reports.count', { count: target.openCount, total: target.reportCount })}
          </header>
          <ReportContextView target={target} />
          <ul className="admin-report-list">
            {target.reports.map((r) => (
              <li key={r.reportId}>
                {t(`reasons.${r.reason}`)} — {nameOf(r.reporter)} · {day(r.createdAt)}
                {r.details && <q> {r.details}</q>} {r.status !== 'OPEN' && <em>({r.resolution})</em>}
              </li>
            ))}
          </ul>
          {target.openCount > 0 && (
            <div className="admin-actions">
              <button
                type="button"
                className="btn"
                onClick={() => resolve(target, 'DISMISS')}
                data-testid="admin-dismiss"
              >
                {t('reports.dismiss')}
              </button>
              {target.targetType !== 'USER' && (
                <button
                  type="button"
                  className="btn"
                  onClick={() => resolve(target, 'REMOVE_CONTENT')}
                  data-testid="admin-remove"
                >
                  {t('reports.remove')}
                </button>
              )}
              <button
                type="button"
                className="btn"
                onClick={() => resolve(target, 'SUSPEND_USER')}
                data-testid="admin-suspend"
              >
                {t('reports.suspend')}
              </button>
              {me?.role === 'ADMIN' && (
                <button
                  type="button"
                  className="btn btn-error"
                  onClick={() => resolve(target, 'DELETE_ACCOUNT')}
                  data-testid="admin-delete"
                >
                  {t('reports.delete')}
                </button>
              )}
            </div>
          )}
        </article>
      ))}
      {dialogs.dialog}
    </section>
  );
}

function SearchBox({ onSearch }: { onSearch: (query: string) => void }) {
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

function Users() {
  const t = useT();
  const [query, setQuery] = useState('');
  const { data, error, reload } = useLoad(() => adminApi('users/search', { query: query || undefined }), [query]);
  const dialogs = useActionDialog(reload);
  const actions = useUserActions(dialogs);
  return (
    <section data-testid="admin-users">
      <SearchBox onSearch={setQuery} />
      {error && <p className="admin-error">{error}</p>}
      <ActionMessage message={dialogs.message} />
      <Table
        head={[t('common.name'), t('common.email'), t('common.role'), t('common.reports'), t('common.status'), '']}
      >
        {data?.users.map((u) => {
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
      {data?.users.length === 0 && <p>{t('common.nothingFound')}</p>}
      {dialogs.dialog}
    </section>
  );
}

function Content({ kind }: { kind: 'activities' | 'groups' }) {
  const t = useT();
  const [query, setQuery] = useState('');
  const { data, error, reload } = useLoad(async () => {
    const body = { query: query || undefined };
    if (kind === 'activities')
      return (await adminApi('activities/search', body)).activities.map((a) => ({ ...a, id: a.activityId }));
    return (await adminApi('groups/search', body)).groups.map((g) => ({ ...g, id: g.groupId }));
  }, [kind, query]);
  const dialogs = useActionDialog(reload);
  const actions = useContentActions(dialogs);
  return (
    <section data-testid={`admin-${kind}`}>
      <SearchBox onSearch={setQuery} />
      {error && <p className="admin-error">{error}</p>}
      <ActionMessage message={dialogs.message} />
      <Table
        head={[t('common.name'), t('common.creator'), t('common.reports'), t('common.created'), t('common.status'), '']}
      >
        {data?.map((row) => (
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
      {data?.length === 0 && <p>{t('common.nothingFound')}</p>}
      {dialogs.dialog}
    </section>
  );
}

function Sports() {
  const t = useT();
  const { data, error, reload } = useLoad(() => adminApi('sports/list'), []);
  const dialogs = useActionDialog(reload);
  const [message, setMessage] = useState<string | null>(null);
  const run = (work: Promise<unknown>) => work.then(reload, (e: Error) => setMessage(e.message));
  return (
    <section data-testid="admin-sports">
      <form
        className="admin-toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const get = (k: string) => String(f.get(k) ?? '').trim();
          void run(
            adminApi('sports/create', {
              sportId: get('sportId'),
              names: { en: get('en'), it: get('it') },
              icon: get('sportId'),
              intensityKinds: ['DISTANCE', 'TIME'],
            }),
          );
        }}
      >
        <input name="sportId" placeholder="id" aria-label="id" required pattern="[a-z0-9-]{2,40}" />
        <input name="en" placeholder="English" aria-label="English" required />
        <input name="it" placeholder="Italiano" aria-label="Italiano" required />
        <button type="submit" className="btn">
          {t('common.add')}
        </button>
      </form>
      {(error ?? message) && <p className="admin-error">{error ?? message}</p>}
      <ActionMessage message={dialogs.message} />
      <Table head={['id', 'EN', 'IT', t('common.status'), '']}>
        {data?.sports.map((s) => (
          <tr key={s.sportId}>
            <td>{s.sportId}</td>
            <td>{s.names.en}</td>
            <td>{s.names.it}</td>
            <td>
              {s.retiredAt ? t('common.retired') : t('common.live')} ·{' '}
              {t('common.inUseUsers', { count: s.usage.users })},{' '}
              {t('common.inUseActivities', { count: s.usage.activities })}
            </td>
            <td className="admin-actions">
              <button
                type="button"
                className="btn"
                onClick={() =>
                  dialogs.open({
                    title: t('sports.renameTitle', { name: s.names.en }),
                    fields: [
                      { kind: 'text', name: 'en', label: 'English', initial: s.names.en, minLength: 2, maxLength: 40 },
                      { kind: 'text', name: 'it', label: 'Italiano', initial: s.names.it, minLength: 2, maxLength: 40 },
                    ],
                    confirmLabel: t('common.save'),
                    run: (v) => adminApi('sports/update', { sportId: s.sportId, names: { en: v.en!, it: v.it! } }),
                  })
                }
              >
                {t('sports.rename')}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => run(adminApi('sports/update', { sportId: s.sportId, retired: !s.retiredAt }))}
              >
                {s.retiredAt ? t('common.bringBack') : t('common.retire')}
              </button>
              <button
                type="button"
                className="btn btn-error"
                onClick={() =>
                  dialogs.open({
                    title: t('sports.deleteTitle', { name: s.names.en }),
                    description: t('sports.deleteText'),
                    fields: [],
                    confirmLabel: t('common.delete'),
                    danger: true,
                    run: () => adminApi('sports/delete', { sportId: s.sportId }),
                    done: (r) => t(r.outcome === 'DELETED' ? 'sports.deleted' : 'sports.retired'),
                  })
                }
              >
                {t('common.delete')}
              </button>
            </td>
          </tr>
        ))}
      </Table>
      {dialogs.dialog}
    </section>
  );
}

function Audit() {
  const t = useT();
  const { data, error } = useLoad(() => adminApi('audit/list', {}), []);
  return (
    <section data-testid="admin-audit">
      {error && <p className="admin-error">{error}</p>}
      <Table head={[t('common.when'), t('common.who'), t('common.action'), t('common.target'), t('common.reason')]}>
        {data?.entries.map((e) => (
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

/** The admin area: its own chunk and layout, outside the app shell, for moderators and admins. */
export default function AdminApp() {
  const t = useT();
  const [me, setMe] = useState<AdminUser | null>(null);
  const [checking, setChecking] = useState(Boolean(adminToken.get()));
  useEffect(() => {
    if (adminToken.get()) {
      adminApi('me/get')
        .then(
          (r) => setMe(r.user),
          () => adminToken.clear(),
        )
        .finally(() => setChecking(false));
    }
    const signedOut = () => setMe(null);
    window.addEventListener('cordata-admin-signed-out', signedOut);
    return () => window.removeEventListener('cordata-admin-signed-out', signedOut);
  }, []);

  const pages: [string, ReactNode][] = [
    ['dashboard', <Dashboard key="d" />],
    ['reports', <Reports key="r" />],
    ['users', <Users key="u" />],
    ['activities', <Content key="a" kind="activities" />],
    ['groups', <Content key="g" kind="groups" />],
    ...(me?.role === 'ADMIN'
      ? ([
          ['sports', <Sports key="s" />],
          ['audit', <Audit key="l" />],
        ] as [string, ReactNode][])
      : []),
  ];

  return (
    <MeContext.Provider value={me}>
      <div className="admin-layout" data-testid="admin-area">
        <header className="admin-header">
          <Logo size={32} />
          <strong>{t('title')}</strong>
          {me && (
            <>
              <span className="admin-me">
                {nameOf(me)} · {t(`roles.${me.role}`)}
              </span>
              <button
                type="button"
                className="btn"
                onClick={() => {
                  void signOut();
                  setMe(null);
                }}
              >
                {t('nav.signOut')}
              </button>
            </>
          )}
        </header>
        {checking ? null : !me ? (
          <main className="admin-main">
            <Login onSignedIn={setMe} />
          </main>
        ) : (
          <div className="admin-body">
            <nav className="admin-nav">
              {pages.map(([path]) => (
                <NavLink key={path} to={`/admin/${path}`} data-testid={`admin-nav-${path}`}>
                  {t(`nav.${path}`)}
                </NavLink>
              ))}
            </nav>
            <main className="admin-main">
              <Routes>
                {pages.map(([path, element]) => (
                  <Route key={path} path={path} element={element} />
                ))}
                <Route path="users/:id" element={<UserDetail />} />
                <Route path="activities/:id" element={<ContentDetail key="a" kind="activities" />} />
                <Route path="groups/:id" element={<ContentDetail key="g" kind="groups" />} />
                <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
              </Routes>
            </main>
          </div>
        )}
      </div>
    </MeContext.Provider>
  );
}
