import type { Core } from '../../core.ts';
import type { Job } from '../../jobs.ts';
import type { Access } from '../access/access.ts';
import type { Module } from '../module.ts';
import type { Changes } from '../shared/changes.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { chatHandlers } from './chat.handlers.ts';
import { createChatRepository } from './chat.repository.ts';
import { createChatClosing, createChatService } from './chat.service.ts';
import { createChatSockets } from './chat.sockets.ts';
import type { ChatMembership } from './chat-membership.ts';

/** The chat calls, the chat side of every socket, and the job that closes ended activities' chats. */
export function createChatModule(
  core: Pick<Core, 'config' | 'db' | 'realtime' | 'rateLimiter' | 'log' | 'now'>,
  shared: {
    changes: Changes;
    chatMembership: ChatMembership;
    access: Pick<Access, 'mayMessage'>;
    users: Pick<UsersRepository, 'findPublic'>;
  },
) {
  const repo = createChatRepository(core.db);
  const service = createChatService({
    db: core.db,
    repo,
    access: shared.access,
    users: shared.users,
    changes: shared.changes,
    realtime: core.realtime,
    rateLimiter: core.rateLimiter,
    now: core.now,
  });
  const sockets = createChatSockets({ repo, realtime: core.realtime, log: core.log });
  core.realtime.onSocket(sockets.handler);
  const closeEndedActivityChats = createChatClosing({
    changes: shared.changes,
    repo,
    chatMembership: shared.chatMembership,
    now: core.now,
  });
  const jobs: Job[] = [
    { name: 'chat-closing', everyMs: core.config.CHAT_CLOSING_EVERY_MS, run: closeEndedActivityChats },
  ];
  return {
    handlers: chatHandlers(service),
    jobs,
    services: { service, closeEndedActivityChats, typing: sockets.typing },
  } satisfies Module;
}
