import type { Handlers } from '../../http/handlers.ts';
import { membershipHandlers } from '../membership/membership.handlers.ts';
import type { Membership } from '../membership/membership.service.ts';
import type { ActivityRow } from './activities.repository.ts';
import type { ActivitiesService } from './activities.service.ts';

/** HTTP only: each call hands the caller and its body to the service, membership calls to the engine. */
export const activitiesHandlers = ({
  service,
  members,
}: {
  service: ActivitiesService;
  members: Membership<ActivityRow>;
}): Handlers => ({
  'activity/create-new': ({ body, user, baseUrl }) => service.create(user.userId, body, baseUrl),
  'activity/update-existing': ({ body, user, baseUrl }) => service.update(user.userId, body, baseUrl),
  'activity/delete': ({ body, user }) => service.remove(user.userId, body.activityId),
  'activity/read-info': ({ body, user }) => service.read(user.userId, body.activityId),
  ...membershipHandlers('activity', members, service.answer),
  'activity/nearby-activities': ({ body, user }) => service.nearby(user.userId, body),
  'activity/list-daily': ({ body, user }) => service.listDaily(user.userId, body),
  'activity/count-daily': ({ body, user }) => service.countDaily(user.userId, body),
});
