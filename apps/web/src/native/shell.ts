import type { NotificationType } from '@cordata/contract';
import { NOTIFICATION_TAP_DELAY_MS } from '../contract.ts';
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

/** Where a notification of a type leads. */
export function notificationPath(type: NotificationType | string, targetId: string): string {
  if (type.startsWith('ACTIVITY_')) return `/view-activity/${targetId}`;
  if (type.startsWith('GROUP_')) return `/view-group/${targetId}`;
  if (type === 'NEW_CONTACT' || type === 'CONTACT_REQUEST') return `/profile/${targetId}`;
  if (type === 'SEND_MESSAGE') return `/chats?chat=${encodeURIComponent(targetId)}`;
  return '/notifications';
}

function pathFromNotification(data: Record<string, unknown>): string | null {
  if (typeof data.path === 'string' && data.path.startsWith('/')) return data.path;
  if (typeof data.type === 'string' && typeof data.targetId === 'string') {
    return notificationPath(data.type, data.targetId);
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
  const offTap = platform.onNotificationTap((data) => {
    const path = pathFromNotification(data);
    if (!path) return;
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
