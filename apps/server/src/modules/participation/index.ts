import type { Core } from '../../core.ts';
import type { Access } from '../access/access.ts';
import { createActivitiesRepository } from '../activities/activities.repository.ts';
import { activityMembershipPolicy } from '../activities/activity-membership.ts';
import { attendanceHandlers } from '../attendance/attendance.handlers.ts';
import { createAttendanceRepository } from '../attendance/attendance.repository.ts';
import { autoAcceptsReliable, createAttendance, recordingLateCancels } from '../attendance/attendance.service.ts';
import type { ChatMembership } from '../chat/chat-membership.ts';
import { groupMembershipPolicy } from '../groups/group-membership.ts';
import { createGroupsRepository } from '../groups/groups.repository.ts';
import { createMembershipRepository } from '../membership/membership.repository.ts';
import { createMembership, createSeating } from '../membership/membership.service.ts';
import type { Module } from '../module.ts';
import { createSeatsRepository } from '../seats/seats.repository.ts';
import { createSeats } from '../seats/seats.service.ts';
import type { Changes } from '../shared/changes.ts';

/**
 * Taking part, assembled in one place: the membership engine (membership/) with a policy per domain, the seats,
 * join deadline and waitlist of activities (seats/, docs/seats.md) as the activity engine's capacity, and
 * attendance (attendance/, docs/attendance.md), which records a participant's own late exit and lets a group
 * accept reliable people at once.
 *
 * Seats and the engine need each other: the engine asks seats where someone let in goes, and seats seat whoever
 * claims an offer. Seating (the row and the chat) is made first on its own, so each is built once, in order.
 */
export function createParticipationModule(
  core: Core,
  deps: { access: Access; changes: Changes; chatMembership: ChatMembership },
) {
  const { access, changes, chatMembership } = deps;
  const memberships = createMembershipRepository(core.db);
  const membershipDeps = { repo: memberships, changes, chatMembership, now: core.now };
  const activitiesRepository = createActivitiesRepository(core.db);
  const attendanceRepository = createAttendanceRepository(core.db);
  const activityPolicy = activityMembershipPolicy({ access, repo: activitiesRepository, now: core.now });

  const seats = createSeats({
    repo: createSeatsRepository(core.db),
    changes,
    access,
    realtime: core.realtime,
    seat: createSeating(activityPolicy, membershipDeps),
    adminIds: (activityId, tx) => memberships.adminIds('activity', activityId, tx),
    now: core.now,
    immediate: core.config.JOBS,
    log: core.log,
  });
  // A participant's own exit close to the start is recorded as a late cancel (docs/attendance.md).
  const capacity = recordingLateCancels(seats.capacity, attendanceRepository, core.now);
  const activityMembers = createMembership({ ...activityPolicy, capacity }, membershipDeps);

  const groupsRepository = createGroupsRepository(core.db);
  const groupMembers = createMembership(
    groupMembershipPolicy({ repo: groupsRepository, autoAccept: autoAcceptsReliable(attendanceRepository) }),
    membershipDeps,
  );
  const attendance = createAttendance({
    repo: attendanceRepository,
    changes,
    activities: activityMembers,
    groups: groupMembers,
    club: access.club,
    codeKey: core.config.keys.checkIn,
    now: core.now,
  });

  return {
    handlers: attendanceHandlers(attendance),
    jobs: [{ name: 'waitlist-offers', everyMs: core.config.WAITLIST_JOB_EVERY_MS, run: seats.run }],
    services: {
      memberships,
      activityMembers,
      groupMembers,
      seats,
      attendance,
      activitiesRepository,
      groupsRepository,
    },
  } satisfies Module;
}
