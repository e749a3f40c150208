import { CHAT_MESSAGE_MAX_LENGTH } from '@cordata/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { changeMembership, newActivityChat } from '../../../test/chat-factories.ts';
import { newUser } from '../../../test/factories.ts';
import { type DbOrTx, queryRows } from '../../db/client.ts';
import { activities, chatMembers, chats, messages, notifications } from '../../db/schema.ts';
import { createChatRepository } from './chat.repository.ts';
import { noChatEvents } from './chat-membership.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof newUser>>;
let ada: User;
let bea: User;
let carl: User;
let outsider: User;

beforeAll(async () => {
  t = await createTestApp();
  [ada, bea, carl, outsider] = await Promise.all([
    newUser(t, { firstName: 'Ada' }),
    newUser(t, { firstName: 'Bea' }),
    newUser(t, { firstName: 'Carl' }),
    newUser(t, { firstName: 'Otto' }),
  ]);
});
afterAll(() => t.close());

let sequence = 0;
const send = (token: string, chatId: string, text: string, clientMessageId = `c-${++sequence}`) =>
  t.call('chat/send-message', { chatId, text, clientMessageId }, token);

/** A UUID v7 from the year 10889 (any clock is behind it), one per test (ids are unique), and its successor. */
const futureId = (n: number) => `ffff000${n}-0000-7000-8000-0000000000ff`;
const afterFuture = (n: number) => `ffff000${n}-0000-7000-8000-000000000100`;
const textIn = (chatId: string, id: string) => ({ id, chatId, senderId: ada.id, kind: 'TEXT', text: 'ahead' }) as const;

/**
 * Runs `hold` in a transaction that holds the chat, starts `waiter`, and commits once the waiter is queued behind
 * the chat's lock (seen in pg_stat_activity): what the waiter answers. PostgreSQL only (PGlite has one connection,
 * so nothing waits).
 */
async function whileChatHeld<T>(hold: (tx: DbOrTx) => Promise<unknown>, waiter: () => Promise<T>): Promise<T> {
  let waiting!: Promise<T>;
  await t.db.transaction(async (tx) => {
    await hold(tx);
    waiting = waiter();
    for (let tries = 0; ; tries += 1) {
      const [row] = await queryRows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (row!.n > 0) break;
      if (tries > 500) throw new Error('the waiter never waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return waiting;
}

describe('message ids', () => {
  it('are fresh UUID v7s by the clock, growing in commit order', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const before = Date.now();
    const ids: string[] = [];
    for (const text of ['One', 'Two', 'Three']) ids.push((await send(ada.token, chatId, text)).body.message.messageId);
    expect([...ids].sort()).toEqual(ids);
    const first = ids[0]!;
    const millis = parseInt(first.replaceAll('-', '').slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before - 1_000);
    expect(millis).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('follow the newest id when the clock is behind it', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    await t.db.insert(messages).values(textIn(chatId, futureId(1)));
    const sent = await send(bea.token, chatId, 'After the future');
    expect(sent.body.message.messageId).toBe(afterFuture(1));
    await changeMembership(t, 'join', chatId, carl.id);
    const [joined] = await t.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.senderId, carl.id)));
    expect(joined!.id).toBe('ffff0001-0000-7000-8000-000000000101');
  });

  // A writer that waited for the chat's lock must see the message committed meanwhile, whatever the clocks say
  // (PostgreSQL: PGlite has one connection, so nothing waits).
  describe('after waiting for the chat', () => {
    const whileLocked = (chatId: string, aheadId: string, waiter: () => Promise<unknown>) =>
      whileChatHeld(async (tx) => {
        await tx.execute(sql`select id from chats where id = ${chatId} for no key update`);
        await tx.insert(messages).values(textIn(chatId, aheadId));
      }, waiter);

    it('a text message sorts after it', async () => {
      if (t.database.kind !== 'postgres') return;
      const { chatId } = await newActivityChat(t, ada, [bea]);
      const sent = (await whileLocked(chatId, futureId(2), () => send(bea.token, chatId, 'Waited'))) as Awaited<
        ReturnType<typeof send>
      >;
      expect(sent.status).toBe(200);
      expect(sent.body.message.messageId).toBe(afterFuture(2));
    });

    it('an exit says so after it', async () => {
      if (t.database.kind !== 'postgres') return;
      const { chatId } = await newActivityChat(t, ada, [bea]);
      await whileLocked(chatId, futureId(3), () => changeMembership(t, 'leave', chatId, bea.id));
      const events = await t.db
        .select({ id: messages.id, kind: messages.kind })
        .from(messages)
        .where(and(eq(messages.chatId, chatId), sql`${messages.id} >= ${futureId(3)}`))
        .orderBy(messages.id);
      expect(events).toEqual([
        { id: futureId(3), kind: 'TEXT' },
        { id: afterFuture(3), kind: 'LEFT' },
      ]);
    });
  });
});

describe('sending', () => {
  it('stores a message and answers it with its sender', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const res = await send(ada.token, chatId, '  Ready at 9?  ', 'first');
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      chatId,
      kind: 'TEXT',
      text: 'Ready at 9?',
      clientMessageId: 'first',
      sender: { userId: ada.id, firstName: 'Ada' },
    });
    expect(res.body.message.sender).not.toHaveProperty('email');
  });

  it('never makes a second message for a retry, even concurrent ones', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const first = await send(ada.token, chatId, 'Hello', 'retry-me');
    const again = await send(ada.token, chatId, 'Hello', 'retry-me');
    expect(again.status).toBe(200);
    // The message as stored the first time, its sender included.
    expect(again.body.message).toEqual(first.body.message);
    const burst = await Promise.all(Array.from({ length: 5 }, () => send(ada.token, chatId, 'Burst', 'burst-1')));
    expect(new Set(burst.map((r) => r.body.message.messageId)).size).toBe(1);
    const stored = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.kind, 'TEXT')));
    expect(stored).toHaveLength(2);
    // The same client id from another person is another message.
    const fromBea = await send(bea.token, chatId, 'Hello', 'retry-me');
    expect(fromBea.body.message.messageId).not.toBe(first.body.message.messageId);
  });

  it('keeps text as text, up to 4000 characters', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const html = '<img src=x onerror=alert(1)> & <b>bold</b>';
    expect((await send(ada.token, chatId, html)).body.message.text).toBe(html);
    expect((await send(ada.token, chatId, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH))).status).toBe(200);
    const tooLong = await send(ada.token, chatId, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'text' }] });
    expect((await send(ada.token, chatId, '   ')).status).toBe(400);
    expect((await send(ada.token, chatId, 'nul \u0000 byte')).status).toBe(400);
    expect((await t.call('chat/send-message', { chatId, text: 'no id' } as never, ada.token)).status).toBe(400);
  });

  it('refuses outsiders as if the chat did not exist', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    await send(ada.token, chatId, 'Private plans');
    for (const [name, body] of [
      ['chat/send-message', { chatId, text: 'Let me in', clientMessageId: 'x' }],
      ['chat/list-messages', { chatId }],
      ['chat/get-info', { chatId }],
      ['chat/set-as-read', { chatId }],
    ] as const) {
      const res = await t.call(name, body as never, outsider.token);
      expect(res.status, name).toBe(404);
      expect(res.body.error?.code).toBe('CHAT_NOT_FOUND');
    }
    const missing = await t.call('chat/list-messages', { chatId: '0190a000-0000-7000-8000-000000000000' }, ada.token);
    expect(missing.body.error?.code).toBe('CHAT_NOT_FOUND');
    expect((await t.call('chat/list-messages', { chatId }, 'not-a-token')).status).toBe(401);
  });

  it('refuses someone who left, and lets them back in when they rejoin', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    await changeMembership(t, 'leave', chatId, bea.id);
    expect((await send(bea.token, chatId, 'Still here?')).status).toBe(404);
    expect((await t.call('chat/list-messages', { chatId }, bea.token)).status).toBe(404);
    await changeMembership(t, 'join', chatId, bea.id);
    expect((await send(bea.token, chatId, 'Back')).status).toBe(200);
  });

  it('refuses new messages in a closed chat but still answers a retry of a stored one', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const stored = await send(ada.token, chatId, 'Before the end', 'before-end');
    await t.db.update(chats).set({ closedAt: new Date() }).where(eq(chats.id, chatId));
    const refused = await send(ada.token, chatId, 'After the end');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'CHAT_CLOSED', message: 'The activity has ended: this chat is closed' });
    const retry = await send(ada.token, chatId, 'Before the end', 'before-end');
    expect(retry.body.message.messageId).toBe(stored.body.message.messageId);
  });

  it('records one message notification per recipient and chat until they read it', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea, carl]);
    await send(ada.token, chatId, 'One');
    await send(ada.token, chatId, 'Two');
    await send(bea.token, chatId, 'Three');
    const rows = await t.db
      .select({ userId: notifications.userId, actorId: notifications.actorId })
      .from(notifications)
      .where(and(eq(notifications.targetId, chatId), eq(notifications.type, 'SEND_MESSAGE')));
    expect(rows.filter((r) => r.userId === bea.id)).toHaveLength(1);
    expect(rows.filter((r) => r.userId === carl.id)).toHaveLength(1);
    expect(rows.filter((r) => r.userId === ada.id)).toHaveLength(1); // Bea's message
    await t.ok('chat/set-as-read', { chatId }, carl.token);
    await send(ada.token, chatId, 'Four');
    const carls = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.targetId, chatId), eq(notifications.userId, carl.id)));
    expect(carls).toHaveLength(2);
    expect(carls.filter((n) => n.readAt === null)).toHaveLength(1);
  });
});

describe('the prepared write statements', () => {
  it('run on the transaction they are given, and roll back with it', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    const repo = createChatRepository(t.db);
    const readMarker = async () =>
      (
        await t.db
          .select({ id: chatMembers.lastReadMessageId })
          .from(chatMembers)
          .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, bea.id)))
      )[0]?.id ?? null;
    const before = await readMarker();
    let named: string[] = [];
    await expect(
      t.db.transaction(async (tx) => {
        const chat = await repo.lockForSend(chatId, bea.id, tx);
        expect(chat).toMatchObject({ isMember: true, sendable: true });
        const row = await repo.insertText({ chatId, senderId: bea.id, text: 'undone', clientMessageId: 'tx-1' }, tx);
        expect(row).toMatchObject({ chatId, kind: 'TEXT', text: 'undone', clientMessageId: 'tx-1', senderId: bea.id });
        expect(row!.memberIds.sort()).toEqual([ada.id, bea.id].sort());
        expect(Number.isNaN(new Date(row!.createdAt).getTime())).toBe(false);
        await repo.moveReadMarker(chatId, bea.id, row!.messageId, tx);
        expect(await repo.lastMessageId(chatId, tx)).toBe(row!.messageId);
        await repo.readMessageNotifications(chatId, bea.id, new Date(), tx);
        if (t.database.kind === 'postgres') {
          // Named statements live per connection: these ran on the transaction's.
          const rows = await queryRows<{ name: string }>(tx, sql`select name from pg_prepared_statements`);
          named = rows.map((r) => r.name);
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readMarker()).toBe(before);
    const stored = await t.db.select({ id: messages.id }).from(messages).where(eq(messages.clientMessageId, 'tx-1'));
    expect(stored).toEqual([]);
    if (t.database.kind === 'postgres') {
      expect(named).toEqual(
        expect.arrayContaining([
          'chat_lock_for_send',
          'chat_insert_text',
          'chat_move_read_marker',
          'chat_last_message_id',
          'chat_read_message_notifications',
        ]),
      );
    }
  });
});

describe('reading', () => {
  it('pages backwards with no gaps or repeats while new messages arrive', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    for (let i = 0; i < 24; i++) await send(i % 2 ? ada.token : bea.token, chatId, `old ${i}`);
    const seen: string[] = [];
    let page = await t.ok('chat/list-messages', { chatId, limit: 10 }, ada.token);
    const newestAtStart = page.messages[0]!.messageId;
    seen.push(...page.messages.map((m) => m.messageId));
    let arrived = 0;
    while (page.hasMore) {
      // New messages land between page loads, some concurrently.
      await Promise.all([send(ada.token, chatId, `new ${arrived++}`), send(bea.token, chatId, `new ${arrived++}`)]);
      page = await t.ok('chat/list-messages', { chatId, limit: 10, before: seen.at(-1)! }, ada.token);
      seen.push(...page.messages.map((m) => m.messageId));
    }
    // 24 texts and the CREATED and JOINED events, each once, newest first.
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect([...seen].sort().reverse()).toEqual(seen);

    // A client resyncing from the newest message it has gets exactly what arrived since.
    const resynced: string[] = [];
    let after = newestAtStart;
    for (;;) {
      const forward = await t.ok('chat/list-messages', { chatId, after, limit: 3 }, ada.token);
      const ids = forward.messages.map((m) => m.messageId);
      expect([...ids].sort().reverse()).toEqual(ids);
      resynced.push(...ids.reverse());
      if (!forward.hasMore) break;
      after = resynced.at(-1)!;
    }
    expect(resynced).toHaveLength(arrived);
    const all = await t.ok('chat/list-messages', { chatId, limit: 100 }, ada.token);
    expect(all.messages.map((m) => m.messageId).sort()).toEqual([...seen, ...resynced].sort());
  });

  it('refuses before and after together', async () => {
    const { chatId } = await newActivityChat(t, ada);
    const id = '0190a000-0000-7000-8000-000000000000';
    const res = await t.call('chat/list-messages', { chatId, before: id, after: id }, ada.token);
    expect(res.status).toBe(400);
  });

  it('shows join, leave and created events as messages', async () => {
    const { chatId } = await newActivityChat(t, ada, [bea]);
    await changeMembership(t, 'leave', chatId, bea.id);
    const { messages: list } = await t.ok('chat/list-messages', { chatId }, ada.token);
    expect(list.map((m) => [m.kind, m.sender?.userId])).toEqual([
      ['LEFT', bea.id],
      ['JOINED', bea.id],
      ['CREATED', ada.id],
    ]);
  });
});

describe('my chats', () => {
  it('lists my chats, newest activity first, with the last message and what I have not read', async () => {
    const dan = await newUser(t, { firstName: 'Dan' });
    const eve = await newUser(t, { firstName: 'Eve' });
    const quiet = await newActivityChat(t, dan, [eve], { name: 'Quiet hike' });
    const busy = await newActivityChat(t, dan, [eve], { name: 'Busy ride' });
    await send(dan.token, busy.chatId, 'Mine does not count');
    await send(eve.token, busy.chatId, 'One');
    await send(eve.token, busy.chatId, 'Two');
    const latest = (await send(eve.token, quiet.chatId, 'Latest of all')).body.message;

    const { chats: list } = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, dan.token);
    // The last message as the chat itself shows it.
    expect(list[0]!.lastMessage).toEqual(latest);
    expect(list.map((c) => [c.name, c.unreadCount])).toEqual([
      ['Quiet hike', 1],
      ['Busy ride', 2],
    ]);
    expect(list[0]).toMatchObject({
      kind: 'ACTIVITY',
      targetId: quiet.activity.id,
      closedAt: null,
      lastMessage: { text: 'Latest of all', sender: { userId: eve.id } },
    });
    expect(list[1]!.lastMessage?.text).toBe('Two');
    // A message a moderator removed is listed without its text, as in the chat.
    await t.db.update(messages).set({ removedAt: new Date() }).where(eq(messages.id, latest.messageId));
    const afterRemoval = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, dan.token);
    expect(afterRemoval.chats[0]!.lastMessage).toEqual({ ...latest, text: '' });
    await t.db.update(messages).set({ removedAt: null }).where(eq(messages.id, latest.messageId));
    // Writing in a chat reads it.
    await send(eve.token, busy.chatId, 'Three');
    const eves = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, eve.token);
    expect(eves.chats.find((c) => c.chatId === busy.chatId)?.unreadCount).toBe(0);

    await t.ok('chat/set-as-read', { chatId: busy.chatId }, dan.token);
    const after = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, dan.token);
    expect(after.chats.find((c) => c.chatId === busy.chatId)?.unreadCount).toBe(0);
    expect(after.chats.find((c) => c.chatId === quiet.chatId)?.unreadCount).toBe(1);
    expect((await t.ok('chat/list-user-chats', { pagination: { page: 2, limit: 1 } }, dan.token)).chats).toHaveLength(
      1,
    );

    // A chat I left is gone from my list.
    await changeMembership(t, 'leave', quiet.chatId, eve.id);
    const left = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 10 } }, eve.token);
    expect(left.chats.map((c) => c.chatId)).toEqual([busy.chatId]);
  });

  it('gives the info of a chat with its participants', async () => {
    const { chatId, activity } = await newActivityChat(t, ada, [bea, carl], { name: 'Lake loop' });
    await changeMembership(t, 'leave', chatId, carl.id);
    const { chat } = await t.ok('chat/get-info', { chatId }, bea.token);
    expect(chat).toMatchObject({ chatId, name: 'Lake loop', targetId: activity.id, participantsCount: 2 });
    expect(chat.participants.map((p) => p.userId).sort()).toEqual([ada.id, bea.id].sort());
    expect(chat.participants[0]).not.toHaveProperty('email');
  });
});

describe('closing the chats of ended activities', () => {
  it('closes each ended activity once, even with two runs at the same time', async () => {
    const ended = await newActivityChat(t, ada, [bea], { endsAt: new Date(Date.now() - 60_000) });
    const upcoming = await newActivityChat(t, ada, [bea]);
    const close = t.modules.services.chat.closeEndedActivityChats;
    await Promise.all([close(), close()]);
    await close();

    const { chats: list } = await t.ok('chat/list-user-chats', { pagination: { page: 1, limit: 50 } }, bea.token);
    expect(list.find((c) => c.chatId === ended.chatId)?.closedAt).not.toBeNull();
    expect(list.find((c) => c.chatId === upcoming.chatId)?.closedAt).toBeNull();
    const events = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.chatId, ended.chatId), eq(messages.kind, 'CLOSED')));
    expect(events).toHaveLength(1);
    const [activity] = await t.db.select().from(activities).where(eq(activities.id, ended.activity.id));
    expect(activity!.closedAt).not.toBeNull();
    expect((await send(bea.token, ended.chatId, 'Too late')).body.error?.code).toBe('CHAT_CLOSED');
    expect((await send(bea.token, upcoming.chatId, 'Still open')).status).toBe(200);
  });
});

describe('a send that waits for the chat (PostgreSQL)', () => {
  /** Runs `sendIt` while a transaction takes `userId` out of the chat, which holds the chat until it commits. */
  const sendDuringRemoval = (chatId: string, userId: string, sendIt: () => ReturnType<typeof send>) =>
    whileChatHeld(
      (tx) => t.modules.services.chatMembership.leave(tx, { kind: 'CHAT', chatId }, userId, noChatEvents()),
      sendIt,
    );

  it('tells only who is in the chat once it has it, and refuses someone taken out meanwhile', async () => {
    if (t.database.kind !== 'postgres') return;
    const { chatId } = await newActivityChat(t, ada, [bea, carl]);
    const messageNotices = async (userId: string) =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.targetId, chatId)));

    const sent = await sendDuringRemoval(chatId, carl.id, () => send(ada.token, chatId, 'Still on?'));
    expect(sent.status).toBe(200);
    expect(await messageNotices(bea.id)).toHaveLength(1);
    expect(await messageNotices(carl.id)).toEqual([]);

    const refused = await sendDuringRemoval(chatId, bea.id, () => send(bea.token, chatId, 'Wait for me'));
    expect(refused.body.error?.code).toBe('CHAT_NOT_FOUND');
    const texts = await t.db
      .select({ senderId: messages.senderId })
      .from(messages)
      .where(and(eq(messages.chatId, chatId), eq(messages.kind, 'TEXT')));
    expect(texts).toEqual([{ senderId: ada.id }]);
  });
});
