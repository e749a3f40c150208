import { showFeedback } from '../components/feedback.ts';
import i18n from '../i18n/index.ts';
import type { Platform } from '../native/platform.ts';
import { useAuthStore } from './auth.ts';
import { storageKey } from './storage.ts';
import { useUiStore } from './ui.ts';

/**
 * Whether the store service works: the persisted auth and UI stores can be written and read back.
 * Where it cannot (storage blocked, full, or the WebView's storage failed to start), the app could
 * neither keep a session nor its settings.
 */
export function storeServiceWorks(storage: () => Storage = () => localStorage): boolean {
  try {
    const store = storage();
    const probe = storageKey('store-check');
    store.setItem(probe, 'ok');
    const readBack = store.getItem(probe);
    store.removeItem(probe);
    return readBack === 'ok' && useAuthStore.persist.hasHydrated() && useUiStore.persist.hasHydrated();
  } catch {
    return false;
  }
}

/**
 * Spec §8: 'Store service initialization failed. Make sure you are logged in. The application will
 * be closed.' in the feedback modal; its button closes the app on a phone and reloads the page on the web.
 */
export function reportStoreServiceFailure(
  platform: Pick<Platform, 'isNative' | 'exitApp'>,
  reload = () => location.reload(),
) {
  showFeedback({
    kind: 'error',
    title: i18n.t('errorTitle'),
    description: i18n.t('messages.storeInitFailed'),
    onClose: () => (platform.isNative ? platform.exitApp() : reload()),
  });
}
