import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import i18n from '../../i18n/index.ts';
import type { Updater } from '../../native/platform.ts';
import ForcedUpdate from './ForcedUpdate.tsx';

function fakeUpdater(download: Updater['download']): Updater {
  return { download, apply: vi.fn(async () => {}), ready: vi.fn(async () => {}) };
}

afterEach(cleanup);

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
    expect(screen.getByText('Downloading… 40%')).toBeTruthy();
    finish('bundle-7');
    await waitFor(() => expect(updater.apply).toHaveBeenCalledWith('bundle-7'));
  });

  it('shows the generic error when the download fails, and allows a retry', async () => {
    const updater = fakeUpdater(() => Promise.reject(new Error('offline')));
    render(<ForcedUpdate version="1.2.0" updater={updater} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Having trouble? Contact support').getAttribute('href')).toMatch(/^mailto:/);
  });
});
