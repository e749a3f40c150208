import type { pollCalls } from '@cordata/contract';
import type { HandlersOf } from '../../http/handlers.ts';
import type { PollsService } from './polls.service.ts';

/** Date polls (issue 40, docs/polls.md). */
export function pollsHandlers(polls: PollsService): HandlersOf<typeof pollCalls> {
  return {
    'poll/create-new': ({ user, body }) => polls.create(user.userId, body),
    'poll/read-info': ({ user, body }) => polls.read(user.userId, body.pollId),
    'poll/answer': ({ user, body }) => polls.answer(user.userId, body),
    'poll/list-mine': ({ user, body }) => polls.list(user.userId, body.groupId),
    'poll/close': ({ user, body }) => polls.close(user.userId, body.pollId),
    'poll/create-activity': ({ user, body, baseUrl }) => polls.createActivity(user.userId, body, baseUrl),
  };
}
