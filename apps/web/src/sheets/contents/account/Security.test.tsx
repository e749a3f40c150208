import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFeedbackStore } from '../../../components/feedback.ts';
import { setLeaveFor } from '../../../screens/AuthCallback/sso.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../../testing/api-stub.ts';
import { eventually } from '../../../testing/eventually.ts';
import { anOwnUser } from '../../../testing/fixtures.ts';
import { AccountContent } from '../AccountSheet.tsx';

signedInInEnglish();

function openSecurity(password: boolean) {
  stubCalls({
    'auth/list-sign-in-methods': () => ({
      password,
      identities: [
        { provider: 'club', label: 'Club login', email: 'ada@example.com', linkedAt: new Date().toISOString() },
      ],
    }),
    'auth/sign-in-options': () => ({ passwordSignIn: true, providers: [{ id: 'club', label: 'Club login' }] }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountContent sheetKey={1} step="security" />
    </QueryClientProvider>,
  );
}

describe('Settings → Security (issue 41)', () => {
  it('offers to change the password to someone who has one', async () => {
    openSecurity(true);
    expect(await screen.findByTestId('security-change-password')).toBeTruthy();
  });

  it('offers no password to change to someone who came in through a provider, and says how to set one', async () => {
    openSecurity(false);
    expect((await screen.findByTestId('method-password')).textContent).toContain('No password set');
    expect(screen.getByTestId('method-club').textContent).toContain('Club login');
    expect(screen.queryByTestId('security-change-password')).toBeNull();
  });
});

describe('deleting an account that has no password (issue 41)', () => {
  function openAccountSection(deleteAnswer: () => unknown) {
    const calls = stubCalls({
      'user/own-profile': () => ({ user: anOwnUser() }),
      'auth/list-sign-in-methods': () => ({
        password: false,
        identities: [{ provider: 'club', label: 'Club login', email: null, linkedAt: new Date().toISOString() }],
      }),
      'auth/oidc/link-start': () => ({ url: 'https://id.example.test/authorize?x=1', binding: 'b'.repeat(43) }),
      'user/delete-account': deleteAnswer as never,
    });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <AccountContent sheetKey={1} step="settings" section="account" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    return calls;
  }

  it('confirms it is them at the provider they linked, instead of asking a password they do not have', async () => {
    const left: string[] = [];
    setLeaveFor((url) => left.push(url));
    const calls = openAccountSection(() => ({ ok: true }));
    const button = await screen.findByTestId('settings-delete-reauth-club');
    expect(button.textContent).toBe('Continue with Club login');
    expect(screen.queryByTestId('settings-delete-password')).toBeNull();
    fireEvent.click(button);
    await eventually(() => expect(left).toEqual(['https://id.example.test/authorize?x=1']));
    expect(calls.find((c) => c.path === 'auth/oidc/link-start')?.body).toEqual({
      provider: 'club',
      purpose: 'reauthenticate',
    });
  });

  it('says to confirm first when the server asks for it', async () => {
    openAccountSection(() => refusal('REAUTH_REQUIRED', 403));
    await screen.findByTestId('settings-delete-reauth-club');
    fireEvent.click(screen.getByTestId('settings-delete-account'));
    await eventually(() => expect(useFeedbackStore.getState().current?.title).toBe('Delete your account?'));
    useFeedbackStore.getState().dismiss(true);
    await eventually(() =>
      expect(screen.getByTestId('settings-delete-reauth').textContent).toContain(
        'Confirm that it is you first, with the button above.',
      ),
    );
  });
});
