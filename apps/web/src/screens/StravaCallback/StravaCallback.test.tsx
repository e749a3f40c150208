import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFeedbackStore } from '../../components/feedback.ts';
import { useToastStore } from '../../components/toast.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { eventually } from '../../testing/eventually.ts';
import StravaCallback from './StravaCallback.tsx';

signedInInEnglish();
beforeEach(() => useSheetStore.setState({ stack: [] }));

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/strava/callback" element={<StravaCallback />} />
          <Route path="/home" element={<p data-testid="home">home</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Back on the home with Settings → Strava open. */
async function backInSettings() {
  await screen.findByTestId('home');
  expect(useSheetStore.getState().stack.map((s) => s.params)).toEqual([{ step: 'settings', section: 'strava' }]);
}

describe('/strava/callback (issue 42)', () => {
  it('finishes the connection with what Strava sent back, and says it is connected', async () => {
    const calls = stubCalls({
      'strava/finish': () => ({
        strava: { configured: true, connected: true, connectedAt: '2026-03-12T09:30:00.000Z' },
      }),
    });
    renderAt('/strava/callback?state=the-state&code=the-code&scope=read,activity:read_all');
    await backInSettings();
    expect(calls.find((c) => c.path === 'strava/finish')?.body).toEqual({
      code: 'the-code',
      state: 'the-state',
      scope: 'read,activity:read_all',
    });
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('Strava is connected.'));
  });

  it('says reading activities was not allowed, when cancelled at Strava or granted without it', async () => {
    const calls = stubCalls({ 'strava/finish': () => refusal('STRAVA_SCOPE_MISSING', 400) });
    const { unmount } = renderAt('/strava/callback?state=the-state&error=access_denied');
    await backInSettings();
    expect(useFeedbackStore.getState().current).toMatchObject({
      kind: 'error',
      description: 'Strava is not connected: you did not allow Cordata to read your activities.',
    });
    expect(calls).toEqual([]);
    unmount();

    useFeedbackStore.setState({ current: null });
    useSheetStore.setState({ stack: [] });
    renderAt('/strava/callback?state=s&code=c&scope=read');
    await backInSettings();
    await eventually(() =>
      expect(useFeedbackStore.getState().current?.description).toBe(
        'Strava is not connected: you did not allow Cordata to read your activities.',
      ),
    );
  });

  it('says the connection expired and to try again', async () => {
    stubCalls({ 'strava/finish': () => refusal('STRAVA_STATE_INVALID', 400) });
    renderAt('/strava/callback?state=old&code=c&scope=read,activity:read_all');
    await backInSettings();
    await eventually(() =>
      expect(useFeedbackStore.getState().current?.description).toBe('This Strava connection has expired: try again.'),
    );
  });
});
