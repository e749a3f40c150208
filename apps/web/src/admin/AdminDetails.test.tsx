import type { AdminCallResponse, AdminUser } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { createQueryClient } from '../state/queryClient.ts';
import { ActionDialog } from './Dialog.tsx';
import { ADMIN_NS } from './i18n.ts';
import { ContentDetailPage } from './pages/ContentDetailPage.tsx';
import { UserDetailPage } from './pages/UserDetailPage.tsx';
import { useAdminSession } from './session.ts';
import { MeContext } from './shared.tsx';

const PERSON = '01900000-0000-7000-8000-0000000000a1';
const REPORTER = '01900000-0000-7000-8000-0000000000b2';

const summary = (userId: string, firstName: string) => ({
  userId,
  username: firstName.toLowerCase(),
  firstName,
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
});
const operator = (role: AdminUser['role']): AdminUser => ({
  ...summary('01900000-0000-7000-8000-0000000000ff', 'Olga'),
  email: 'olga@example.test',
  role,
  suspendedUntil: null,
  suspensionReason: null,
  deletedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  reportCount: 0,
});
const person: AdminCallResponse<'users/get'> = {
  user: {
    ...summary(PERSON, 'Marco'),
    email: 'marco@example.test',
    role: 'USER',
    suspendedUntil: null,
    suspensionReason: null,
    deletedAt: null,
    createdAt: '2026-02-01T00:00:00.000Z',
    reportCount: 1,
  },
  lastOnlineAt: '2026-11-20T10:00:00.000Z',
  profile: { city: 'Torino', country: 'Italy', language: 'it', emailConfirmed: true, completed: true },
  counts: { activitiesCreated: 2, activitiesJoined: 5, groups: 1, messages: 42 },
  reports: [
    {
      reportId: '01900000-0000-7000-8000-0000000000c1',
      reporter: summary(REPORTER, 'Bea'),
      reason: 'HARASSMENT',
      details: 'Rude in the chat',
      status: 'OPEN',
      resolution: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  reportsMade: [],
};

function stubServer(answers: Record<string, (body: Record<string, unknown>) => [number, unknown]>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname.split('/').slice(-2).join('/');
      const body = init.body ? JSON.parse(String(init.body)) : {};
      calls.push({ path, body });
      const [status, json] = answers[path]?.(body) ?? [404, { error: { code: 'NOT_FOUND', message: 'Not found' } }];
      return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderDetail(role: AdminUser['role']) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MeContext.Provider value={operator(role)}>
        <MemoryRouter initialEntries={[`/admin/users/${PERSON}`]}>
          <Routes>
            <Route path="/admin/users/:id" element={<UserDetailPage />} />
            <Route path="/admin/users" element={<p>the list</p>} />
          </Routes>
        </MemoryRouter>
      </MeContext.Provider>
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  useAdminSession.getState().start('token');
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  useAdminSession.getState().end();
});

describe('the action dialog', () => {
  it('takes focus, asks why, keeps Tab inside, closes on Escape and gives focus back', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onSubmit = vi.fn(async () => {});
    const onClose = vi.fn();
    render(
      <ActionDialog
        spec={{ title: 'Suspend Marco', fields: [{ kind: 'reason' }], confirmLabel: 'Suspend', onSubmit }}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Suspend Marco' });
    const reason = within(dialog).getByTestId('admin-dialog-reason');
    expect(document.activeElement).toBe(reason);

    fireEvent.change(reason, { target: { value: ' x ' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Say why in at least 3 characters.');
    expect(onSubmit).not.toHaveBeenCalled();

    const confirm = within(dialog).getByTestId('admin-dialog-confirm');
    confirm.focus();
    fireEvent.keyDown(confirm, { key: 'Tab' });
    expect(document.activeElement).toBe(reason);

    fireEvent.keyDown(reason, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledOnce();
    cleanup();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('offers a moderator periods up to 30 days, in Italian with the right plural', async () => {
    await i18n.changeLanguage('it');
    render(
      <ActionDialog
        spec={{
          title: 'Sospendi',
          fields: [{ kind: 'days', maxDays: 30, initial: 1 }, { kind: 'reason' }],
          confirmLabel: 'Sospendi',
          onSubmit: async () => {},
        }}
        onClose={() => {}}
      />,
    );
    const options = within(screen.getByTestId('admin-dialog-days'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['1 giorno', '3 giorni', '7 giorni', '14 giorni', '30 giorni']);
  });
});

describe('the user detail page', () => {
  it('shows the profile, counts and reports, and suspends through the dialog with a period and a reason', async () => {
    let suspended = false;
    const calls = stubServer({
      'users/get': () => [
        200,
        suspended
          ? {
              ...person,
              user: { ...person.user, suspendedUntil: '2099-01-01T00:00:00.000Z', suspensionReason: 'Insults' },
            }
          : person,
      ],
      'users/suspend': () => {
        suspended = true;
        return [200, { user: person.user }];
      },
    });
    renderDetail('MODERATOR');
    await screen.findByRole('heading', { name: /Marco Rossi/ });
    const counts = screen.getByTestId('admin-user-counts');
    expect(within(counts).getByText('Messages sent').nextSibling?.textContent).toBe('42');
    expect(within(counts).getByText('Activities joined').nextSibling?.textContent).toBe('5');
    expect(screen.getByText('Torino, Italy')).toBeTruthy();
    expect(screen.getByText('Reports received (1)')).toBeTruthy();
    expect(screen.getByText('Bea Rossi')).toBeTruthy();
    // A moderator neither deletes accounts nor sets roles.
    expect(screen.queryByTestId('admin-user-delete')).toBeNull();
    expect(screen.queryByTestId('admin-user-role')).toBeNull();

    fireEvent.click(screen.getByTestId('admin-user-suspend'));
    const dialog = screen.getByRole('dialog');
    const periods = within(dialog)
      .getAllByRole('option')
      .map((o) => o.getAttribute('value'));
    expect(periods.at(-1)).toBe('30');
    fireEvent.change(within(dialog).getByTestId('admin-dialog-days'), { target: { value: '14' } });
    fireEvent.change(within(dialog).getByTestId('admin-dialog-reason'), { target: { value: 'Insults' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === 'users/suspend')?.body).toEqual({
      userId: PERSON,
      days: 14,
      reason: 'Insults',
    });
    expect((await screen.findByTestId('admin-action-message')).textContent).toBe('Marco Rossi is suspended.');
    expect(await screen.findByTestId('admin-user-reinstate')).toBeTruthy();
  });

  it('keeps the dialog open with the server’s message when the action is refused', async () => {
    stubServer({
      'users/get': () => [200, person],
      'users/delete': () => [403, { error: { code: 'FORBIDDEN', message: 'Only admins can do this' } }],
    });
    renderDetail('ADMIN');
    fireEvent.click(await screen.findByTestId('admin-user-delete'));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByTestId('admin-dialog-reason'), { target: { value: 'Spam bot' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Only admins can do this');
    expect(screen.getByRole('dialog')).toBe(dialog);
  });
});

describe('the activity detail page', () => {
  const ACTIVITY = '01900000-0000-7000-8000-0000000000d1';
  const activity: AdminCallResponse<'activities/get'> = {
    activity: {
      activityId: ACTIVITY,
      name: 'Dawn run',
      description: 'Ten easy kilometres',
      sportId: 'running',
      startsAt: '2026-12-01T07:00:00.000Z',
      visibility: 'PUBLIC',
      creator: summary(PERSON, 'Marco'),
      participantCount: 4,
      reportCount: 1,
      deletedAt: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    },
    admins: [summary(PERSON, 'Marco'), summary(REPORTER, 'Bea')],
    reports: [],
  };

  function renderActivity(role: AdminUser['role']) {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <MeContext.Provider value={operator(role)}>
          <MemoryRouter initialEntries={[`/admin/activities/${ACTIVITY}`]}>
            <Routes>
              <Route path="/admin/activities/:id" element={<ContentDetailPage kind="activities" />} />
            </Routes>
          </MemoryRouter>
        </MeContext.Provider>
      </QueryClientProvider>,
    );
  }

  it('shows its details and admins, and removes it with a reason; only an admin may restore', async () => {
    let removed = false;
    const calls = stubServer({
      'activities/get': () => [
        200,
        removed ? { ...activity, activity: { ...activity.activity, deletedAt: '2026-11-22T00:00:00.000Z' } } : activity,
      ],
      'activities/remove': () => {
        removed = true;
        return [200, { activity: activity.activity }];
      },
    });
    renderActivity('MODERATOR');
    await screen.findByRole('heading', { name: 'Dawn run' });
    expect(screen.getByText('Ten easy kilometres')).toBeTruthy();
    expect(screen.getByText('Participants').nextSibling?.textContent).toBe('4');
    const admins = within(screen.getByTestId('admin-content-admins'))
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(admins).toEqual([
      ['Marco Rossi', `/admin/users/${PERSON}`],
      ['Bea Rossi', `/admin/users/${REPORTER}`],
    ]);
    fireEvent.click(screen.getByTestId('admin-content-remove'));
    const dialog = screen.getByRole('dialog', { name: 'Remove the activity “Dawn run”' });
    fireEvent.change(within(dialog).getByTestId('admin-dialog-reason'), { target: { value: 'Unsafe route' } });
    fireEvent.click(within(dialog).getByTestId('admin-dialog-confirm'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.path === 'activities/remove')?.body).toEqual({
      activityId: ACTIVITY,
      reason: 'Unsafe route',
    });
    await screen.findByText('Removed', { selector: '.admin-pill' });
    // A moderator cannot restore: the button is not offered.
    expect(screen.queryByTestId('admin-content-restore')).toBeNull();
  });
});

describe('admin plurals', () => {
  it('says 1 report closed and 2 reports closed in both languages', async () => {
    const t = i18n.getFixedT('it', ADMIN_NS);
    expect(t('reports.done', { count: 1 })).toBe('1 segnalazione chiusa');
    expect(t('reports.done', { count: 2 })).toBe('2 segnalazioni chiuse');
    expect(t('reports.count', { count: 1, total: 3 })).toBe('1 aperta · 3 in tutto');
    expect(t('common.inUseUsers', { count: 1 })).toBe('1 persona');
    const en = i18n.getFixedT('en', ADMIN_NS);
    expect(en('reports.done', { count: 1 })).toBe('1 report closed');
    expect(en('common.inUseActivities', { count: 2 })).toBe('2 activities');
  });
});
