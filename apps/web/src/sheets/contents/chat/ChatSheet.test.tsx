import type { Message } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n/index.ts';
import { useAuthStore } from '../../../state/auth.ts';
import { createQueryClient } from '../../../state/queryClient.ts';
import { aMessage, aUser, id } from '../../../testing/fixtures.ts';
import { ChatContent } from './ChatSheet.tsx';

vi.mock('../../../chat/realtime.ts', () => ({
  realtimeLink: () => ({ on: () => () => {}, emit: () => {}, onResync: () => () => {}, connected: () => true }),
}));

const slow = { timeout: 5000 };
const chatId = '01900000-0000-7000-8000-0000000000c1';
const ada = aUser({ userId: 'u-ada', username: 'ada', firstName: 'Ada', lastName: 'Rossi' });
const bea = { ...ada, userId: 'u-bea', username: 'bea', firstName: 'Bea' };
const msg = (n: number, over: Partial<Message>): Message =>
  aMessage({
    messageId: id(n),
    chatId,
    sender: ada,
    text: '',
    createdAt: new Date(2026, 0, 1, 10, n).toISOString(),
    ...over,
  });

function stubApi(options: {
  closed: boolean;
  sendFails?: boolean;
  /** A direct chat with Bea: whether one may still write, and whether the server refuses a send. */
  direct?: { canSend: boolean; refuseSend?: boolean };
}) {
  const messages = [
    msg(1, { kind: 'CREATED' }),
    msg(2, { kind: 'JOINED', sender: bea }),
    msg(3, { sender: bea, text: 'Yesterday’s plan', createdAt: new Date(Date.now() - 86_400_000).toISOString() }),
    msg(4, { sender: bea, text: 'See you <b>there</b>', createdAt: new Date().toISOString() }),
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = url.replace(/^.*\/database\//, '');
      const answers: Record<string, unknown> = {
        'user/own-profile': { user: { ...ada, completed: true } },
        'chat/get-info': {
          chat: {
            chatId,
            kind: options.direct ? 'DIRECT' : 'ACTIVITY',
            targetId: options.direct ? bea.userId : chatId,
            name: options.direct ? 'Bea Rossi' : 'Giro del lago',
            picture: null,
            person: options.direct ? bea : null,
            lastMessage: null,
            unreadCount: 0,
            closedAt: options.closed ? new Date().toISOString() : null,
            canSend: options.direct ? options.direct.canSend : !options.closed,
            participants: [ada, bea],
            participantsCount: 2,
          },
        },
        'chat/list-messages': { messages: [...messages].reverse(), hasMore: false },
        'chat/set-as-read': { ok: true },
      };
      if (path === 'chat/send-message' && options.direct?.refuseSend) {
        return new Response(JSON.stringify({ error: { code: 'NOT_A_CONTACT', message: 'not a contact' } }), {
          status: 403,
        });
      }
      if (path === 'chat/send-message' && options.sendFails) {
        return new Response(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }), {
          status: 503,
        });
      }
      return new Response(JSON.stringify(answers[path] ?? {}), { status: 200 });
    }),
  );
}

const renderSheet = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ChatContent chatId={chatId} />
    </QueryClientProvider>,
  );

describe('the chat sheet', () => {
  beforeEach(async () => {
    useAuthStore.getState().setToken('token', true);
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('groups messages by day, shows events, and keeps markup as text', async () => {
    stubApi({ closed: false });
    renderSheet();
    await screen.findByText('See you <b>there</b>', {}, slow);
    expect(screen.getAllByTestId('chat-day').map((d) => d.textContent)).toEqual([
      'Thursday, 1 January 2026',
      'Yesterday',
      'Today',
    ]);
    expect(screen.getByText('Ada Rossi created the chat')).toBeTruthy();
    expect(screen.getByText('Bea Rossi joined')).toBeTruthy();
    expect(document.querySelector('[data-testid="chat-messages"] b')).toBeNull();
    // Each run of someone else's messages starts with their face and name (issue 44).
    const senders = screen.getAllByTestId('chat-sender');
    expect(senders.map((s) => s.textContent)).toEqual(['BRBea Rossi', 'BRBea Rossi']);
    expect(senders[0]!.querySelector('.avatar')).not.toBeNull();
  });

  it('shows my message at once and offers a retry when it fails', async () => {
    stubApi({ closed: false, sendFails: true });
    renderSheet();
    const input = await screen.findByTestId('chat-input');
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false), slow);
    fireEvent.change(input, { target: { value: 'On my way' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(screen.getByText('On my way')).toBeTruthy();
    await screen.findByText('Not sent. Tap to retry', {}, slow);
  });

  it('shows the activity-ended notice instead of the composer once closed, in Italian too', async () => {
    stubApi({ closed: true });
    await i18n.changeLanguage('it');
    renderSheet();
    const notice = await screen.findByTestId('chat-ended', {}, slow);
    expect(notice.textContent).toBe('L’attività è terminata: questa chat è chiusa');
    expect(screen.queryByTestId('chat-input')).toBeNull();
  });

  it('shows the other person in the header of a direct chat', async () => {
    stubApi({ closed: false, direct: { canSend: true } });
    renderSheet();
    const person = await screen.findByTestId('chat-person', {}, slow);
    expect(person.textContent).toContain('Bea Rossi');
    expect(person.getAttribute('aria-label')).toBe('See the profile of Bea Rossi');
    expect(screen.getByText('Direct message')).toBeTruthy();
    expect(await screen.findByText('This is the beginning of your conversation with Bea Rossi')).toBeTruthy();
    expect(screen.queryByText(/participants/)).toBeNull();
    expect(screen.getByTestId('chat-input')).toBeTruthy();
  });

  it('says why one can no longer write once the two are not contacts, in Italian too', async () => {
    stubApi({ closed: false, direct: { canSend: false } });
    await i18n.changeLanguage('it');
    renderSheet();
    const notice = await screen.findByTestId('chat-not-contact', {}, slow);
    expect(notice.textContent).toBe('Tu e Bea Rossi non siete più in contatto: non puoi più scrivere in questa chat.');
    expect(screen.queryByTestId('chat-input')).toBeNull();
    // The history stays readable.
    expect(screen.getByText('See you <b>there</b>')).toBeTruthy();
  });

  it('replaces the composer with the reason when a send is refused with NOT_A_CONTACT', async () => {
    stubApi({ closed: false, direct: { canSend: true, refuseSend: true } });
    renderSheet();
    const input = await screen.findByTestId('chat-input');
    await waitFor(() => expect((input as HTMLTextAreaElement).disabled).toBe(false), slow);
    fireEvent.change(input, { target: { value: 'Still there?' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    const notice = await screen.findByTestId('chat-not-contact', {}, slow);
    expect(notice.textContent).toBe(
      'You and Bea Rossi are no longer contacts: you cannot write in this chat any more.',
    );
    expect(screen.getByText('Not sent. Tap to retry')).toBeTruthy();
  });
});
