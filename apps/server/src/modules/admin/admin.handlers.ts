import type { Handlers } from '../../http/handlers.ts';
import type { AdminHandlers } from './admin.routes.ts';
import type { AdminService } from './admin.service.ts';

export const adminHandlers = (admin: AdminService): AdminHandlers => ({
  'me/get': ({ user }) => admin.me(user),
  'reports/list': ({ body }) => admin.listReports(body),
  'reports/resolve': ({ body, user }) => admin.resolve(user, body),
  'users/search': ({ body }) => admin.searchUsers(body),
  'users/get': ({ body }) => admin.getUser(body.userId),
  'users/suspend': ({ body, user }) => admin.suspend(user, body),
  'users/reinstate': ({ body, user }) => admin.reinstate(user, body.userId, body.reason),
  'users/delete': ({ body, user }) => admin.deleteUser(user, body.userId, body.reason),
  'users/set-role': ({ body, user }) => admin.setRole(user, body),
  'activities/search': ({ body }) => admin.searchActivities(body),
  'activities/get': ({ body }) => admin.getActivity(body.activityId),
  'activities/remove': ({ body, user }) => admin.setActivityRemoved(user, body.activityId, true, body.reason),
  'activities/restore': ({ body, user }) => admin.setActivityRemoved(user, body.activityId, false, body.reason),
  'groups/search': ({ body }) => admin.searchGroups(body),
  'groups/get': ({ body }) => admin.getGroup(body.groupId),
  'groups/remove': ({ body, user }) => admin.setGroupRemoved(user, body.groupId, true, body.reason),
  'groups/restore': ({ body, user }) => admin.setGroupRemoved(user, body.groupId, false, body.reason),
  'sports/list': () => admin.listSports(),
  'sports/create': ({ body, user }) => admin.createSport(user, body),
  'sports/update': ({ body, user }) => admin.updateSport(user, body),
  'sports/delete': ({ body, user }) => admin.deleteSport(user, body.sportId),
  'figures/get': ({ body }) => admin.figures(body),
  'audit/list': ({ body }) => admin.audit(body),
});

/**
 * Counts a person active for the day when the app reports them online (every 5 minutes while open):
 * one upsert that does nothing after the first of the day, cheaper than a write in the bearer guard.
 */
export function withActiveDays(
  handlers: Handlers,
  record: (userId: string, day: string) => Promise<void>,
  now: () => Date,
): Handlers {
  const lastOnline = handlers['user/last-online-at'];
  if (!lastOnline) return handlers;
  return {
    ...handlers,
    'user/last-online-at': async (ctx) => {
      const answer = await lastOnline(ctx);
      await record(ctx.user.userId, now().toISOString().slice(0, 10));
      return answer;
    },
  };
}
