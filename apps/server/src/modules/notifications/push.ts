import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { type NotificationType, notificationPath, weatherAlertCategory } from '@cordata/contract';
import type { FastifyBaseLogger } from 'fastify';
import { importPKCS8, SignJWT } from 'jose';
import webPush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { PushQueue } from './notifier.ts';
import { createPushOutboxRepository, createPushQueueRepository, type LeasedPush } from './push.repository.ts';
import { type PushAction, pushActions, pushText } from './push-messages.ts';
import { DEFAULT_WEB_PUSH_HOSTS, parseWebPushToken } from './web-push-endpoint.ts';

const MAX_ATTEMPTS = 5;
/** Longer than any send may take (PUSH_TIMEOUT_MS is at most 30 s): a lease that runs out means the sender died. */
const LEASE_SECONDS = 60;
/** How often the outcomes of a batch are written while its slower sends are still under way. */
const SETTLE_EVERY_MS = 500;

export interface PushPayload {
  type: NotificationType;
  targetId: string;
  notificationId: string;
  actorId: string | null;
  actorName: string | null;
  targetName: string | null;
  reason: string | null;
  language: string;
  platform: 'android' | 'ios' | 'web';
}

export type SendResult = 'sent' | 'invalid-token' | 'retry';
/** What became of a leased push: sent, recorded (no channel), dropped, to retry, or given up after retries. */
type Outcome = SendResult | 'recorded' | 'gave-up';

/** One way to reach a device: FCM for Android and iOS, Web Push for browsers. */
export interface PushChannel {
  send(
    token: string,
    message: {
      title: string;
      body: string;
      data: Record<string, string>;
      actions?: PushAction[];
      /** The iOS notification category whose buttons are the actions (weatherAlertCategory). */
      category?: string;
    },
  ): Promise<SendResult>;
}

/**
 * Queues a push per device of each recipient whose preferences allow the type, in one statement,
 * so that notifying a thousand people does not hold up the request.
 */
export function createPushQueue(deps: { db: Db; onEnqueued?: () => void }): PushQueue {
  const repo = createPushQueueRepository(deps.db);
  return {
    async enqueue(stored, tx) {
      if (!stored.length) return;
      await repo.enqueue(
        stored.map((s) => s.id),
        tx,
      );
    },
    committed() {
      deps.onEnqueued?.();
    },
  };
}

/** FCM HTTP v1, with an access token from the environment or minted from a service account. */
export function createFcmChannel(config: Config, fetchImpl: typeof fetch = fetch): PushChannel {
  const projectId = config.FCM_PROJECT_ID!;
  let cached: { token: string; expiresAt: number } | null = null;

  async function accessToken(): Promise<string> {
    if (config.FCM_ACCESS_TOKEN) return config.FCM_ACCESS_TOKEN;
    if (cached && cached.expiresAt > Date.now() + 60_000) return cached.token;
    const account = JSON.parse(readFileSync(config.FCM_SERVICE_ACCOUNT_FILE!, 'utf8')) as {
      client_email: string;
      private_key: string;
      token_uri?: string;
    };
    const tokenUri = account.token_uri ?? 'https://oauth2.googleapis.com/token';
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: 'https://www.googleapis.com/auth/firebase.messaging' })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(account.client_email)
      .setAudience(tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(await importPKCS8(account.private_key, 'RS256'));
    const res = await fetchImpl(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
    });
    if (!res.ok) throw new Error(`FCM token endpoint answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
    return cached.token;
  }

  return {
    async send(token, message) {
      const res = await fetchImpl(`${config.FCM_BASE_URL}/v1/projects/${projectId}/messages:send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          message: {
            token,
            notification: { title: message.title, body: message.body },
            data: message.data,
            android: { priority: 'HIGH' },
            // iOS shows the buttons the app registered for the category (Android has no buttons for a remote push).
            apns: {
              payload: { aps: { sound: 'default', ...(message.category ? { category: message.category } : {}) } },
            },
          },
        }),
      });
      if (res.ok) return 'sent';
      const error = (await res.json().catch(() => null)) as {
        error?: { status?: string; details?: { errorCode?: string }[] };
      } | null;
      const codes = [error?.error?.status, ...(error?.error?.details ?? []).map((d) => d.errorCode)];
      if (
        res.status === 404 ||
        codes.includes('UNREGISTERED') ||
        (res.status === 400 && codes.includes('INVALID_ARGUMENT'))
      ) {
        return 'invalid-token';
      }
      if (res.status === 401) cached = null;
      return 'retry';
    },
  };
}

/** What the server reads of a push service's answer at most: its status matters, not its body. */
const MAX_ANSWER_BYTES = 16 * 1024;

/**
 * Web Push with VAPID keys; the token is the browser's subscription as JSON. The request is built
 * by web-push and sent here, so that it goes only to an allowed push service, follows no redirect,
 * gives up after PUSH_TIMEOUT_MS and never reads more than a small answer (security review H3).
 */
export function createWebPushChannel(config: Config, fetchImpl: typeof fetch = fetch): PushChannel {
  const vapid = {
    subject: config.VAPID_SUBJECT ?? `mailto:${config.SUPPORT_EMAIL}`,
    publicKey: config.VAPID_PUBLIC_KEY!,
    privateKey: config.VAPID_PRIVATE_KEY!,
  };
  const allowedHosts = config.WEB_PUSH_HOSTS ?? DEFAULT_WEB_PUSH_HOSTS;
  return {
    async send(token, message) {
      // Checked again at each send: tokens stored before the check existed are refused too.
      const subscription = parseWebPushToken(token, allowedHosts);
      if (!subscription) return 'invalid-token';
      let request: ReturnType<typeof webPush.generateRequestDetails>;
      try {
        request = webPush.generateRequestDetails(subscription, JSON.stringify(message), {
          vapidDetails: vapid,
          TTL: 3600,
        });
      } catch {
        return 'invalid-token';
      }
      try {
        const res = await fetchImpl(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body as Uint8Array<ArrayBuffer> | null,
          redirect: 'manual',
          signal: AbortSignal.timeout(config.PUSH_TIMEOUT_MS),
        });
        await drainAtMost(res, MAX_ANSWER_BYTES);
        if (res.status >= 200 && res.status < 300) return 'sent';
        return res.status === 404 || res.status === 410 ? 'invalid-token' : 'retry';
      } catch {
        return 'retry';
      }
    },
  };
}

/** Reads and drops at most `limit` bytes of an answer, then lets the connection go. */
async function drainAtMost(res: Response, limit: number) {
  const reader = res.body?.getReader();
  if (!reader) return;
  try {
    for (let read = 0; read < limit; ) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * Sends queued pushes off the request path. Each run leases a batch (safe with several instances),
 * sends it, and schedules failures again with backoff; tokens reported invalid are dropped. Without
 * a channel for a platform (the embedded default), pushes are recorded and logged, not sent.
 */
export function createPushSender(deps: {
  db: DbOrTx;
  log: FastifyBaseLogger;
  channels: Partial<Record<'mobile' | 'web', PushChannel>>;
}) {
  const repo = createPushOutboxRepository(deps.db);

  /**
   * Leases a batch as SENDING, sends it, and writes each outcome soon after it is known, so one slow
   * push service holds up nobody else's. A lease that runs out while SENDING means the sender died
   * mid-send: such a push may have gone out, so it is failed rather than sent again after a restart.
   */
  async function runOnce(batchSize = 200): Promise<number> {
    await repo.failInterrupted();
    const leased = await repo.lease(batchSize, MAX_ATTEMPTS, LEASE_SECONDS);
    if (!leased.length) return 0;
    const done: { id: string; token: string; outcome: Outcome }[] = [];
    const all = Promise.all(
      leased.map(async (row) => {
        done.push({ id: row.id, token: row.token, outcome: await deliver(row) });
      }),
    ).then(() => true);
    for (let finished = false; !finished; ) {
      finished = await Promise.race([all, delay(SETTLE_EVERY_MS, false, { ref: false })]);
      if (done.length) await settle(done.splice(0));
    }
    return leased.length;
  }

  /** Sends one leased push; what became of it is written for the whole batch by `settle`. */
  async function deliver(row: LeasedPush): Promise<Outcome> {
    const p = row.payload;
    const channel = deps.channels[p.platform === 'web' ? 'web' : 'mobile'];
    const text = pushText(p.language, p.type, { actor: p.actorName, target: p.targetName, reason: p.reason });
    if (!channel) {
      deps.log.info({ push: row.id, type: p.type, platform: p.platform }, 'push recorded (no push service configured)');
      return 'recorded';
    }
    const path = notificationPath({ type: p.type, targetId: p.targetId, actorId: p.actorId });
    const data = { type: p.type, targetId: p.targetId, notificationId: p.notificationId, path };
    // A weather alert's answers as buttons: Web Push shows them (public/sw.js), iOS those of its category.
    const actions = pushActions(p.language, p.type, p.reason, path);
    const buttons = actions.length ? { actions, category: weatherAlertCategory(actions.map((a) => a.action)) } : {};
    let result: SendResult;
    try {
      result = await channel.send(row.token, { ...text, data, ...buttons });
    } catch {
      result = 'retry';
    }
    if (result === 'retry' && row.attempts >= MAX_ATTEMPTS) return 'gave-up';
    return result;
  }

  /**
   * Writes the outcomes of a batch in two statements rather than one or two per push, so that a drain of a
   * thousand pushes does not queue a thousand updates on the pool ahead of the requests. Sent and recorded
   * pushes are stamped; tokens reported invalid are dropped and their pushes failed; a failed send is tried
   * again after 10 s, 20 s, 40 s, 80 s (5 s × 2^attempts), then given up.
   */
  async function settle(rows: { id: string; token: string; outcome: Outcome }[]) {
    const invalid = rows.filter((r) => r.outcome === 'invalid-token').map((r) => r.token);
    if (invalid.length) await repo.dropTokens(invalid);
    await repo.settle(rows);
  }

  /** Drains the queue; called by the job and right after new pushes are queued. */
  async function drain() {
    while ((await runOnce()) > 0) {}
  }

  return { runOnce, drain };
}

export function pushChannels(config: Config): Partial<Record<'mobile' | 'web', PushChannel>> {
  return {
    ...(config.FCM_PROJECT_ID ? { mobile: createFcmChannel(config) } : {}),
    ...(config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? { web: createWebPushChannel(config) } : {}),
  };
}
