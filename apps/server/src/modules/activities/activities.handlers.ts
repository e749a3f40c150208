import type { Handlers } from '../../http/handlers.ts';
import type { Attendance } from '../attendance/attendance.service.ts';
import { activityMembershipHandlers } from '../membership/membership.handlers.ts';
import type { Membership } from '../membership/membership.service.ts';
import type { Seats } from '../seats/seats.service.ts';
import type { ActivityRow } from './activities.repository.ts';
import type { ActivitiesService } from './activities.service.ts';

/** HTTP only: each call hands the caller and its body to the service, membership calls to the engine. */
export const activitiesHandlers = ({
  service,
  members,
  seats,
  attendance,
}: {
  service: ActivitiesService;
  members: Membership<ActivityRow>;
  seats: Pick<Seats, 'claim' | 'decline' | 'list' | 'move' | 'pick' | 'remove'>;
  attendance: Pick<Attendance, 'withRecords'>;
}): Handlers => ({
  'activity/create-new': ({ body, user, baseUrl }) => service.create(user.userId, body, baseUrl),
  'activity/update-existing': ({ body, user, baseUrl }) => service.update(user.userId, body, baseUrl),
  'activity/backup-route': ({ body, user, baseUrl }) => service.setBackupRoute(user.userId, body, baseUrl),
  'activity/delete': ({ body, user }) => service.remove(user.userId, body.activityId),
  'activity/read-info': ({ body, user }) => service.read(user.userId, body.activityId),
  ...activityMembershipHandlers(members, service.answer, attendance.withRecords),
  'activity/nearby-activities': ({ body, user }) => service.nearby(user.userId, body),
  'activity/list-daily': ({ body, user }) => service.listDaily(user.userId, body),
  'activity/count-daily': ({ body, user }) => service.countDaily(user.userId, body),
  'activity/claim-seat': async ({ body, user }) => {
    await seats.claim(user.userId, body.activityId);
    return service.answer(body.activityId, user.userId);
  },
  'activity/decline-seat': async ({ body, user }) => {
    await seats.decline(user.userId, body.activityId);
    return service.answer(body.activityId, user.userId);
  },
  'activity/list-waitlist': ({ body, user }) => seats.list(user.userId, body.activityId),
  'activity/move-in-waitlist': ({ body, user }) => seats.move(user.userId, body.activityId, body.userId, body.position),
  'activity/pick-from-waitlist': ({ body, user }) => seats.pick(user.userId, body.activityId, body.userId),
  'activity/remove-from-waitlist': ({ body, user }) => seats.remove(user.userId, body.activityId, body.userId),
});
