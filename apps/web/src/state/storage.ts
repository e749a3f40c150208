import { createJSONStorage } from 'zustand/middleware';

/** Every key this app writes to localStorage starts with this prefix. */
export const STORAGE_PREFIX = 'cordata:';
export const storageKey = (name: string) => `${STORAGE_PREFIX}${name}`;
export const persistStorage = createJSONStorage(() => localStorage);

/** The new-activity draft kept across reloads (sheets/contents/activity/draft.ts); logging out removes it. */
export const ACTIVITY_DRAFT_KEY = storageKey('activity-draft');

/** The home list last shown, so the app opened again shows it at once while it refreshes; logging out removes it. */
export const LAST_HOME_KEY = storageKey('last-home');

/** This device's key for signing what is done without signal, one per person (offline/queue.ts). */
export const deviceKeyKey = (userId: string) => storageKey(`device-key:${userId}`);

/** Forgets every device key kept here: the next person to sign in on this device must not sign as the last one. */
export function forgetDeviceKeys() {
  if (typeof localStorage === 'undefined') return;
  const prefix = deviceKeyKey('');
  for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key);
}
