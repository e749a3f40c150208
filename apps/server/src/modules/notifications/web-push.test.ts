import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { loadConfig } from '../../config.ts';
import { pushOutbox } from '../../db/schema.ts';
import { createPushSender, createWebPushChannel, type PushChannel } from './push.ts';
import { DEFAULT_WEB_PUSH_HOSTS, parseWebPushToken } from './web-push-endpoint.ts';

/**
 * Web Push (security review H3): subscriptions may only name a known push service; sends follow no
 * redirect, time out, read a bounded answer, and are settled one by one; a sender that dies mid-send
 * never sends again after a restart.
 */
const vapid = webPush.generateVAPIDKeys();
// A real P-256 public key and auth secret, as a browser's subscription carries them.
const keys = { p256dh: webPush.generateVAPIDKeys().publicKey, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const subscription = (endpoint: string) => JSON.stringify({ endpoint, keys });

describe('which subscriptions are accepted', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true],
    ['https://wns2-par02p.notify.windows.com/w/?token=abc', true],
    ['https://web.push.apple.com/QGx', true],
    ['http://fcm.googleapis.com/fcm/send/abc', false],
    ['https://fcm.googleapis.com:8443/fcm/send/abc', false],
    ['https://10.0.0.12:8443/internal/reindex', false],
    ['https://[::1]/x', false],
    ['https://127.0.0.1/x', false],
    ['https://attacker.example/hang', false],
    ['https://fcm.googleapis.com.attacker.example/x', false],
    ['https://user:pass@fcm.googleapis.com/x', false],
  ])('%s → %s', (endpoint, accepted) => {
    expect(parseWebPushToken(subscription(endpoint), DEFAULT_WEB_PUSH_HOSTS) !== null).toBe(accepted);
  });

  it('refuses what is not a subscription', () => {
    for (const token of ['not json', '{}', '{"endpoint":"https://fcm.googleapis.com/x"}', 'null']) {
      expect(parseWebPushToken(token, DEFAULT_WEB_PUSH_HOSTS)).toBeNull();
    }
    const badKeys = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/x', keys: { p256dh: '<x>', auth: 'a' } });
    expect(parseWebPushToken(badKeys, DEFAULT_WEB_PUSH_HOSTS)).toBeNull();
  });
});

/** A stand-in push service: answers 201, never answers, streams without end, or redirects inward. */
function pushServiceStandIn() {
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    if (req.url === '/ok') return res.writeHead(201).end();
    if (req.url === '/gone') return res.writeHead(410).end();
    if (req.url === '/redirect') return res.writeHead(302, { location: '/internal' }).end();
    if (req.url === '/huge') {
      res.writeHead(201);
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (res.write(chunk)) {}
      };
      res.on('drain', pump);
      pump();
      return;
    }
    // '/hang': accepts the request and never answers.
  });
  return {
    hits,
    start: () =>
      new Promise<string>((r) =>
        server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const standIn = pushServiceStandIn();
let base: string;
let t: TestApp;
beforeAll(async () => {
  base = await standIn.start();
  t = await createTestApp({ VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey });
});
afterAll(async () => {
  await t.close();
  await standIn.stop();
});

/** The channel as production builds it, for the push service `push.test`, reached on the stand-in. */
const channelTo = (timeoutMs: number) =>
  createWebPushChannel(
    loadConfig({
      DATA_DIR: t.config.dataDir,
      JWT_SECRET: 'x'.repeat(32),
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      WEB_PUSH_HOSTS: 'push.test',
      PUSH_TIMEOUT_MS: String(timeoutMs),
    }),
    (url, init) => fetch(String(url).replace('https://push.test', base), init),
  );
const message = { title: 'Cordata', body: 'hi', data: {} };

describe('registering a browser subscription', () => {
  it('accepts a known push service and refuses any other address', async () => {
    const me = await newUser(t);
    const ok = await t.call(
      'user/update-notification-token',
      { token: subscription('https://fcm.googleapis.com/fcm/send/abc'), platform: 'web' },
      me.token,
    );
    expect(ok.status).toBe(200);
    const internal = await t.call(
      'user/update-notification-token',
      { token: subscription('https://10.0.0.12:8443/internal/reindex'), platform: 'web' },
      me.token,
    );
    expect(internal.status).toBe(400);
    expect(internal.body.error?.code).toBe('PUSH_TOKEN_INVALID');
  });

  it('refuses web subscriptions when Web Push is not configured', async () => {
    const plain = await createTestApp();
    try {
      const me = await newUser(plain);
      const res = await plain.call(
        'user/update-notification-token',
        { token: subscription('https://fcm.googleapis.com/fcm/send/abc'), platform: 'web' },
        me.token,
      );
      expect(res.body.error?.code).toBe('PUSH_TOKEN_INVALID');
    } finally {
      await plain.close();
    }
  });
});

describe('sending', () => {
  it('sends to an allowed service, and treats 410 as a dead subscription', async () => {
    const channel = channelTo(2000);
    expect(await channel.send(subscription('https://push.test/ok'), message)).toBe('sent');
    expect(await channel.send(subscription('https://push.test/gone'), message)).toBe('invalid-token');
  });

  it('refuses at send time a stored subscription that names another host', async () => {
    const channel = channelTo(2000);
    const before = standIn.hits.length;
    expect(await channel.send(subscription('https://10.0.0.12:8443/x'), message)).toBe('invalid-token');
    expect(standIn.hits.length).toBe(before);
  });

  it('follows no redirect', async () => {
    expect(await channelTo(2000).send(subscription('https://push.test/redirect'), message)).toBe('retry');
    expect(standIn.hits).not.toContain('/internal');
  });

  it('gives up on a service that never answers, and reads no more than a small answer', async () => {
    const channel = channelTo(300);
    expect(await channel.send(subscription('https://push.test/hang'), message)).toBe('retry');
    expect(await channel.send(subscription('https://push.test/huge'), message)).toBe('sent');
  });
});

describe('the push sender', () => {
  const queue = async (userId: string, endpoint: string) => {
    const [row] = await t.db
      .insert(pushOutbox)
      .values({
        userId,
        token: subscription(endpoint),
        payload: {
          type: 'NEW_CONTACT',
          targetId: userId,
          notificationId: userId,
          actorId: null,
          actorName: null,
          targetName: null,
          reason: null,
          language: 'en',
          platform: 'web',
        },
      })
      .returning({ id: pushOutbox.id });
    return row!.id;
  };
  const statusOf = async (id: string) =>
    (await t.db.select({ status: pushOutbox.status }).from(pushOutbox).where(eq(pushOutbox.id, id)))[0]?.status;
  it('settles a fast push while a slow service is still being waited for', async () => {
    const me = await newUser(t);
    const slow = await queue(me.id, 'https://push.test/hang');
    const fast = await queue(me.id, 'https://push.test/ok');
    const sender = createPushSender({ db: t.db, log: t.app.log, channels: { web: channelTo(3000) } });
    const run = sender.runOnce();
    const deadline = Date.now() + 2500;
    while ((await statusOf(fast)) !== 'SENT' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await statusOf(fast)).toBe('SENT');
    expect(await statusOf(slow)).toBe('SENDING');
    await run;
    expect(await statusOf(slow)).toBe('PENDING'); // timed out: tried again later
  });

  it('never sends twice after the sender died mid-send and restarted', async () => {
    const me = await newUser(t);
    const id = await queue(me.id, 'https://push.test/ok');
    // The first sender leases the push and dies while sending: its send never ends.
    const dying: PushChannel = { send: () => new Promise(() => {}) };
    void createPushSender({ db: t.db, log: t.app.log, channels: { web: dying } }).runOnce();
    const deadline = Date.now() + 2000;
    while ((await statusOf(id)) !== 'SENDING' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A restart after the lease ran out (the clock moved past it).
    await t.db
      .update(pushOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(pushOutbox.id, id));
    const sent: string[] = [];
    const recording: PushChannel = {
      send: async (token) => {
        sent.push(token);
        return 'sent';
      },
    };
    await createPushSender({ db: t.db, log: t.app.log, channels: { web: recording } }).drain();
    expect(sent).toEqual([]);
    expect(await statusOf(id)).toBe('FAILED');
  });
});
