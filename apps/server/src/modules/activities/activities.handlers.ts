import type { Handlers } from '../../http/handlers.ts';
import type { ActivitiesService } from './activities.service.ts';

/** HTTP only: each call hands the caller and its body to the service. */
export const activitiesHandlers = (service: ActivitiesService): Handlers => ({
  'activity/create-new': ({ body, user }) => service.create(user.userId, body),
  'activity/update-existing': ({ body, user }) => service.update(user.userId, body),
  'activity/delete': ({ body, user }) => service.remove(user.userId, body.activityId),
  'activity/read-info': ({ body, user }) => service.read(user.userId, body.activityId),
  'activity/participate': ({ body, user }) => service.participate(user.userId, body.activityId),
  'activity/request-access': ({ body, user }) => service.requestAccess(user.userId, body.activityId),
  'activity/exit': ({ body, user }) => service.exit(user.userId, body.activityId),
  'activity/accept-request': ({ body, user }) => service.acceptRequest(user.userId, body.activityId, body.userId),
  'activity/reject-request': ({ body, user }) =>
    service.rejectRequest(user.userId, body.activityId, body.userId, body.reason),
  'activity/remove-user': ({ body, user }) => service.removeUser(user.userId, body.activityId, body.userId),
  'activity/make-admin': ({ body, user }) => service.makeAdmin(user.userId, body.activityId, body.userId),
  'activity/remove-admin': ({ body, user }) => service.removeAdmin(user.userId, body.activityId, body.userId),
  'activity/invite-users': ({ body, user }) => service.inviteUsers(user.userId, body),
  'activity/list-participants': ({ body, user }) =>
    service.listParticipants(user.userId, body.activityId, body.pagination),
  'activity/count-hidden-participants': ({ body, user }) =>
    service.countHiddenParticipants(user.userId, body.activityId),
  'activity/list-requests': ({ body, user }) => service.listRequests(user.userId, body.activityId, body.pagination),
  'activity/list-invitable-contacts': ({ body, user }) => service.listInvitableContacts(user.userId, body),
  'activity/nearby-activities': ({ body, user }) => service.nearby(user.userId, body),
  'activity/list-daily': ({ body, user }) => service.listDaily(user.userId, body),
  'activity/count-daily': ({ body, user }) => service.countDaily(user.userId, body),
});
