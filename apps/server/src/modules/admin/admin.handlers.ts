import type { SportsAdmin } from '../sports/sports.admin.ts';
import type { AccountsService } from './accounts.service.ts';
import type { AdminHandlers } from './admin.routes.ts';
import type { ContentService } from './content.service.ts';
import type { FiguresService } from './figures.service.ts';
import type { ModerationService } from './moderation.service.ts';

export const adminHandlers = (s: {
  accounts: AccountsService;
  moderation: ModerationService;
  content: ContentService;
  figures: FiguresService;
  sports: SportsAdmin;
}): AdminHandlers => ({
  'me/get': ({ user }) => s.accounts.me(user),
  'reports/list': ({ body }) => s.moderation.listReports(body),
  'reports/resolve': ({ body, user }) => s.moderation.resolve(user, body),
  'users/search': ({ body }) => s.accounts.search(body),
  'users/get': ({ body }) => s.accounts.getUser(body.userId),
  'users/suspend': ({ body, user }) => s.accounts.suspend(user, body),
  'users/reinstate': ({ body, user }) => s.accounts.reinstate(user, body),
  'users/delete': ({ body, user }) => s.accounts.delete(user, body),
  'users/set-role': ({ body, user }) => s.accounts.setRole(user, body),
  'activities/search': ({ body }) => s.content.searchActivities(body),
  'activities/get': ({ body }) => s.content.getActivity(body.activityId),
  'activities/remove': ({ body, user }) => s.moderation.setActivityRemoved(user, body, true),
  'activities/restore': ({ body, user }) => s.moderation.setActivityRemoved(user, body, false),
  'groups/search': ({ body }) => s.content.searchGroups(body),
  'groups/get': ({ body }) => s.content.getGroup(body.groupId),
  'groups/remove': ({ body, user }) => s.moderation.setGroupRemoved(user, body, true),
  'groups/restore': ({ body, user }) => s.moderation.setGroupRemoved(user, body, false),
  'sports/list': () => s.sports.list(),
  'sports/create': ({ body, user }) => s.sports.create(user, body),
  'sports/update': ({ body, user }) => s.sports.update(user, body),
  'sports/delete': ({ body, user }) => s.sports.delete(user, body.sportId),
  'figures/get': ({ body }) => s.figures.figures(body),
  'audit/list': ({ body }) => s.figures.audit(body),
});
