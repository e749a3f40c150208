import { z } from 'zod';
import { defineCall } from '../call.ts';
import { Id, IsoDateTime, Ok, OptionalPagination, UserSummary } from '../common.ts';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from '../constants.ts';
import { CHAT_KINDS, MESSAGE_KINDS } from '../enums.ts';

/** ACTIVITY and GROUP chats follow their participants; a DIRECT chat is between two contacts. */
export const ChatKind = z.enum(CHAT_KINDS);
export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

export const Message = z.object({
  messageId: Id,
  chatId: Id,
  /** null for a deleted account or a system event. */
  sender: UserSummary.nullable(),
  kind: MessageKind,
  text: z.string(),
  clientMessageId: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type Message = z.infer<typeof Message>;

export const ChatSummary = z.object({
  chatId: Id,
  kind: ChatKind,
  /** The activity, the group, or (DIRECT) the other person. */
  targetId: Id,
  /** The activity's or group's name; for a DIRECT chat the other person's name ('' for a deleted account). */
  name: z.string(),
  /** The group's picture; for a DIRECT chat the other person's profile picture. */
  picture: z.string().nullable(),
  /** DIRECT only: the other person (null for a deleted account, and for activity and group chats). */
  person: UserSummary.nullable(),
  lastMessage: Message.nullable(),
  unreadCount: z.int(),
  closedAt: IsoDateTime.nullable(),
  /**
   * Whether I may send now: false once the chat is closed, and in a DIRECT chat once the two are no
   * longer contacts or either has blocked the other (sending answers NOT_A_CONTACT).
   */
  canSend: z.boolean(),
});
export type ChatSummary = z.infer<typeof ChatSummary>;

export const ChatInfo = ChatSummary.extend({ participants: z.array(UserSummary), participantsCount: z.int() });

const byChat = z.object({ chatId: Id });

export const chatCalls = {
  'chat/list-messages': defineCall({
    auth: true,
    summary:
      'Messages newest first: without a cursor the latest; `before` pages back into history, `after` reads the page right after the last message a client has (hasMore: more follow it)',
    body: z
      .object({
        chatId: Id,
        before: Id.optional(),
        after: Id.optional(),
        limit: z.int().min(1).max(100).default(CHAT_PAGE_SIZE),
      })
      .refine((b) => !(b.before && b.after), { message: 'Give before or after, not both', path: ['after'] }),
    response: z.object({ messages: z.array(Message), hasMore: z.boolean() }),
    errors: ['CHAT_NOT_FOUND'],
  }),
  'chat/open-direct': defineCall({
    auth: true,
    summary:
      'The direct chat with a contact, created the first time: one per pair, for accepted contacts who have not blocked each other',
    body: z.object({ userId: Id }),
    response: z.object({ chat: ChatSummary }),
    errors: ['USER_NOT_FOUND', 'NOT_A_CONTACT'],
  }),
  'chat/list-user-chats': defineCall({
    auth: true,
    summary: 'My chats with the last message and unread count (a direct chat shows once it has a message)',
    body: z.object({ pagination: OptionalPagination }).default({ pagination: { page: 1, limit: 10 } }),
    response: z.object({ chats: z.array(ChatSummary) }),
  }),
  'chat/get-info': defineCall({
    auth: true,
    summary: 'A chat and its participants',
    body: byChat,
    response: z.object({ chat: ChatInfo }),
    errors: ['CHAT_NOT_FOUND'],
  }),
  'chat/send-message': defineCall({
    auth: true,
    summary: 'Send a message; a retry with the same clientMessageId makes no second one',
    body: z.object({
      chatId: Id,
      text: z
        .string()
        .trim()
        .min(1, 'Write a message')
        .max(CHAT_MESSAGE_MAX_LENGTH, `A message can be at most ${CHAT_MESSAGE_MAX_LENGTH} characters`)
        .refine((t) => !t.includes('\u0000'), 'A message cannot contain a NUL character'),
      clientMessageId: z.string().min(1).max(64),
    }),
    response: z.object({ message: Message }),
    errors: ['CHAT_NOT_FOUND', 'CHAT_CLOSED', 'NOT_A_CONTACT', 'RATE_LIMITED'],
  }),
  'chat/set-as-read': defineCall({
    auth: true,
    summary: 'Move my read marker to the newest message',
    body: byChat,
    response: Ok,
    errors: ['CHAT_NOT_FOUND'],
  }),
};
