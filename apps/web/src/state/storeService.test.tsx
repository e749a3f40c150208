import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackModal } from '../components/FeedbackModal.tsx';
import { useFeedbackStore } from '../components/feedback.ts';
import i18n from '../i18n/index.ts';
import { createFakePlatform, webPlatform } from '../native/platform.ts';
import { reportStoreServiceFailure, storeServiceWorks } from './storeService.ts';

afterEach(() => {
  cleanup();
  useFeedbackStore.setState({ current: null });
});

const broken = (): Storage => {
  throw new DOMException('The operation is insecure.', 'SecurityError');
};
const full = () =>
  ({
    setItem: () => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    },
    getItem: () => null,
    removeItem: () => {},
  }) as unknown as Storage;

describe('the store service (spec §8)', () => {
  it('works with a storage that writes and reads back, and not when it cannot start or write', () => {
    expect(storeServiceWorks()).toBe(true);
    expect(storeServiceWorks(broken)).toBe(false);
    expect(storeServiceWorks(full)).toBe(false);
  });

  it.each([
    ['en', 'Store service initialization failed. Make sure you are logged in. The application will be closed.'],
    ['it', i18n.getResource('it', 'translation', 'messages.storeInitFailed') as string],
  ])('says so in the feedback modal and closes the app on a phone (%s)', async (language, text) => {
    await i18n.changeLanguage(language);
    const { platform, calls } = createFakePlatform('android');
    render(<FeedbackModal />);
    reportStoreServiceFailure(platform);
    expect((await screen.findByText(text)).textContent).toBe(text);
    fireEvent.click(screen.getByRole('button'));
    expect(calls.exits).toBe(1);
  });

  it('reloads the page on the web', async () => {
    await i18n.changeLanguage('en');
    const reload = vi.fn();
    render(<FeedbackModal />);
    reportStoreServiceFailure(webPlatform, reload);
    fireEvent.click(await screen.findByRole('button'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
