import type { StravaConnection } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFeedbackStore } from '../../../components/feedback.ts';
import { useToastStore } from '../../../components/toast.ts';
import i18n from '../../../i18n/index.ts';
import { setLeaveFor } from '../../../screens/AuthCallback/sso.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { signedInInEnglish, stubCalls } from '../../../testing/api-stub.ts';
import { eventually } from '../../../testing/eventually.ts';
import type { SettingsSection } from '../../types.ts';
import { AccountContent } from '../AccountSheet.tsx';

signedInInEnglish();

const CONNECTED: StravaConnection = { configured: true, connected: true, connectedAt: '2026-03-12T09:30:00.000Z' };
const NOT_CONNECTED: StravaConnection = { configured: true, connected: false, connectedAt: null };

function openSettings(section?: SettingsSection) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AccountContent sheetKey={1} step="settings" section={section} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('Settings → Strava (issue 42)', () => {
  it('is not offered where the server has no Strava application', async () => {
    const calls = stubCalls({
      'strava/read-connection': () => ({ strava: { configured: false, connected: false, connectedAt: null } }),
    });
    openSettings('strava');
    await screen.findByTestId('settings-privacy-zones');
    await eventually(() => expect(calls.map((c) => c.path)).toContain('strava/read-connection'));
    await act(async () => {});
    expect(screen.queryByTestId('settings-strava')).toBeNull();
    expect(screen.queryByTestId('strava-setting')).toBeNull();
  });

  it('connects by leaving for Strava’s consent page, as single sign-on does', async () => {
    const left: string[] = [];
    setLeaveFor((url) => left.push(url));
    const calls = stubCalls({
      'strava/read-connection': () => ({ strava: NOT_CONNECTED }),
      'strava/connect': () => ({ authorizeUrl: 'https://www.strava.com/oauth/authorize?client_id=1&state=s' }),
    });
    openSettings();
    fireEvent.click(await screen.findByTestId('settings-strava'));
    const connect = await screen.findByTestId('strava-connect');
    expect(connect.textContent).toBe('Connect Strava');
    expect(screen.getByTestId('strava-setting').textContent).toContain('visible only to you');
    fireEvent.click(connect);
    await eventually(() => expect(left).toEqual(['https://www.strava.com/oauth/authorize?client_id=1&state=s']));
    expect(calls.filter((c) => c.path === 'strava/connect')).toHaveLength(1);
  });

  it('says since when it is connected and what it does; disconnecting says it deletes every Strava track', async () => {
    const calls = stubCalls({
      'strava/read-connection': () => ({ strava: CONNECTED }),
      'strava/disconnect': () => ({ strava: NOT_CONNECTED }),
    });
    // Back from Strava's consent page, the section is open on arrival.
    openSettings('strava');
    expect((await screen.findByTestId('strava-connected')).textContent).toBe('Connected since 12 March 2026');
    expect(screen.getByTestId('strava-setting').textContent).toContain(
      'New Strava activities that match an outing you took part in are added as your recording, visible only to you.',
    );
    fireEvent.click(screen.getByTestId('strava-disconnect'));
    await eventually(() =>
      expect(useFeedbackStore.getState().current).toMatchObject({
        title: 'Disconnect Strava?',
        description:
          'Cordata gives up its access to your Strava account and deletes every track that came from Strava.',
      }),
    );
    useFeedbackStore.getState().dismiss(true);
    await eventually(() => expect(calls.map((c) => c.path)).toContain('strava/disconnect'));
    expect((await screen.findByTestId('strava-connect')).textContent).toBe('Connect Strava');
    await eventually(() => expect(useToastStore.getState().current?.description).toBe('Strava is disconnected.'));
  });

  it('keeps the connection when the disconnection is cancelled, and reads in Italian', async () => {
    await i18n.changeLanguage('it');
    const calls = stubCalls({ 'strava/read-connection': () => ({ strava: CONNECTED }) });
    openSettings('strava');
    expect((await screen.findByTestId('strava-connected')).textContent).toBe('Collegato dal 12 marzo 2026');
    fireEvent.click(screen.getByTestId('strava-disconnect'));
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Scollegare Strava?'));
    useFeedbackStore.getState().dismiss(false);
    expect(calls.map((c) => c.path)).not.toContain('strava/disconnect');
  });
});
