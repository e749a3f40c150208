import type { TFunction } from 'i18next';
import { api } from '../api/client.ts';
import { WEATHER_PUSH_ORDER, type WeatherChoice, weatherAlertCategory } from '../contract.ts';
import { useUiStore } from '../state/ui.ts';
import type { Platform, PushActionType } from './platform.ts';
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

/**
 * The weather alert's buttons on iOS, in the app's language: one category with the backup route, one without
 * (the server names the one the alert offers in aps.category), in the order Web Push uses.
 */
export function weatherAlertActionTypes(t: TFunction): PushActionType[] {
  const titles: Record<WeatherChoice, string> = {
    KEEP: t('activity.weather.keep'),
    CANCEL: t('activity.weather.cancel'),
    SWITCH_BACKUP: t('activity.weather.switchBackup'),
    MOVE: t('activity.weather.move'),
  };
  return [true, false].map((backup) => {
    const choices = WEATHER_PUSH_ORDER.filter((c) => backup || c !== 'SWITCH_BACKUP');
    return {
      id: weatherAlertCategory(choices),
      actions: choices.map((id) => ({ id, title: titles[id], ...(id === 'CANCEL' ? { destructive: true } : {}) })),
    };
  });
}

/** Registers the buttons of native pushes (again when the language changes); a failure only loses the buttons. */
export async function registerPushActions(platform: Platform, t: TFunction): Promise<void> {
  if (!platform.isNative) return;
  await platform.registerPushActions(weatherAlertActionTypes(t)).catch(() => {});
}
