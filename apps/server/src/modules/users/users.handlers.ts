import type { Handlers } from '../../http/handlers.ts';
import type { StepUp } from '../auth/step-up.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { BlocksService } from './blocks.ts';
import type { ConnectionsService } from './connections.service.ts';
import type { UsersService } from './users.service.ts';

export const usersHandlers = (deps: {
  users: UsersService;
  connections: ConnectionsService;
  blocks: BlocksService;
  accounts: AccountDeletionService;
  stepUp: Pick<StepUp, 'assertRecentlyReauthenticated'>;
}): Handlers => ({
  'user/own-profile': async ({ user }) => ({ user: await deps.users.ownProfile(user.userId) }),
  'user/profile': async ({ body, user }) => deps.users.profile(user.userId, body.userId),
  'user/update-profile': async ({ body, user, baseUrl }) => ({
    user: await deps.users.updateProfile(user.userId, body, baseUrl),
  }),
  'user/own-sports': async ({ user }) => ({ sports: await deps.users.ownSports(user.userId) }),
  'user/update-sports': async ({ body, user }) => ({ sports: await deps.users.updateSports(user.userId, body.sports) }),
  'user/explore-contacts': async ({ body, user }) => deps.users.explore(user.userId, body),
  'user/list-contacts': async ({ body, user }) => deps.connections.list(user.userId, body),
  'user/list-activities': async ({ body, user }) => deps.users.listActivities(user.userId, body),
  'user/list-groups': async ({ body, user }) => deps.users.listGroups(user.userId, body),
  'user/request-connection': async ({ body, user }) => ({
    connection: await deps.connections.request(user.userId, body.userId),
  }),
  'user/accept-connection': async ({ body, user }) => ({
    connection: await deps.connections.accept(user.userId, body.userId),
  }),
  'user/block': async ({ body, user }) => deps.blocks.block(user.userId, body.userId),
  'user/unblock': async ({ body, user }) => deps.blocks.unblock(user.userId, body.userId),
  'user/list-blocked': async ({ body, user }) => deps.blocks.list(user.userId, body.pagination),
  'user/delete-connection': async ({ body, user }) => ({
    connection: await deps.connections.remove(user.userId, body.userId),
  }),
  'user/own-notification-preferences': async ({ user }) => deps.users.preferences(user.userId),
  'user/update-notification-preferences': async ({ body, user }) =>
    deps.users.updatePreferences(user.userId, body.preferences, body.reminderMinutes),
  'user/update-notification-token': async ({ body, user }) => {
    await deps.users.updatePushToken(user, body);
    return { ok: true };
  },
  'user/last-online-at': async ({ user }) => ({
    lastOnlineAt: (await deps.users.touchLastOnline(user.userId)).toISOString(),
  }),
  'user/delete-account': async ({ user }) => {
    // A stolen token alone cannot erase an account: the password was entered again moments ago (review L8).
    deps.stepUp.assertRecentlyReauthenticated(user);
    await deps.accounts.deleteAccount(user.userId);
    return { ok: true };
  },
});
