import type { Notification } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { aNotification, aUser } from '../../testing/fixtures.ts';
import { MarkAllRead, NotificationList } from './NotificationList.tsx';

// The app's one socket, faked: the test fires `notification` events on it.
const live = vi.hoisted(() => ({ listeners: new Map<string, Set<() => void>>() }));
vi.mock('../../chat/realtime.ts', () => ({
  realtimeLink: () => ({
    on: (event: string, listener: () => void) => {
      const set = live.listeners.get(event) ?? new Set();
      live.listeners.set(event, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    onResync: () => () => {},
  }),
}));

const anna = aUser({ userId: 'u1', username: 'annab' });
const note = (id: string, extra: Partial<Notification>): Notification =>
  aNotification({
    notificationId: id,
    targetId: 'a1',
    actor: anna,
    targetName: 'Monte Rosa',
    createdAt: '2026-11-21T10:00:00.000Z',
    ...extra,
  });

let server: Notification[];
const calls: { path: string; body: unknown }[] = [];

beforeEach(() => {
  server = [
    note('n1', {}),
    note('n2', { type: 'ACTIVITY_REJECT', reason: 'The group is full', read: true }),
    note('n3', { type: 'SEND_MESSAGE', targetId: 'c9', targetName: 'Monte Rosa' }),
    note('n4', { type: 'CONTACT_REQUEST', targetId: 'u1', targetName: null }),
  ];
  calls.length = 0;
  useAuthStore.setState({ jwt: 'tok', completed: true });
  useSheetStore.setState({ stack: [] });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.slice(url.indexOf('/notification/'));
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ path, body });
      if (path.endsWith('/list-by-user')) return Response.json({ notifications: server });
      if (path.endsWith('/check-new')) return Response.json({ count: server.filter((n) => !n.read).length });
      if (path.endsWith('/mark-some-as-read')) {
        for (const n of server) if (body.notificationIds.includes(n.notificationId)) n.read = true;
        return Response.json({ ok: true });
      }
      if (path.endsWith('/mark-all-as-read')) {
        for (const n of server) n.read = true;
        return Response.json({ ok: true });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderList() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/notifications']}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <MarkAllRead />
                <NotificationList />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the notification list', () => {
  it('shows each text, the reason of a rejection and the unread ones', async () => {
    renderList();
    const first = await screen.findByTestId('notification-n1');
    expect(first.textContent).toContain('Anna Bianchi invited you to Monte Rosa');
    expect(first.dataset.read).toBe('false');
    expect(screen.getByTestId('notification-n2').dataset.read).toBe('true');
    expect(screen.getByTestId('notification-n2').textContent).toContain('Reason: The group is full');
    expect(screen.getByTestId('notification-n4').textContent).toContain('Anna Bianchi wants to add you as a contact');
  });

  it('marks a tapped notification read and opens its activity', async () => {
    renderList();
    fireEvent.click(await screen.findByTestId('notification-n1'));
    expect(screen.getByTestId('where').textContent).toBe('/view-activity/a1');
    await waitFor(() => expect(screen.getByTestId('notification-n1').dataset.read).toBe('true'));
    await waitFor(() =>
      expect(calls).toContainEqual({ path: '/notification/mark-some-as-read', body: { notificationIds: ['n1'] } }),
    );
  });

  it('opens a cancelled date, and tells of a series that repeats differently', async () => {
    server.push(
      note('n5', { type: 'ACTIVITY_CANCELLED', targetId: 'd5', targetName: 'Intervals', reason: '2026-12-08 18:30' }),
      note('n6', { type: 'ACTIVITY_EDIT', targetId: 'd6', targetName: 'Intervals', reason: 'RULE' }),
    );
    renderList();
    expect((await screen.findByTestId('notification-n5')).textContent).toContain(
      'Intervals on Tue 8 Dec, 18:30 is cancelled',
    );
    expect(screen.getByTestId('notification-n6').textContent).toContain(
      'Intervals now repeats differently: check your next dates',
    );
    fireEvent.click(screen.getByTestId('notification-n5'));
    expect(screen.getByTestId('where').textContent).toBe('/view-activity/d5');
  });

  it('opens the chat sheet for a message and the profile for a contact request', async () => {
    renderList();
    fireEvent.click(await screen.findByTestId('notification-n3'));
    expect(useSheetStore.getState().stack.map((s) => [s.type, s.params])).toEqual([['chat', { id: 'c9' }]]);
    fireEvent.click(screen.getByTestId('notification-n4'));
    expect(screen.getByTestId('where').textContent).toBe('/profile/u1');
  });

  it('does not mark again what is already read', async () => {
    renderList();
    fireEvent.click(await screen.findByTestId('notification-n2'));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.path.endsWith('/mark-some-as-read'))).toBe(false);
  });

  it('marks all as read', async () => {
    renderList();
    await screen.findByTestId('notification-n1');
    fireEvent.click(screen.getByTestId('mark-all-read'));
    await waitFor(() => expect(screen.getByTestId('notification-n3').dataset.read).toBe('true'));
    expect(calls.some((c) => c.path.endsWith('/mark-all-as-read'))).toBe(true);
    expect((screen.getByTestId('mark-all-read') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a new notification as soon as the live event comes', async () => {
    renderList();
    await screen.findByTestId('notification-n1');
    server.unshift(note('n5', { type: 'GROUP_REQUEST', targetId: 'g1', targetName: 'Trail Runners' }));
    act(() => {
      for (const listener of live.listeners.get('notification') ?? []) listener();
    });
    expect((await screen.findByTestId('notification-n5')).textContent).toContain(
      'Anna Bianchi asks to join the group Trail Runners',
    );
  });
});
