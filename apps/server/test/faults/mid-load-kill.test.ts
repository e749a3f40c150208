import type { Message } from '@cordata/contract';
import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import {
  activityInput,
  call,
  missingPostgres,
  type ServerProcess,
  seeder,
  sleep,
  startPostgres,
  startServerProcess,
} from './support.ts';

const USERS = 16;
const ACTIVITIES = 4;

describe.skipIf(missingPostgres)(`mid-load kill${missingPostgres ? ` (skipped: ${missingPostgres})` : ''}`, () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let server: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startServerProcess({ DATABASE_URL: postgres.url });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.kill('SIGKILL');
    postgres?.destroy();
  });

  it('keeps every acknowledged send exactly once, half-writes nothing, and clients catch up after a restart', {
    timeout: 60_000,
  }, async () => {
    const seed = await seeder(postgres.url);
    const creator = await seed.newUser();
    const people: Awaited<ReturnType<typeof seed.newUser>>[] = [];
    for (let i = 0; i < USERS; i++) people.push(await seed.newUser());
    const chats: { activityId: string; chatId: string }[] = [];
    for (let i = 0; i < ACTIVITIES; i++) {
      const answer = await call(server, 'activity/create-new', activityInput(`Kill run ${i}`), creator.token);
      expect(answer.status).toBe(200);
      chats.push({ activityId: answer.body.activity.activityId, chatId: answer.body.activity.chatId });
    }

    // The creator watches every chat live, and reconnects by itself after the restart.
    const socket: Socket = connect(server.url, {
      path: '/api/space/cordata/realtime',
      transports: ['websocket'],
      auth: { token: creator.token },
      reconnectionDelay: 100,
      reconnectionDelayMax: 500,
    });
    sockets.push(socket);
    const received = new Map<string, Message>();
    socket.on('message', (message: Message) => received.set(message.messageId, message));
    let connects = 0;
    socket.on('connect', () => connects++);
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));

    const acknowledged: { userId: string; chatId: string; clientMessageId: string }[] = [];
    const unacknowledged: { token: string; userId: string; chatId: string; clientMessageId: string }[] = [];
    const joined: { userId: string; activityId: string }[] = [];
    let killed = false;
    const worker = async (person: (typeof people)[number], index: number) => {
      const { activityId, chatId } = chats[index % ACTIVITIES]!;
      const join = await call(server, 'activity/participate', { activityId }, person.token, 5000);
      if (join.status === 0) return;
      if (join.status !== 200) throw new Error(`participate answered ${join.status}: ${JSON.stringify(join.body)}`);
      joined.push({ userId: person.id, activityId });
      for (let n = 0; !killed && n < 400; n++) {
        const clientMessageId = `${person.id.slice(0, 8)}-${n}`;
        const send = await call(
          server,
          'chat/send-message',
          { chatId, text: `m${n}`, clientMessageId },
          person.token,
          5000,
        );
        const entry = { userId: person.id, chatId, clientMessageId };
        if (send.status === 200) acknowledged.push(entry);
        else if (send.status === 0) unacknowledged.push({ ...entry, token: person.token });
        else throw new Error(`send answered ${send.status}: ${JSON.stringify(send.body)}`);
      }
    };
    const loadStart = Date.now();
    const load = people.map((person, i) => sleep(i * 15).then(() => worker(person, i)));

    while (acknowledged.length < 100 && Date.now() - loadStart < 20_000) await sleep(50);
    const port = server.port;
    killed = true;
    await server.kill('SIGKILL');
    // What a client holds when its connection drops: it catches up from there once reconnected.
    const heldAtKill = [...received.values()];
    await Promise.all(load);
    expect(acknowledged.length).toBeGreaterThan(20);

    server = await startServerProcess({ DATABASE_URL: postgres.url }, port);

    // Every acknowledged send is there exactly once.
    const counts = await queryRows<{ sender_id: string; client_message_id: string; n: number }>(
      seed.db,
      sql`select sender_id, client_message_id, count(*)::int as n from messages
          where client_message_id is not null group by sender_id, client_message_id`,
    );
    const countOf = (userId: string, clientMessageId: string) =>
      counts.find((c) => c.sender_id === userId && c.client_message_id === clientMessageId)?.n ?? 0;
    expect(acknowledged.filter((a) => countOf(a.userId, a.clientMessageId) !== 1)).toEqual([]);
    expect(counts.filter((c) => c.n !== 1)).toEqual([]);

    // Nothing half-written: activity and chat memberships agree, every joined member has its JOINED event.
    const withoutChat = await queryRows(
      seed.db,
      sql`select am.activity_id, am.user_id from activity_members am
          join chats c on c.activity_id = am.activity_id
          left join chat_members cm on cm.chat_id = c.id and cm.user_id = am.user_id and cm.left_at is null
          where am.state = 'PARTICIPATING' and cm.user_id is null`,
    );
    const chatWithoutActivity = await queryRows(
      seed.db,
      sql`select cm.chat_id, cm.user_id from chat_members cm
          join chats c on c.id = cm.chat_id and c.kind = 'ACTIVITY'
          left join activity_members am on am.activity_id = c.activity_id and am.user_id = cm.user_id
            and am.state = 'PARTICIPATING'
          where cm.left_at is null and am.user_id is null`,
    );
    const sendersOutsideChat = await queryRows(
      seed.db,
      sql`select distinct m.chat_id, m.sender_id from messages m
          left join chat_members cm on cm.chat_id = m.chat_id and cm.user_id = m.sender_id
          where m.kind = 'TEXT' and cm.user_id is null`,
    );
    expect(withoutChat).toEqual([]);
    expect(chatWithoutActivity).toEqual([]);
    expect(sendersOutsideChat).toEqual([]);
    const members = await queryRows<{ user_id: string; activity_id: string }>(
      seed.db,
      sql`select user_id, activity_id from activity_members where state = 'PARTICIPATING'`,
    );
    expect(
      joined.filter((j) => !members.some((m) => m.user_id === j.userId && m.activity_id === j.activityId)),
    ).toEqual([]);

    // A retry of a send that got no answer makes at most one message.
    for (const lost of unacknowledged) {
      const retry = await call(
        server,
        'chat/send-message',
        { chatId: lost.chatId, text: 'retry', clientMessageId: lost.clientMessageId },
        lost.token,
      );
      expect(retry.status).toBe(200);
      const [row] = await queryRows<{ n: number }>(
        seed.db,
        sql`select count(*)::int as n from messages where sender_id = ${lost.userId} and client_message_id = ${lost.clientMessageId}`,
      );
      expect(row!.n).toBe(1);
    }

    // The socket reconnected by itself and catches up from the last message it has.
    const deadline = Date.now() + 15_000;
    while (connects < 2 && Date.now() < deadline) await sleep(100);
    expect(connects).toBeGreaterThanOrEqual(2);
    for (const { chatId } of chats) {
      const have = heldAtKill.filter((m) => m.chatId === chatId).map((m) => m.messageId);
      have.sort();
      const seen = new Set([...received.values()].filter((m) => m.chatId === chatId).map((m) => m.messageId));
      expect(have.length, 'the socket saw the chat live before the kill').toBeGreaterThan(0);
      const firstSeen = have[0] as string;
      let after = have.at(-1) as string;
      for (let page = 0; page < 100; page++) {
        const answer = await call(server, 'chat/list-messages', { chatId, limit: 100, after }, creator.token);
        expect(answer.status).toBe(200);
        const messages = answer.body.messages as Message[];
        for (const m of messages) seen.add(m.messageId);
        if (!answer.body.hasMore) break;
        after =
          messages
            .map((m) => m.messageId)
            .sort()
            .at(-1) ?? after;
      }
      // Everything since the socket first saw this chat, which it watched from before the load began.
      const inDatabase = await queryRows<{ id: string }>(
        seed.db,
        sql`select id from messages where chat_id = ${chatId} and id >= ${firstSeen} order by id`,
      );
      expect([...seen].filter((id) => id >= firstSeen).sort()).toEqual(inDatabase.map((r) => r.id));
    }
    console.log(
      `mid-load kill: ${acknowledged.length} sends acknowledged, ${unacknowledged.length} cut off and retried, ${joined.length} joins, ${received.size} messages seen live`,
    );
    await seed.close();
  });
});
