import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPendingPassword, rememberPendingPassword } from '../../components/forms/session.ts';
import i18n from '../../i18n/index.ts';
import { useAuthStore } from '../../state/auth.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, stubApi } from '../../testing/api-stub.ts';
import ConfirmEmail from './ConfirmEmail.tsx';

function renderConfirm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: '/confirm-email', state: { email: 'ada@example.test' } }]}>
        <Routes>
          <Route path="/confirm-email" element={<ConfirmEmail />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Typing a whole code into the first box fills them all, as a keyboard's suggestion does. */
const typeCode = (code: string) => fireEvent.change(screen.getByTestId('code-digit-0'), { target: { value: code } });

beforeEach(() => {
  useAuthStore.setState({ jwt: null, completed: false });
  forgetPendingPassword();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConfirmEmail: the password is set when the inbox is proven', () => {
  it('sends the password typed at sign-up with the code', async () => {
    await i18n.changeLanguage('en');
    rememberPendingPassword('Trail#Run9x');
    const calls = stubApi(() => ({ json: { jwt: 'token', completed: false } }));
    renderConfirm();
    typeCode('123456');
    await waitFor(() => expect(calls.some((c) => c.path === 'auth/email/confirm-email')).toBe(true));
    expect(calls.find((c) => c.path === 'auth/email/confirm-email')?.body).toEqual({
      email: 'ada@example.test',
      code: '123456',
      password: 'Trail#Run9x',
    });
  });

  it.each([
    ['en', 'Someone signed up again with this address'],
    ['it', 'Qualcuno si è registrato di nuovo con questo indirizzo'],
  ])('asks for the password when the server needs it and the screen lost it (%s)', async (language, notice) => {
    await i18n.changeLanguage(language);
    const calls = stubApi((_path, body) =>
      (body as { password?: string }).password
        ? { json: { jwt: 'token', completed: false } }
        : refusal('PASSWORD_REQUIRED', 400),
    );
    renderConfirm();
    typeCode('123456');
    expect(await screen.findByTestId('confirm-password')).toBeTruthy();
    expect(screen.getByTestId('confirm-notice').textContent).toContain(notice);
    fireEvent.change(screen.getByTestId('confirm-password'), { target: { value: 'Trail#Run9x' } });
    fireEvent.click(screen.getByTestId('confirm-submit'));
    await waitFor(() => expect(useAuthStore.getState().jwt).toBe('token'));
    expect(calls.at(-1)?.body).toMatchObject({ password: 'Trail#Run9x' });
  });
});
