import { onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUERY_RETRIES } from '../contract.ts';
import i18n from '../i18n/index.ts';
import Chats from '../screens/Chats/Chats.tsx';
import Contacts from '../screens/Contacts/Contacts.tsx';
import Groups from '../screens/Groups/Groups.tsx';
import Home from '../screens/Home/Home.tsx';
import { keptHome } from '../screens/Home/lastHome.ts';
import { useSheetStore } from '../sheets/store.ts';
import { useAuthStore } from '../state/auth.ts';
import { emptyHomeFilters } from '../state/homeFilters.ts';
import { listenToConnection } from '../state/online.ts';
import { createQueryClient } from '../state/queryClient.ts';
import { emptyFilters, useUiStore } from '../state/ui.ts';
import { type StubAnswer, signedInInEnglish, stubApi } from '../testing/api-stub.ts';
import { anActivitySummary } from '../testing/fixtures.ts';
import { QueryState } from './QueryState.tsx';

// The app's one socket, faked: these screens only subscribe to it.
vi.mock('../chat/realtime.ts', () => ({
  realtimeLink: () => ({ on: () => () => {}, onResync: () => () => {} }),
}));

signedInInEnglish();
afterEach(() => {
  localStorage.clear();
  act(() => onlineManager.setOnline(true));
  useSheetStore.setState({ stack: [] });
  useUiStore.setState({ homeFilters: emptyHomeFilters });
});

const chat = {
  chatId: 'c1',
  type: 'ACTIVITY',
  name: 'Monte Rosa',
  picture: null,
  unreadCount: 0,
  closedAt: null,
  lastMessage: null,
};
const person = {
  userId: '01900000-0000-7000-8000-000000000001',
  username: 'runner1',
  firstName: 'Runner',
  lastName: 'One',
  profilePicture: null,
  lastOnlineAt: null,
  connection: 'CONTACT',
  sports: [],
  since: '2026-01-01T00:00:00.000Z',
};

/** Answers the calls these screens make; `overrides` win. Anything else is a 404 (never retried). */
function answers(overrides: Record<string, () => StubAnswer> = {}) {
  return stubApi((path, body) => {
    const own = overrides[path];
    if (own) return own();
    switch (path) {
      case 'chat/list-user-chats':
        return { json: { chats: [chat] } };
      case 'notification/check-new':
        return { json: { count: 0 } };
      case 'user/list-contacts':
        return { json: { contacts: (body as { status: string }).status === 'CONTACT' ? [person] : [] } };
      case 'sport/list-all':
        return { json: { sports: [] } };
      default:
        return { status: 404, json: { error: { code: 'NOT_FOUND', message: 'NOT_FOUND' } } };
    }
  });
}

function renderAt(path: string, client: QueryClient = createQueryClient(), extra?: ReactNode) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/home" element={<Home />} />
          <Route path="/chats" element={<Chats />} />
          <Route path="/contacts" element={<Contacts />} />
          <Route path="/groups" element={<Groups />} />
        </Routes>
        {extra}
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const goOffline = () => act(() => void window.dispatchEvent(new Event('offline')));
const goOnline = () => act(() => void window.dispatchEvent(new Event('online')));

describe('loading', () => {
  it('shows a skeleton, announced as loading, until the list arrives', async () => {
    answers();
    renderAt('/chats');
    const skeleton = screen.getByTestId('chats-loading');
    expect(skeleton.getAttribute('role')).toBe('status');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBe(skeleton);
    expect(skeleton.querySelectorAll('.skeleton-item').length).toBeGreaterThan(0);
    await screen.findByTestId('chat-list');
    expect(screen.queryByTestId('chats-loading')).toBeNull();
  });

  it('stands in for an activity or group page with a page-shaped skeleton, not a spinner', () => {
    const query = { data: undefined, error: null, isPending: true, isError: false, fetchStatus: 'fetching' as const };
    render(
      <QueryState query={{ ...query, refetch: async () => {} }} testPrefix="activity" skeleton="page">
        {() => null}
      </QueryState>,
    );
    const skeleton = screen.getByTestId('activity-loading');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBe(skeleton);
    expect(skeleton.querySelector('.skeleton-media')).not.toBeNull();
    expect(skeleton.querySelector('.spinner')).toBeNull();
  });
});

describe('errors', () => {
  it('gives up after the spec’s 3 retries with the error and a Retry button, which loads the list again', async () => {
    let healthy = false;
    const calls = answers({
      'chat/list-user-chats': () =>
        healthy ? { json: { chats: [chat] } } : { status: 500, json: { error: { code: 'INTERNAL', message: 'x' } } },
    });
    const client = createQueryClient();
    // The spec's retry count, without its 1 s, 2 s, 4 s waits.
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 0 } });
    renderAt('/chats', client);

    const error = await screen.findByTestId('chats-error');
    expect(error.textContent).toContain('The chats could not be loaded.');
    const listCalls = () => calls.filter((c) => c.path === 'chat/list-user-chats').length;
    expect(listCalls()).toBe(1 + QUERY_RETRIES);

    healthy = true;
    const retry = screen.getByTestId('chats-retry');
    expect(retry.textContent).toBe('Try again');
    fireEvent.click(retry);
    await screen.findByTestId('chat-list');
    expect(listCalls()).toBe(2 + QUERY_RETRIES);
    expect(screen.queryByTestId('chats-error')).toBeNull();
  });
});

describe('offline', () => {
  it('shows the banner on the offline event, keeps the loaded list, and hides the banner once online', async () => {
    answers();
    renderAt('/chats');
    await screen.findByTestId('chat-list');
    expect(screen.queryByTestId('offline-banner')).toBeNull();

    goOffline();
    expect(screen.getByTestId('offline-banner').textContent).toBe('You’re offline: showing what was loaded before');
    expect(screen.getByTestId('chat-list')).toBeTruthy();

    goOnline();
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });

  it('says so in Italian', async () => {
    await i18n.changeLanguage('it');
    answers();
    renderAt('/chats');
    goOffline();
    expect(screen.getByTestId('offline-banner').textContent).toBe('Sei offline: vedi quanto già caricato');
  });

  it('waits for the connection when nothing was loaded, then loads on the online event', async () => {
    const calls = answers();
    // The app's query client stays subscribed for its whole life, so the events are always heard.
    const stopListening = onlineManager.subscribe(() => {});
    goOffline();
    renderAt('/contacts');
    expect(await screen.findByTestId('contacts-offline')).toBeTruthy();
    expect(screen.getByTestId('offline-banner')).toBeTruthy();
    expect(calls.some((c) => c.path === 'user/list-contacts')).toBe(false);

    goOnline();
    await screen.findByTestId('contacts-list');
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    stopListening();
  });

  it('starts offline when the device says so, then follows the events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const setOnline = vi.fn();
    const stop = listenToConnection(setOnline);
    expect(setOnline).toHaveBeenLastCalledWith(false);
    window.dispatchEvent(new Event('online'));
    expect(setOnline).toHaveBeenLastCalledWith(true);
    stop();
    window.dispatchEvent(new Event('offline'));
    expect(setOnline).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});

describe('the home kept from last time', () => {
  const milano = { ...emptyHomeFilters, near: { latitude: 45.46, longitude: 9.19, radiusKm: 10, label: 'Milano' } };
  const cards = () =>
    [...screen.getByTestId('home-list').querySelectorAll('.activity-card-name')].map((name) => name.textContent);

  it('shows the last home at once, dimmed and announced as updating, until the new one comes', async () => {
    useUiStore.setState({ homeFilters: milano });
    let names = ['Resegone'];
    answers({
      'activity/nearby-activities': () => ({ json: { activities: names.map((name) => anActivitySummary({ name })) } }),
    });
    const first = renderAt('/home');
    await screen.findByTestId('home-list');
    first.unmount();

    // Opened again: no skeleton, last time's cards while the new answer is on its way.
    names = ['Grigna'];
    renderAt('/home');
    expect(screen.queryByTestId('home-loading')).toBeNull();
    expect(cards()).toEqual(['Resegone']);
    expect(screen.getByTestId('home-list').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByTestId('home-refreshing').textContent).toBe('Updating…');
    await waitFor(() => expect(cards()).toEqual(['Grigna']));
    expect(screen.getByTestId('home-list').getAttribute('aria-busy')).toBeNull();
  });

  it('is kept for its filters only, and logging out forgets it', async () => {
    useUiStore.setState({ homeFilters: milano });
    answers({
      'activity/nearby-activities': () => ({ json: { activities: [anActivitySummary({ name: 'Resegone' })] } }),
    });
    const shown = renderAt('/home');
    await screen.findByTestId('home-list');
    shown.unmount();
    expect(keptHome(milano)).not.toBeNull();
    expect(keptHome({ ...milano, sportIds: ['hiking'] })).toBeNull();
    useAuthStore.getState().logout();
    expect(keptHome(milano)).toBeNull();
  });
});

describe('empty states', () => {
  it('offers to create an activity, and to clear the filters when some are on', async () => {
    useUiStore.setState({
      homeFilters: { ...emptyHomeFilters, near: { latitude: 45.46, longitude: 9.19, radiusKm: 10, label: 'Milano' } },
    });
    answers({ 'activity/nearby-activities': () => ({ json: { activities: [] } }) });
    renderAt('/home');
    await screen.findByTestId('home-empty');

    fireEvent.click(screen.getByTestId('home-empty-create'));
    expect(useSheetStore.getState().stack.at(-1)).toMatchObject({ type: 'handle-activity', params: { step: 'info' } });

    fireEvent.click(screen.getByTestId('home-empty-clear'));
    expect(useUiStore.getState().homeFilters).toEqual(emptyHomeFilters);
  });

  it('says so on the map too', async () => {
    useUiStore.setState({
      homeFilters: { ...emptyHomeFilters, near: { latitude: 45.46, longitude: 9.19, radiusKm: 10, label: 'Milano' } },
    });
    answers({ 'activity/nearby-activities': () => ({ json: { activities: [] } }) });
    renderAt('/home');
    await screen.findByTestId('home-empty');
    fireEvent.click(screen.getByTestId('home-view-map'));
    expect(screen.getByTestId('home-map-empty').textContent).toBe('No activities nearby match your filters.');
  });

  it('sends an empty chat list to finding people, on the explore tab', async () => {
    answers({ 'chat/list-user-chats': () => ({ json: { chats: [] } }) });
    renderAt('/chats');
    const empty = await screen.findByTestId('chats-empty');
    fireEvent.click(screen.getByRole('button', { name: 'Find people' }));
    await waitFor(() => expect(screen.getByTestId('contacts-screen')).toBeTruthy());
    expect(screen.getByTestId('contacts-tab-explore').getAttribute('aria-selected')).toBe('true');
    expect(empty.isConnected).toBe(false);
  });

  it('offers to explore or create groups when I am in none', async () => {
    answers({
      'user/own-profile': () => ({ json: { user: { userId: person.userId } } }),
      'user/list-groups': () => ({ json: { groups: [] } }),
      'group/explore-groups': () => ({ json: { groups: [] } }),
    });
    renderAt('/groups');
    await screen.findByTestId('groups-empty');
    fireEvent.click(screen.getByTestId('groups-empty-create'));
    expect(useSheetStore.getState().stack.at(-1)).toMatchObject({ type: 'handle-group' });
    fireEvent.click(screen.getByTestId('groups-empty-explore'));
    expect(screen.getByTestId('groups-tab-explore').getAttribute('aria-selected')).toBe('true');
    await screen.findByTestId('groups-no-results');
  });

  it('sends empty requests to finding people, or invites friends', async () => {
    answers({ 'user/explore-contacts': () => ({ json: { users: [] } }) });
    renderAt('/contacts');
    fireEvent.click(await screen.findByTestId('contacts-tab-requests'));
    await screen.findByTestId('requests-empty');
    expect(screen.getByTestId('requests-invite').textContent).toBe('Invite friends');
    fireEvent.click(screen.getByTestId('requests-find-people'));
    expect(screen.getByTestId('contacts-tab-explore').getAttribute('aria-selected')).toBe('true');
    await screen.findByTestId('explore-empty');
  });

  it('offers to invite friends, or to search by name, when nobody is found', async () => {
    answers({ 'user/explore-contacts': () => ({ json: { users: [] } }) });
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, share: undefined, clipboard: { writeText } });
    renderAt('/contacts?tab=explore');
    await screen.findByTestId('explore-empty');
    fireEvent.click(screen.getByTestId('explore-search-by-name'));
    expect(document.activeElement).toBe(screen.getByTestId('contacts-search'));
    fireEvent.click(screen.getByRole('button', { name: 'Invite friends' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/`));
    vi.unstubAllGlobals();
  });

  it('offers to create a group, and to clear the filters when some are on, when no group is found', async () => {
    useUiStore.setState({ groupFilters: { near: null, sportIds: ['running'] } });
    answers({
      'user/own-profile': () => ({ json: { user: { userId: person.userId } } }),
      'group/explore-groups': () => ({ json: { groups: [] } }),
    });
    renderAt('/groups?tab=explore');
    await screen.findByTestId('groups-no-results');
    fireEvent.click(screen.getByTestId('groups-no-results-clear'));
    expect(useUiStore.getState().groupFilters).toEqual(emptyFilters);
    fireEvent.click(await screen.findByTestId('groups-no-results-create'));
    expect(useSheetStore.getState().stack.at(-1)).toMatchObject({ type: 'handle-group' });
    expect(screen.queryByTestId('groups-no-results-clear')).toBeNull();
  });
});
