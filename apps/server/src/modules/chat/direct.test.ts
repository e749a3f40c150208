import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { chats, notifications } from '../../db/schema.ts';
import { pushText } from '../notifications/push-messages.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const send = (who: User, chatId: string, text: string) =>
  t.call('chat/send-message', { chatId, text, clientMessageId: `d-${++sequence}` }, who.token);

async function contacts(a: User, b: User) {
  await t.ok('user/request-connection', { userId: b.id }, a.token);
  await t.ok('user/accept-connection', { userId: a.id }, b.token);
}

async function pair(names: [string, string] = ['Ada', 'Bea']) {
  const a = await newUser(t, { firstName: names[0], lastName: 'Rossi' });
  const b = await newUser(t, { firstName: names[1], lastName: 'Bianchi' });
  await contacts(a, b);
  return [a, b] as const;
}

const open = (who: User, other: User) => t.call('chat/open-direct', { userId: other.id }, who.token);

describe('opening a direct chat', () => {
  it('gives contacts one chat, with the other person as its name and picture', async () => {
    const [ada, bea] = await pair();
    const res = await open(ada, bea);
    expect(res.status).toBe(200);
    expect(res.body.chat).toMatchObject({
      kind: 'DIRECT',
      targetId: bea.id,
      name: 'Bea Bianchi',
      person: { userId: bea.id, firstName: 'Bea', lastName: 'Bianchi' },
      lastMessage: null,
      unreadCount: 0,
      closedAt: null,
      canSend: true,
    });
    expect(res.body.chat.person).not.toHaveProperty('email');
    // The other way round is the same chat, seen from the other side.
    const back = await t.ok('chat/open-direct', { userId: ada.id }, bea.token);
    expect(back.chat).toMatchObject({ chatId: res.body.chat.chatId, name: 'Ada Rossi', targetId: ada.id });
  });

  it('makes exactly one chat per pair, even for concurrent opens from both sides', async () => {
    const [ada, bea] = await pair();
    const answers = await Promise.all([open(ada, bea), open(bea, ada), open(ada, bea), open(bea, ada)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body.chat.chatId)).size).toBe(1);
    const [low, high] = ada.id < bea.id ? [ada.id, bea.id] : [bea.id, ada.id];
    const rows = await t.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userLowId, low), eq(chats.userHighId, high)));
    expect(rows).toHaveLength(1);
  });

  it('is for contacts only: not for strangers, pending requests, oneself or nobody', async () => {
    const ada = await newUser(t);
    const stranger = await newUser(t);
    expect((await open(ada, stranger)).body.error?.code).toBe('NOT_A_CONTACT');
    await t.ok('user/request-connection', { userId: stranger.id }, ada.token);
    const pending = await open(ada, stranger);
    expect(pending.status).toBe(403);
    expect(pending.body.error?.code).toBe('NOT_A_CONTACT');
    expect((await open(ada, ada)).body.error?.code).toBe('NOT_A_CONTACT');
    const nobody = await t.call('chat/open-direct', { userId: '0190a000-0000-7000-8000-000000000000' }, ada.token);
    expect(nobody.status).toBe(404);
    expect(nobody.body.error?.code).toBe('USER_NOT_FOUND');
    expect(
      await t.db
        .select()
        .from(chats)
        .where(eq(chats.userLowId, ada.id < stranger.id ? ada.id : stranger.id)),
    ).toEqual([]);
  });

  it('is refused in both directions once either has blocked the other, even if a contact row remained', async () => {
    const [ada, bea] = await pair();
    await t.ok('user/block', { userId: bea.id }, ada.token);
    // A block ends the contact; put it back by hand, so only the block forbids.
    await t.db.execute(
      sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${ada.id}, ${bea.id}, 'ACCEPTED', now())`,
    );
    expect((await open(ada, bea)).body.error?.code).toBe('NOT_A_CONTACT');
    expect((await open(bea, ada)).body.error?.code).toBe('NOT_A_CONTACT');
  });
});

describe('messages in a direct chat', () => {
  it('reach the other person live in their list, with an unread count and a notification', async () => {
    const [ada, bea] = await pair();
    const { chat } = await t.ok('chat/open-direct', { userId: bea.id }, ada.token);
    // An empty direct chat is not news to the other person.
    expect((await t.ok('chat/list-user-chats', {}, bea.token)).chats).toEqual([]);
    expect((await send(ada, chat.chatId, 'Ciao Bea, domenica?')).status).toBe(200);
    const [listed] = (await t.ok('chat/list-user-chats', {}, bea.token)).chats;
    expect(listed).toMatchObject({
      chatId: chat.chatId,
      kind: 'DIRECT',
      name: 'Ada Rossi',
      person: { userId: ada.id },
      unreadCount: 1,
      canSend: true,
      lastMessage: { text: 'Ciao Bea, domenica?', sender: { userId: ada.id } },
    });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.targetId, chat.chatId), eq(notifications.type, 'SEND_MESSAGE')));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ userId: bea.id, actorId: ada.id, reason: 'DIRECT' });
    const listedNote = (await t.ok('notification/list-by-user', {}, bea.token)).notifications.find(
      (n) => n.targetId === chat.chatId,
    );
    expect(listedNote).toMatchObject({ type: 'SEND_MESSAGE', reason: 'DIRECT', actor: { userId: ada.id } });
    expect(pushText('en', 'SEND_MESSAGE', { actor: 'Ada Rossi', target: '', reason: 'DIRECT' }).body).toBe(
      'New messages from Ada Rossi',
    );
    expect(pushText('it', 'SEND_MESSAGE', { actor: 'Ada Rossi', target: '', reason: 'DIRECT' }).body).toBe(
      'Nuovi messaggi da Ada Rossi',
    );
    // Bea replies through the same calls as any chat.
    expect((await send(bea, chat.chatId, 'Sì!')).status).toBe(200);
    const page = await t.ok('chat/list-messages', { chatId: chat.chatId, limit: 30 }, ada.token);
    expect(page.messages.map((m) => m.text)).toEqual(['Sì!', 'Ciao Bea, domenica?']);
    await t.ok('chat/set-as-read', { chatId: chat.chatId }, bea.token);
    const info = await t.ok('chat/get-info', { chatId: chat.chatId }, bea.token);
    expect(info.chat).toMatchObject({ kind: 'DIRECT', unreadCount: 0, participantsCount: 2 });
  });

  it('are closed to everyone else: a non-member can neither read nor send', async () => {
    const [ada, bea] = await pair();
    const outsider = await newUser(t);
    const { chat } = await t.ok('chat/open-direct', { userId: bea.id }, ada.token);
    await send(ada, chat.chatId, 'Just us');
    for (const [name, body] of [
      ['chat/list-messages', { chatId: chat.chatId, limit: 30 }],
      ['chat/get-info', { chatId: chat.chatId }],
      ['chat/set-as-read', { chatId: chat.chatId }],
    ] as const) {
      const res = await t.call(name, body as never, outsider.token);
      expect(res.status, name).toBe(404);
      expect(res.body.error?.code).toBe('CHAT_NOT_FOUND');
    }
    const sent = await send(outsider, chat.chatId, 'Let me in');
    expect(sent.body.error?.code).toBe('CHAT_NOT_FOUND');
    expect((await t.ok('chat/list-user-chats', {}, outsider.token)).chats).toEqual([]);
  });

  it('stay readable after the contact is removed, and sending is refused with NOT_A_CONTACT', async () => {
    const [ada, bea] = await pair();
    const { chat } = await t.ok('chat/open-direct', { userId: bea.id }, ada.token);
    await send(ada, chat.chatId, 'Before');
    await t.ok('user/delete-connection', { userId: ada.id }, bea.token);
    for (const who of [ada, bea]) {
      const refused = await send(who, chat.chatId, 'After');
      expect(refused.status).toBe(403);
      expect(refused.body.error?.code).toBe('NOT_A_CONTACT');
      const page = await t.ok('chat/list-messages', { chatId: chat.chatId, limit: 30 }, who.token);
      expect(page.messages.map((m) => m.text)).toEqual(['Before']);
      const [listed] = (await t.ok('chat/list-user-chats', {}, who.token)).chats;
      expect(listed).toMatchObject({ chatId: chat.chatId, canSend: false });
    }
    expect((await open(ada, bea)).body.error?.code).toBe('NOT_A_CONTACT');
    // Contacts again: the same chat, writable again.
    await contacts(bea, ada);
    expect((await t.ok('chat/open-direct', { userId: bea.id }, ada.token)).chat).toMatchObject({
      chatId: chat.chatId,
      canSend: true,
    });
    expect((await send(ada, chat.chatId, 'Again')).status).toBe(200);
  });

  it('cannot be sent by either side after a block, and the blocked person is not told who blocked', async () => {
    const [ada, bea] = await pair();
    const { chat } = await t.ok('chat/open-direct', { userId: bea.id }, ada.token);
    await send(bea, chat.chatId, 'Hi');
    await t.ok('user/block', { userId: ada.id }, bea.token);
    for (const who of [ada, bea]) {
      const refused = await send(who, chat.chatId, 'Still there?');
      expect(refused.body.error?.code).toBe('NOT_A_CONTACT');
      const page = await t.ok('chat/list-messages', { chatId: chat.chatId, limit: 30 }, who.token);
      expect(page.messages.map((m) => m.text)).toEqual(['Hi']);
    }
  });
});
