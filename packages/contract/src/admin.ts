import { z } from 'zod';
import type { CallDef } from './call.ts';
import { Visibility } from './calls/activity.ts';
import { GroupType } from './calls/group.ts';
import { ReportReason, ReportTargetType } from './calls/misc.ts';
import { Day, Id, IntensityKind, IsoDateTime, Ok, Pagination, Role, SportId, UserSummary } from './common.ts';
import {
  REASON_LENGTH,
  REPORT_ACTIONS,
  REPORT_FILTERS,
  REPORT_STATUSES,
  SPORT_DELETE_OUTCOMES,
  SPORT_NAME_LENGTH,
} from './enums.ts';

/** Who may make an admin call: moderators (and admins), or admins only. */
export type AdminCallRole = 'MODERATOR' | 'ADMIN';
export interface AdminCallDef<B extends z.ZodType | null = z.ZodType | null, R extends z.ZodType = z.ZodType>
  extends CallDef<B, R, true> {
  role: AdminCallRole;
}
const defineAdminCall = <B extends z.ZodType | null, R extends z.ZodType>(def: Omit<AdminCallDef<B, R>, 'auth'>) =>
  ({ ...def, auth: true as const }) satisfies AdminCallDef<B, R>;

/** A moderator suspends for up to this many days; longer suspensions are an admin's decision. */
export const MODERATOR_MAX_SUSPENSION_DAYS = 30;
export const ADMIN_MAX_SUSPENSION_DAYS = 3650;
/** The figures cover at most this many days at once. */
export const FIGURES_MAX_DAYS = 366;

/** Why an action was taken: required on every action, and written to the audit log. */
const Reason = z.string().trim().min(REASON_LENGTH.min).max(REASON_LENGTH.max);
const Query = z.string().trim().max(100).optional();
const page = { pagination: Pagination.default({ page: 1, limit: 20 }) };

export const AdminUser = UserSummary.extend({
  email: z.string(),
  role: Role,
  suspendedUntil: IsoDateTime.nullable(),
  suspensionReason: z.string().nullable(),
  deletedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
  reportCount: z.int(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminActivity = z.object({
  activityId: Id,
  name: z.string(),
  description: z.string().nullable(),
  sportId: SportId,
  startsAt: IsoDateTime,
  visibility: Visibility,
  creator: UserSummary.nullable(),
  participantCount: z.int(),
  reportCount: z.int(),
  deletedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type AdminActivity = z.infer<typeof AdminActivity>;

export const AdminGroup = z.object({
  groupId: Id,
  name: z.string(),
  description: z.string(),
  type: GroupType,
  creator: UserSummary.nullable(),
  memberCount: z.int(),
  reportCount: z.int(),
  deletedAt: IsoDateTime.nullable(),
  createdAt: IsoDateTime,
});
export type AdminGroup = z.infer<typeof AdminGroup>;

export const AdminMessage = z.object({
  messageId: Id,
  sender: UserSummary.nullable(),
  text: z.string(),
  createdAt: IsoDateTime,
  removedAt: IsoDateTime.nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessage>;

export const AdminReport = z.object({
  reportId: Id,
  reporter: UserSummary.nullable(),
  reason: ReportReason,
  details: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolution: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type AdminReport = z.infer<typeof AdminReport>;

/** A report a person made, with what it was about. */
export const AdminReportMade = AdminReport.extend({ targetType: ReportTargetType, targetId: Id });
export type AdminReportMade = z.infer<typeof AdminReportMade>;

/** The reported content as the moderator needs to judge it. */
export const ReportContext = z.object({
  user: AdminUser.optional(),
  activity: AdminActivity.optional(),
  group: AdminGroup.optional(),
  /** The message with the five before and after it in its chat. */
  message: AdminMessage.extend({ chatId: Id, before: z.array(AdminMessage), after: z.array(AdminMessage) }).optional(),
  /** Whose content it is: the person a suspension or deletion would apply to. */
  owner: UserSummary.nullable(),
});
export type ReportContext = z.infer<typeof ReportContext>;

export const ReportedTarget = z.object({
  targetType: ReportTargetType,
  targetId: Id,
  openCount: z.int(),
  reportCount: z.int(),
  lastReportedAt: IsoDateTime,
  reports: z.array(AdminReport),
  context: ReportContext.nullable(),
});
export type ReportedTarget = z.infer<typeof ReportedTarget>;

export const ReportAction = z.enum(REPORT_ACTIONS);
export type ReportAction = z.infer<typeof ReportAction>;

export const AdminSport = z.object({
  sportId: SportId,
  /** German, French and Spanish are null when an operator left them empty: the app shows the English name. */
  names: z.object({
    en: z.string(),
    it: z.string(),
    de: z.string().nullable(),
    fr: z.string().nullable(),
    es: z.string().nullable(),
  }),
  icon: z.string(),
  intensityKinds: z.array(IntensityKind),
  retiredAt: IsoDateTime.nullable(),
  usage: z.object({ users: z.int(), activities: z.int() }),
});
export type AdminSport = z.infer<typeof AdminSport>;

const SportName = z.string().trim().min(SPORT_NAME_LENGTH.min).max(SPORT_NAME_LENGTH.max);
const SportFields = z.object({
  /**
   * All the sport's names at once (an update replaces them all): English and Italian are required; a language left
   * out has no name of its own, and the app shows the English one.
   */
  names: z.object({
    en: SportName,
    it: SportName,
    de: SportName.optional(),
    fr: SportName.optional(),
    es: SportName.optional(),
  }),
  icon: z.string().trim().min(1).max(40),
  intensityKinds: z.array(IntensityKind).min(1).max(4),
});

export const AuditEntry = z.object({
  auditId: Id,
  actor: UserSummary.nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: IsoDateTime,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const FiguresDay = z.object({
  date: Day,
  signUps: z.int(),
  activeUsers: z.int(),
  activitiesCreated: z.int(),
  messagesSent: z.int(),
});

const UserTarget = z.object({ userId: Id });
const ActivityTarget = z.object({ activityId: Id });
const GroupTarget = z.object({ groupId: Id });

/** The admin API: POST calls under /api/space/{product}/admin, each with the least role it needs. */
export const adminCalls = {
  'me/get': defineAdminCall({
    role: 'MODERATOR',
    summary: 'The signed-in operator (moderators and admins only)',
    body: null,
    response: z.object({ user: AdminUser }),
  }),

  'reports/list': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Reported targets, most reported first, each with its reports and the content in context',
    body: z.object({ status: z.enum(REPORT_FILTERS).default('OPEN'), ...page }),
    response: z.object({ targets: z.array(ReportedTarget) }),
  }),
  'reports/resolve': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Act on a reported target, closing every open report on it (deleting the account is for admins)',
    body: z.object({
      targetType: ReportTargetType,
      targetId: Id,
      action: ReportAction,
      reason: Reason,
      /** For SUSPEND_USER. */
      days: z.int().min(1).max(ADMIN_MAX_SUSPENSION_DAYS).optional(),
    }),
    response: z.object({ closed: z.int() }),
    errors: ['REPORT_NOT_FOUND', 'FORBIDDEN'],
  }),

  'users/search': defineAdminCall({
    role: 'MODERATOR',
    summary: 'People by name, username or e-mail, optionally by role or suspended',
    body: z.object({ query: Query, role: Role.optional(), suspended: z.boolean().optional(), ...page }),
    response: z.object({ users: z.array(AdminUser) }),
  }),
  'users/get': defineAdminCall({
    role: 'MODERATOR',
    summary: 'One person with the reports about them and by them, and what they created, joined and wrote',
    body: UserTarget,
    response: z.object({
      user: AdminUser,
      lastOnlineAt: IsoDateTime.nullable(),
      /** The profile fields an operator needs to judge an account (not the birth date or phone). */
      profile: z.object({
        city: z.string().nullable(),
        country: z.string().nullable(),
        language: z.string().nullable(),
        emailConfirmed: z.boolean(),
        completed: z.boolean(),
      }),
      counts: z.object({
        activitiesCreated: z.int(),
        activitiesJoined: z.int(),
        groups: z.int(),
        /** Text messages they sent. */
        messages: z.int(),
      }),
      /** Reports about them, the open ones first (at most 100). */
      reports: z.array(AdminReport),
      /** Reports they made, newest first (at most 100). */
      reportsMade: z.array(AdminReportMade),
    }),
    errors: ['USER_NOT_FOUND'],
  }),
  'users/suspend': defineAdminCall({
    role: 'MODERATOR',
    summary: `Suspend for a number of days (moderators up to ${MODERATOR_MAX_SUSPENSION_DAYS}); every session ends`,
    body: UserTarget.extend({ days: z.int().min(1).max(ADMIN_MAX_SUSPENSION_DAYS), reason: Reason }),
    response: z.object({ user: AdminUser }),
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  'users/reinstate': defineAdminCall({
    role: 'MODERATOR',
    summary: 'End a suspension',
    body: UserTarget.extend({ reason: Reason }),
    response: z.object({ user: AdminUser }),
    errors: ['USER_NOT_FOUND'],
  }),
  'users/delete': defineAdminCall({
    role: 'ADMIN',
    summary: 'Delete an account as if its owner had (admins only)',
    body: UserTarget.extend({ reason: Reason }),
    response: Ok,
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),
  'users/set-role': defineAdminCall({
    role: 'ADMIN',
    summary: 'Make someone a user, moderator or admin (admins only; not oneself)',
    body: UserTarget.extend({ role: Role, reason: Reason }),
    response: z.object({ user: AdminUser }),
    errors: ['USER_NOT_FOUND', 'FORBIDDEN'],
  }),

  'activities/search': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Activities by name, newest first, removed ones included',
    body: z.object({ query: Query, ...page }),
    response: z.object({ activities: z.array(AdminActivity) }),
  }),
  'activities/get': defineAdminCall({
    role: 'MODERATOR',
    summary: 'One activity with its admins and its reports',
    body: ActivityTarget,
    response: z.object({ activity: AdminActivity, admins: z.array(UserSummary), reports: z.array(AdminReport) }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  'activities/remove': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Remove an activity (hidden everywhere, its chat closed)',
    body: ActivityTarget.extend({ reason: Reason }),
    response: z.object({ activity: AdminActivity }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),
  'activities/restore': defineAdminCall({
    role: 'ADMIN',
    summary: 'Bring back a removed activity (its chat stays closed)',
    body: ActivityTarget.extend({ reason: Reason }),
    response: z.object({ activity: AdminActivity }),
    errors: ['ACTIVITY_NOT_FOUND'],
  }),

  'groups/search': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Groups by name, newest first, removed ones included',
    body: z.object({ query: Query, ...page }),
    response: z.object({ groups: z.array(AdminGroup) }),
  }),
  'groups/get': defineAdminCall({
    role: 'MODERATOR',
    summary: 'One group with its admins and its reports',
    body: GroupTarget,
    response: z.object({ group: AdminGroup, admins: z.array(UserSummary), reports: z.array(AdminReport) }),
    errors: ['GROUP_NOT_FOUND'],
  }),
  'groups/remove': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Remove a group (hidden everywhere, its chat closed)',
    body: GroupTarget.extend({ reason: Reason }),
    response: z.object({ group: AdminGroup }),
    errors: ['GROUP_NOT_FOUND'],
  }),
  'groups/restore': defineAdminCall({
    role: 'ADMIN',
    summary: 'Bring back a removed group (its chat stays closed)',
    body: GroupTarget.extend({ reason: Reason }),
    response: z.object({ group: AdminGroup }),
    errors: ['GROUP_NOT_FOUND'],
  }),

  'sports/list': defineAdminCall({
    role: 'MODERATOR',
    summary: 'Every sport, retired ones included, with how much each is used',
    body: null,
    response: z.object({ sports: z.array(AdminSport) }),
  }),
  'sports/create': defineAdminCall({
    role: 'ADMIN',
    summary: 'Add a sport',
    body: SportFields.extend({ sportId: SportId }),
    response: z.object({ sport: AdminSport }),
    errors: ['SPORT_EXISTS'],
  }),
  'sports/update': defineAdminCall({
    role: 'ADMIN',
    summary: 'Rename a sport, change its icon or intensity kinds, retire it or bring it back',
    body: SportFields.partial().extend({ sportId: SportId, retired: z.boolean().optional() }),
    response: z.object({ sport: AdminSport }),
    errors: ['SPORT_NOT_FOUND'],
  }),
  'sports/delete': defineAdminCall({
    role: 'ADMIN',
    summary: 'Delete an unused sport; a sport in use is retired instead',
    body: z.object({ sportId: SportId }),
    response: z.object({ outcome: z.enum(SPORT_DELETE_OUTCOMES) }),
    errors: ['SPORT_NOT_FOUND'],
  }),

  'figures/get': defineAdminCall({
    role: 'MODERATOR',
    summary: `Per day sign-ups, active users, activities and messages (default the last 30 days, at most ${FIGURES_MAX_DAYS}), and open reports`,
    body: z.object({ from: Day.optional(), to: Day.optional() }),
    response: z.object({ from: Day, to: Day, days: z.array(FiguresDay), openReports: z.int() }),
  }),

  'audit/list': defineAdminCall({
    role: 'ADMIN',
    summary: 'The audit log, newest first (admins only)',
    body: z.object({ actorId: Id.optional(), targetId: z.string().max(100).optional(), ...page }),
    response: z.object({ entries: z.array(AuditEntry) }),
  }),
} satisfies Record<string, AdminCallDef>;

export type AdminCalls = typeof adminCalls;
export type AdminCallName = keyof AdminCalls;
export const adminCallNames = Object.keys(adminCalls) as AdminCallName[];
type AdminBodyOf<K extends AdminCallName> = AdminCalls[K]['body'];
export type AdminCallInput<K extends AdminCallName> =
  AdminBodyOf<K> extends z.ZodType ? z.input<AdminBodyOf<K>> : undefined;
export type AdminCallBody<K extends AdminCallName> =
  AdminBodyOf<K> extends z.ZodType ? z.output<AdminBodyOf<K>> : undefined;
export type AdminCallResponse<K extends AdminCallName> = z.output<AdminCalls[K]['response']>;
