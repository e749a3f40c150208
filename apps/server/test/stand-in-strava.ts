import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { LatLng } from '@cordata/contract';
import { encodePolyline } from '../src/modules/routing/polyline.ts';
import { type StandInRequest, send, sendJson, startStandInServer } from './stand-in-server.ts';

/**
 * A stand-in for Strava on 127.0.0.1, speaking its documented formats (developers.strava.com: Authentication,
 * Webhook Events API, Rate Limits, the API reference):
 * - GET /oauth/authorize: the consent page, approved at once by `signedIn` (the athlete "logged in" in the browser):
 *   302 to redirect_uri with `state`, `code` and the `scope` asked (or `error=access_denied` when `approve` is false).
 * - POST /oauth/token (also /api/v3/oauth/token), form, JSON or query: grant_type authorization_code (a code is good
 *   once) or refresh_token (a new access and refresh token each time; the old refresh token stops working):
 *   `{token_type: "Bearer", access_token, refresh_token, expires_at, expires_in}`, plus `athlete` for a code.
 * - POST /oauth/deauthorize: every token of the athlete stops working; `{access_token}`.
 * - GET /api/v3/activities/:id (DetailedActivity) and /api/v3/activities/:id/streams?keys=…&key_by_type=true
 *   (a StreamSet keyed by type: latlng, time, distance), Bearer token needed; someone else's activity is 404.
 * - GET, POST and DELETE /api/v3/push_subscriptions with the application's client_id and client_secret. A POST checks
 *   the callback first as Strava does (GET hub.mode, hub.challenge, hub.verify_token; 200 echoing the challenge),
 *   only on 127.0.0.1 or localhost. One subscription per application.
 * Errors are Strava's JSON, `{message, errors: [{resource, field, code}]}`: 401 "Authorization Error", 404 "Record
 * Not Found", 400 "Bad Request", 429 "Rate Limit Exceeded". Every /api/v3 answer carries X-RateLimit-Limit/-Usage and
 * X-ReadRateLimit-Limit/-Usage ("15-minute,daily"), counted per natural quarter hour and UTC day of `now()`.
 */
export type StravaStandInBehaviour = 'ok' | 'slow' | 'http-error' | 'malformed' | 'not-json';

export interface StandInPoint extends LatLng {
  /** Seconds after the activity's start (Strava's time stream). */
  offsetSeconds: number;
}

export interface StandInActivity {
  id: string;
  athleteId: string;
  name: string;
  sportType: string;
  startDate: Date;
  movingSeconds: number;
  elapsedSeconds: number;
  distance: number;
  /** Empty: an activity without GPS (its streams have no latlng). */
  points: StandInPoint[];
}

export interface StandInAthlete {
  id: string;
  firstname: string;
  lastname: string;
  activities: Map<string, StandInActivity>;
}

interface AccessToken {
  athleteId: string;
  scope: string;
  expiresAt: number;
}

export interface StandInEventInput {
  objectType: 'activity' | 'athlete';
  aspectType: 'create' | 'update' | 'delete';
  objectId: string;
  ownerId: string;
  updates?: Record<string, string>;
  /** Defaults to now(). */
  eventTime?: Date;
}

export interface StravaStandIn {
  /** The origin, for STRAVA_BASE_URL. */
  url: string;
  /** The application's credentials it accepts. */
  clientId: string;
  clientSecret: string;
  behaviour: StravaStandInBehaviour;
  /** Whose consent GET /oauth/authorize gives; the last athlete added by default. */
  signedIn: string | null;
  /** False: the athlete declines on the consent page. */
  approve: boolean;
  /** Limits as "15-minute, daily": all requests, and the reads ("non-upload", every call here). */
  limits: { overall: [number, number]; read: [number, number] };
  /** Whether a POST of a subscription checks its callback with a GET, as Strava does. */
  checkCallback: boolean;
  athletes: Map<string, StandInAthlete>;
  subscription: { id: string; callbackUrl: string } | null;
  /** What it was asked, for tests to read. */
  received: {
    requests: { method: string; path: string }[];
    /** Each grant given, by type, and whose. */
    grants: { grantType: 'authorization_code' | 'refresh_token'; athleteId: string }[];
    /** The athletes whose access the application revoked. */
    deauthorized: string[];
    subscriptionsCreated: { id: string; callbackUrl: string; verifyToken: string }[];
  };
  addAthlete(athlete?: { id?: string; firstname?: string; lastname?: string }): StandInAthlete;
  /** An activity of the athlete; distance and times follow from the points unless given. */
  addActivity(
    athleteId: string,
    activity: { startDate: Date; points: StandInPoint[] } & Partial<Omit<StandInActivity, 'athleteId'>>,
  ): StandInActivity;
  /** An authorization code for the athlete, as the redirect after consent carries it (good once). */
  codeFor(athleteId: string, scope?: string): string;
  /** Makes every access token of the athlete expired (a refresh gives a working one). */
  expireAccessTokens(athleteId: string): void;
  /** The next API request finds the 15-minute (or the daily) read limit used up. */
  useUpLimit(window: 'short' | 'daily'): void;
  /** Forgets the requests counted so far (both windows). */
  resetUsage(): void;
  /** Strava's webhook event body for the current subscription. */
  eventBody(input: StandInEventInput): Record<string, unknown>;
  /** POSTs an event to the subscription's callback, as Strava does; the callback's status. */
  deliverEvent(input: StandInEventInput): Promise<number>;
  close(): Promise<void>;
}

const TOKEN_SECONDS = 6 * 3600;
const QUARTER_HOUR_MS = 15 * 60_000;
const DAY_MS = 24 * 3600_000;
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

const token = () => randomBytes(20).toString('hex');

/** Metres between two points (haversine), for an activity's distance. */
function metres(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

const cumulative = (points: LatLng[]) =>
  points.map((_, i) => points.slice(1, i + 1).reduce((sum, p, j) => sum + metres(points[j]!, p), 0));

const stravaTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

const errorBody = (message: string, resource: string, field: string, code: string) => ({
  message,
  errors: [{ resource, field, code }],
});
const AUTHORIZATION_ERROR = errorBody('Authorization Error', 'Athlete', 'access_token', 'invalid');

export async function startStravaStandIn(options: { now?: () => Date } = {}): Promise<StravaStandIn> {
  const now = options.now ?? (() => new Date());
  const codes = new Map<string, { athleteId: string; scope: string }>();
  const accessTokens = new Map<string, AccessToken>();
  const refreshTokens = new Map<string, { athleteId: string; scope: string }>();
  const usage = { window: -1, day: -1, short: 0, daily: 0 };
  let nextId = 1000;
  let nextActivityId = 14_000_000_000;
  let nextSubscriptionId = 120_000;

  const state: StravaStandIn = {
    url: '',
    clientId: '4242',
    clientSecret: 'stand-in-client-secret-0123456789abcdef',
    behaviour: 'ok',
    signedIn: null,
    approve: true,
    limits: { overall: [200, 2000], read: [100, 1000] },
    checkCallback: true,
    athletes: new Map(),
    subscription: null,
    received: { requests: [], grants: [], deauthorized: [], subscriptionsCreated: [] },
    addAthlete(input = {}) {
      const athlete: StandInAthlete = {
        id: input.id ?? String(nextId++),
        firstname: input.firstname ?? 'Marta',
        lastname: input.lastname ?? 'Rossi',
        activities: new Map(),
      };
      state.athletes.set(athlete.id, athlete);
      state.signedIn = athlete.id;
      return athlete;
    },
    addActivity(athleteId, input) {
      const athlete = state.athletes.get(athleteId);
      if (!athlete) throw new Error(`no athlete ${athleteId} in the Strava stand-in`);
      const elapsed = input.points.at(-1)?.offsetSeconds ?? 0;
      const activity: StandInActivity = {
        id: input.id ?? String(nextActivityId++),
        athleteId,
        name: input.name ?? 'Morning Hike',
        sportType: input.sportType ?? 'Hike',
        startDate: input.startDate,
        movingSeconds: input.movingSeconds ?? elapsed,
        elapsedSeconds: input.elapsedSeconds ?? elapsed,
        distance: input.distance ?? Math.round((cumulative(input.points).at(-1) ?? 0) * 10) / 10,
        points: input.points,
      };
      athlete.activities.set(activity.id, activity);
      return activity;
    },
    codeFor(athleteId, scope = 'read,activity:read_all') {
      const code = token();
      codes.set(code, { athleteId, scope });
      return code;
    },
    expireAccessTokens(athleteId) {
      for (const t of accessTokens.values()) if (t.athleteId === athleteId) t.expiresAt = now().getTime() - 1000;
    },
    useUpLimit(window) {
      countRequest(false);
      if (window === 'short') usage.short = Math.max(usage.short, state.limits.read[0]);
      else usage.daily = Math.max(usage.daily, state.limits.read[1]);
    },
    resetUsage() {
      [usage.short, usage.daily] = [0, 0];
    },
    eventBody(input) {
      return {
        aspect_type: input.aspectType,
        event_time: Math.floor((input.eventTime ?? now()).getTime() / 1000),
        object_id: Number(input.objectId),
        object_type: input.objectType,
        owner_id: Number(input.ownerId),
        subscription_id: Number(state.subscription?.id ?? 0),
        updates: input.updates ?? {},
      };
    },
    async deliverEvent(input) {
      if (!state.subscription) throw new Error('the Strava stand-in has no subscription to deliver to');
      const response = await fetch(state.subscription.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Strava Webhook Stand-in' },
        body: JSON.stringify(state.eventBody(input)),
        signal: AbortSignal.timeout(2000),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: async () => {},
  };

  /** Counts one API request in its quarter hour and UTC day (windows reset as Strava's do). */
  function countRequest(count = true) {
    const at = now().getTime();
    const window = Math.floor(at / QUARTER_HOUR_MS);
    const day = Math.floor(at / DAY_MS);
    if (window !== usage.window) [usage.window, usage.short] = [window, 0];
    if (day !== usage.day) [usage.day, usage.daily] = [day, 0];
    if (count) [usage.short, usage.daily] = [usage.short + 1, usage.daily + 1];
  }

  function issueTokens(athleteId: string, scope: string) {
    const accessToken = token();
    const refreshToken = token();
    const expiresAt = Math.floor(now().getTime() / 1000) + TOKEN_SECONDS;
    accessTokens.set(accessToken, { athleteId, scope, expiresAt: expiresAt * 1000 });
    refreshTokens.set(refreshToken, { athleteId, scope });
    return {
      token_type: 'Bearer',
      expires_at: expiresAt,
      expires_in: TOKEN_SECONDS,
      refresh_token: refreshToken,
      access_token: accessToken,
    };
  }

  function athleteSummary(athlete: StandInAthlete) {
    return {
      id: Number(athlete.id),
      username: null,
      resource_state: 2,
      firstname: athlete.firstname,
      lastname: athlete.lastname,
      bio: null,
      city: 'Lecco',
      state: 'Lombardia',
      country: 'Italy',
      sex: null,
      premium: false,
      summit: false,
      created_at: '2019-03-01T08:00:00Z',
      updated_at: stravaTime(now()),
      badge_type_id: 0,
      weight: null,
      profile_medium: 'avatar/athlete/medium.png',
      profile: 'avatar/athlete/large.png',
      friend: null,
      follower: null,
    };
  }

  function detailedActivity(a: StandInActivity) {
    const first = a.points[0];
    const last = a.points.at(-1);
    const polyline = encodePolyline(a.points);
    return {
      resource_state: 3,
      athlete: { id: Number(a.athleteId), resource_state: 1 },
      name: a.name,
      distance: a.distance,
      moving_time: a.movingSeconds,
      elapsed_time: a.elapsedSeconds,
      total_elevation_gain: 0,
      type: a.sportType.includes('Ride') ? 'Ride' : a.sportType,
      sport_type: a.sportType,
      workout_type: null,
      id: Number(a.id),
      start_date: stravaTime(a.startDate),
      start_date_local: stravaTime(a.startDate),
      timezone: '(GMT+00:00) Etc/UTC',
      utc_offset: 0,
      location_city: null,
      location_state: null,
      location_country: 'Italy',
      achievement_count: 0,
      kudos_count: 0,
      comment_count: 0,
      athlete_count: 1,
      photo_count: 0,
      map: { id: `a${a.id}`, polyline, summary_polyline: polyline, resource_state: 3 },
      trainer: false,
      commute: false,
      manual: a.points.length === 0,
      private: false,
      visibility: 'everyone',
      flagged: false,
      gear_id: null,
      start_latlng: first ? [first.latitude, first.longitude] : [],
      end_latlng: last ? [last.latitude, last.longitude] : [],
      average_speed: a.movingSeconds ? a.distance / a.movingSeconds : 0,
      max_speed: 0,
      has_heartrate: false,
      heartrate_opt_out: false,
      display_hide_heartrate_option: false,
      upload_id: Number(a.id) + 1,
      upload_id_str: String(Number(a.id) + 1),
      external_id: `garmin_ping_${a.id}`,
      from_accepted_tag: false,
      pr_count: 0,
      total_photo_count: 0,
      has_kudoed: false,
      description: null,
      calories: 0,
      segment_efforts: [],
      splits_metric: [],
      laps: [],
      device_name: 'Garmin fēnix 7',
      embed_token: token(),
    };
  }

  function streamSet(a: StandInActivity, keys: string[]) {
    if (a.points.length === 0) return {};
    const meta = { series_type: 'distance', original_size: a.points.length, resolution: 'high' };
    const all: Record<string, unknown> = {
      latlng: { data: a.points.map((p) => [p.latitude, p.longitude]), ...meta },
      time: { data: a.points.map((p) => p.offsetSeconds), ...meta },
      // Strava adds the distance stream whatever the keys.
      distance: { data: cumulative(a.points).map((d) => Math.round(d * 10) / 10), ...meta },
    };
    return Object.fromEntries(Object.entries(all).filter(([key]) => key === 'distance' || keys.includes(key)));
  }

  /** The request's parameters: the query, then a form or JSON body (Strava takes any of them). */
  function paramsOf(request: StandInRequest): Record<string, string> {
    const params: Record<string, string> = Object.fromEntries(request.url.searchParams);
    const type = String(request.raw.headers['content-type'] ?? '');
    if (type.includes('application/json')) {
      try {
        Object.assign(params, JSON.parse(request.body) as Record<string, string>);
      } catch {
        // Strava treats a body it cannot read as no parameters.
      }
    } else if (request.body) {
      Object.assign(params, Object.fromEntries(new URLSearchParams(request.body)));
    }
    return params;
  }

  function bearerOf(request: StandInRequest, params: Record<string, string>): string | undefined {
    const header = /^Bearer (.+)$/i.exec(String(request.raw.headers.authorization ?? ''));
    return header?.[1] ?? params.access_token;
  }

  function validToken(value: string | undefined): AccessToken | null {
    const t = value ? accessTokens.get(value) : undefined;
    return t && t.expiresAt > now().getTime() ? t : null;
  }

  async function callbackAnswers(callbackUrl: string, verifyToken: string): Promise<boolean> {
    let url: URL;
    try {
      url = new URL(callbackUrl);
    } catch {
      return false;
    }
    // A test must never make this stand-in reach an outside host.
    if (!LOOPBACK.has(url.hostname)) return false;
    const challenge = token().slice(0, 16);
    url.searchParams.set('hub.verify_token', verifyToken);
    url.searchParams.set('hub.challenge', challenge);
    url.searchParams.set('hub.mode', 'subscribe');
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      const body = (await response.json()) as Record<string, unknown>;
      return response.status === 200 && body['hub.challenge'] === challenge;
    } catch {
      return false;
    }
  }

  function respond(request: StandInRequest, res: ServerResponse) {
    const json = (status: number, value: unknown) => sendJson(res, status, value);
    const { method } = request;
    const path = request.url.pathname;
    const params = paramsOf(request);
    const app = params.client_id === state.clientId && params.client_secret === state.clientSecret;
    const appRefused = () => json(401, errorBody('Authorization Error', 'Application', 'client_id', 'invalid'));

    if (method === 'GET' && path === '/oauth/authorize') {
      const redirect = params.redirect_uri;
      if (params.client_id !== state.clientId) {
        return json(400, errorBody('Bad Request', 'Application', 'client_id', 'invalid'));
      }
      if (!redirect || params.response_type !== 'code') {
        return json(400, errorBody('Bad Request', 'Application', 'redirect_uri', 'invalid'));
      }
      const back = new URL(redirect);
      if (params.state) back.searchParams.set('state', params.state);
      if (!state.approve || !state.signedIn) back.searchParams.set('error', 'access_denied');
      else {
        const scope = params.scope || 'read';
        back.searchParams.set('code', state.codeFor(state.signedIn, scope));
        back.searchParams.set('scope', scope);
      }
      return res.writeHead(302, { location: back.toString() }).end();
    }

    if (method === 'POST' && (path === '/oauth/token' || path === '/api/v3/oauth/token')) {
      if (!app) return appRefused();
      if (params.grant_type === 'authorization_code') {
        const grant = codes.get(params.code ?? '');
        if (!grant) return json(400, errorBody('Bad Request', 'AuthorizationCode', 'code', 'invalid'));
        codes.delete(params.code!);
        const athlete = state.athletes.get(grant.athleteId)!;
        state.received.grants.push({ grantType: 'authorization_code', athleteId: athlete.id });
        return json(200, { ...issueTokens(athlete.id, grant.scope), athlete: athleteSummary(athlete) });
      }
      if (params.grant_type === 'refresh_token') {
        const grant = refreshTokens.get(params.refresh_token ?? '');
        if (!grant) return json(400, errorBody('Bad Request', 'RefreshToken', 'refresh_token', 'invalid'));
        refreshTokens.delete(params.refresh_token!);
        state.received.grants.push({ grantType: 'refresh_token', athleteId: grant.athleteId });
        return json(200, issueTokens(grant.athleteId, grant.scope));
      }
      return json(400, errorBody('Bad Request', 'Application', 'grant_type', 'invalid'));
    }

    if (method === 'POST' && path === '/oauth/deauthorize') {
      const value = bearerOf(request, params);
      const t = validToken(value);
      if (!t) return json(401, AUTHORIZATION_ERROR);
      for (const [key, other] of accessTokens) if (other.athleteId === t.athleteId) accessTokens.delete(key);
      for (const [key, other] of refreshTokens) if (other.athleteId === t.athleteId) refreshTokens.delete(key);
      state.received.deauthorized.push(t.athleteId);
      return json(200, { access_token: value });
    }

    if (!path.startsWith('/api/v3/')) {
      return json(404, errorBody('Record Not Found', 'resource', 'path', 'invalid'));
    }

    // The API: counted against the limits (a refused request still counts), with the headers on every answer.
    countRequest();
    const headers = {
      'x-ratelimit-limit': state.limits.overall.join(','),
      'x-ratelimit-usage': `${usage.short},${usage.daily}`,
      'x-readratelimit-limit': state.limits.read.join(','),
      'x-readratelimit-usage': `${usage.short},${usage.daily}`,
    };
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    const overLimit = (i: 0 | 1) =>
      [usage.short, usage.daily][i]! > state.limits.overall[i] || [usage.short, usage.daily][i]! > state.limits.read[i];
    if (overLimit(0) || overLimit(1)) {
      return json(429, errorBody('Rate Limit Exceeded', 'Application', 'rate limit', 'exceeded'));
    }

    if (path === '/api/v3/push_subscriptions' || path.startsWith('/api/v3/push_subscriptions/')) {
      if (!app) return appRefused();
      const subscription = state.subscription;
      if (method === 'GET' && path === '/api/v3/push_subscriptions') {
        return json(
          200,
          subscription
            ? [
                {
                  id: Number(subscription.id),
                  resource_state: 2,
                  application_id: Number(state.clientId),
                  callback_url: subscription.callbackUrl,
                  created_at: stravaTime(now()),
                  updated_at: stravaTime(now()),
                },
              ]
            : [],
        );
      }
      if (method === 'DELETE') {
        const id = path.split('/').at(-1);
        if (!subscription || subscription.id !== id) {
          return json(404, errorBody('Record Not Found', 'PushSubscription', 'id', 'not found'));
        }
        state.subscription = null;
        return res.writeHead(204).end();
      }
      if (method === 'POST' && path === '/api/v3/push_subscriptions') {
        if (subscription) return json(400, errorBody('Bad Request', 'PushSubscription', '', 'already exists'));
        const { callback_url: callbackUrl, verify_token: verifyToken } = params;
        if (!callbackUrl || !verifyToken) {
          return json(400, errorBody('Bad Request', 'PushSubscription', 'callback url', 'invalid'));
        }
        const create = () => {
          const made = { id: String(nextSubscriptionId++), callbackUrl };
          state.subscription = made;
          state.received.subscriptionsCreated.push({ ...made, verifyToken });
          json(201, { id: Number(made.id) });
        };
        if (!state.checkCallback) return create();
        void callbackAnswers(callbackUrl, verifyToken).then((ok) =>
          ok
            ? create()
            : json(
                400,
                errorBody('Bad Request', 'PushSubscription', 'callback url', 'GET to callback URL does not return 200'),
              ),
        );
        return;
      }
      return json(404, errorBody('Record Not Found', 'resource', 'path', 'invalid'));
    }

    const activityMatch = /^\/api\/v3\/activities\/(\d+)(\/streams)?$/.exec(path);
    if (method === 'GET' && activityMatch) {
      const t = validToken(bearerOf(request, params));
      if (!t) return json(401, AUTHORIZATION_ERROR);
      if (!/(^|,)activity:read(_all)?(,|$)/.test(t.scope)) {
        return json(401, errorBody('Authorization Error', 'AccessToken', 'activity:read_permission', 'missing'));
      }
      const activity = state.athletes.get(t.athleteId)?.activities.get(activityMatch[1]!);
      if (!activity) return json(404, errorBody('Record Not Found', 'Activity', 'id', 'not found'));
      if (!activityMatch[2]) return json(200, detailedActivity(activity));
      if (params.key_by_type !== 'true') {
        // Without key_by_type Strava answers a list; the adapter always asks it keyed.
        return json(
          200,
          Object.entries(streamSet(activity, (params.keys ?? '').split(','))).map(([type, s]) => ({
            type,
            ...(s as object),
          })),
        );
      }
      return json(200, streamSet(activity, (params.keys ?? '').split(',')));
    }

    return json(404, errorBody('Record Not Found', 'resource', 'path', 'invalid'));
  }

  const stand = await startStandInServer((request, res) => {
    state.received.requests.push({ method: request.method, path: request.url.pathname });
    switch (state.behaviour) {
      case 'slow':
        return; // never answers: the caller's deadline must
      case 'http-error':
        return sendJson(res, 500, { message: 'Internal Server Error', errors: [] });
      case 'malformed':
        return sendJson(res, 200, { id: 'x', name: 42, access_token: null, data: 'unexpected' });
      case 'not-json':
        return send(res, 200, 'application/json', '{"token_type": "Bearer", "access_token": ');
      default:
        try {
          return respond(request, res);
        } catch {
          // A request this stand-in cannot read (a redirect_uri that is no URL): Strava's plain refusal.
          return sendJson(res, 400, errorBody('Bad Request', 'Application', 'request', 'invalid'));
        }
    }
  });
  state.url = stand.origin;
  state.close = stand.close;
  return state;
}
