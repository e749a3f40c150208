import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { useUiStore } from '../../state/ui.ts';
import { Entry } from './Entry.tsx';

function renderEntry() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<Entry />} />
          {['/login', '/home', '/create-profile', '/sign-up', '/welcome'].map((p) => (
            <Route key={p} path={p} element={<p>{`at ${p}`}</p>} />
          ))}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const respond = (status: number, body: unknown, delayMs = 0) =>
  vi.fn(
    () =>
      new Promise<Response>((resolve) =>
        setTimeout(() => resolve(new Response(JSON.stringify(body), { status })), delayMs),
      ),
  );

// The call registry (zod and every schema) is slow to transform on a busy machine: not what is tested.

beforeEach(() => {
  useAuthStore.setState({ jwt: null, completed: false });
  useUiStore.setState({ hasSeenWelcome: false });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Entry (startup routing)', () => {
  it('goes to /welcome after a tap without a token, without loading the profile', async () => {
    const fetchMock = respond(200, {});
    vi.stubGlobal('fetch', fetchMock);
    renderEntry();
    fireEvent.click(screen.getByTestId('entry-screen'));
    expect(await screen.findByText('at /welcome')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes to /login when a tap comes before a 401 of the own profile', async () => {
    useAuthStore.setState({ jwt: 'expired', completed: true });
    vi.stubGlobal('fetch', respond(401, { error: { code: 'UNAUTHORIZED', message: 'x' } }, 50));
    renderEntry();
    fireEvent.click(screen.getByTestId('entry-screen'));
    expect(await screen.findByText('at /login', {}, { timeout: 5000 })).toBeTruthy();
    expect(useAuthStore.getState().jwt).toBeNull();
  });

  it('goes home with a completed profile', async () => {
    useAuthStore.setState({ jwt: 'ok', completed: true });
    vi.stubGlobal('fetch', respond(200, { user: { completed: true } }));
    renderEntry();
    fireEvent.click(screen.getByTestId('entry-screen'));
    expect(await screen.findByText('at /home', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('moves on by itself after 5 s', async () => {
    vi.useFakeTimers();
    useUiStore.setState({ hasSeenWelcome: true });
    vi.stubGlobal('fetch', respond(200, {}));
    renderEntry();
    await act(() => vi.advanceTimersByTimeAsync(4999));
    expect(screen.queryByText('at /sign-up')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByText('at /sign-up')).toBeTruthy();
    vi.useRealTimers();
  });
});
