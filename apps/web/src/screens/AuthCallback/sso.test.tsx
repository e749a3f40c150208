import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, stubApi } from '../../testing/api-stub.ts';
import Login from '../Login/Login.tsx';
import AuthCallback from './AuthCallback.tsx';
import { setLeaveFor } from './sso.ts';

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/auth/callback" element={<AuthCallback />} />
          <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const OPTIONS = { passwordSignIn: true, providers: [{ id: 'club', label: 'Alpine Club' }] };
let left: string[] = [];

beforeEach(() => {
  useAuthStore.setState({ jwt: null, completed: false });
  localStorage.clear();
  left = [];
  setLeaveFor((url) => left.push(url));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the entry screen with OpenID Connect providers', () => {
  it.each([
    ['en', 'Continue with Alpine Club'],
    ['it', 'Continua con Alpine Club'],
  ])(
    'offers each provider beside the password form (%s), and starts at it with the terms accepted',
    async (lang, text) => {
      await i18n.changeLanguage(lang);
      const calls = stubApi((path) => {
        if (path === 'auth/sign-in-options') return { json: OPTIONS };
        if (path === 'auth/oidc/start')
          return { json: { url: 'https://id.example.test/authorize?x=1', binding: 'b'.repeat(43) } };
        return refusal('NOT_FOUND', 404);
      });
      renderAt('/login');
      const button = await screen.findByTestId('sso-club');
      expect(button.textContent).toBe(text);
      expect(screen.getByTestId('login-email')).toBeTruthy();
      fireEvent.click(button);
      await waitFor(() => expect(left).toEqual(['https://id.example.test/authorize?x=1']));
      expect(calls.find((c) => c.path === 'auth/oidc/start')?.body).toEqual({
        provider: 'club',
        acceptTerms: true,
        acceptPrivacy: true,
        language: lang,
      });
      expect(JSON.parse(localStorage.getItem('cordata:sso-pending')!)).toEqual({
        intent: 'sign-in',
        provider: 'club',
        binding: 'b'.repeat(43),
      });
    },
  );

  it('OIDC-only: the password form is gone', async () => {
    await i18n.changeLanguage('en');
    stubApi(() => ({ json: { ...OPTIONS, passwordSignIn: false } }));
    renderAt('/login');
    await screen.findByTestId('sso-club');
    expect(screen.queryByTestId('login-email')).toBeNull();
    expect(screen.queryByTestId('login-submit')).toBeNull();
  });

  it('nothing configured: the screen as before', async () => {
    await i18n.changeLanguage('en');
    stubApi(() => ({ json: { passwordSignIn: true, providers: [] } }));
    renderAt('/login');
    expect(await screen.findByTestId('login-email')).toBeTruthy();
    expect(screen.queryByTestId('sso-providers')).toBeNull();
  });
});

describe('/auth/callback', () => {
  it('finishes the sign-in with the binding kept, and signs in', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem(
      'cordata:sso-pending',
      JSON.stringify({ intent: 'sign-in', provider: 'club', binding: 'b'.repeat(43) }),
    );
    const calls = stubApi(() => ({ json: { jwt: 'token', completed: false } }));
    renderAt('/auth/callback?code=the-code&state=the-state');
    await waitFor(() => expect(useAuthStore.getState().jwt).toBe('token'));
    expect(calls.find((c) => c.path === 'auth/oidc/finish')?.body).toEqual({
      code: 'the-code',
      state: 'the-state',
      binding: 'b'.repeat(43),
    });
    expect(localStorage.getItem('cordata:sso-pending')).toBeNull();
  });

  it('a callback this app did not start is refused without asking the server', async () => {
    await i18n.changeLanguage('it');
    const calls = stubApi(() => ({ json: {} }));
    renderAt('/auth/callback?code=c&state=s');
    expect((await screen.findByTestId('sso-failure')).textContent).toBe(
      'Questo accesso è scaduto o è già stato usato: ricomincia',
    );
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal (an unverified e-mail)", async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem(
      'cordata:sso-pending',
      JSON.stringify({ intent: 'sign-in', provider: 'club', binding: 'b'.repeat(43) }),
    );
    stubApi(() => refusal('OIDC_EMAIL_UNVERIFIED', 403));
    renderAt('/auth/callback?code=c&state=s');
    expect((await screen.findByTestId('sso-failure')).textContent).toMatch(/has not verified your e-mail/);
  });

  it('a sign-in cancelled at the provider', async () => {
    await i18n.changeLanguage('en');
    stubApi(() => ({ json: {} }));
    renderAt('/auth/callback?error=access_denied&state=s');
    expect((await screen.findByTestId('sso-failure')).textContent).toBe('The sign-in was cancelled at the provider.');
  });
});
