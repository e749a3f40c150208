import { api } from '../api/client.ts';
import { useUiStore } from '../state/ui.ts';
import type { Platform } from './platform.ts';
import { subscribeWebPush, webPushEnabled } from './webPush.ts';

/**
 * Registers this device for push once logged in (spec §4). A refusal or a failure sets
 * failedToRegisterNotifications, which the notifications settings explain.
 */
export async function registerPushToken(platform: Platform): Promise<boolean> {
  // In a browser, Web Push stands in for the native push, and only when the server has a VAPID key.
  const web = !platform.isNative;
  if (web && !webPushEnabled()) return false;
  const { setFailedToRegisterNotifications } = useUiStore.getState();
  try {
    const token = web ? await subscribeWebPush() : await platform.registerPush();
    await api('user/update-notification-token', {
      token,
      platform: web ? 'web' : platform.os === 'ios' ? 'ios' : 'android',
    });
    setFailedToRegisterNotifications(false);
    return true;
  } catch {
    setFailedToRegisterNotifications(true);
    return false;
  }
}
