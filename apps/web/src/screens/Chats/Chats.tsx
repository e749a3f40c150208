import type { ChatSummary } from '@cordata/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { messageText, personName, shortWhen } from '../../chat/format.ts';
import { Badge } from '../../components/BottomMenu.tsx';
import { EmptyState, emptyAction } from '../../components/EmptyState.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { Screen } from '../../components/Screen.tsx';
import { TabActions } from '../../components/TabLayout.tsx';
import { openSheet } from '../../sheets/store.ts';
import { useUserChatsQuery } from '../../state/queries/chat.ts';
import { useOwnProfileQuery } from '../../state/queries/profile.ts';
import './Chats.css';

/** A person's initials (two letters). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

function ChatRow({ chat, myId }: { chat: ChatSummary; myId: string | undefined }) {
  const { t, i18n } = useTranslation();
  const last = chat.lastMessage;
  const direct = chat.kind === 'DIRECT';
  const name = chat.name || (direct ? t('chat.deletedAccount') : '');
  // In a direct chat the other person's messages need no name before them.
  const preview = last
    ? last.kind === 'TEXT'
      ? last.sender?.userId === myId
        ? `${t('chat.you')}: ${last.text}`
        : direct
          ? last.text
          : `${personName(last.sender, t)}: ${last.text}`
      : messageText(last, t)
    : '';
  return (
    <li>
      <button
        type="button"
        className={chat.unreadCount > 0 ? 'chat-row bare-button unread' : 'chat-row bare-button'}
        data-testid={`chat-row-${chat.chatId}`}
        data-kind={chat.kind}
        onClick={() => openSheet({ type: 'chat', params: { id: chat.chatId } })}
      >
        <span className={direct ? 'chat-avatar chat-avatar-person' : 'chat-avatar'} aria-hidden="true">
          {chat.picture ? <img src={chat.picture} alt="" /> : direct ? initials(name) : name.slice(0, 1).toUpperCase()}
        </span>
        <span className="chat-row-main">
          <span className="chat-row-top">
            <span className="chat-row-name" data-testid="chat-row-name">
              {name}
            </span>
            {last && <time dateTime={last.createdAt}>{shortWhen(new Date(last.createdAt), i18n.language)}</time>}
          </span>
          <span className="chat-row-bottom">
            <span className="chat-row-preview" data-testid="chat-row-preview">
              {preview}
            </span>
            {chat.closedAt && <span className="chat-tag">{t('chat.closedTag')}</span>}
            <Badge count={chat.unreadCount} testId="chat-row-unread" />
          </span>
        </span>
      </button>
    </li>
  );
}

/** /chats: my activity, group and direct chats, newest activity first, with what I have not read. */
export default function Chats() {
  const { t } = useTranslation();
  const chats = useUserChatsQuery();
  const me = useOwnProfileQuery();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const chatToOpen = search.get('chat');
  // A message notification or push opens /chats?chat={id}: show that chat over the list, once.
  useEffect(() => {
    if (!chatToOpen) return;
    openSheet({ type: 'chat', params: { id: chatToOpen } });
    setSearch({}, { replace: true });
  }, [chatToOpen, setSearch]);
  return (
    <Screen title={t('screens.chats')} testId="chats-screen" actions={<TabActions />}>
      <QueryState query={chats} testPrefix="chats" skeleton="row" errorText={t('chat.loadError')}>
        {(data) =>
          data.chats.length === 0 ? (
            <EmptyState
              icon="chats"
              text={t('chat.listEmpty')}
              testId="chats-empty"
              actions={[
                emptyAction(
                  t('states.findPeople'),
                  () => navigate('/contacts?tab=explore'),
                  'chats-empty-find-people',
                  true,
                ),
                emptyAction(
                  t('states.exploreGroups'),
                  () => navigate('/groups?tab=explore'),
                  'chats-empty-explore-groups',
                ),
              ]}
            />
          ) : (
            <ul className="chat-list" data-testid="chat-list">
              {data.chats.map((chat) => (
                <ChatRow key={chat.chatId} chat={chat} myId={me.data?.user.userId} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </Screen>
  );
}
