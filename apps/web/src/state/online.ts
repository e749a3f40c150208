import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * TanStack's online state, fed by the browser's online/offline events (a Capacitor WebView fires them
 * too) and, unlike TanStack's default, starting from `navigator.onLine`: an app opened offline pauses its
 * queries at once instead of failing them through every retry. While offline, queries pause and keep their
 * cached data; on `online` the query client (mounted by QueryClientProvider) resumes them and refetches
 * the stale ones. Warning, load-bearing: the offline banner reads the same state, so the two never disagree.
 */
export function listenToConnection(setOnline: (online: boolean) => void): () => void {
  if (typeof window === 'undefined' || !window.addEventListener) return () => {};
  const online = () => setOnline(true);
  const offline = () => setOnline(false);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) setOnline(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

onlineManager.setEventListener(listenToConnection);

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** Whether the device is online, as the query client sees it. */
export function useIsOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, isOnline);
}
