import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { Logo } from '../components/Logo.tsx';
import { Login } from './Login.tsx';
import { AuditPage } from './pages/AuditPage.tsx';
import { ContentDetailPage } from './pages/ContentDetailPage.tsx';
import { ContentPage } from './pages/ContentPage.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { ReportsPage } from './pages/ReportsPage.tsx';
import { SportsPage } from './pages/SportsPage.tsx';
import { UserDetailPage } from './pages/UserDetailPage.tsx';
import { UsersPage } from './pages/UsersPage.tsx';
import { adminKeys, useAdminMeQuery } from './queries.ts';
import { endAdminSession, useAdminSession } from './session.ts';
import { MeContext, nameOf, useT } from './shared.tsx';
import './admin.css';

/** The admin area: its own chunk and layout, outside the app shell, for moderators and admins. */
export default function AdminApp() {
  const t = useT();
  const queryClient = useQueryClient();
  const token = useAdminSession((s) => s.token);
  const me = useAdminMeQuery();
  useEffect(() => {
    // An ended session leaves nothing of what the operator saw to whoever signs in next.
    if (!token) queryClient.removeQueries({ queryKey: adminKeys.all });
  }, [token, queryClient]);
  useEffect(() => {
    // A kept token the server no longer takes: back to the sign-in.
    if (me.isError) useAdminSession.getState().end();
  }, [me.isError]);

  const user = token ? (me.data ?? null) : null;
  const checking = token !== null && me.isPending;
  const pages: [string, ReactNode][] = [
    ['dashboard', <DashboardPage key="d" />],
    ['reports', <ReportsPage key="r" />],
    ['users', <UsersPage key="u" />],
    ['activities', <ContentPage key="a" kind="activities" />],
    ['groups', <ContentPage key="g" kind="groups" />],
    ...(user?.role === 'ADMIN'
      ? ([
          ['sports', <SportsPage key="s" />],
          ['audit', <AuditPage key="l" />],
        ] as [string, ReactNode][])
      : []),
  ];

  return (
    <MeContext.Provider value={user}>
      <div className="admin-layout" data-testid="admin-area">
        <header className="admin-header">
          <Logo size={32} />
          <strong>{t('title')}</strong>
          {user && (
            <>
              <span className="admin-me">
                {nameOf(user)} · {t(`roles.${user.role}`)}
              </span>
              <button type="button" className="btn" onClick={() => void endAdminSession()}>
                {t('nav.signOut')}
              </button>
            </>
          )}
        </header>
        {checking ? null : !user ? (
          <main className="admin-main">
            <Login />
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
                <Route path="users/:id" element={<UserDetailPage />} />
                <Route path="activities/:id" element={<ContentDetailPage key="a" kind="activities" />} />
                <Route path="groups/:id" element={<ContentDetailPage key="g" kind="groups" />} />
                <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
              </Routes>
            </main>
          </div>
        )}
      </div>
    </MeContext.Provider>
  );
}
