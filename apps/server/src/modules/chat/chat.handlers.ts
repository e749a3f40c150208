import type { Handlers } from '../../http/handlers.ts';
import type { ChatService } from './chat.service.ts';

export const chatHandlers = (chat: ChatService): Handlers => ({
  'chat/open-direct': ({ user, body }) => chat.openDirect(user, body.userId),
  'chat/list-user-chats': ({ user, body }) => chat.listUserChats(user, body),
  'chat/get-info': ({ user, body }) => chat.getInfo(user, body.chatId),
  'chat/list-messages': ({ user, body }) => chat.listMessages(user, body),
  'chat/send-message': ({ user, body }) => chat.sendMessage(user, body),
  'chat/set-as-read': ({ user, body }) => chat.setAsRead(user, body.chatId),
});
