import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, NotificationType, Ok, OptionalPagination, UserSummary } from '../common.ts';

export const Notification = z.object({
  notificationId: Id,
  type: NotificationType,
  targetId: Id,
  actor: UserSummary.nullable(),
  /** The name of the activity, group or chat the notification is about, when it still exists. */
  targetName: z.string().nullable(),
  reason: z.string().nullable(),
  read: z.boolean(),
  createdAt: IsoDateTime,
});
export type Notification = z.infer<typeof Notification>;

export const notificationCalls = {
  'notification/check-new': defineCall({
    auth: true,
    summary: 'How many notifications are unread',
    body: null,
    response: z.object({ count: z.int() }),
  }),
  'notification/list-by-user': defineCall({
    auth: true,
    summary: 'My notifications, newest first',
    body: z.object({ pagination: OptionalPagination }),
    response: z.object({ notifications: z.array(Notification) }),
  }),
  'notification/mark-all-as-read': defineCall({
    auth: true,
    summary: 'Mark all my notifications read',
    body: null,
    response: Ok,
  }),
  'notification/mark-some-as-read': defineCall({
    auth: true,
    summary: 'Mark some of my notifications read',
    body: z.object({ notificationIds: z.array(Id).min(1).max(200) }),
    response: Ok,
  }),
};

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
      return `/view-activity/${n.targetId}`;
    case 'GROUP_INVITE':
    case 'GROUP_ACCEPT':
    case 'GROUP_REJECT':
    case 'GROUP_REQUEST':
      return `/view-group/${n.targetId}`;
    case 'NEW_CONTACT':
    case 'CONTACT_REQUEST':
      return `/profile/${n.actorId ?? n.targetId}`;
    case 'SEND_MESSAGE':
      return `/chats?chat=${n.targetId}`;
  }
}
