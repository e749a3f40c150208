import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, Latitude, Longitude, UserSummary } from '../common.ts';
import { MAX_EMERGENCY_CONTACTS } from '../constants.ts';
import { SAFETY_WINDOW_STATES } from '../enums.ts';
import { Email, PlainText } from '../rules.ts';

export const SafetyWindowState = z.enum(SAFETY_WINDOW_STATES);
export type SafetyWindowState = z.infer<typeof SafetyWindowState>;

/** A person's last known position: where and when the phone fixed it. */
export const SafetyFix = z.object({ latitude: Latitude, longitude: Longitude, at: IsoDateTime });
export type SafetyFix = z.infer<typeof SafetyFix>;

export const SafetyPerson = z.object({
  user: UserSummary,
  isOrganiser: z.boolean(),
  /** When they tapped "I'm back" (or an organiser checked them in); null: not back yet. */
  backAt: IsoDateTime.nullable(),
  sharing: z.boolean(),
  /**
   * Their last known position: only while the caller shares too and the window is open, never between two people
   * when either has blocked the other, and trimmed of their privacy zones.
   */
  lastFix: SafetyFix.nullable(),
  /** The organisers and participants were told that this person is not back (the escalation's first step). */
  alertedAt: IsoDateTime.nullable(),
  /** This person's emergency contacts were e-mailed (the second step). */
  contactsMailedAt: IsoDateTime.nullable(),
});
export type SafetyPerson = z.infer<typeof SafetyPerson>;

export const ActivitySafety = z.object({
  activityId: Id,
  /** When the group plans to be back: the organiser's, else the end time. */
  plannedReturnAt: IsoDateTime,
  /** The organiser set it (false: it is the end time). */
  plannedReturnSet: z.boolean(),
  /** Sharing is possible from `opensAt` until `closesAt` (2 h after the planned return, or when all are back). */
  opensAt: IsoDateTime,
  closesAt: IsoDateTime,
  state: SafetyWindowState,
  allBackAt: IsoDateTime.nullable(),
  /** The caller's own state. */
  me: z.object({
    sharing: z.boolean(),
    economy: z.boolean(),
    backAt: IsoDateTime.nullable(),
    /** How many emergency contacts the caller has (the page invites to add some when none). */
    emergencyContacts: z.int(),
  }),
  /** Everyone taking part, the organisers first, the caller included. */
  people: z.array(SafetyPerson),
});
export type ActivitySafety = z.infer<typeof ActivitySafety>;

/** An emergency contact as sent (the address is checked and lowercased)… */
export const EmergencyContactInput = z.object({
  name: PlainText(80).min(1),
  email: Email,
});
/** …and as answered. */
export const EmergencyContact = z.object({
  name: z.string(),
  email: z.string(),
  /** The address confirmed it accepts: escalations mail only confirmed contacts (security review M-N2). */
  confirmed: z.boolean(),
});
export type EmergencyContact = z.infer<typeof EmergencyContact>;

const byActivity = z.object({ activityId: Id });
const safetyAnswer = z.object({ safety: ActivitySafety });

export const safetyCalls = {
  'activity/safety': defineCall({
    auth: true,
    summary:
      'The safety loop of an activity: its planned return, who is back, who shares and, while you share too, their last positions',
    body: byActivity,
    response: safetyAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN'],
  }),
  'activity/safety-set-return': defineCall({
    auth: true,
    summary: 'Admin: set when the group plans to be back (null: the end time)',
    body: byActivity.extend({ plannedReturnAt: IsoDateTime.nullable() }),
    response: safetyAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'RETURN_BEFORE_START'],
  }),
  'activity/safety-share': defineCall({
    auth: true,
    summary:
      'Start or stop sharing your live position with the others who share, during the activity window only (economy: every 5 min rather than 30 s)',
    body: byActivity.extend({ sharing: z.boolean(), economy: z.boolean().default(false) }),
    response: safetyAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'SAFETY_WINDOW_CLOSED'],
  }),
  'activity/safety-back': defineCall({
    auth: true,
    summary:
      'I\'m back (or, for an admin naming someone, they are back): stops the escalation for that person; "all back" ends sharing. back=false undoes it',
    body: byActivity.extend({ userId: Id.optional(), back: z.boolean().default(true) }),
    response: safetyAnswer,
    errors: ['ACTIVITY_NOT_FOUND', 'FORBIDDEN', 'USER_NOT_FOUND', 'SAFETY_NOT_STARTED'],
  }),
  'user/emergency-contacts': defineCall({
    auth: true,
    summary: 'Your emergency contacts (e-mailed if you are not back from an activity)',
    body: null,
    response: z.object({ contacts: z.array(EmergencyContact) }),
  }),
  'user/set-emergency-contacts': defineCall({
    auth: true,
    summary:
      'Replace your emergency contacts: up to 3, a name and an e-mail each, no account needed; each new address gets one mail to confirm it',
    body: z.object({ contacts: z.array(EmergencyContactInput).max(MAX_EMERGENCY_CONTACTS) }),
    response: z.object({ contacts: z.array(EmergencyContact) }),
    errors: ['EMERGENCY_CONTACT_DUPLICATE'],
  }),
  'user/delete-location-history': defineCall({
    auth: true,
    summary: 'Delete every position you shared, now (it goes by itself after 28 days)',
    body: null,
    response: z.object({ deleted: z.int() }),
  }),
};
