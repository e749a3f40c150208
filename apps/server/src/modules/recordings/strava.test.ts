import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type StandInServer, sendJson, startStandInServer } from '../../../test/stand-in-server.ts';
import { type StravaStandIn, startStravaStandIn } from '../../../test/stand-in-strava.ts';
import { ConfigError, loadConfig, stravaConfigOf } from '../../config.ts';
import {
  createStravaClient,
  parseWebhookEvent,
  rateLimitRetryAt,
  StravaError,
  type StravaErrorKind,
  type StravaEvent,
  verifySubscriptionChallenge,
} from './strava.ts';

const VERIFY_TOKEN = 'verify-token-0123456789abcdef';
const START = new Date('2026-05-02T07:30:00Z');
const POINTS = [
  { latitude: 45.85, longitude: 9.39, offsetSeconds: 0 },
  { latitude: 45.851, longitude: 9.391, offsetSeconds: 30 },
  { latitude: 45.853, longitude: 9.392, offsetSeconds: 75 },
];

let strava: StravaStandIn;
/** Our webhook callback as the module's route will be: the challenge answered, events parsed. */
let callback: StandInServer;
const events: (StravaEvent | null)[] = [];

beforeAll(async () => {
  strava = await startStravaStandIn();
  callback = await startStandInServer(({ method, url, body }, res) => {
    if (method === 'GET') {
      const answer = verifySubscriptionChallenge(url.searchParams, VERIFY_TOKEN);
      return answer ? sendJson(res, 200, answer) : sendJson(res, 403, { error: 'forbidden' });
    }
    events.push(parseWebhookEvent(JSON.parse(body), strava.subscription?.id));
    return sendJson(res, 200, {});
  });
});
afterAll(async () => {
  await strava?.close();
  await callback?.close();
});
afterEach(() => {
  strava.behaviour = 'ok';
  strava.approve = true;
  strava.checkCallback = true;
  strava.limits = { overall: [200, 2000], read: [100, 1000] };
  strava.subscription = null;
  strava.resetUsage();
  events.length = 0;
});

const client = (timeoutMs = 2000, overrides: { clientSecret?: string; baseUrl?: string } = {}) =>
  createStravaClient({
    clientId: strava.clientId,
    clientSecret: overrides.clientSecret ?? strava.clientSecret,
    baseUrl: overrides.baseUrl ?? strava.url,
    timeoutMs,
  });

async function failure(promise: Promise<unknown>): Promise<StravaError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StravaError);
  return error as StravaError;
}
const kindOf = async (promise: Promise<unknown>): Promise<StravaErrorKind> => (await failure(promise)).kind;

/** An athlete who connected: their tokens, through the stand-in's consent page and the code exchange. */
async function connected() {
  const athlete = strava.addAthlete();
  const redirectUri = `${callback.origin}/strava/connected`;
  const consent = await fetch(client().authorizeUrl({ state: 'st-1', redirectUri }), { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const tokens = await client().exchangeCode(back.searchParams.get('code')!);
  return { athlete, tokens, back };
}

describe('the Strava adapter: OAuth', () => {
  it('sends the browser to /oauth/authorize asking activity:read_all', () => {
    const url = new URL(client().authorizeUrl({ state: 'abc', redirectUri: 'https://cordata.example/strava/back' }));
    expect(url.origin + url.pathname).toBe(`${strava.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: strava.clientId,
      redirect_uri: 'https://cordata.example/strava/back',
      response_type: 'code',
      approval_prompt: 'auto',
      scope: 'activity:read_all',
      state: 'abc',
    });
    const prefixed = createStravaClient({
      clientId: '1',
      clientSecret: 's',
      baseUrl: 'https://x.test/strava',
      timeoutMs: 1,
    });
    expect(new URL(prefixed.authorizeUrl({ state: 's', redirectUri: 'https://r.test' })).pathname).toBe(
      '/strava/oauth/authorize',
    );
  });

  it('exchanges the code of the redirect for tokens and the athlete; a code works once', async () => {
    const before = Date.now();
    const { athlete, tokens, back } = await connected();
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('scope')).toBe('activity:read_all');
    expect(tokens.athleteId).toBe(athlete.id);
    expect(tokens.accessToken).toMatch(/^[0-9a-f]{40}$/);
    expect(tokens.refreshToken).not.toBe(tokens.accessToken);
    // Strava's token answer has no scope: the redirect's query carries it.
    expect(tokens.scope).toBeNull();
    const sixHours = 6 * 3600_000;
    expect(tokens.expiresAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + sixHours);
    expect(tokens.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + sixHours);
    expect(strava.received.grants.at(-1)).toEqual({ grantType: 'authorization_code', athleteId: athlete.id });
    expect(await kindOf(client().exchangeCode(back.searchParams.get('code')!))).toBe('UNAUTHORIZED');
  });

  it('a declined consent comes back without a code', async () => {
    strava.addAthlete();
    strava.approve = false;
    const consent = await fetch(client().authorizeUrl({ state: 's', redirectUri: `${callback.origin}/back` }), {
      redirect: 'manual',
    });
    const back = new URL(consent.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.has('code')).toBe(false);
  });

  it('refreshes: new tokens that work, and the old refresh token no longer does', async () => {
    const { athlete, tokens } = await connected();
    strava.expireAccessTokens(athlete.id);
    const activity = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    expect(await kindOf(client().activity(tokens.accessToken, activity.id))).toBe('UNAUTHORIZED');
    const fresh = await client().refresh(tokens.refreshToken);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).not.toBe(tokens.refreshToken);
    expect(fresh.expiresAt.getTime()).toBeGreaterThan(Date.now() + 5 * 3600_000);
    expect((await client().activity(fresh.accessToken, activity.id)).id).toBe(activity.id);
    expect(await kindOf(client().refresh(tokens.refreshToken))).toBe('UNAUTHORIZED');
  });

  it('deauthorizes: Strava records it and every token of the athlete stops working', async () => {
    const { athlete, tokens } = await connected();
    await client().deauthorize(tokens.accessToken);
    expect(strava.received.deauthorized).toContain(athlete.id);
    const activity = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    expect(await kindOf(client().activity(tokens.accessToken, activity.id))).toBe('UNAUTHORIZED');
    expect(await kindOf(client().refresh(tokens.refreshToken))).toBe('UNAUTHORIZED');
    expect(await kindOf(client().deauthorize(tokens.accessToken))).toBe('UNAUTHORIZED');
  });

  it("a wrong client secret is the application's configuration (INVALID), not the athlete's grant", async () => {
    const athlete = strava.addAthlete();
    const wrong = client(2000, { clientSecret: 'not-the-secret' });
    const error = await failure(wrong.exchangeCode(strava.codeFor(athlete.id)));
    expect(error.kind).toBe('INVALID');
    expect(error.message).toContain('Application');
    expect(error.message).not.toContain('not-the-secret');
  });
});

describe('the Strava adapter: activities', () => {
  it('reads an activity', async () => {
    const { athlete, tokens } = await connected();
    const made = strava.addActivity(athlete.id, {
      startDate: START,
      points: POINTS,
      name: 'Resegone from Erve',
      sportType: 'Hike',
      movingSeconds: 70,
    });
    const activity = await client().activity(tokens.accessToken, made.id);
    expect(activity).toEqual({
      id: made.id,
      startDate: START,
      movingSeconds: 70,
      elapsedSeconds: 75,
      distance: made.distance,
      sportType: 'Hike',
      name: 'Resegone from Erve',
    });
    expect(activity.distance).toBeGreaterThan(200);
    expect(strava.received.requests.at(-1)).toEqual({ method: 'GET', path: `/api/v3/activities/${made.id}` });
  });

  it("someone else's activity, or one that is gone, is NOT_FOUND; an id that is not digits is never asked", async () => {
    const { tokens } = await connected();
    const other = strava.addAthlete();
    const theirs = strava.addActivity(other.id, { startDate: START, points: POINTS });
    expect(await kindOf(client().activity(tokens.accessToken, theirs.id))).toBe('NOT_FOUND');
    expect(await kindOf(client().activity(tokens.accessToken, '999'))).toBe('NOT_FOUND');
    const asked = strava.received.requests.length;
    expect(await kindOf(client().activity(tokens.accessToken, '../athlete'))).toBe('INVALID');
    expect(strava.received.requests.length).toBe(asked);
  });

  it("reads the streams as points timed from the start (start_date + the time stream's seconds)", async () => {
    const { athlete, tokens } = await connected();
    const made = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    const activity = await client().activity(tokens.accessToken, made.id);
    const points = await client().streams(tokens.accessToken, activity);
    expect(points).toEqual(
      POINTS.map((p) => ({
        latitude: p.latitude,
        longitude: p.longitude,
        time: START.getTime() + p.offsetSeconds * 1000,
      })),
    );
    const asked = strava.received.requests.at(-1)!;
    expect(asked.path).toBe(`/api/v3/activities/${made.id}/streams`);
  });

  it('an activity without GPS has no points', async () => {
    const { athlete, tokens } = await connected();
    const made = strava.addActivity(athlete.id, { startDate: START, points: [], elapsedSeconds: 3600 });
    const activity = await client().activity(tokens.accessToken, made.id);
    expect(activity.elapsedSeconds).toBe(3600);
    expect(await client().streams(tokens.accessToken, activity)).toEqual([]);
  });

  it('a token without an activity scope is UNAUTHORIZED', async () => {
    const athlete = strava.addAthlete();
    const tokens = await client().exchangeCode(strava.codeFor(athlete.id, 'read'));
    const made = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    const error = await failure(client().activity(tokens.accessToken, made.id));
    expect(error.kind).toBe('UNAUTHORIZED');
    expect(error.message).toContain('activity:read_permission');
    expect(error.message).not.toContain(tokens.accessToken);
  });
});

describe('the Strava adapter: the webhook subscription', () => {
  it('creates the subscription once (Strava checks our callback), then finds it', async () => {
    const callbackUrl = `${callback.origin}/api/strava/webhook`;
    const first = await client().ensureSubscription({ callbackUrl, verifyToken: VERIFY_TOKEN });
    expect(first.created).toBe(true);
    expect(strava.received.subscriptionsCreated).toEqual([{ id: first.id, callbackUrl, verifyToken: VERIFY_TOKEN }]);
    const again = await client().ensureSubscription({ callbackUrl, verifyToken: VERIFY_TOKEN });
    expect(again).toEqual({ id: first.id, created: false });
    expect(strava.received.subscriptionsCreated).toHaveLength(1);

    // Then Strava pushes events to it.
    const athlete = strava.addAthlete();
    const status = await strava.deliverEvent({
      objectType: 'activity',
      aspectType: 'create',
      objectId: '14000000123',
      ownerId: athlete.id,
    });
    expect(status).toBe(200);
    expect(events).toEqual([
      { kind: 'activity-created', athleteId: athlete.id, activityId: '14000000123', eventTime: expect.any(Date) },
    ]);
  });

  it('a subscription Strava cannot verify (our callback refuses its token) is not made', async () => {
    const callbackUrl = `${callback.origin}/api/strava/webhook`;
    const error = await failure(client().ensureSubscription({ callbackUrl, verifyToken: 'another-token-0123456789' }));
    expect(error.kind).toBe('INVALID');
    expect(error.message).toContain('callback');
    expect(strava.subscription).toBeNull();
  });

  it('one for another callback URL is INVALID and left alone (Strava keeps one per application)', async () => {
    strava.checkCallback = false;
    const made = await client().ensureSubscription({
      callbackUrl: 'http://127.0.0.1:1/old',
      verifyToken: VERIFY_TOKEN,
    });
    const error = await failure(
      client().ensureSubscription({ callbackUrl: `${callback.origin}/new`, verifyToken: VERIFY_TOKEN }),
    );
    expect(error.kind).toBe('INVALID');
    expect(error.message).toContain('http://127.0.0.1:1/old');
    expect(strava.subscription?.id).toBe(made.id);
  });
});

describe('the webhook helpers', () => {
  const challenge = { 'hub.mode': 'subscribe', 'hub.challenge': '15f7d1a91c1f40', 'hub.verify_token': VERIFY_TOKEN };

  it('echo the challenge only for our verify token', () => {
    expect(verifySubscriptionChallenge(challenge, VERIFY_TOKEN)).toEqual({ 'hub.challenge': '15f7d1a91c1f40' });
    expect(verifySubscriptionChallenge(new URLSearchParams(challenge), VERIFY_TOKEN)).toEqual({
      'hub.challenge': '15f7d1a91c1f40',
    });
    expect(verifySubscriptionChallenge({ ...challenge, 'hub.verify_token': 'wrong' }, VERIFY_TOKEN)).toBeNull();
    expect(
      verifySubscriptionChallenge({ ...challenge, 'hub.verify_token': `${VERIFY_TOKEN}x` }, VERIFY_TOKEN),
    ).toBeNull();
    expect(verifySubscriptionChallenge({ ...challenge, 'hub.mode': 'unsubscribe' }, VERIFY_TOKEN)).toBeNull();
    expect(verifySubscriptionChallenge({ ...challenge, 'hub.challenge': ['a', 'b'] }, VERIFY_TOKEN)).toBeNull();
    expect(verifySubscriptionChallenge({ ...challenge, 'hub.challenge': 'x'.repeat(300) }, VERIFY_TOKEN)).toBeNull();
    expect(verifySubscriptionChallenge({ 'hub.mode': 'subscribe', 'hub.challenge': 'c' }, VERIFY_TOKEN)).toBeNull();
    expect(verifySubscriptionChallenge({ ...challenge, 'hub.verify_token': '' }, '')).toBeNull();
    expect(verifySubscriptionChallenge(null, VERIFY_TOKEN)).toBeNull();
    expect(verifySubscriptionChallenge('hub.mode=subscribe', VERIFY_TOKEN)).toBeNull();
  });

  const event = (fields: Record<string, unknown>) => ({
    aspect_type: 'create',
    event_time: 1516126040,
    object_id: 1360128428,
    object_type: 'activity',
    owner_id: 134815,
    subscription_id: 120475,
    updates: {},
    ...fields,
  });
  const at = new Date(1516126040 * 1000);

  it.each([
    ['create', 'activity-created'],
    ['update', 'activity-updated'],
    ['delete', 'activity-deleted'],
  ] as const)('read an activity %s as %s', (aspect, kind) => {
    const updates = aspect === 'update' ? { title: 'Messy', type: 'Hike', private: 'true' } : {};
    expect(parseWebhookEvent(event({ aspect_type: aspect, updates }))).toEqual({
      kind,
      athleteId: '134815',
      activityId: '1360128428',
      eventTime: at,
    });
  });

  it("read an athlete's revocation as deauthorized", () => {
    const revoked = event({
      object_type: 'athlete',
      aspect_type: 'update',
      object_id: 134815,
      updates: { authorized: 'false' },
    });
    expect(parseWebhookEvent(revoked)).toEqual({ kind: 'deauthorized', athleteId: '134815', eventTime: at });
    expect(parseWebhookEvent(revoked, '120475')).toEqual({ kind: 'deauthorized', athleteId: '134815', eventTime: at });
  });

  it.each([
    ['null', null],
    ['a string', 'object_type=activity'],
    ['an array', [event({})]],
    [
      'an athlete update that is not a revocation',
      event({ object_type: 'athlete', aspect_type: 'update', updates: { name: 'x' } }),
    ],
    [
      'an athlete update authorizing',
      event({ object_type: 'athlete', aspect_type: 'update', updates: { authorized: 'true' } }),
    ],
    ['an athlete create', event({ object_type: 'athlete', aspect_type: 'create' })],
    ['another object type', event({ object_type: 'club' })],
    ['another aspect', event({ aspect_type: 'archive' })],
    ['an inherited aspect name', event({ aspect_type: 'toString' })],
    ['no owner', event({ owner_id: undefined })],
    ['an id that is not a number', event({ object_id: '12a' })],
    ['a negative id', event({ object_id: -4 })],
    ['a time that is a string', event({ event_time: '1516126040' })],
  ])('ignore %s', (_what, body) => {
    expect(parseWebhookEvent(body)).toBeNull();
  });

  it('ignore an event of another subscription when ours is given', () => {
    expect(parseWebhookEvent(event({}), '999')).toBeNull();
    expect(parseWebhookEvent(event({}), '120475')?.kind).toBe('activity-created');
  });
});

describe('the Strava adapter: failures', () => {
  it('a 429 is RATE_LIMITED until the next quarter hour', async () => {
    const { athlete, tokens } = await connected();
    const made = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    strava.useUpLimit('short');
    const before = new Date();
    const error = await failure(client().activity(tokens.accessToken, made.id));
    expect(error.kind).toBe('RATE_LIMITED');
    const quarter = 15 * 60_000;
    const expected = [before, new Date()].map((d) => (Math.floor(d.getTime() / quarter) + 1) * quarter);
    expect(expected).toContain(error.retryAt!.getTime());
  });

  it('a 429 with the day used up is RATE_LIMITED until midnight UTC', async () => {
    const { athlete, tokens } = await connected();
    const made = strava.addActivity(athlete.id, { startDate: START, points: POINTS });
    const activity = await client().activity(tokens.accessToken, made.id);
    strava.useUpLimit('daily');
    const error = await failure(client().streams(tokens.accessToken, activity));
    expect(error.kind).toBe('RATE_LIMITED');
    const midnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    expect(error.retryAt!.getTime()).toBe(midnight(new Date()));
  });

  it('reads the windows from the headers, all requests and reads alike', () => {
    const now = new Date('2026-05-02T10:07:30.500Z');
    const headers = (limit: string, usage: string, read?: [string, string]) =>
      new Headers({
        'X-RateLimit-Limit': limit,
        'X-RateLimit-Usage': usage,
        ...(read ? { 'X-ReadRateLimit-Limit': read[0], 'X-ReadRateLimit-Usage': read[1] } : {}),
      });
    expect(rateLimitRetryAt(headers('600,30000', '692,29300'), now)).toEqual(new Date('2026-05-02T10:15:00Z'));
    expect(rateLimitRetryAt(headers('600,30000', '601,30001'), now)).toEqual(new Date('2026-05-03T00:00:00Z'));
    expect(rateLimitRetryAt(headers('200,2000', '101,1001', ['100,1000', '101,1001']), now)).toEqual(
      new Date('2026-05-03T00:00:00Z'),
    );
    expect(rateLimitRetryAt(new Headers(), new Date('2026-12-31T23:59:59Z'))).toEqual(new Date('2027-01-01T00:00:00Z'));
    expect(rateLimitRetryAt(headers('x', 'y'), new Date('2026-05-02T10:45:00Z'))).toEqual(
      new Date('2026-05-02T11:00:00Z'),
    );
  });

  it('no answer in time is TIMEOUT', async () => {
    strava.behaviour = 'slow';
    const started = Date.now();
    expect(await kindOf(client(300).refresh('r'))).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a 500 is UNAVAILABLE, and so is a Strava nobody answers at', async () => {
    strava.behaviour = 'http-error';
    expect(await kindOf(client().activity('t', '1'))).toBe('UNAVAILABLE');
    const closed = await startStravaStandIn();
    const url = closed.url;
    await closed.close();
    expect(await kindOf(client(2000, { baseUrl: url }).refresh('r'))).toBe('UNAVAILABLE');
  });

  it('an unknown token is UNAUTHORIZED', async () => {
    const error = await failure(client().activity('not-a-token', '1'));
    expect(error.kind).toBe('UNAUTHORIZED');
    expect(error.message).toContain('Authorization Error');
  });

  it.each(['malformed', 'not-json'] as const)(
    'a %s answer is INVALID for every call, never a crash',
    async (behaviour) => {
      const activity = {
        id: '1',
        startDate: START,
        movingSeconds: 1,
        elapsedSeconds: 1,
        distance: 1,
        sportType: 'Hike',
        name: 'x',
      };
      strava.behaviour = behaviour;
      const c = client();
      const calls = [
        () => c.exchangeCode('c'),
        () => c.refresh('r'),
        () => c.activity('t', '1'),
        () => c.streams('t', activity),
        () => c.ensureSubscription({ callbackUrl: `${callback.origin}/hook`, verifyToken: VERIFY_TOKEN }),
      ];
      for (const call of calls) expect(await kindOf(call())).toBe('INVALID');
      if (behaviour === 'not-json') expect(await kindOf(c.deauthorize('t'))).toBe('INVALID');
    },
  );
});

describe('the Strava configuration', () => {
  const base = { DATA_DIR: '/tmp/cordata-config-test', JWT_SECRET: 'x'.repeat(32) };
  const all = { STRAVA_CLIENT_ID: '4242', STRAVA_CLIENT_SECRET: 'secret', STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN };

  it('is off unless all three are set', () => {
    expect(stravaConfigOf(loadConfig(base))).toBeNull();
    expect(stravaConfigOf(loadConfig({ ...base, ...all }))).toEqual({
      clientId: '4242',
      clientSecret: 'secret',
      baseUrl: 'https://www.strava.com',
      timeoutMs: 8000,
      webhookVerifyToken: VERIFY_TOKEN,
    });
    const pointed = loadConfig({ ...base, ...all, STRAVA_BASE_URL: strava.url, STRAVA_TIMEOUT_MS: '1500' });
    expect(stravaConfigOf(pointed)).toMatchObject({ baseUrl: strava.url, timeoutMs: 1500 });
  });

  it('refuses half a configuration, naming what is missing, and bad values naming the variable', () => {
    const { STRAVA_WEBHOOK_VERIFY_TOKEN: _, ...two } = all;
    expect(() => loadConfig({ ...base, ...two })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...two })).toThrow(/go together.*missing: STRAVA_WEBHOOK_VERIFY_TOKEN/);
    expect(() => loadConfig({ ...base, STRAVA_CLIENT_SECRET: 's' })).toThrow(/STRAVA_CLIENT_ID, STRAVA_WEBHOOK/);
    expect(() => loadConfig({ ...base, ...all, STRAVA_CLIENT_ID: 'my-app' })).toThrow(/STRAVA_CLIENT_ID/);
    expect(() => loadConfig({ ...base, ...all, STRAVA_WEBHOOK_VERIFY_TOKEN: 'short' })).toThrow(
      /STRAVA_WEBHOOK_VERIFY_TOKEN/,
    );
    expect(() => loadConfig({ ...base, ...all, STRAVA_TIMEOUT_MS: '10' })).toThrow(/STRAVA_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base, ...all, STRAVA_BASE_URL: 'www.strava.com' })).toThrow(/STRAVA_BASE_URL/);
    const production = { ...base, ...all, NODE_ENV: 'production', PUBLIC_URL: 'https://cordata.example.org' };
    expect(() => loadConfig({ ...production, STRAVA_BASE_URL: 'http://127.0.0.1:1' })).toThrow(
      /STRAVA_BASE_URL.*https/,
    );
    expect(stravaConfigOf(loadConfig(production))?.baseUrl).toBe('https://www.strava.com');
  });
});
