import type { NotificationType } from '@cordata/contract';
import {
  NOTIFICATION_TAP_DELAY_MS,
  notificationActionPath,
  notificationPath,
  WEATHER_CHOICES,
  type WeatherChoice,
} from '../contract.ts';
import type { Platform } from './platform.ts';

export interface ShellActions {
  navigate: (path: string) => void;
  goBack: () => void;
  /** Runs the top sheet's back action; false when no sheet is open. */
  closeTopSheet: () => boolean;
}

/** The path after the domain of an app link: https://cordata.app/view-activity/1?x=2 → /view-activity/1?x=2. */
export function pathFromAppUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}${u.hash}` || '/';
  } catch {
    return null;
  }
}

function pathFromNotification(data: Record<string, unknown>): string | null {
  if (typeof data.path === 'string' && data.path.startsWith('/')) return data.path;
  if (typeof data.type === 'string' && typeof data.targetId === 'string') {
    const actorId = typeof data.actorId === 'string' ? data.actorId : null;
    // The contract's switch has no path for a type this version does not know (a newer server's):
    // the list shows that one.
    return (
      notificationPath({ type: data.type as NotificationType, targetId: data.targetId, actorId }) ?? '/notifications'
    );
  }
  return null;
}

/** Wires the native behaviours of spec §2; returns the unsubscribe. */
export function installNativeShell(platform: Platform, actions: ShellActions): () => void {
  const offBack = platform.onBackButton(({ canGoBack }) => {
    if (!canGoBack) {
      platform.exitApp();
      return;
    }
    // iOS has no hardware back button; its back gesture is the swipe.
    if (platform.os === 'ios') return;
    if (!actions.closeTopSheet()) actions.goBack();
  });
  const offUrl = platform.onAppUrlOpen((url) => {
    const path = pathFromAppUrl(url);
    if (path) actions.navigate(path);
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const offTap = platform.onNotificationTap((data, action) => {
    const target = pathFromNotification(data);
    if (!target) return;
    // A weather alert's button opens the activity with that answer chosen, for the organiser to confirm.
    const choice = WEATHER_CHOICES.includes(action as WeatherChoice) && data.type === 'ACTIVITY_WEATHER_ALERT';
    const path = choice ? notificationActionPath(target, action!) : target;
    const timer = setTimeout(() => {
      timers.delete(timer);
      actions.navigate(path);
    }, NOTIFICATION_TAP_DELAY_MS);
    timers.add(timer);
  });
  return () => {
    offBack();
    offUrl();
    offTap();
    for (const t of timers) clearTimeout(t);
  };
}
