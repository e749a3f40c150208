import { api } from '../api/client.ts';
import { useUiStore } from '../state/ui.ts';
import type { Platform } from './platform.ts';

/**
 * Registers this device for push once logged in (spec §4). A refusal or a failure sets
 * failedToRegisterNotifications, which the notifications settings explain.
 */
export async function registerPushToken(platform: Platform): Promise<boolean> {
  if (!platform.isNative) return false;
  const { setFailedToRegisterNotifications } = useUiStore.getState();
  try {
    const token = await platform.registerPush();
    await api('user/update-notification-token', { token, platform: platform.os === 'ios' ? 'ios' : 'android' });
    setFailedToRegisterNotifications(false);
    return true;
  } catch {
    setFailedToRegisterNotifications(true);
    return false;
  }
}

/** Unregisters the device; must run while the session token still exists, i.e. before logout. */
export async function unregisterPushToken(platform: Platform): Promise<void> {
  if (!platform.isNative) return;
  await api('user/update-notification-token', { token: null }).catch(() => {});
}
