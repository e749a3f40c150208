import { type CallName, callNames, calls, declaresError, type ErrorBody } from '@cordata/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../app.ts';
import { listen, openSocket } from '../chat-factories.ts';
import { newActivity, newUser } from '../factories.ts';
import { type OverpassStandIn, startOverpassStandIn, waysAlong } from '../stand-in-overpass.ts';
import { type StandInRouter, startStandInRouter } from '../stand-in-router.ts';
import { startWeatherStandIn, type WeatherStandIn } from '../stand-in-weather.ts';
import { HOSTILE_BODIES, HOSTILE_VALUES, jsonSchemaOf, sample } from './samples.ts';

/**
 * Hostile input to every call: whole bodies that are not what the call takes, and, for each field
 * of a plausible body, every hostile value in its place. Never a 500, never a hang, and the server
 * is healthy afterwards.
 */
let t: TestApp;
/** A routing engine that answers, so route snapping is fuzzed past its validation into the adapter. */
let router: StandInRouter;
/** A forecast source that answers, so the weather calls are fuzzed past "not configured" (issue 24). */
let weather: WeatherStandIn;
/** An Overpass that answers ways, so grade suggestions are fuzzed past "not configured" into the matching. */
let overpass: OverpassStandIn;
let tried = 0;
/** The server's clock runs this far ahead of the real one: the socket test moves it instead of waiting. */
let clockAheadMs = 0;
const failures: string[] = [];
/** Codes a call answered without declaring them (its contract's `errors`). */
const undeclared: string[] = [];

beforeAll(async () => {
  router = await startStandInRouter();
  weather = await startWeatherStandIn();
  overpass = await startOverpassStandIn();
  overpass.ways = waysAlong(
    Array.from({ length: 11 }, (_, i) => ({ latitude: 1, longitude: 1 + i * 0.001 })),
    [{ until: 1, tags: { highway: 'path', sac_scale: 'hiking' } }],
  );
  t = await createTestApp(
    {
      ROUTER_KIND: 'osrm',
      ROUTER_URL: router.url,
      WEATHER_URL: weather.url,
      OVERPASS_URL: overpass.url,
    },
    { now: () => new Date(Date.now() + clockAheadMs) },
  );
});
afterAll(async () => {
  console.log(`fuzz: ${tried} hostile inputs sent to ${callNames.length} calls`);
  await t?.close();
  await router?.close();
  await weather?.close();
  await overpass?.close();
});

/** Forged forwarding and host headers: a client may not choose its address or the host of links. */
const HOSTILE_HEADERS: Record<string, string>[] = [
  { 'x-forwarded-for': '127.0.0.1, 10.0.0.1' },
  { 'x-forwarded-for': 'not-an-address, , ::ffff:999.1.1.1' },
  { 'x-forwarded-for': 'x'.repeat(8000) },
  { host: 'tracker.example', 'x-forwarded-host': 'evil.example:443' },
  { host: '[::1', 'x-forwarded-proto': 'gopher' },
  { 'x-forwarded-host': '../../etc/passwd', 'x-real-ip': '0.0.0.0' },
];

async function send(name: CallName, payload: string, token: string, extraHeaders: Record<string, string> = {}) {
  tried += 1;
  const started = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.config.apiPrefix}/${name}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...extraHeaders },
    payload,
  });
  const ms = performance.now() - started;
  if (res.statusCode >= 500 || ms > 10_000) {
    failures.push(
      `${name} ${payload.slice(0, 120)} → ${res.statusCode} in ${Math.round(ms)} ms: ${res.body.slice(0, 200)}`,
    );
  }
  const code = res.statusCode < 500 ? (safeJson(res.body) as Partial<ErrorBody> | null)?.error?.code : undefined;
  if (code && !declaresError(calls[name].errors, code)) undeclared.push(`${name} → ${code}`);
  return res;
}

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Every field path of an object sample, so each can be replaced in turn. */
function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return prefix.length ? [prefix] : [];
  const paths: string[][] = prefix.length ? [prefix] : [];
  for (const [key, child] of Object.entries(value)) paths.push(...fieldPaths(child, [...prefix, key]));
  return paths;
}

function replaced(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

describe('hostile input', () => {
  it.each(callNames)('%s never answers 500 nor hangs', async (name) => {
    // Each call gets its own person: some calls (delete-account) end the caller's session.
    const { token } = await newUser(t);
    for (const payload of HOSTILE_BODIES) await send(name, payload, token);
    const def = calls[name];
    const plausible = def.body ? JSON.stringify(sample(jsonSchemaOf(def.body))) : '';
    for (const headers of HOSTILE_HEADERS) await send(name, plausible, token, headers);
    if (def.body) {
      const base = sample(jsonSchemaOf(def.body));
      await send(name, JSON.stringify(base), token);
      for (const path of fieldPaths(base)) {
        for (const value of HOSTILE_VALUES) await send(name, JSON.stringify(replaced(base, path, value)), token);
      }
      await send(
        name,
        JSON.stringify({ ...(base as object), unexpected: 'field', ['__proto__']: { admin: true } }),
        token,
      );
    }
    expect(failures.filter((f) => f.startsWith(`${name} `))).toEqual([]);
    expect([...new Set(undeclared.filter((f) => f.startsWith(`${name} `)))]).toEqual([]);
  });

  it('leaves the server healthy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect((await t.call('sport/list-all', undefined, (await newUser(t)).token)).status).toBe(200);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

/**
 * A cancelled date (issue 22): read-info answers its declared ACTIVITY_CANCELLED to whoever was in it, whatever the
 * id's spelling or the headers, never a 500; hostile ids stay validation errors.
 */
describe('hostile reads of a cancelled date', () => {
  it('answer declared codes only', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser, { repeat: { rule: 'FREQ=WEEKLY;COUNT=2' } });
    await t.ok('series/cancel', { activityId: activity.activityId, scope: 'THIS' }, organiser.token);
    const ids = [activity.activityId, activity.activityId.toUpperCase(), ` ${activity.activityId}`];
    for (const id of ids) {
      for (const headers of [{}, ...HOSTILE_HEADERS]) {
        const res = await send('activity/read-info', JSON.stringify({ activityId: id }), organiser.token, headers);
        expect(res.statusCode).toBeOneOf([400, 404, 409]);
      }
    }
    for (const value of HOSTILE_VALUES) {
      await send('activity/read-info', JSON.stringify({ activityId: value }), organiser.token);
    }
    expect(failures.filter((f) => f.startsWith('activity/read-info '))).toEqual([]);
    expect([...new Set(undeclared.filter((f) => f.startsWith('activity/read-info ')))]).toEqual([]);
  });
});

/**
 * The safety loop's socket event (issue 23): a participant sharing in the window sends positions with each field
 * replaced by every hostile value, and whole hostile bodies. Each answer is INVALID unless the position is still a
 * valid one (then it is stored or TOO_SOON); the socket stays connected and the server healthy.
 */
describe('hostile positions over the socket', () => {
  it('are refused with INVALID, never crash, and keep the socket', async () => {
    const organiser = await newUser(t);
    const { activity } = await t.ok(
      'activity/create-new',
      {
        name: 'Fuzzed outing',
        sportId: 'hiking',
        date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
        startTime: '09:00',
        endTime: '11:00',
        access: 'OPEN',
        visibility: 'PUBLIC',
        difficulty: 'EASY',
        route: {
          mode: 'POINTS',
          start: { latitude: 45.9, longitude: 9.3 },
          destination: { latitude: 45.91, longitude: 9.31 },
          routeSteps: [],
        },
      },
      organiser.token,
    );
    const { activityId } = activity;
    await t.db
      .update(activities)
      .set({ startsAt: new Date(Date.now() - 600_000), endsAt: new Date(Date.now() + 3_600_000) })
      .where(eq(activities.id, activityId));
    await t.ok('activity/safety-share', { activityId, sharing: true }, organiser.token);
    const socket = await openSocket(await listen(t), organiser.token);
    const emit = (input: unknown) =>
      new Promise<{ ok: boolean; code?: string }>((resolve) => socket.emit('safety:position', input as never, resolve));
    const base: Record<string, unknown> = { activityId, latitude: 45.9, longitude: 9.3, accuracy: 5 };
    const stillValid = (input: Record<string, unknown>) =>
      input.activityId === activityId &&
      [input.latitude, input.longitude].every((v) => typeof v === 'number' && Number.isFinite(v)) &&
      Math.abs(input.latitude as number) <= 90 &&
      Math.abs(input.longitude as number) <= 180 &&
      (input.accuracy === undefined ||
        (typeof input.accuracy === 'number' && input.accuracy >= 0 && input.accuracy <= 100_000));
    try {
      for (const key of Object.keys(base))
        for (const value of [...HOSTILE_VALUES, undefined]) {
          const input = { ...base, [key]: value };
          const answer = await emit(input);
          if (stillValid(input)) expect(answer.ok || answer.code === 'TOO_SOON', JSON.stringify(answer)).toBe(true);
          else expect(answer, `${key}: ${String(value).slice(0, 40)}`).toEqual({ ok: false, code: 'INVALID' });
          clockAheadMs += 200; // within the socket's event budget (5 a second), by the server's clock
        }
      for (const body of [null, 'text', 42, [], {}]) expect(await emit(body)).toEqual({ ok: false, code: 'INVALID' });
      expect(socket.connected).toBe(true);
    } finally {
      socket.close();
    }
  });
});
