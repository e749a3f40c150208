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
