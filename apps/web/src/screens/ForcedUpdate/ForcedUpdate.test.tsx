import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { releaseSignedText } from '../../contract.ts';
import '../../i18n/index.ts';
import i18n from '../../i18n/index.ts';
import type { Updater } from '../../native/platform.ts';
import ForcedUpdate from './ForcedUpdate.tsx';

function fakeUpdater(download: Updater['download']): Updater {
  return { download: vi.fn(download), apply: vi.fn(async () => {}), ready: vi.fn(async () => {}) };
}

const SHA256 = 'a'.repeat(64);
const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
beforeEach(async () => {
  // The app is built with the release key, and the server's manifest of the newest bundle is signed with it.
  const secret = utils.randomSecretKey();
  vi.stubEnv('VITE_RELEASE_PUBLIC_KEY', base64(await getPublicKeyAsync(secret)));
  const signature = base64(await signAsync(new TextEncoder().encode(releaseSignedText('1.2.0', SHA256)), secret));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ version: '1.2.0', sha256: SHA256, signature }))),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('ForcedUpdate', () => {
  it('shows both versions, disables Update while downloading, then applies the bundle', async () => {
    await i18n.changeLanguage('en');
    let finish: (id: string) => void = () => {};
    const updater = fakeUpdater(
      (_url, _version, onProgress) =>
        new Promise((resolve) => {
          onProgress(40);
          finish = resolve;
        }),
    );
    render(<ForcedUpdate version="1.2.0" updater={updater} />);
    expect(screen.getByText('New version: 1.2.0')).toBeTruthy();
    expect(screen.getByText('Current version: 1.1.6')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(await screen.findByText('Downloading… 40%')).toBeTruthy();
    finish('bundle-7');
    await waitFor(() => expect(updater.apply).toHaveBeenCalledWith('bundle-7'));
    expect(vi.mocked(updater.download).mock.calls[0]?.[3]).toBe(SHA256);
  });

  it.each([
    ['en', 'Update', 'The download failed. Try again.'],
    ['it', 'Aggiorna', 'Il download non è riuscito. Riprova.'],
  ])(
    'shows the download error of spec §8 when the download fails, and allows a retry (%s)',
    async (language, button, text) => {
      await i18n.changeLanguage(language);
      const updater = fakeUpdater(() => Promise.reject(new Error('offline')));
      render(<ForcedUpdate version="1.2.0" updater={updater} />);
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect((await screen.findByRole('alert')).textContent).toBe(text);
      expect((screen.getByRole('button', { name: button }) as HTMLButtonElement).disabled).toBe(false);
      expect(screen.getByRole('link').getAttribute('href')).toMatch(/^mailto:/);
    },
  );

  it.each(['en', 'it'])('keeps the generic error for a failure after the download (%s)', async (language) => {
    await i18n.changeLanguage(language);
    const updater = fakeUpdater(async () => 'bundle-8');
    updater.apply = vi.fn(async () => {
      throw new Error('cannot set');
    });
    render(<ForcedUpdate version="1.2.0" updater={updater} />);
    fireEvent.click(screen.getByRole('button'));
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('update.error'));
    expect(i18n.t('update.error')).not.toBe(i18n.t('messages.downloadError'));
  });
});
