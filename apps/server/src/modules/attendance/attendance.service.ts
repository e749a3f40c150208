import {
  ATTENDANCE_EDIT_DAYS,
  type AttendanceMark,
  type AttendanceRecord,
  type AttendanceRules,
  type AttendanceSheet,
  LATE_CANCEL_DEFAULT_HOURS,
  LATE_CANCEL_MAX_HOURS,
  RELIABILITY_MIN_COUNTED,
} from '@cordata/contract';
import type { DbOrTx } from '../../db/client.ts';
import { ApiError } from '../../http/errors.ts';
import { type ClubFacts, clubRules, isAdmin, isMember } from '../access/access.ts';
import type { ActivityRow } from '../activities/activities.repository.ts';
import type { GroupRow } from '../groups/groups.repository.ts';
import type { Member } from '../membership/membership.repository.ts';
import type { Capacity, Membership } from '../membership/membership.service.ts';
import type { Changes } from '../shared/changes.ts';
import { toUserSummary } from '../users/user-summary.ts';
import type { AttendanceRepository, RecordRow } from './attendance.repository.ts';
import { checkInCode, checkInQr, printedCode, readCheckIn, sameCode } from './check-in-code.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Marks may be set from the start until ATTENDANCE_EDIT_DAYS after the end. */
export const markingWindow = (a: Pick<ActivityRow, 'startsAt' | 'endsAt'>) => ({
  opensAt: a.startsAt,
  closesAt: new Date(a.endsAt.getTime() + ATTENDANCE_EDIT_DAYS * DAY),
});

/**
 * Reliability: attended / (attended + no-shows + late cancels) over the person's last RELIABILITY_WINDOW such marks
 * (by the activities' start; excused ones count for nothing); unknown (null) below RELIABILITY_MIN_COUNTED.
 */
export const reliabilityOf = (row: Pick<RecordRow, 'recentAttended' | 'recentCounted'>) =>
  row.recentCounted >= RELIABILITY_MIN_COUNTED ? row.recentAttended / row.recentCounted : null;

export const toRecord = (row: RecordRow): AttendanceRecord => ({
  attended: row.attended,
  noShows: row.noShows,
  lateCancels: row.lateCancels,
  excused: row.excused,
  reliability: reliabilityOf(row),
  reliabilityOver: row.recentCounted,
});

/** Whether a reliability meets a group's auto-approval threshold (percent; null: the group never auto-approves). */
export const meetsThreshold = (reliability: number | null, thresholdPercent: number | null) =>
  thresholdPercent !== null && reliability !== null && reliability * 100 >= thresholdPercent;

async function recordOf(repo: AttendanceRepository, userId: string, tx: DbOrTx) {
  const [row] = await repo.records([userId], tx);
  return toRecord(row!);
}

/**
 * Whether a request to join a group is accepted at once (the group policy's `autoAccept`): the group chose a
 * threshold and the person's reliability meets it.
 */
export const autoAcceptsReliable =
  (repo: AttendanceRepository) =>
  async (tx: DbOrTx, groupId: string, userId: string): Promise<boolean> => {
    const rules = await repo.rules(groupId, tx);
    if (rules?.autoApproveReliability == null) return false;
    return meetsThreshold((await recordOf(repo, userId, tx)).reliability, rules.autoApproveReliability);
  };

/**
 * Whether leaving now may fall in the late-cancel window, with what the activity's row tells: outside a group the
 * window is LATE_CANCEL_DEFAULT_HOURS; a group's own (at most LATE_CANCEL_MAX_HOURS) is read by the statement. The
 * many exits days ahead send no statement for it (issue 43).
 */
export const mayBeLateCancel = (activity: Pick<ActivityRow, 'startsAt' | 'endsAt' | 'groupId'>, now: Date) =>
  now < activity.endsAt &&
  activity.startsAt.getTime() - now.getTime() <=
    (activity.groupId ? LATE_CANCEL_MAX_HOURS : LATE_CANCEL_DEFAULT_HOURS) * HOUR;

/**
 * The activities' capacity with one thing added: a participant leaving on their own (not removed) within the
 * late-cancel window before the start, up to the end, is recorded as a late cancel, in the same change as the exit.
 */
export function recordingLateCancels(
  capacity: Capacity<ActivityRow>,
  repo: AttendanceRepository,
  now: () => Date,
): Capacity<ActivityRow> {
  return {
    admit: capacity.admit,
    async left(tx, fx, activity, member: Member, removed) {
      await capacity.left(tx, fx, activity, member, removed);
      if (member.state !== 'PARTICIPATING' || removed || !mayBeLateCancel(activity, now())) return;
      await repo.lateCancel(activity.id, member.userId, now(), LATE_CANCEL_DEFAULT_HOURS, tx);
    },
  };
}

export interface AttendanceDeps {
  repo: AttendanceRepository;
  changes: Changes;
  activities: Pick<Membership<ActivityRow>, 'load' | 'loadAsAdmin'>;
  groups: Pick<Membership<GroupRow>, 'load' | 'loadAsAdmin'>;
  /** The caller's role in a group (access.ts `club`): its admins and ride leaders take attendance too (issue 40). */
  club?: (groupId: string, userId: string, tx?: DbOrTx) => Promise<ClubFacts | null>;
  /** The key check-in codes are made with (secrets.ts, keys.checkIn). */
  codeKey: Buffer;
  now: () => Date;
}

/**
 * Attendance (docs/attendance.md): organisers mark participants after the start, by a tick list or by scanning
 * the check-in QR on their phones; leaving close to the start is recorded as a late cancel; each person reads
 * their own record, and a group may accept requests from reliable people at once.
 */
export function createAttendance(deps: AttendanceDeps) {
  const { repo } = deps;

  function assertOpen(activity: ActivityRow) {
    const now = deps.now();
    const { opensAt, closesAt } = markingWindow(activity);
    if (now < opensAt) throw new ApiError('ATTENDANCE_NOT_STARTED');
    if (now > closesAt) throw new ApiError('ATTENDANCE_CLOSED');
  }

  async function sheet(activity: ActivityRow, tx: DbOrTx = repo.db): Promise<AttendanceSheet> {
    const { opensAt, closesAt } = markingWindow(activity);
    const rows = await repo.sheet(activity.id, tx);
    return {
      opensAt: opensAt.toISOString(),
      closesAt: closesAt.toISOString(),
      entries: rows.map((r) => ({
        ...toUserSummary(r),
        status: r.status,
        markedAt: r.markedAt?.toISOString() ?? null,
        participating: r.state === 'PARTICIPATING',
        recorded: r.recorded,
      })),
    };
  }

  const codeOf = (activity: ActivityRow, userId: string) =>
    checkInCode(deps.codeKey, activity.id, userId, markingWindow(activity).closesAt);

  const record = (userId: string, tx: DbOrTx = repo.db) => recordOf(repo, userId, tx);

  /**
   * The activity, for someone who takes its attendance (clubRules.takesAttendance): its organisers, and on a group
   * activity the group's admins and ride leaders who see it (issue 40). Anyone else: not found or FORBIDDEN.
   */
  async function loadAsMarker(activityId: string, userId: string, tx: DbOrTx = repo.db) {
    const loaded = await deps.activities.load(activityId, userId, tx);
    const groupId = loaded.object.groupId;
    const club = groupId && deps.club ? await deps.club(groupId, userId, tx) : null;
    const organiser = isAdmin(loaded.member);
    if (
      !clubRules.takesAttendance({ type: club?.type ?? 'OPEN', member: club?.member ?? null, organiser, visible: true })
    ) {
      throw new ApiError('FORBIDDEN', { message: 'Only admins can do this' });
    }
    return loaded;
  }

  /** An organiser marks one person on the list (a participant, or a late cancel they excuse); the new list. */
  async function markIn(
    tx: DbOrTx,
    activity: ActivityRow,
    adminId: string,
    userId: string,
    mark: AttendanceMark,
    at = deps.now(),
  ) {
    assertOpen(activity);
    const entries = await repo.sheet(activity.id, tx);
    if (!entries.some((e) => e.userId === userId)) {
      throw new ApiError('USER_NOT_FOUND', { message: 'This person is not on the list of this activity' });
    }
    await repo.mark({ activityId: activity.id, userId, status: mark, markedBy: adminId, at }, tx);
  }

  async function markAs(
    tx: DbOrTx,
    adminId: string,
    activityId: string,
    userId: string,
    mark: AttendanceMark,
    at?: Date,
  ) {
    const { object } = await loadAsMarker(activityId, adminId, tx);
    await markIn(tx, object, adminId, userId, mark, at);
    return object;
  }

  async function checkInAs(tx: DbOrTx, adminId: string, activityId: string, scanned: string, at?: Date) {
    const { object } = await loadAsMarker(activityId, adminId, tx);
    assertOpen(object);
    const { activityId: named, code } = readCheckIn(scanned);
    const person =
      named === null || named === object.id
        ? (await repo.sheet(object.id, tx)).find((e) => sameCode(codeOf(object, e.userId), code))
        : undefined;
    if (!person) throw new ApiError('ATTENDANCE_CODE_INVALID');
    await markIn(tx, object, adminId, person.userId, 'ATTENDED', at);
    return { activity: object, person };
  }

  return {
    markingWindow,
    record,

    async sheet(adminId: string, activityId: string) {
      const { object } = await loadAsMarker(activityId, adminId);
      return { sheet: await sheet(object) };
    },

    mark: (adminId: string, activityId: string, userId: string, mark: AttendanceMark) =>
      deps.changes.run(async (tx) => {
        const activity = await markAs(tx, adminId, activityId, userId, mark);
        return { sheet: await sheet(activity, tx) };
      }),

    /**
     * An organiser confirms in one tap what the recordings suggest (docs/recordings.md): everyone taking part without
     * a mark whose recording matched is marked attended. A mark already set stays; nobody is marked no-show.
     */
    confirmSuggested: (adminId: string, activityId: string) =>
      deps.changes.run(async (tx) => {
        const { object } = await loadAsMarker(activityId, adminId, tx);
        assertOpen(object);
        await repo.markRecorded(object.id, adminId, deps.now(), tx);
        return { sheet: await sheet(object, tx) };
      }),

    /** An organiser scanned (or typed) a participant's check-in code: that person is marked attended. */
    checkIn: (adminId: string, activityId: string, scanned: string) =>
      deps.changes.run(async (tx) => {
        const { activity, person } = await checkInAs(tx, adminId, activityId, scanned);
        return { sheet: await sheet(activity, tx), person: toUserSummary(person) };
      }),

    /**
     * A mark or a check-in queued without signal (docs/safety.md), applied as the organiser who made it, at `at`, when
     * it happened. `claim` records the event in the same transaction and answers false for a replay: nothing is done.
     */
    applyQueued: (
      adminId: string,
      activityId: string,
      action: { userId: string; mark: AttendanceMark } | { code: string },
      at: Date,
      claim: (tx: DbOrTx) => Promise<boolean>,
    ) =>
      deps.changes.run(async (tx) => {
        if (!(await claim(tx))) return false;
        if ('code' in action) await checkInAs(tx, adminId, activityId, action.code, at);
        else await markAs(tx, adminId, activityId, action.userId, action.mark, at);
        return true;
      }),

    /** A participant's check-in pass. */
    async pass(userId: string, activityId: string) {
      const { object, member } = await deps.activities.load(activityId, userId);
      if (!isMember(member)) throw new ApiError('NOT_PARTICIPATING');
      const code = codeOf(object, userId);
      return {
        pass: {
          qr: checkInQr(object.id, code),
          code: printedCode(code),
          closesAt: markingWindow(object).closesAt.toISOString(),
        },
      };
    },

    /**
     * The pending requests of an activity (listed for its organisers already), each with the requester's record
     * when the activity is closed; null otherwise. The only place anyone but the person sees a record.
     */
    async withRecords<R extends { userId: string }>(activityId: string, requests: R[]) {
      const closed = (await repo.access(activityId)) === 'CLOSED';
      const records = closed ? await repo.records(requests.map((r) => r.userId)) : [];
      const byUser = new Map(records.map((r) => [r.userId, toRecord(r)]));
      return requests.map((r) => ({ ...r, record: byUser.get(r.userId) ?? null }));
    },

    async rules(userId: string, groupId: string) {
      const { member } = await deps.groups.load(groupId, userId);
      if (!isMember(member)) throw new ApiError('FORBIDDEN', { message: 'Only members see the rules of the group' });
      return { rules: (await repo.rules(groupId))! };
    },

    setRules: (adminId: string, groupId: string, rules: AttendanceRules) =>
      deps.changes.run(async (tx) => {
        await deps.groups.loadAsAdmin(groupId, adminId, tx, true);
        await repo.setRules(groupId, rules, tx);
        return { rules: (await repo.rules(groupId, tx))! };
      }),
  };
}

export type Attendance = ReturnType<typeof createAttendance>;
