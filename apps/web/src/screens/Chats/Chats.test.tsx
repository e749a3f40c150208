import type { ChatSummary } from '@cordata/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { useFeedbackStore } from '../../components/feedback.ts';
import { MessageButton } from '../../components/People/MessageButton.tsx';
import i18n from '../../i18n/index.ts';
import { useSheetStore } from '../../sheets/store.ts';
import { createQueryClient } from '../../state/queryClient.ts';
import { refusal, signedInInEnglish, stubApi } from '../../testing/api-stub.ts';
import Chats from './Chats.tsx';

vi.mock('../../chat/realtime.ts', () => ({
  realtimeLink: () => ({ on: () => () => {}, emit: () => {}, onResync: () => () => {}, connected: () => true }),
}));

const me = {
  userId: '01900000-0000-7000-8000-0000000000a1',
  username: 'ada',
  firstName: 'Ada',
  lastName: 'Rossi',
  profilePicture: null,
  lastOnlineAt: null,
};
const bea = {
  ...me,
  userId: '01900000-0000-7000-8000-0000000000b1',
  username: 'bea',
  firstName: 'Bea',
  lastName: 'Verdi',
};
const directChat: ChatSummary = {
  chatId: '01900000-0000-7000-8000-0000000000c1',
  kind: 'DIRECT',
  targetId: bea.userId,
  name: 'Bea Verdi',
  picture: null,
  person: bea,
  lastMessage: {
    messageId: '01900000-0000-7000-8000-0000000000d1',
    chatId: '01900000-0000-7000-8000-0000000000c1',
    sender: bea,
    kind: 'TEXT',
    text: 'Domenica al Resegone?',
    clientMessageId: null,
    createdAt: new Date().toISOString(),
  },
  unreadCount: 1,
  closedAt: null,
  canSend: true,
};

const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('direct chats', () => {
  signedInInEnglish();

  it('lists a direct chat with the other person’s name and initials, and their message without a name', async () => {
    stubApi((path) => {
      if (path === 'chat/list-user-chats') return { json: { chats: [directChat] } };
      if (path === 'user/own-profile') return { json: { user: { ...me, completed: true } } };
      return { json: {} };
    });
    wrap(<Chats />);
    const row = await screen.findByTestId(`chat-row-${directChat.chatId}`);
    expect(row.getAttribute('data-kind')).toBe('DIRECT');
    expect(within(row).getByTestId('chat-row-name').textContent).toBe('Bea Verdi');
    expect(row.querySelector('.chat-avatar')?.textContent).toBe('BV');
    expect(within(row).getByTestId('chat-row-preview').textContent).toBe('Domenica al Resegone?');
  });

  it('names a direct chat with a deleted account', async () => {
    await i18n.changeLanguage('it');
    stubApi((path) => {
      if (path === 'chat/list-user-chats')
        return { json: { chats: [{ ...directChat, name: '', person: null, canSend: false }] } };
      if (path === 'user/own-profile') return { json: { user: { ...me, completed: true } } };
      return { json: {} };
    });
    wrap(<Chats />);
    expect((await screen.findByTestId('chat-row-name')).textContent).toBe('Account eliminato');
  });

  it('"Message" opens the direct chat with a contact in the chat sheet', async () => {
    const calls = stubApi((path) =>
      path === 'chat/open-direct' ? { json: { chat: { ...directChat, lastMessage: null } } } : { json: {} },
    );
    useSheetStore.setState({ stack: [] });
    wrap(<MessageButton person={bea} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send a message to Bea Verdi' }));
    await waitFor(() =>
      expect(useSheetStore.getState().stack.at(-1)).toMatchObject({
        type: 'chat',
        params: { id: directChat.chatId },
      }),
    );
    expect(calls.find((c) => c.path === 'chat/open-direct')?.body).toEqual({ userId: bea.userId });
  });

  it('says so when the person is no longer a contact', async () => {
    stubApi((path) => (path === 'chat/open-direct' ? refusal('NOT_A_CONTACT', 403) : { json: {} }));
    wrap(<MessageButton person={bea} />);
    fireEvent.click(screen.getByTestId(`message-${bea.userId}`));
    await waitFor(() => expect(useFeedbackStore.getState().current?.kind).toBe('error'));
    expect(useFeedbackStore.getState().current?.description).toBe('You can send direct messages only to your contacts');
  });
});
