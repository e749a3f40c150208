import { z } from 'zod';
import { defineCall } from '../call.ts';
import {
  Gender,
  Id,
  IsoDateTime,
  LatLng,
  NotificationType,
  Ok,
  OptionalPagination,
  Place,
  SportId,
  UserSport,
  UserSummary,
} from '../common.ts';
import { ACTIVITY_PERIODS, CONNECTION_STATUSES, CONTACT_FILTERS, PUSH_PLATFORMS } from '../enums.ts';
import { OwnUser, ProfileFields } from './auth.ts';

export const ConnectionStatus = z.enum(CONNECTION_STATUSES);
export type ConnectionStatus = z.infer<typeof ConnectionStatus>;

/** What anyone signed in may see of another person: never e-mail, phone or birth date. */
export const PublicUser = UserSummary.extend({
  country: z.string().nullable(),
  city: z.string().nullable(),
  age: z.int().nullable(),
  gender: Gender.nullable(),
  sports: z.array(UserSport),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const Contact = UserSummary.extend({
  connection: ConnectionStatus,
  sports: z.array(UserSport),
  since: IsoDateTime,
});
export type Contact = z.infer<typeof Contact>;

export const ExploredUser = PublicUser.extend({
  connection: ConnectionStatus,
  sharedSports: z.array(SportId),
  distanceKm: z.number().nullable(),
});
export type ExploredUser = z.infer<typeof ExploredUser>;

/** Per notification type: whether it is pushed to the phone. */
export const NotificationPreferences = z.partialRecord(NotificationType, z.boolean());
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;

/** How long before an activity's start its participants are reminded, in minutes; 0 turns reminders off. */
export const REMINDER_MINUTES_CHOICES = [0, 30, 60, 120, 1440] as const;
export const DEFAULT_REMINDER_MINUTES = 120;
export const ReminderMinutes = z.literal(REMINDER_MINUTES_CHOICES);
export type ReminderMinutes = z.infer<typeof ReminderMinutes>;

const ActivityCard = z.object({
  activityId: Id,
  name: z.string(),
  sportId: SportId,
  startsAt: IsoDateTime,
  endsAt: IsoDateTime,
});
const GroupCard = z.object({ groupId: Id, name: z.string(), picture: z.string().nullable(), membersCount: z.int() });

const byUser = z.object({ userId: Id });

export const userCalls = {
  'user/block': defineCall({
    auth: true,
    summary:
      'Block a person: any contact or request between you ends; they no longer find you, and their requests reach nobody. They are not told',
    body: byUser,
    response: Ok,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  'user/unblock': defineCall({
    auth: true,
    summary: 'Unblock a person',
    body: byUser,
    response: Ok,
  }),
  'user/list-blocked': defineCall({
    auth: true,
    summary: 'The people I blocked, latest first',
    body: z.object({ pagination: OptionalPagination }),
    response: z.object({ users: z.array(UserSummary) }),
  }),
  'user/accept-connection': defineCall({
    auth: true,
    summary: 'Accept a contact request',
    body: byUser,
    response: z.object({ connection: ConnectionStatus }),
    errors: ['CONNECTION_NOT_FOUND', 'FORBIDDEN'],
  }),
  'user/delete-connection': defineCall({
    auth: true,
    summary: 'Remove a contact, cancel a sent request or decline a received one (no notification)',
    body: byUser,
    response: z.object({ connection: ConnectionStatus }),
    errors: ['CONNECTION_NOT_FOUND'],
  }),
  'user/explore-contacts': defineCall({
    auth: true,
    summary: 'Find workout partners by name, sport and nearness; shared sports rank first',
    body: z.object({
      query: z.string().trim().max(60).optional(),
      sportIds: z.array(SportId).max(30).optional(),
      near: LatLng.extend({ radiusKm: z.number().positive().max(500).optional() }).optional(),
      pagination: OptionalPagination,
    }),
    response: z.object({ users: z.array(ExploredUser) }),
  }),
  'user/profile': defineCall({
    auth: true,
    summary: "Another person's public profile and the connection with them",
    body: byUser,
    response: z.object({
      user: PublicUser,
      connection: ConnectionStatus,
      /** Whether I blocked this person. */
      blocked: z.boolean(),
    }),
    errors: ['USER_NOT_FOUND'],
  }),
  'user/list-activities': defineCall({
    auth: true,
    summary: "A person's activities that the caller may see",
    body: z.object({ userId: Id, when: z.enum(ACTIVITY_PERIODS).optional(), pagination: OptionalPagination }),
    response: z.object({ activities: z.array(ActivityCard) }),
  }),
  'user/list-contacts': defineCall({
    auth: true,
    summary: 'Own contacts, or requests received or sent',
    body: z.object({
      status: z.enum(CONTACT_FILTERS).optional(),
      query: z.string().trim().max(60).optional(),
      pagination: OptionalPagination,
    }),
    response: z.object({ contacts: z.array(Contact) }),
  }),
  'user/list-groups': defineCall({
    auth: true,
    summary: "A person's groups that the caller may see",
    body: z.object({ userId: Id, pagination: OptionalPagination }),
    response: z.object({ groups: z.array(GroupCard) }),
  }),
  'user/request-connection': defineCall({
    auth: true,
    summary: 'Send a contact request',
    body: byUser,
    response: z.object({ connection: ConnectionStatus }),
    errors: ['USER_NOT_FOUND', 'CONNECTION_EXISTS', 'FORBIDDEN'],
  }),
  'user/update-notification-preferences': defineCall({
    auth: true,
    summary: 'Turn push on or off per notification type; optionally set the activity reminder lead time',
    body: z.object({ preferences: NotificationPreferences, reminderMinutes: ReminderMinutes.optional() }),
    response: z.object({ preferences: NotificationPreferences, reminderMinutes: ReminderMinutes.optional() }),
  }),
  'user/update-notification-token': defineCall({
    auth: true,
    summary: 'Register the push token of this device; null unregisters it',
    body: z.object({
      token: z.string().min(1).max(4096).nullable(),
      platform: z.enum(PUSH_PLATFORMS).optional(),
    }),
    response: Ok,
    errors: ['PUSH_TOKEN_INVALID'],
  }),
  'user/update-profile': defineCall({
    auth: true,
    summary: 'Change profile fields (null clears the phone or the home place)',
    body: ProfileFields.partial().extend({
      phone: ProfileFields.shape.phone.unwrap().nullable().optional(),
      home: Place.nullable().optional(),
    }),
    response: z.object({ user: OwnUser }),
    errors: ['USERNAME_TAKEN', 'UPLOAD_INVALID', 'UPLOAD_NOT_FOUND'],
  }),
  'user/update-sports': defineCall({
    auth: true,
    summary: 'Replace the sports and their intensities',
    body: z.object({ sports: z.array(UserSport).min(1, 'Choose at least one sport').max(30) }),
    response: z.object({ sports: z.array(UserSport) }),
    errors: ['SPORT_NOT_FOUND'],
  }),
  'user/delete-account': defineCall({
    auth: true,
    summary:
      'Delete the account and its personal data; ends every session. Needs the password entered again in this session within 5 minutes (auth/reauthenticate).',
    body: null,
    response: Ok,
    errors: ['REAUTH_REQUIRED'],
  }),
  'user/own-notification-preferences': defineCall({
    auth: true,
    summary: 'Own push preferences per notification type, and the activity reminder lead time',
    body: null,
    response: z.object({ preferences: NotificationPreferences, reminderMinutes: ReminderMinutes.optional() }),
  }),
  'user/own-profile': defineCall({
    auth: true,
    summary: 'The signed-in user',
    body: null,
    response: z.object({ user: OwnUser }),
  }),
  'user/own-sports': defineCall({
    auth: true,
    summary: 'Own sports with intensity',
    body: null,
    response: z.object({ sports: z.array(UserSport) }),
  }),
  'user/last-online-at': defineCall({
    auth: true,
    summary: 'Record presence (the app calls it every 5 minutes)',
    body: null,
    response: z.object({ lastOnlineAt: IsoDateTime }),
  }),
};
