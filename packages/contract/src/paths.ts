import type { NotificationType } from './common.ts';

// Warning, load-bearing: no zod here (type-only imports), so that the app's entry chunk can import
// this file through the './paths' subpath without pulling in the schemas.

/**
 * The app path a notification opens (a tap in the list or on a push): the activity, the group,
 * the person who asked or accepted, or the chat.
 */
export function notificationPath(n: { type: NotificationType; targetId: string; actorId?: string | null }): string {
  switch (n.type) {
    case 'ACTIVITY_INVITE':
    case 'ACTIVITY_EDIT':
    case 'ACTIVITY_ACCEPT':
    case 'ACTIVITY_REJECT':
    case 'ACTIVITY_REQUEST':
    case 'GEAR_UNCLAIMED':
    case 'CARPOOL_REQUEST':
    case 'CARPOOL_ACCEPTED':
    case 'ACTIVITY_REMINDER':
    case 'ACTIVITY_SEAT_OFFER':
    case 'ACTIVITY_LATE_LEAVE':
    case 'ACTIVITY_CANCELLED':
    case 'ACTIVITY_WEATHER_ALERT':
    case 'ACTIVITY_WEATHER_DECISION':
    case 'ACTIVITY_NOT_BACK':
    case 'ACTIVITY_RECAP_READY':
    case 'ACTIVITY_JOINED':
    case 'ACTIVITY_WAITLISTED':
    case 'ACTIVITY_SEAT_TAKEN':
      return `/view-activity/${n.targetId}`;
    case 'GROUP_INVITE':
    case 'GROUP_ACCEPT':
    case 'GROUP_REJECT':
    case 'GROUP_REQUEST':
    case 'GROUP_CONSENT_CHANGED':
      return `/view-group/${n.targetId}`;
    case 'POLL_ASKED':
    case 'POLL_REMINDER':
    case 'POLL_CLOSED':
      return `/poll/${n.targetId}`;
    case 'NEW_CONTACT':
    case 'CONTACT_REQUEST':
      return `/profile/${n.actorId ?? n.targetId}`;
    case 'SEND_MESSAGE':
      return `/chats?chat=${n.targetId}`;
  }
}

/** The public ICS feed of an open group (GET, no token): calendar apps subscribe to it. */
export const groupFeedPath = (product: string, groupId: string) =>
  `/api/space/${product}/calendar/groups/${groupId}.ics`;

/**
 * The app path a push's button opens: the notification's path with the answer chosen (`?weather=MOVE`), for the
 * weather alert's keep / move / switch to the backup route / cancel (docs/weather.md, "Push buttons").
 */
export const notificationActionPath = (path: string, action: string) => `${path}?weather=${encodeURIComponent(action)}`;

/**
 * The order of a weather alert's push buttons. Chrome shows only the first two, so the answers decided in one tap
 * (keep, cancel) come first; the body names every answer offered, and a tap on it opens them all.
 */
export const WEATHER_PUSH_ORDER = ['KEEP', 'CANCEL', 'SWITCH_BACKUP', 'MOVE'] as const;

/**
 * The iOS notification category (APNs `aps.category`) of a weather alert: the app registers both with their buttons
 * (apps/web/src/native/push.ts), the server names the one whose answers the alert offers.
 */
export const weatherAlertCategory = (choices: readonly string[]) =>
  choices.includes('SWITCH_BACKUP') ? 'WEATHER_ALERT_BACKUP' : 'WEATHER_ALERT';
