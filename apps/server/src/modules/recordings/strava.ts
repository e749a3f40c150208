import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { StravaConfig } from '../../config.ts';
import { askOutside, OutsideFailure } from '../shared/outside-http.ts';

/**
 * The adapter to Strava (issue 42, "Bring your watch"): OAuth (authorize, code exchange, refresh, deauthorize), an
 * activity and its streams, the application's webhook subscription, and the pure helpers the webhook route needs.
 * Every answer is checked against Strava's documented shape (developers.strava.com/docs/reference); what fails is
 * one StravaError whose kind the caller acts on. Tokens and the client secret never appear in an error's message.
 * Tests run it against a stand-in on 127.0.0.1 (test/stand-in-strava.ts).
 */

export interface StravaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  /**
   * Strava's token answers carry no scope: this is null unless one does. The scope the athlete accepted arrives as
   * `scope` in the query of the redirect back from /oauth/authorize (e.g. `read,activity:read_all`).
   */
  scope: string | null;
}

export interface StravaActivity {
  id: string;
  startDate: Date;
  movingSeconds: number;
  elapsedSeconds: number;
  /** Metres. */
  distance: number;
  /** Strava's sport_type (`Hike`, `MountainBikeRide`, `TrailRun`…), or its older `type` when sport_type is missing. */
  sportType: string;
  name: string;
}

export interface StravaStreamPoint {
  latitude: number;
  longitude: number;
  /** Milliseconds since the epoch: the activity's start_date plus the time stream's seconds. */
  time: number;
}

export interface StravaClient {
  /** Where to send the person's browser: Strava's consent page, asking activity:read_all. */
  authorizeUrl(input: { state: string; redirectUri: string }): string;
  exchangeCode(code: string): Promise<StravaTokens & { athleteId: string }>;
  /** New tokens; Strava may answer a new refresh token, and then the old one no longer works: keep the answer's. */
  refresh(refreshToken: string): Promise<StravaTokens>;
  /** Revokes the application's access to the athlete: every token of that athlete stops working. */
  deauthorize(accessToken: string): Promise<void>;
  activity(accessToken: string, id: string): Promise<StravaActivity>;
  /** The GPS points with their times; [] for an activity without GPS (indoor, or entered by hand). */
  streams(accessToken: string, activity: StravaActivity): Promise<StravaStreamPoint[]>;
  /**
   * The application's webhook subscription for `callbackUrl`: the existing one, or a new one. Strava checks the
   * callback (a GET with hub.challenge, answered by verifySubscriptionChallenge) before it answers the creation, so
   * the server must already be reachable there. Strava keeps one subscription per application: one for another
   * callback URL is an INVALID failure, never replaced here (another deployment may be using it).
   */
  ensureSubscription(input: { callbackUrl: string; verifyToken: string }): Promise<{ id: string; created: boolean }>;
}

/**
 * What went wrong, for the caller to act on:
 * - RATE_LIMITED: 429; `retryAt` is when the window used up resets (the next quarter hour, or midnight UTC).
 * - UNAUTHORIZED: the token, code or refresh token is not (or no longer) valid, or lacks the scope: the athlete
 *   revoked access, or must connect again.
 * - NOT_FOUND: no such activity for this athlete (deleted, or someone else's).
 * - TIMEOUT: no whole answer within STRAVA_TIMEOUT_MS.
 * - UNAVAILABLE: Strava unreachable or failing (5xx): try again later.
 * - INVALID: an answer not in Strava's documented shape, a request Strava refuses (the application's credentials
 *   among them), or a webhook subscription for another callback URL.
 */
export type StravaErrorKind = 'RATE_LIMITED' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'TIMEOUT' | 'UNAVAILABLE' | 'INVALID';

export class StravaError extends Error {
  constructor(
    readonly kind: StravaErrorKind,
    detail: string,
    /** Set for RATE_LIMITED: when the window that was used up resets. */
    readonly retryAt?: Date,
  ) {
    super(`${kind}: ${detail}`);
    this.name = 'StravaError';
  }
}

export type StravaClientConfig = Pick<StravaConfig, 'clientId' | 'clientSecret' | 'baseUrl' | 'timeoutMs'>;

/** What Strava's event says happened; anything else it may send is ignored. */
export type StravaEvent =
  | {
      kind: 'activity-created' | 'activity-updated' | 'activity-deleted';
      athleteId: string;
      activityId: string;
      eventTime: Date;
    }
  | { kind: 'deauthorized'; athleteId: string; eventTime: Date };

/** The scope asked: every activity, "Only You" ones included (a recording is often kept private). */
export const STRAVA_SCOPE = 'activity:read_all';

const QUARTER_HOUR_MS = 15 * 60_000;
/** Caps on what is read: a detailed activity is tens of KB, a day-long activity's streams a few MB. */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const MAX_STREAMS_BYTES = 64 * 1024 * 1024;

// Strava's ids are 64-bit integers, in JSON numbers (today's activity ids, about 1.5e10, are exact in a double).
const stravaId = z
  .union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{1,20}$/)])
  .transform(String);
const epochSeconds = z.number().int().positive();

const TokenAnswer = z.object({
  token_type: z.string().optional(),
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_at: epochSeconds,
  expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const CodeAnswer = TokenAnswer.extend({ athlete: z.object({ id: stravaId }) });

const ActivityAnswer = z.object({
  id: stravaId,
  name: z.string(),
  distance: z.number().nonnegative(),
  moving_time: z.number().int().nonnegative(),
  elapsed_time: z.number().int().nonnegative(),
  sport_type: z.string().min(1).optional(),
  type: z.string().min(1).optional(),
  start_date: z.iso.datetime({ offset: true }),
});

// A StreamSet keyed by type: every member a stream (`{data, series_type, original_size, resolution}`).
const stream = <T extends z.ZodType>(value: T) => z.object({ data: z.array(value) });
const StreamsAnswer = z.record(z.string(), stream(z.unknown())).pipe(
  z.object({
    latlng: stream(z.tuple([z.number().min(-90).max(90), z.number().min(-180).max(180)])).optional(),
    time: stream(z.number().nonnegative()).optional(),
  }),
);

const SubscriptionAnswer = z.object({ id: stravaId, callback_url: z.string().optional() });
const SubscriptionList = z.array(SubscriptionAnswer);

/** Strava's error body: `{message, errors: [{resource, field, code}]}`. */
const ErrorAnswer = z.object({
  message: z.string().optional(),
  errors: z
    .array(z.object({ resource: z.string().optional(), field: z.string().optional(), code: z.string().optional() }))
    .optional(),
});

/** `path` below the configured base, keeping the base's own path. */
function stravaUrl(baseUrl: string, path: string): URL {
  return new URL(path, baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
}

/** A "short,long" header pair of numbers (15-minute, daily), or null. */
function pairOf(value: string | null): [number, number] | null {
  const parts = (value ?? '').split(',').map((part) => Number(part.trim()));
  if (parts.length !== 2 || !parts.every((n) => Number.isFinite(n))) return null;
  return parts as [number, number];
}

/**
 * When a 429 may be tried again: midnight UTC when a daily limit is used up (X-RateLimit-* for all requests, or
 * X-ReadRateLimit-* for the reads, "15-minute,daily" each), otherwise the next quarter hour (Strava's 15-minute
 * windows start at 0, 15, 30 and 45 minutes past each hour).
 */
export function rateLimitRetryAt(headers: Headers, now: Date): Date {
  const dailyUsedUp = ['x-ratelimit', 'x-readratelimit'].some((prefix) => {
    const limit = pairOf(headers.get(`${prefix}-limit`));
    const usage = pairOf(headers.get(`${prefix}-usage`));
    return limit !== null && usage !== null && usage[1] >= limit[1];
  });
  if (dailyUsedUp) return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return new Date((Math.floor(now.getTime() / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS);
}

interface Answer {
  status: number;
  json: unknown;
  headers: Headers;
}

type Endpoint = 'token' | 'api';

/** Strava's explanation of a refusal, for the message: never a token, never the secret (Strava echoes neither). */
function explanation(json: unknown): { text: string; resources: string[]; codes: string[] } {
  const parsed = ErrorAnswer.safeParse(json);
  if (!parsed.success) return { text: '', resources: [], codes: [] };
  const errors = parsed.data.errors ?? [];
  const parts = errors.map((e) => [e.resource, e.field, e.code].filter(Boolean).join(' '));
  const text = [parsed.data.message, ...parts].filter(Boolean).join('; ').slice(0, 200);
  return { text, resources: errors.map((e) => e.resource ?? ''), codes: errors.map((e) => e.code ?? '') };
}

function refusal(answer: Answer, endpoint: Endpoint, now: Date): StravaError {
  const { status } = answer;
  const why = explanation(answer.json);
  const detail = `Strava answered ${status}${why.text ? `: ${why.text}` : ''}`;
  if (status === 429) return new StravaError('RATE_LIMITED', detail, rateLimitRetryAt(answer.headers, now));
  // The application's own id or secret refused: configuration, not the athlete's grant.
  if (why.resources.includes('Application')) return new StravaError('INVALID', detail);
  if (status === 401 || status === 403) return new StravaError('UNAUTHORIZED', detail);
  // /oauth/token answers 400 for a code already used or expired, and for a refresh token no longer valid.
  if (status === 400 && endpoint === 'token') return new StravaError('UNAUTHORIZED', detail);
  if (status === 404) return new StravaError('NOT_FOUND', detail);
  if (status >= 500) return new StravaError('UNAVAILABLE', detail);
  return new StravaError('INVALID', detail);
}

function parsed<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
  const result = schema.safeParse(json);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new StravaError(
      'INVALID',
      `${what}: not Strava's shape (${issue?.path.join('.') || 'answer'}: ${issue?.message})`,
    );
  }
  return result.data;
}

function tokensOf(answer: z.infer<typeof TokenAnswer>): StravaTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    expiresAt: new Date(answer.expires_at * 1000),
    scope: answer.scope ?? null,
  };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** Equal strings, compared in constant time (digests of equal length, whatever the inputs' lengths). */
const sameSecret = (given: string, expected: string) => timingSafeEqual(sha256(given), sha256(expected));

export function createStravaClient(config: StravaClientConfig, options: { now?: () => Date } = {}): StravaClient {
  const now = options.now ?? (() => new Date());
  const app = { client_id: config.clientId, client_secret: config.clientSecret };

  async function ask(
    method: 'GET' | 'POST',
    path: string,
    input: { query?: Record<string, string>; form?: Record<string, string>; accessToken?: string; maxBytes?: number },
  ): Promise<Answer> {
    const url = stravaUrl(config.baseUrl, path);
    for (const [key, value] of Object.entries(input.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Cordata' };
    if (input.accessToken) headers.authorization = `Bearer ${input.accessToken}`;
    let body: string | undefined;
    if (input.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(input.form).toString();
    }
    let responseHeaders = new Headers();
    try {
      const answer = await askOutside(
        url,
        // Strava answers its pages with redirects (a sign-in page for a bad path): never follow one.
        { method, headers, body, redirect: 'manual' },
        {
          signal: AbortSignal.timeout(config.timeoutMs),
          maxBytes: input.maxBytes ?? MAX_ANSWER_BYTES,
          // askOutside returns the status and body; the rate-limit headers are read from the response here.
          fetch: async (target, init) => {
            const response = await fetch(target, init);
            responseHeaders = response.headers;
            return response;
          },
        },
      );
      return { status: answer.status, json: answer.json, headers: responseHeaders };
    } catch (error) {
      if (!(error instanceof OutsideFailure)) throw error;
      if (error.kind === 'TIMEOUT') throw new StravaError('TIMEOUT', `no answer from Strava in ${config.timeoutMs} ms`);
      if (error.kind === 'UNREACHABLE') throw new StravaError('UNAVAILABLE', `Strava ${error.detail}`);
      throw new StravaError('INVALID', `Strava's answer: ${error.detail}`);
    }
  }

  /** The JSON of a 2xx answer, or the refusal classified; a 2xx that is not JSON is INVALID. */
  async function call(
    endpoint: Endpoint,
    method: 'GET' | 'POST',
    path: string,
    input: Parameters<typeof ask>[2],
  ): Promise<unknown> {
    const answer = await ask(method, path, input);
    if (answer.status < 200 || answer.status > 299) throw refusal(answer, endpoint, now());
    if (answer.json === undefined) throw new StravaError('INVALID', `Strava answered ${answer.status} without JSON`);
    return answer.json;
  }

  const activityPath = (id: string) => {
    if (!/^\d{1,20}$/.test(id)) throw new StravaError('INVALID', 'an activity id is digits');
    return `api/v3/activities/${id}`;
  };

  async function subscriptions(): Promise<{ id: string; callbackUrl: string | null }[]> {
    const json = await call('api', 'GET', 'api/v3/push_subscriptions', { query: app });
    return parsed(SubscriptionList, json, 'push subscriptions').map((s) => ({
      id: s.id,
      callbackUrl: s.callback_url ?? null,
    }));
  }

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = stravaUrl(config.baseUrl, 'oauth/authorize');
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        approval_prompt: 'auto',
        scope: STRAVA_SCOPE,
        state,
      }).toString();
      return url.toString();
    },

    async exchangeCode(code) {
      const form = { ...app, code, grant_type: 'authorization_code' };
      const answer = parsed(CodeAnswer, await call('token', 'POST', 'oauth/token', { form }), 'token exchange');
      return { ...tokensOf(answer), athleteId: answer.athlete.id };
    },

    async refresh(refreshToken) {
      const form = { ...app, refresh_token: refreshToken, grant_type: 'refresh_token' };
      return tokensOf(parsed(TokenAnswer, await call('token', 'POST', 'oauth/token', { form }), 'token refresh'));
    },

    async deauthorize(accessToken) {
      const json = await call('token', 'POST', 'oauth/deauthorize', {
        form: { access_token: accessToken },
        accessToken,
      });
      parsed(z.object({}), json, 'deauthorization');
    },

    async activity(accessToken, id) {
      const json = await call('api', 'GET', activityPath(id), { accessToken, query: { include_all_efforts: 'false' } });
      const a = parsed(ActivityAnswer, json, 'activity');
      const sportType = a.sport_type ?? a.type;
      if (!sportType) throw new StravaError('INVALID', 'activity: neither sport_type nor type');
      return {
        id: a.id,
        startDate: new Date(a.start_date),
        movingSeconds: a.moving_time,
        elapsedSeconds: a.elapsed_time,
        distance: a.distance,
        sportType,
        name: a.name,
      };
    },

    async streams(accessToken, activity) {
      const json = await call('api', 'GET', `${activityPath(activity.id)}/streams`, {
        accessToken,
        query: { keys: 'latlng,time', key_by_type: 'true' },
        maxBytes: MAX_STREAMS_BYTES,
      });
      const { latlng, time } = parsed(StreamsAnswer, json, 'streams');
      // Strava leaves out a stream the activity does not have: no latlng is an activity without GPS.
      if (!latlng) return [];
      if (!time || time.data.length !== latlng.data.length) {
        throw new StravaError('INVALID', 'streams: the time stream does not match the latlng stream');
      }
      const start = activity.startDate.getTime();
      return latlng.data.map(([latitude, longitude], i) => ({
        latitude,
        longitude,
        time: start + Math.round(time.data[i]! * 1000),
      }));
    },

    async ensureSubscription({ callbackUrl, verifyToken }) {
      const wanted = new URL(callbackUrl).href;
      const matching = (list: { id: string; callbackUrl: string | null }[]) => {
        const existing = list[0];
        if (!existing) return null;
        if (existing.callbackUrl !== null && new URL(existing.callbackUrl, wanted).href === wanted) return existing;
        throw new StravaError(
          'INVALID',
          `the Strava application already has webhook subscription ${existing.id} for ${existing.callbackUrl}: delete it first`,
        );
      };
      const found = matching(await subscriptions());
      if (found) return { id: found.id, created: false };
      const form = { ...app, callback_url: wanted, verify_token: verifyToken };
      const answer = await ask('POST', 'api/v3/push_subscriptions', { form });
      if (answer.status >= 200 && answer.status <= 299) {
        return { id: parsed(SubscriptionAnswer, answer.json, 'new push subscription').id, created: true };
      }
      // Another instance made it between the look and the creation.
      if (answer.status === 400 && explanation(answer.json).codes.includes('already exists')) {
        const made = matching(await subscriptions());
        if (made) return { id: made.id, created: false };
      }
      throw refusal(answer, 'api', now());
    },
  };
}

const ChallengeQuery = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.challenge': z.string().min(1).max(256),
  'hub.verify_token': z.string(),
});

/**
 * Strava's check of the callback (GET with hub.mode=subscribe, hub.challenge, hub.verify_token): the body to answer
 * with 200 when the token is ours, or null (answer 403). `query` is the parsed query string (Fastify keeps the
 * dotted names as keys) or URLSearchParams.
 */
export function verifySubscriptionChallenge(query: unknown, verifyToken: string): { 'hub.challenge': string } | null {
  const fields = query instanceof URLSearchParams ? Object.fromEntries(query) : query;
  const result = ChallengeQuery.safeParse(fields);
  if (!result.success || !verifyToken || !sameSecret(result.data['hub.verify_token'], verifyToken)) return null;
  return { 'hub.challenge': result.data['hub.challenge'] };
}

const EventBody = z.object({
  object_type: z.string(),
  aspect_type: z.string(),
  object_id: stravaId,
  owner_id: stravaId,
  subscription_id: stravaId.optional(),
  event_time: epochSeconds,
  updates: z.record(z.string(), z.unknown()).nullish(),
});

const ACTIVITY_EVENTS = {
  create: 'activity-created',
  update: 'activity-updated',
  delete: 'activity-deleted',
} as const;

/**
 * A POST to the webhook callback, as Strava sends it: `{object_type: "activity"|"athlete", aspect_type:
 * "create"|"update"|"delete", object_id, owner_id, subscription_id, event_time (epoch seconds), updates}`. An athlete
 * update with `updates.authorized: "false"` is the athlete revoking access. Anything else is null (answer 200 all the
 * same, or Strava sends it again). Events are not signed: with `subscriptionId`, one naming another subscription is
 * null too.
 */
export function parseWebhookEvent(body: unknown, subscriptionId?: string): StravaEvent | null {
  const result = EventBody.safeParse(body);
  if (!result.success) return null;
  const e = result.data;
  if (subscriptionId !== undefined && e.subscription_id !== undefined && e.subscription_id !== subscriptionId) {
    return null;
  }
  const eventTime = new Date(e.event_time * 1000);
  if (e.object_type === 'activity' && Object.hasOwn(ACTIVITY_EVENTS, e.aspect_type)) {
    const kind = ACTIVITY_EVENTS[e.aspect_type as keyof typeof ACTIVITY_EVENTS];
    return { kind, athleteId: e.owner_id, activityId: e.object_id, eventTime };
  }
  const authorized = e.updates?.authorized;
  if (e.object_type === 'athlete' && e.aspect_type === 'update' && (authorized === 'false' || authorized === false)) {
    return { kind: 'deauthorized', athleteId: e.object_id, eventTime };
  }
  return null;
}
