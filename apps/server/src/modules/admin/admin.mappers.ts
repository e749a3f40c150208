import type { AdminActivity, AdminGroup, AdminMessage, AdminReport, AdminUser, UserSummary } from '@cordata/contract';

/** Raw rows come back with snake_case names; times may be Date or text depending on the engine. */
export type Row = Record<string, unknown>;

export const iso = (value: unknown) => (value == null ? null : new Date(value as string | Date).toISOString());
const text = (value: unknown) => (value == null ? null : String(value));

/** The summary columns of a user joined under a prefix (`c_` gives c_id, c_username…). */
export const summaryColumns = (alias: string, prefix: string) =>
  `${alias}.id as ${prefix}id, ${alias}.username as ${prefix}username, ${alias}.first_name as ${prefix}first_name,
   ${alias}.last_name as ${prefix}last_name, ${alias}.profile_picture as ${prefix}profile_picture,
   ${alias}.last_online_at as ${prefix}last_online_at, ${alias}.deleted_at as ${prefix}deleted_at`;

export function toSummary(row: Row, prefix: string): UserSummary | null {
  if (row[`${prefix}id`] == null || row[`${prefix}deleted_at`] != null) return null;
  return {
    userId: String(row[`${prefix}id`]),
    username: text(row[`${prefix}username`]),
    firstName: text(row[`${prefix}first_name`]),
    lastName: text(row[`${prefix}last_name`]),
    profilePicture: text(row[`${prefix}profile_picture`]),
    lastOnlineAt: iso(row[`${prefix}last_online_at`]),
  };
}

export const toAdminUser = (row: Row): AdminUser => ({
  userId: String(row.id),
  username: text(row.username),
  firstName: text(row.first_name),
  lastName: text(row.last_name),
  profilePicture: text(row.profile_picture),
  lastOnlineAt: iso(row.last_online_at),
  email: String(row.email),
  role: row.role as AdminUser['role'],
  suspendedUntil: iso(row.suspended_until),
  suspensionReason: text(row.suspension_reason),
  deletedAt: iso(row.deleted_at),
  createdAt: iso(row.created_at)!,
  reportCount: Number(row.report_count ?? 0),
});

export const toAdminActivity = (row: Row): AdminActivity => ({
  activityId: String(row.id),
  name: String(row.name),
  description: text(row.description),
  sportId: String(row.sport_id),
  startsAt: iso(row.starts_at)!,
  visibility: row.visibility as AdminActivity['visibility'],
  creator: toSummary(row, 'c_'),
  participantCount: Number(row.participant_count ?? 0),
  reportCount: Number(row.report_count ?? 0),
  deletedAt: iso(row.deleted_at),
  createdAt: iso(row.created_at)!,
});

export const toAdminGroup = (row: Row): AdminGroup => ({
  groupId: String(row.id),
  name: String(row.name),
  description: String(row.description ?? ''),
  type: row.type as AdminGroup['type'],
  creator: toSummary(row, 'c_'),
  memberCount: Number(row.member_count ?? 0),
  reportCount: Number(row.report_count ?? 0),
  deletedAt: iso(row.deleted_at),
  createdAt: iso(row.created_at)!,
});

export const toAdminMessage = (row: Row): AdminMessage => ({
  messageId: String(row.id),
  sender: toSummary(row, 's_'),
  text: String(row.text ?? ''),
  createdAt: iso(row.created_at)!,
  removedAt: iso(row.removed_at),
});

export const toAdminReport = (row: Row): AdminReport => ({
  reportId: String(row.id),
  reporter: toSummary(row, 'r_'),
  reason: row.reason as AdminReport['reason'],
  details: text(row.details),
  status: row.status as AdminReport['status'],
  resolution: text(row.resolution),
  createdAt: iso(row.created_at)!,
});
