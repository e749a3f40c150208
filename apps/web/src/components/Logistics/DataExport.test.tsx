import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n/index.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubCalls } from '../../testing/api-stub.ts';
import { DataExport } from './DataExport.tsx';

const PENDING = {
  exportId: '01900000-0000-7000-8000-0000000000e1',
  status: 'PENDING' as const,
  requestedAt: '2026-11-28T03:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  downloadUrl: null,
};

/** The export screen against a server that knows `password` (or no password at all), and the calls it made. */
function show(password: string | null) {
  const calls = stubCalls({
    'auth/list-sign-in-methods': () => ({
      password: password !== null,
      identities:
        password === null
          ? [{ provider: 'club', label: 'Alpine Club', email: null, linkedAt: PENDING.requestedAt }]
          : [],
    }),
    'export/latest': () => ({ export: null }),
    'auth/reauthenticate': (body) => (body.password === password ? { ok: true } : refusal('INVALID_CREDENTIALS', 401)),
    'export/request': () => ({ export: PENDING }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DataExport />
    </QueryClientProvider>,
  );
  return calls;
}

const prepare = (password: string) => {
  fireEvent.change(screen.getByTestId('export-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('export-request'));
};

signedInInEnglish();

describe('the data export screen (review L-N3: the password entered again)', () => {
  it('re-authenticates with the password, then asks for the export', async () => {
    const calls = show('Trail#Run9x');
    prepare('Trail#Run9x');
    await screen.findByTestId('export-pending');
    expect(calls.map((c) => c.path).filter((p) => p !== 'export/latest' && p !== 'auth/list-sign-in-methods')).toEqual([
      'auth/reauthenticate',
      'export/request',
    ]);
    expect(calls.find((c) => c.path === 'auth/reauthenticate')?.body).toEqual({ password: 'Trail#Run9x' });
  });

  it('asks for the password first, and says when it is wrong, without asking for the export', async () => {
    const calls = show('Trail#Run9x');
    fireEvent.click(screen.getByTestId('export-request'));
    expect(await screen.findByText('Enter your password to prepare the export')).toBeTruthy();
    prepare('wrong');
    expect(await screen.findByText('The password is not right')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('export/request');
  });

  it('asks someone without a password to confirm at their provider instead (issue 41)', async () => {
    const calls = show(null);
    expect((await screen.findByTestId('export-reauth-club')).textContent).toBe('Continue with Alpine Club');
    expect(screen.queryByTestId('export-password')).toBeNull();
    // Back from the provider within the five minutes: the export is asked for with no password.
    fireEvent.click(screen.getByTestId('export-request'));
    await screen.findByTestId('export-pending');
    expect(calls.map((c) => c.path)).not.toContain('auth/reauthenticate');
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    show('Trail#Run9x');
    fireEvent.click(screen.getByTestId('export-request'));
    await waitFor(() => expect(screen.getByText('Inserisci la password per preparare l’esportazione')).toBeTruthy());
    expect(screen.getByText('La tua password, per preparare l’esportazione')).toBeTruthy();
  });
});
