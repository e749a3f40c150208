import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Notification } from '@cordata/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { groups, notifications, pushOutbox, pushTokens, sessions, users } from '../../db/schema.ts';
import type { Realtime } from '../../realtime/realtime.ts';
import { createNotifier } from './notifier.ts';
import { createPushQueue } from './push.ts';

/** What FCM HTTP v1 receives: one message for one device token. */
interface FcmRequest {
  message: { token: string; data: Record<string, string>; [field: string]: unknown };
}

/** A local stand-in for FCM HTTP v1 that records what it receives and answers as told. */
function fcmStandIn() {
  const received: { url: string; auth: string | undefined; body: FcmRequest }[] = [];
  let answer: (body: FcmRequest) => { status: number; body: unknown } = () => ({
    status: 200,
    body: { name: 'projects/p/messages/1' },
  });
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ url: req.url ?? '', auth: req.headers.authorization, body });
      const { status, body: reply } = answer(body);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  return {
    received,
    answerWith: (fn: typeof answer) => {
      answer = fn;
    },
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const fcm = fcmStandIn();
let t: TestApp;
beforeAll(async () => {
  const base = await fcm.start();
  t = await createTestApp({
    FCM_PROJECT_ID: 'cordata-test',
    FCM_ACCESS_TOKEN: 'test-access-token',
    FCM_BASE_URL: base,
  });
});
afterAll(async () => {
  await t.close();
  await fcm.stop();
});
afterEach(() => {
  fcm.received.length = 0;
  fcm.answerWith(() => ({ status: 200, body: { name: 'ok' } }));
});

const newGroup = async (name: string) => (await t.db.insert(groups).values({ name, type: 'OPEN' }).returning())[0]!;
const notifier = () => t.modules.services.notifier;
const sender = () => t.modules.services.pushSender;

describe('reading notifications', () => {
  it('lists mine newest first with the actor and target, counts the unread, and marks them read', async () => {
    const [me, actor] = [await newUser(t), await newUser(t, { firstName: 'Giulia' })];
    const group = await newGroup('Trail Lovers');
    await notifier().notify({ userIds: [me.id], type: 'GROUP_INVITE', targetId: group.id, actorId: actor.id });
    await notifier().notify({
      userIds: [me.id],
      type: 'GROUP_REJECT',
      targetId: group.id,
      actorId: actor.id,
      reason: 'Full',
    });

    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 2 });
    const { notifications: list } = await t.ok(
      'notification/list-by-user',
      { pagination: { page: 1, limit: 10 } },
      me.token,
    );
    expect(list.map((n) => n.type)).toEqual(['GROUP_REJECT', 'GROUP_INVITE']);
    expect(list[0]).toMatchObject({ reason: 'Full', read: false, targetName: 'Trail Lovers', targetId: group.id });
    expect(list[0]!.actor).toMatchObject({ userId: actor.id, firstName: 'Giulia' });
    expect(Object.keys(list[0]!.actor!)).not.toContain('email');

    await t.ok('notification/mark-some-as-read', { notificationIds: [list[0]!.notificationId] }, me.token);
    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 1 });
    await t.ok('notification/mark-all-as-read', undefined, me.token);
    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 0 });
  });

  it('pages by 10 from page 1', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    const group = await newGroup('Pages');
    for (let i = 0; i < 12; i++)
      await notifier().notify({ userIds: [me.id], type: 'GROUP_REQUEST', targetId: group.id, actorId: actor.id });
    const page = (n: number) => t.ok('notification/list-by-user', { pagination: { page: n, limit: 10 } }, me.token);
    expect((await page(1)).notifications).toHaveLength(10);
    expect((await page(2)).notifications).toHaveLength(2);
  });

  it("never lets anyone mark another person's notifications", async () => {
    const [me, other, actor] = [await newUser(t), await newUser(t), await newUser(t)];
    const group = await newGroup('Private');
    await notifier().notify({ userIds: [other.id], type: 'GROUP_INVITE', targetId: group.id, actorId: actor.id });
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.userId, other.id));
    await t.ok('notification/mark-some-as-read', { notificationIds: [theirs!.id] }, me.token);
    await t.ok('notification/mark-all-as-read', undefined, me.token);
    expect(await t.ok('notification/check-new', undefined, other.token)).toEqual({ count: 1 });
  });

  it('refuses a bad body with 400', async () => {
    const me = await newUser(t);
    expect((await t.call('notification/mark-some-as-read', { notificationIds: [] }, me.token)).status).toBe(400);
    expect(
      (await t.call('notification/mark-some-as-read', { notificationIds: ['nope'] } as never, me.token)).status,
    ).toBe(400);
  });
});

describe('the notifier', () => {
  it('keeps at most one unread message notification per chat, and never notifies the actor', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    const chatId = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      await notifier().notify({
        userIds: [me.id, actor.id],
        type: 'SEND_MESSAGE',
        targetId: chatId,
        actorId: actor.id,
      });
    }
    const rows = await t.db.select().from(notifications).where(eq(notifications.targetId, chatId));
    expect(rows.map((r) => r.userId)).toEqual([me.id]);
    await t.ok('notification/mark-all-as-read', undefined, me.token);
    await notifier().notify({ userIds: [me.id], type: 'SEND_MESSAGE', targetId: chatId, actorId: actor.id });
    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 1 });
  });

  it('delivers each stored notification live to its recipient', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    const group = await newGroup('Live');
    const sent: { userId: string; notification: Notification }[] = [];
    const realtime = {
      toUser: (userId: string, _e: string, n: Notification) => sent.push({ userId, notification: n }),
    } as unknown as Realtime;
    await createNotifier({ db: t.db, realtime }).notify({
      userIds: [me.id],
      type: 'GROUP_ACCEPT',
      targetId: group.id,
      actorId: actor.id,
      targetName: 'Live',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      userId: me.id,
      notification: { type: 'GROUP_ACCEPT', targetId: group.id, targetName: 'Live', read: false },
    });
    // The same notification as the list gives, its actor's summary included (notify_record returns it).
    const [listed] = (await t.ok('notification/list-by-user', {}, me.token)).notifications;
    expect(sent[0]!.notification).toEqual(listed);
    expect(listed!.actor).toMatchObject({ userId: actor.id, firstName: 'Test' });
  });
});

describe('push through FCM HTTP v1', () => {
  const register = async (userId: string, token: string, platform: 'android' | 'ios' = 'android') => {
    const { sessionId } = await t.core.tokens.issue(userId);
    await t.db.insert(pushTokens).values({ userId, sessionId, token, platform });
  };

  it('sends a localized push with the token, the auth header and the target', async () => {
    const [me, actor] = [
      await newUser(t, { language: 'it' }),
      await newUser(t, { firstName: 'Marco', lastName: 'Bianchi' }),
    ];
    const group = await newGroup('Cime');
    await register(me.id, 'device-token-1');
    await notifier().notify({ userIds: [me.id], type: 'GROUP_INVITE', targetId: group.id, actorId: actor.id });
    expect(await sender().runOnce()).toBe(1);
    expect(fcm.received).toHaveLength(1);
    const [request] = fcm.received;
    expect(request!.url).toBe('/v1/projects/cordata-test/messages:send');
    expect(request!.auth).toBe('Bearer test-access-token');
    expect(request!.body.message).toMatchObject({
      token: 'device-token-1',
      notification: { title: 'Cordata', body: 'Marco Bianchi ti invita nel gruppo Cime' },
      data: { type: 'GROUP_INVITE', targetId: group.id, path: `/view-group/${group.id}` },
    });
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, me.id));
    expect(row!.status).toBe('SENT');
  });

  it('notifies nobody of what someone did when either of the two blocked the other: no row, live event or push', async () => {
    const [actor, blockedTheActor, blockedByTheActor, bystander] = [
      await newUser(t),
      await newUser(t),
      await newUser(t),
      await newUser(t),
    ];
    await t.ok('user/block', { userId: actor.id }, blockedTheActor.token);
    await t.ok('user/block', { userId: blockedByTheActor.id }, actor.token);
    for (const user of [blockedTheActor, blockedByTheActor, bystander]) await register(user.id, `token-${user.id}`);
    const sent: string[] = [];
    const realtime = { toUser: (userId: string) => sent.push(userId) } as unknown as Realtime;
    const live = createNotifier({ db: t.db, realtime, push: createPushQueue({ db: t.db }) });
    const everyone = [blockedTheActor.id, blockedByTheActor.id, bystander.id];
    const group = await newGroup('Blocked pair');
    await live.notify({ userIds: everyone, type: 'GROUP_INVITE', targetId: group.id, actorId: actor.id });
    await live.notify({ userIds: everyone, type: 'SEND_MESSAGE', targetId: crypto.randomUUID(), actorId: actor.id });

    for (const user of [blockedTheActor, blockedByTheActor]) {
      expect(await t.db.select().from(notifications).where(eq(notifications.userId, user.id))).toEqual([]);
      expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, user.id))).toEqual([]);
    }
    expect(sent).toEqual([bystander.id, bystander.id]);
    const bystanders = await t.db.select().from(notifications).where(eq(notifications.userId, bystander.id));
    expect(bystanders.map((n) => n.type).sort()).toEqual(['GROUP_INVITE', 'SEND_MESSAGE']);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, bystander.id))).toHaveLength(2);
    await sender().drain(); // the next tests count what the sender sends
  });

  it('respects the per-type preference', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    await t.db
      .update(users)
      .set({ notificationPreferences: { GROUP_INVITE: false } })
      .where(eq(users.id, me.id));
    await register(me.id, 'device-token-2');
    const group = await newGroup('Muted');
    await notifier().notify({ userIds: [me.id], type: 'GROUP_INVITE', targetId: group.id, actorId: actor.id });
    await notifier().notify({ userIds: [me.id], type: 'GROUP_ACCEPT', targetId: group.id, actorId: actor.id });
    await sender().drain();
    expect(fcm.received.map((r) => r.body.message.data.type)).toEqual(['GROUP_ACCEPT']);
    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 2 });
  });

  it('skips the token of an expired session', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    const { sessionId } = await t.core.tokens.issue(me.id);
    await t.db.insert(pushTokens).values({ userId: me.id, sessionId, token: 'expired-session-token', platform: 'ios' });
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionId));
    await notifier().notify({
      userIds: [me.id],
      type: 'GROUP_INVITE',
      targetId: (await newGroup('Old')).id,
      actorId: actor.id,
    });
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.userId, me.id))).toEqual([]);
  });

  it('drops a token that FCM reports invalid', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    await register(me.id, 'stale-token');
    fcm.answerWith(() => ({
      status: 404,
      body: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } },
    }));
    await notifier().notify({ userIds: [me.id], type: 'NEW_CONTACT', targetId: actor.id, actorId: actor.id });
    await sender().drain();
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'stale-token'))).toEqual([]);
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'stale-token'));
    expect(row!.status).toBe('FAILED');
  });

  it('retries later when FCM fails, and never loses the notification', async () => {
    const [me, actor] = [await newUser(t), await newUser(t)];
    await register(me.id, 'flaky-token');
    fcm.answerWith(() => ({ status: 503, body: { error: { status: 'UNAVAILABLE' } } }));
    await notifier().notify({ userIds: [me.id], type: 'CONTACT_REQUEST', targetId: actor.id, actorId: actor.id });
    await sender().drain();
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'flaky-token'));
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(await t.ok('notification/check-new', undefined, me.token)).toEqual({ count: 1 });
  });

  it('settles a batch of mixed outcomes: sent, dropped token, retried with backoff, given up', async () => {
    const actor = await newUser(t);
    const people = { ok: await newUser(t), stale: await newUser(t), flaky: await newUser(t), last: await newUser(t) };
    for (const [name, person] of Object.entries(people)) await register(person.id, `mixed-${name}`);
    fcm.answerWith((body) => {
      const token = body.message.token as string;
      if (token === 'mixed-ok') return { status: 200, body: { name: 'projects/p/messages/2' } };
      if (token === 'mixed-stale')
        return { status: 404, body: { error: { details: [{ errorCode: 'UNREGISTERED' }] } } };
      return { status: 503, body: { error: { status: 'UNAVAILABLE' } } };
    });
    await notifier().notify({
      userIds: Object.values(people).map((p) => p.id),
      type: 'NEW_CONTACT',
      targetId: actor.id,
      actorId: actor.id,
    });
    // The last one has already been tried four times: this is its fifth and final attempt.
    await t.db.update(pushOutbox).set({ attempts: 4 }).where(eq(pushOutbox.token, 'mixed-last'));
    const before = Date.now();
    await sender().drain();
    expect(fcm.received.map((r) => r.body.message.token).sort()).toEqual(
      ['mixed-flaky', 'mixed-last', 'mixed-ok', 'mixed-stale'].sort(),
    );
    const rows = await t.db.select().from(pushOutbox);
    const row = (token: string) => rows.find((r) => r.token === token)!;
    expect(row('mixed-ok')).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    expect(row('mixed-ok').sentAt).not.toBeNull();
    expect(row('mixed-stale')).toMatchObject({ status: 'FAILED', lastError: 'invalid token', sentAt: null });
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'mixed-stale'))).toEqual([]);
    expect(row('mixed-flaky')).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'send failed' });
    // 5 s × 2^1 after the attempt.
    const wait = row('mixed-flaky').nextAttemptAt.getTime() - before;
    expect(wait).toBeGreaterThan(8_000);
    expect(wait).toBeLessThan(20_000);
    expect(row('mixed-last')).toMatchObject({ status: 'FAILED', attempts: 5, lastError: 'gave up after retries' });
    expect(await t.db.select().from(pushTokens).where(eq(pushTokens.token, 'mixed-flaky'))).toHaveLength(1);
  });

  it('queues a thousand pushes in one statement', async () => {
    const actor = await newUser(t);
    const people = await t.db
      .insert(users)
      .values(Array.from({ length: 1000 }, (_, i) => ({ email: `bulk${i}@example.test`, completed: true })))
      .returning({ id: users.id });
    const bulkSessions = await t.db
      .insert(sessions)
      .values(people.map((p) => ({ userId: p.id, expiresAt: new Date(Date.now() + 86_400_000) })))
      .returning({ id: sessions.id, userId: sessions.userId });
    await t.db.insert(pushTokens).values(
      bulkSessions.map((s, i) => ({
        userId: s.userId,
        sessionId: s.id,
        token: `bulk-token-${i}`,
        platform: 'ios' as const,
      })),
    );
    const group = await newGroup('Big');
    const stored = await notifier().record({
      userIds: people.map((p) => p.id),
      type: 'GROUP_INVITE',
      targetId: group.id,
      actorId: actor.id,
    });
    expect(stored).toHaveLength(1000);
    const queued = await t.db.select({ id: pushOutbox.id }).from(pushOutbox).where(eq(pushOutbox.status, 'PENDING'));
    expect(queued.length).toBeGreaterThanOrEqual(1000);
  });
});

describe('without FCM configured', () => {
  it('records pushes instead of sending them', async () => {
    const local = await createTestApp();
    try {
      const [me, actor] = [await newUser(local), await newUser(local)];
      await local.db
        .insert(pushTokens)
        .values({ userId: me.id, sessionId: me.sessionId, token: 'local-token', platform: 'android' });
      const queue = createPushQueue({ db: local.db });
      const stored = await createNotifier({ db: local.db, realtime: local.core.realtime, push: queue }).record({
        userIds: [me.id],
        type: 'CONTACT_REQUEST',
        targetId: actor.id,
        actorId: actor.id,
      });
      expect(stored).toHaveLength(1);
      await local.modules.services.pushSender.drain();
      const [row] = await local.db.select().from(pushOutbox).where(eq(pushOutbox.token, 'local-token'));
      expect(row!.status).toBe('RECORDED');
      expect(fcm.received).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});
