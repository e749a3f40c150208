import { config } from '../config.ts';
import { SERVICE_WORKER_URL } from '../offline/serviceWorker.ts';

/** The VAPID key as the bytes PushManager wants (it comes base64url-encoded). */
export function vapidKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const base64 = (key + '='.repeat((4 - (key.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Whether this browser app should use Web Push: only when the server configured a VAPID key. */
export const webPushEnabled = () =>
  config.vapidPublicKey !== '' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Subscribes this browser through the small service worker; resolves with the subscription as JSON,
 * the token the server's Web Push channel takes. Rejects when refused or unsupported.
 */
export async function subscribeWebPush(): Promise<string> {
  if (!webPushEnabled() || typeof Notification === 'undefined') throw new Error('Web Push is not available');
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('Push permission denied');
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(config.vapidPublicKey),
    }));
  return JSON.stringify(subscription.toJSON());
}
