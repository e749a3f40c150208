import type { AddressInfo } from 'node:net';
import type { ClientToServerEvents, ServerToClientEvents } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { activities, chatMembers } from '../src/db/schema.ts';
import { noChatEvents } from '../src/modules/chat/chat-membership.ts';
import type { TestApp } from './app.ts';

let counter = 0;

/** Whether the person is in the chat now (a member who has not left). */
export async function isInChat(t: Pick<TestApp, 'db'>, chatId: string, userId: string) {
  const [row] = await t.db
    .select()
    .from(chatMembers)
    .where(and(eq(chatMembers.chatId, chatId), eq(chatMembers.userId, userId)));
  return !!row && !row.leftAt;
}

/**
 * An activity row with its chat, the creator and the given members in it. Rows are inserted
 * directly, so these tests do not depend on the activity rules.
 */
export async function newActivityChat(
  t: Pick<TestApp, 'db' | 'modules'>,
  creator: { id: string },
  members: { id: string }[] = [],
  options: { endsAt?: Date; name?: string } = {},
) {
  counter += 1;
  const endsAt = options.endsAt ?? new Date(Date.now() + 3 * 86_400_000);
  const startsAt = new Date(endsAt.getTime() - 2 * 3_600_000);
  const [activity] = await t.db
    .insert(activities)
    .values({
      name: options.name ?? `Run ${counter}`,
      sportId: 'running',
      startsAt,
      endsAt,
      date: startsAt.toISOString().slice(0, 10),
      startTime: '09:00',
      endTime: '11:00',
      timeZone: 'Europe/Rome',
      access: 'OPEN',
      visibility: 'PUBLIC',
      difficulty: 'EASY',
      routeMode: 'POINTS',
      startLatitude: 45.46,
      startLongitude: 9.19,
      routeSteps: [],
      totalDistance: 0,
      totalElevationGain: 0,
      smoothedElevationGain: 0,
      createdBy: creator.id,
    })
    .returning();
  const chatMembership = t.modules.services.chatMembership;
  const out = noChatEvents();
  const chatId = await t.db.transaction(async (tx) => {
    const id = await chatMembership.create(tx, { kind: 'ACTIVITY', activityId: activity!.id }, creator.id, out);
    for (const member of members) await chatMembership.join(tx, { kind: 'CHAT', chatId: id }, member.id, out);
    return id;
  });
  await chatMembership.publish(out);
  return { activity: activity!, chatId };
}

/** Runs a membership change the way the activity and group services do: in a transaction, published after. */
export async function changeMembership(
  t: Pick<TestApp, 'db' | 'modules'>,
  change: 'join' | 'leave',
  chatId: string,
  userId: string,
) {
  const chatMembership = t.modules.services.chatMembership;
  const out = noChatEvents();
  await t.db.transaction((tx) => chatMembership[change](tx, { kind: 'CHAT', chatId }, userId, out));
  await chatMembership.publish(out);
}

export type TestSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The realtime URL of a listening app. */
export async function listen(t: Pick<TestApp, 'app'>) {
  const address = t.app.server.address() as AddressInfo | null;
  if (!address) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A websocket client; resolves once connected, rejects with the server's refusal. */
export function openSocket(url: string, token: string, product = 'cordata'): Promise<TestSocket> {
  const socket: TestSocket = connect(url, {
    path: `/api/space/${product}/realtime`,
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** Collects every event of a kind a socket receives. */
export function collect<E extends keyof ServerToClientEvents>(socket: TestSocket, event: E) {
  const received: Parameters<ServerToClientEvents[E]>[0][] = [];
  (socket as unknown as Socket).on(event as string, (payload: Parameters<ServerToClientEvents[E]>[0]) => {
    received.push(payload);
  });
  return received;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for `condition`, checking every 10 ms. The timeout only bounds a failure: a passing test returns as soon
 * as the condition holds, and the whole suite shares two cores with other test files.
 */
export async function until(condition: () => boolean, timeoutMs = 10_000, what = 'the condition') {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(10);
  }
}
