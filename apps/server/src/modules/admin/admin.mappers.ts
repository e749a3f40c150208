import type {
  AdminActivity,
  AdminGroup,
  AdminMessage,
  AdminReport,
  AdminReportMade,
  AdminUser,
} from '@cordata/contract';
import { toPersonOrNull, toUserSummary } from '../users/user-summary.ts';
import type { ActivityRow, GroupRow, MessageRow, ReportRow, UserRow } from './admin.repository.ts';

export const iso = (at: Date | null) => at?.toISOString() ?? null;

export const toAdminUser = (row: UserRow): AdminUser => ({
  ...toUserSummary(row),
  email: row.email,
  role: row.role,
  suspendedUntil: iso(row.suspendedUntil),
  suspensionReason: row.suspensionReason,
  deletedAt: iso(row.deletedAt),
  createdAt: row.createdAt.toISOString(),
  reportCount: row.reportCount,
});

export const toAdminActivity = (row: ActivityRow): AdminActivity => ({
  activityId: row.activityId,
  name: row.name,
  description: row.description,
  sportId: row.sportId,
  startsAt: row.startsAt.toISOString(),
  visibility: row.visibility,
  creator: toPersonOrNull(row.creator),
  participantCount: row.participantCount,
  reportCount: row.reportCount,
  deletedAt: iso(row.deletedAt),
  createdAt: row.createdAt.toISOString(),
});

export const toAdminGroup = (row: GroupRow): AdminGroup => ({
  groupId: row.groupId,
  name: row.name,
  description: row.description,
  type: row.type,
  creator: toPersonOrNull(row.creator),
  memberCount: row.memberCount,
  reportCount: row.reportCount,
  deletedAt: iso(row.deletedAt),
  createdAt: row.createdAt.toISOString(),
});

export const toAdminMessage = (row: MessageRow): AdminMessage => ({
  messageId: row.messageId,
  sender: toPersonOrNull(row.sender),
  text: row.text,
  createdAt: row.createdAt.toISOString(),
  removedAt: iso(row.removedAt),
});

export const toAdminReport = (row: ReportRow): AdminReport => ({
  reportId: row.reportId,
  reporter: toPersonOrNull(row.reporter),
  reason: row.reason as AdminReport['reason'],
  details: row.details,
  status: row.status,
  resolution: row.resolution,
  createdAt: row.createdAt.toISOString(),
});

export const toAdminReportMade = (row: ReportRow): AdminReportMade => ({
  ...toAdminReport(row),
  targetType: row.targetType,
  targetId: row.targetId,
});
