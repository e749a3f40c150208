/**
 * The app's one service worker (public/sw.js): Web Push, and the app shell kept for opening offline (issue 38,
 * docs/offline.md "On the device"). One worker per scope, so both live in it.
 */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers it in the browser app's built version, so the app opens with no network. Not in the phone app (its shell
 * is on the device already) nor in development (vite serves unhashed modules).
 */
export function registerServiceWorker(isNative: boolean) {
  if (isNative || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
