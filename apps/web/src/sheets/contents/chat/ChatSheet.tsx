import type { Message } from '@cordata/contract';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingMessage } from '../../../chat/agent.ts';
import { dayLabel, groupByDay, messageText, personName, typingLine } from '../../../chat/format.ts';
import { useChat } from '../../../chat/useChat.ts';
import { openProfile } from '../../../components/People/Members.tsx';
import { Avatar } from '../../../components/People/People.tsx';
import { ReportButton } from '../../../components/Report/ReportButton.tsx';
import { CHAT_MESSAGE_MAX_LENGTH } from '../../../contract.ts';
import { formatTime } from '../../../i18n/dates.ts';
import { useOwnProfileQuery } from '../../../state/queries/profile.ts';
import './ChatSheet.css';

type Row =
  | { kind: 'stored'; message: Message; createdAt: string }
  | { kind: 'pending'; pending: PendingMessage; createdAt: string };

/** Within this distance of the bottom, new messages keep the view at the bottom. */
const STICK_TO_BOTTOM_PX = 120;

/**
 * The chat sheet: messages by day, my pending ones, typing, events, and the notice once the activity ended.
 * A direct chat shows the other person in its header, and why one can no longer write once they are not contacts.
 */
export function ChatContent({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation();
  const { agent, state } = useChat(chatId);
  const myId = useOwnProfileQuery().data?.user.userId;
  const [draft, setDraft] = useState('');
  const [reporting, setReporting] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const previous = useRef({ first: '', last: '', height: 0, pending: 0 });

  const rows: Row[] = useMemo(
    () => [
      ...state.messages.map((message) => ({ kind: 'stored' as const, message, createdAt: message.createdAt })),
      ...state.pending.map((pending) => ({ kind: 'pending' as const, pending, createdAt: pending.createdAt })),
    ],
    [state.messages, state.pending],
  );

  const names = useMemo(() => {
    const byId = new Map<string, string>();
    for (const person of state.info?.participants ?? []) byId.set(person.userId, personName(person, t));
    for (const m of state.messages) if (m.sender) byId.set(m.sender.userId, personName(m.sender, t));
    return byId;
  }, [state.info, state.messages, t]);

  // Older pages keep the reader where they were; new messages scroll down when already at the bottom.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = state.messages[0]?.messageId ?? '';
    const last = state.messages.at(-1)?.messageId ?? '';
    const before = previous.current;
    const nearBottom =
      el.scrollHeight - before.height <= 0 || before.height - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
    if (before.first && first !== before.first && last === before.last) {
      el.scrollTop += el.scrollHeight - before.height;
    } else if (!before.last || nearBottom || state.pending.length > before.pending) {
      el.scrollTop = el.scrollHeight;
    }
    previous.current = { first, last, height: el.scrollHeight, pending: state.pending.length };
  }, [state.messages, state.pending.length]);

  // Infinite scroll upwards: reaching the top loads the page before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: observe again once loaded, when the top may already show
  useEffect(() => {
    const sentinel = topSentinel.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void agent.loadOlder();
      },
      { root: scroller.current, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [agent, state.status]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!draft.trim()) return;
    void agent.send(draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };

  const typingNames = state.typing.filter((id) => id !== myId).map((id) => names.get(id) ?? t('chat.someone'));
  const info = state.info;
  const person = info?.kind === 'DIRECT' ? info.person : null;
  const title = info?.kind === 'DIRECT' ? info.name || t('chat.deletedAccount') : (info?.name ?? '');
  // A direct chat whose two are no longer contacts (or one blocked the other) is readable, not writable.
  const refused = info?.kind === 'DIRECT' && !info.canSend;

  return (
    <div className="chat-sheet" data-testid="chat-sheet">
      {info &&
        (info.kind === 'DIRECT' ? (
          <div className="chat-head chat-head-direct">
            {person ? (
              <button
                type="button"
                className="chat-person bare-button"
                aria-label={t('chat.openProfile', { name: title })}
                data-testid="chat-person"
                onClick={() => openProfile(person.userId)}
              >
                <Avatar person={person} size={36} />
                <strong data-testid="chat-name">{title}</strong>
              </button>
            ) : (
              <strong data-testid="chat-name">{title}</strong>
            )}
            <span data-testid="chat-head-kind">{t('chat.direct')}</span>
          </div>
        ) : (
          <div className="chat-head">
            <strong data-testid="chat-name">{info.name}</strong>
            <span>{t('chat.participants', { count: info.participantsCount })}</span>
          </div>
        ))}
      <div className="chat-scroller" ref={scroller} data-testid="chat-messages">
        <div ref={topSentinel} className="chat-top">
          {state.loadingOlder && <span>{t('chat.loadingOlder')}</span>}
          {state.status === 'ready' && !state.hasOlder && (
            <span>{person ? t('chat.directBeginning', { name: title }) : t('chat.beginning')}</span>
          )}
        </div>
        {state.status === 'error' && (
          <div className="chat-error" role="alert">
            <p>{t('chat.loadError')}</p>
            <button type="button" className="btn btn-ghost" onClick={() => void agent.resync()}>
              {t('chat.retry')}
            </button>
          </div>
        )}
        {groupByDay(rows).map((day) => (
          <section key={day.key} className="chat-day" aria-label={dayLabel(day.date, i18n.language, t)}>
            <div className="chat-day-label" data-testid="chat-day">
              <span>{dayLabel(day.date, i18n.language, t)}</span>
            </div>
            {day.items.map((row, i) => {
              if (row.kind === 'pending') {
                const { pending } = row;
                return (
                  <div
                    key={pending.clientMessageId}
                    className={`chat-msg mine ${pending.status}`}
                    data-testid={`chat-pending-${pending.status}`}
                  >
                    <p className="chat-bubble">{pending.text}</p>
                    {pending.status === 'failed' ? (
                      <button
                        type="button"
                        className="chat-retry"
                        onClick={() => void agent.retry(pending.clientMessageId)}
                      >
                        {t('chat.failed')}
                      </button>
                    ) : (
                      <span className="chat-meta">{t('chat.sending')}</span>
                    )}
                  </div>
                );
              }
              const { message } = row;
              if (message.kind !== 'TEXT') {
                return (
                  <p key={message.messageId} className="chat-event" data-testid={`chat-event-${message.kind}`}>
                    {messageText(message, t)}
                  </p>
                );
              }
              const mine = message.sender?.userId === myId;
              const prev = day.items[i - 1];
              const sameSender =
                prev?.kind === 'stored' &&
                prev.message.kind === 'TEXT' &&
                prev.message.sender?.userId === message.sender?.userId;
              return (
                <div key={message.messageId} className={mine ? 'chat-msg mine' : 'chat-msg'} data-testid="chat-message">
                  {/* In a direct chat the header already names the only other person. */}
                  {!mine && !sameSender && info?.kind !== 'DIRECT' && (
                    <span className="chat-sender" data-testid="chat-sender">
                      {message.sender && <Avatar person={message.sender} size={20} />}
                      {personName(message.sender, t)}
                    </span>
                  )}
                  <p
                    className="chat-bubble"
                    onContextMenu={(event) => {
                      // A long press (or right click) on someone else's message offers to report it.
                      if (mine || !message.text) return;
                      event.preventDefault();
                      setReporting(message.messageId);
                    }}
                  >
                    {message.text}
                  </p>
                  {reporting === message.messageId && (
                    <ReportButton
                      targetType="MESSAGE"
                      targetId={message.messageId}
                      initiallyOpen
                      onClose={() => setReporting(null)}
                    />
                  )}
                  <time className="chat-meta" dateTime={message.createdAt}>
                    {formatTime(new Date(message.createdAt), i18n.language)}
                  </time>
                </div>
              );
            })}
          </section>
        ))}
      </div>
      <p className="chat-typing" aria-live="polite" data-testid="chat-typing">
        {typingLine(typingNames, t)}
      </p>
      {state.closed ? (
        <p className="chat-ended" role="status" data-testid="chat-ended">
          {t('chat.ended')}
        </p>
      ) : state.status === 'ready' && !info ? (
        <p className="chat-ended" role="status" data-testid="chat-read-only">
          {t('offline.chatReadOnly')}
        </p>
      ) : refused ? (
        <p className="chat-ended" role="status" data-testid="chat-not-contact">
          {t('chat.notContact', { name: title })}
        </p>
      ) : (
        <form className="chat-composer" onSubmit={submit}>
          <textarea
            value={draft}
            rows={1}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            placeholder={t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            data-testid="chat-input"
            disabled={state.status !== 'ready'}
            onChange={(e) => {
              setDraft(e.target.value);
              agent.typed(e.target.value);
            }}
            onBlur={() => agent.stopTyping()}
            onKeyDown={onKeyDown}
          />
          <button type="submit" className="btn btn-blue" disabled={!draft.trim()} data-testid="chat-send">
            {t('chat.send')}
          </button>
        </form>
      )}
    </div>
  );
}
