import type { AdminUser, ReportAction, ReportedTarget, UserSummary } from '@cordata/contract';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { AdminApiError, adminApi, adminToken, signIn } from './adminApi.ts';
import { BarChart } from './BarChart.tsx';
import { ADMIN_NS } from './i18n.ts';
import './admin.css';

const useT = () => useTranslation(ADMIN_NS).t;
const nameOf = (u: UserSummary | null | undefined) =>
  u ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username || u.userId : '—';
const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** Loads on mount and when reload() is called; errors show as text. */
function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
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

/** Asks the reason every action needs, then runs it and reloads. */
function useAction(reload: () => void) {
  const t = useT();
  const [message, setMessage] = useState<string | null>(null);
  return {
    message,
    async run(work: (reason: string) => Promise<unknown>, done?: (result: unknown) => string) {
      const reason = window.prompt(t('common.reasonPrompt'))?.trim();
      if (!reason) return;
      try {
        const result = await work(reason);
        setMessage(done ? done(result) : null);
        reload();
      } catch (error) {
        setMessage((error as Error).message || t('common.error'));
      }
    },
  };
}

function Login({ onSignedIn }: { onSignedIn: (user: AdminUser) => void }) {
  const t = useT();
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    try {
      adminToken.set(await signIn(String(form.get('email')), String(form.get('password'))));
      onSignedIn((await adminApi('me/get')).user);
    } catch (e) {
      adminToken.clear();
      setError(e instanceof AdminApiError && e.code === 'FORBIDDEN' ? t('login.notOperator') : (e as Error).message);
    }
  }
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
          <strong>{nameOf(c.user)}</strong> @{c.user.username} · {c.user.email} · {t('common.reports')}:{' '}
          {c.user.reportCount}
        </p>
      )}
      {(c.activity ?? c.group) && (
        <p>
          <strong>{(c.activity ?? c.group)!.name}</strong> — {(c.activity ?? c.group)!.description}
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
      <p>{t('reports.owner', { name: nameOf(c.owner) })}</p>
    </div>
  );
}

function Reports() {
  const t = useT();
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  const { data, error, reload } = useLoad(() => adminApi('reports/list', { status }), [status]);
  const action = useAction(reload);
  function resolve(target: ReportedTarget, kind: ReportAction) {
    const days = kind === 'SUSPEND_USER' ? Number(window.prompt(t('common.daysPrompt'), '7')) : undefined;
    if (kind === 'SUSPEND_USER' && !(days && days > 0)) return;
    if (kind === 'DELETE_ACCOUNT' && !window.confirm(t('common.confirmDelete'))) return;
    void action.run(
      (reason) =>
        adminApi('reports/resolve', {
          targetType: target.targetType,
          targetId: target.targetId,
          action: kind,
          reason,
          days,
        }),
      (r) => t('reports.done', { count: (r as { closed: number }).closed }),
    );
  }
  return (
    <section data-testid="admin-reports">
      <div className="admin-toolbar">
        {(['OPEN', 'CLOSED'] as const).map((s) => (
          <button key={s} type="button" className={s === status ? 'btn btn-blue' : 'btn'} onClick={() => setStatus(s)}>
            {t(s === 'OPEN' ? 'reports.open' : 'reports.closed')}
          </button>
        ))}
        {action.message && <span data-testid="admin-action-message">{action.message}</span>}
      </div>
      {error && <p className="admin-error">{error}</p>}
      {data?.targets.length === 0 && <p>{t('reports.empty')}</p>}
      {data?.targets.map((target) => (
        <article key={`${target.targetType}:${target.targetId}`} className="admin-card" data-testid="admin-report">
          <header>
            <strong>{t(`targets.${target.targetType}`)}</strong> ·{' '}
            {t('reports.count', { open: target.openCount, total: target.reportCount })}
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
              <button
                type="button"
                className="btn btn-red"
                onClick={() => resolve(target, 'DELETE_ACCOUNT')}
                data-testid="admin-delete"
              >
                {t('reports.delete')}
              </button>
            </div>
          )}
        </article>
      ))}
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

function Table({ head, children }: { head: string[]; children: ReactNode }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function Users() {
  const t = useT();
  const [query, setQuery] = useState('');
  const { data, error, reload } = useLoad(() => adminApi('users/search', { query: query || undefined }), [query]);
  const action = useAction(reload);
  return (
    <section data-testid="admin-users">
      <SearchBox onSearch={setQuery} />
      {(error ?? action.message) && <p className="admin-error">{error ?? action.message}</p>}
      <Table
        head={[t('common.name'), t('common.email'), t('common.role'), t('common.reports'), t('common.status'), '']}
      >
        {data?.users.map((u) => {
          const suspended = u.suspendedUntil && Date.parse(u.suspendedUntil) > Date.now();
          return (
            <tr key={u.userId} data-testid="admin-user-row">
              <td>
                {nameOf(u)} <small>@{u.username}</small>
              </td>
              <td>{u.email}</td>
              <td>{u.role}</td>
              <td>{u.reportCount}</td>
              <td>{suspended ? t('common.suspendedUntil', { date: day(u.suspendedUntil) }) : t('common.live')}</td>
              <td className="admin-actions">
                {suspended ? (
                  <button
                    type="button"
                    className="btn"
                    onClick={() => action.run((reason) => adminApi('users/reinstate', { userId: u.userId, reason }))}
                  >
                    {t('common.reinstate')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn"
                    onClick={() => {
                      const days = Number(window.prompt(t('common.daysPrompt'), '7'));
                      if (days > 0)
                        void action.run((reason) => adminApi('users/suspend', { userId: u.userId, days, reason }));
                    }}
                  >
                    {t('common.suspend')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn-red"
                  onClick={() =>
                    window.confirm(t('common.confirmDelete')) &&
                    action.run((reason) => adminApi('users/delete', { userId: u.userId, reason }))
                  }
                >
                  {t('common.delete')}
                </button>
              </td>
            </tr>
          );
        })}
      </Table>
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
  const action = useAction(reload);
  function setRemoved(id: string, remove: boolean) {
    void action.run((reason) =>
      kind === 'activities'
        ? adminApi(remove ? 'activities/remove' : 'activities/restore', { activityId: id, reason })
        : adminApi(remove ? 'groups/remove' : 'groups/restore', { groupId: id, reason }),
    );
  }
  return (
    <section data-testid={`admin-${kind}`}>
      <SearchBox onSearch={setQuery} />
      {(error ?? action.message) && <p className="admin-error">{error ?? action.message}</p>}
      <Table
        head={[t('common.name'), t('common.creator'), t('common.reports'), t('common.created'), t('common.status'), '']}
      >
        {data?.map((row) => (
          <tr key={row.id}>
            <td>{row.name}</td>
            <td>{nameOf(row.creator)}</td>
            <td>{row.reportCount}</td>
            <td>{day(row.createdAt)}</td>
            <td>{row.deletedAt ? t('common.removed') : t('common.live')}</td>
            <td>
              <button type="button" className="btn" onClick={() => setRemoved(row.id, !row.deletedAt)}>
                {row.deletedAt ? t('common.restore') : t('common.remove')}
              </button>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function Sports() {
  const t = useT();
  const { data, error, reload } = useLoad(() => adminApi('sports/list'), []);
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
        <input name="sportId" placeholder="id" required pattern="[a-z0-9-]{2,40}" />
        <input name="en" placeholder="English" required />
        <input name="it" placeholder="Italiano" required />
        <button type="submit" className="btn">
          {t('common.add')}
        </button>
      </form>
      {(error ?? message) && <p className="admin-error">{error ?? message}</p>}
      <Table head={['id', 'EN', 'IT', t('common.status'), '']}>
        {data?.sports.map((s) => (
          <tr key={s.sportId}>
            <td>{s.sportId}</td>
            <td>{s.names.en}</td>
            <td>{s.names.it}</td>
            <td>
              {s.retiredAt ? t('common.retired') : t('common.live')} · {t('common.inUse', s.usage)}
            </td>
            <td className="admin-actions">
              <button
                type="button"
                className="btn"
                onClick={() => {
                  const en = window.prompt('English', s.names.en);
                  const it = en && window.prompt('Italiano', s.names.it);
                  if (en && it) void run(adminApi('sports/update', { sportId: s.sportId, names: { en, it } }));
                }}
              >
                {t('common.save')}
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
                className="btn btn-red"
                onClick={() => run(adminApi('sports/delete', { sportId: s.sportId }))}
              >
                {t('common.delete')}
              </button>
            </td>
          </tr>
        ))}
      </Table>
    </section>
  );
}

function Audit() {
  const t = useT();
  const { data, error } = useLoad(() => adminApi('audit/list', {}), []);
  return (
    <section data-testid="admin-audit">
      {error && <p className="admin-error">{error}</p>}
      <Table
        head={[t('common.when'), t('common.who'), t('common.action'), t('common.target'), t('common.reasonPrompt')]}
      >
        {data?.entries.map((e) => (
          <tr key={e.auditId}>
            <td>{new Date(e.createdAt).toLocaleString()}</td>
            <td>{nameOf(e.actor)}</td>
            <td>{e.action}</td>
            <td>
              {e.targetType} {e.targetId}
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
    <div className="admin-layout" data-testid="admin-area">
      <header className="admin-header">
        <Logo size={32} />
        <strong>{t('title')}</strong>
        {me && (
          <>
            <span className="admin-me">
              {nameOf(me)} · {me.role}
            </span>
            <button
              type="button"
              className="btn"
              onClick={() => {
                adminToken.clear();
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
              <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
            </Routes>
          </main>
        </div>
      )}
    </div>
  );
}
