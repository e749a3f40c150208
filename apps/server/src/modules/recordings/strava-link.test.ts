import { writeFit } from '@cordata/geo';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { along } from '../../../test/recordings.ts';
import { type StravaStandIn, startStravaStandIn } from '../../../test/stand-in-strava.ts';
import { activityRecordings, stravaConnections, stravaImports } from '../../db/schema.ts';

const MINUTE = 60_000;
const VERIFY_TOKEN = 'verify-token-of-this-test-0123';
let clock = Date.now();
let t: TestApp;
let strava: StravaStandIn;
beforeAll(async () => {
  strava = await startStravaStandIn({ now: () => new Date(clock) });
  t = await createTestApp(
    {
      STRAVA_CLIENT_ID: strava.clientId,
      STRAVA_CLIENT_SECRET: strava.clientSecret,
      STRAVA_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN,
      STRAVA_BASE_URL: strava.url,
      STRAVA_TIMEOUT_MS: '2000',
      PUBLIC_URL: 'https://cordata.example',
    },
    { now: () => new Date(clock) },
  );
});
afterAll(async () => {
  await t?.close();
  await strava?.close();
});
afterEach(() => {
  clock = Date.now();
  strava.behaviour = 'ok';
  strava.resetUsage();
});

type User = Awaited<ReturnType<typeof newUser>>;
const link = () => t.modules.services.strava;

/** Connects `user` to a new Strava athlete through the consent page's answer; the athlete. */
async function connected(user: User) {
  const athlete = strava.addAthlete({ firstname: 'Anna' });
  const { authorizeUrl } = await t.ok('strava/connect', undefined, user.token);
  const state = new URL(authorizeUrl).searchParams.get('state')!;
  await t.ok('strava/finish', { code: strava.codeFor(athlete.id), state, scope: 'read,activity:read_all' }, user.token);
  return athlete;
}

/** An activity Anna takes part in, ended; her Strava athlete recorded it (or went `sideMetres` elsewhere). */
async function recordedOnStrava(sideMetres = 15) {
  const organiser = await newUser(t);
  const anna = await newUser(t);
  const activity = await newActivity(t, organiser);
  await t.ok('activity/participate', { activityId: activity.activityId }, anna.token);
  const athlete = await connected(anna);
  const startsAt = new Date(activity.startsAt).getTime();
  const points = along(activity.route.routeSteps, startsAt + 3 * MINUTE, 30, sideMetres);
  const recorded = strava.addActivity(athlete.id, {
    startDate: new Date(points[0]!.time),
    points: points.map((p) => ({
      latitude: p.latitude,
      longitude: p.longitude,
      offsetSeconds: (p.time - points[0]!.time) / 1000,
    })),
    movingSeconds: 29 * 60,
  });
  clock = new Date(activity.endsAt).getTime() + 10 * MINUTE;
  return { organiser, anna, athlete, activityId: activity.activityId, recorded };
}

const webhook = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/strava/webhook',
    payload: body as object,
    headers: { 'content-type': 'application/json' },
  });
const created = (athleteId: string, activityId: string) =>
  strava.eventBody({ objectType: 'activity', aspectType: 'create', objectId: activityId, ownerId: athleteId });
const recordingsOf = (userId: string) =>
  t.db.select().from(activityRecordings).where(eq(activityRecordings.userId, userId));

describe('connecting Strava', () => {
  it('sends the person to Strava with a state only they can bring back, and keeps the tokens sealed', async () => {
    const anna = await newUser(t);
    expect((await t.ok('strava/read-connection', undefined, anna.token)).strava).toEqual({
      configured: true,
      connected: false,
      connectedAt: null,
    });
    const athlete = strava.addAthlete();
    const { authorizeUrl } = await t.ok('strava/connect', undefined, anna.token);
    const url = new URL(authorizeUrl);
    expect(url.origin + url.pathname).toBe(`${strava.url}/oauth/authorize`);
    expect(url.searchParams.get('redirect_uri')).toBe('https://cordata.example/strava/callback');
    expect(url.searchParams.get('scope')).toBe('activity:read_all');
    const state = url.searchParams.get('state')!;

    // Someone else cannot finish Anna's connection, and the state is then spent.
    const mallory = await newUser(t);
    const stolen = await t.call('strava/finish', { code: strava.codeFor(athlete.id), state }, mallory.token);
    expect(stolen.body.error?.code).toBe('STRAVA_STATE_INVALID');
    const spent = await t.call(
      'strava/finish',
      { code: strava.codeFor(athlete.id), state, scope: 'read,activity:read_all' },
      anna.token,
    );
    expect(spent.body.error?.code).toBe('STRAVA_STATE_INVALID');

    const again = new URL((await t.ok('strava/connect', undefined, anna.token)).authorizeUrl).searchParams.get(
      'state',
    )!;
    const readOnly = await t.call(
      'strava/finish',
      { code: strava.codeFor(athlete.id, 'read'), state: again, scope: 'read' },
      anna.token,
    );
    expect(readOnly.body.error?.code).toBe('STRAVA_SCOPE_MISSING');

    const third = new URL((await t.ok('strava/connect', undefined, anna.token)).authorizeUrl).searchParams.get(
      'state',
    )!;
    const done = await t.ok(
      'strava/finish',
      { code: strava.codeFor(athlete.id), state: third, scope: 'read,activity:read_all' },
      anna.token,
    );
    expect(done.strava).toMatchObject({ configured: true, connected: true });
    const [row] = await t.db.select().from(stravaConnections).where(eq(stravaConnections.userId, anna.id));
    expect(row!.athleteId).toBe(athlete.id);
    // Sealed at rest: the stored text is not the token Strava gave.
    expect(row!.accessToken).not.toMatch(/^[0-9a-f]{40}$/);
  });

  it('a state past ten minutes is refused', async () => {
    const anna = await newUser(t);
    const athlete = strava.addAthlete();
    const state = new URL((await t.ok('strava/connect', undefined, anna.token)).authorizeUrl).searchParams.get(
      'state',
    )!;
    clock += 11 * MINUTE;
    const late = await t.call(
      'strava/finish',
      { code: strava.codeFor(athlete.id), state, scope: 'activity:read_all' },
      anna.token,
    );
    expect(late.body.error?.code).toBe('STRAVA_STATE_INVALID');
  });
});

describe("Strava's webhook", () => {
  it('answers the subscription challenge only with our verify token', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: `/strava/webhook?hub.mode=subscribe&hub.challenge=15f7d1a91c1f40f8a748fd134752feb3&hub.verify_token=${VERIFY_TOKEN}`,
    });
    expect(ok.json()).toEqual({ 'hub.challenge': '15f7d1a91c1f40f8a748fd134752feb3' });
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/strava/webhook?hub.mode=subscribe&hub.challenge=abc&hub.verify_token=guess',
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('a new activity that matches becomes a recording seen by its owner alone, and suggests attended', async () => {
    const { organiser, anna, athlete, activityId, recorded } = await recordedOnStrava();
    expect((await webhook(created(athlete.id, recorded.id))).statusCode).toBe(200);
    // Told twice (Strava retries): queued once.
    await webhook(created(athlete.id, recorded.id));
    expect(await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id))).toHaveLength(1);
    await link().runImports();

    const recap = (await t.ok('activity/read-recap', { activityId }, anna.token)).recap;
    expect(recap.myRecording).toMatchObject({ source: 'STRAVA', movingMinutes: 29, shared: false, canShare: false });
    expect(recap.lines.map((l) => [l.mine, l.source])).toEqual([[true, 'STRAVA']]);
    const shared = await t.call('recording/set-shared', { activityId, shared: true }, anna.token);
    expect(shared.body.error?.code).toBe('RECORDING_NOT_SHAREABLE');
    expect((await t.ok('activity/read-recap', { activityId }, organiser.token)).recap.lines).toEqual([]);
    const sheet = (await t.ok('attendance/list-sheet', { activityId }, organiser.token)).sheet;
    expect(sheet.entries.find((e) => e.userId === anna.id)?.recorded).toBe(true);
    expect(await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id))).toEqual([]);

    // Deleted on Strava: deleted here.
    await webhook(
      strava.eventBody({ objectType: 'activity', aspectType: 'delete', objectId: recorded.id, ownerId: athlete.id }),
    );
    expect(await recordingsOf(anna.id)).toEqual([]);
  });

  it('never replaces the file its owner added (and shared) with the same outing from Strava', async () => {
    const { organiser, anna, athlete, activityId, recorded } = await recordedOnStrava();
    const file = writeFit(
      along(
        (await t.ok('activity/read-info', { activityId }, anna.token)).activity.route.routeSteps,
        recorded.startDate.getTime(),
        30,
      ),
    );
    const put = await t.ok(
      'upload/get-upload-url',
      { purpose: 'RECORDING', contentType: 'application/vnd.ant.fit', size: file.length },
      anna.token,
    );
    const upload = new URL(put.uploadUrl);
    await t.app.inject({
      method: 'PUT',
      url: upload.pathname + upload.search,
      headers: { 'content-type': 'application/vnd.ant.fit' },
      payload: Buffer.from(file),
    });
    await t.ok('recording/add', { activityId, fileUrl: put.fileUrl }, anna.token);
    await t.ok('recording/set-shared', { activityId, shared: true }, anna.token);
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    expect((await t.ok('activity/read-recap', { activityId }, anna.token)).recap.myRecording).toMatchObject({
      source: 'FILE',
      shared: true,
    });
    expect((await t.ok('activity/read-recap', { activityId }, organiser.token)).recap.lines).toHaveLength(1);
  });

  it('an activity elsewhere is not kept, nor one of an athlete nobody connected', async () => {
    const { anna, athlete, recorded } = await recordedOnStrava(3000);
    await webhook(created(athlete.id, recorded.id));
    await webhook(created('99999999', '123'));
    await link().runImports();
    expect(await recordingsOf(anna.id)).toEqual([]);
    expect(await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, '99999999'))).toEqual([]);
  });

  it("refreshes an expired token, and waits out Strava's rate limit before trying again", async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    strava.expireAccessTokens(athlete.id);
    strava.useUpLimit('short');
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    expect(await recordingsOf(anna.id)).toEqual([]);
    const [held] = await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id));
    expect(held!.notBefore.getTime()).toBeGreaterThan(clock);
    expect(held!.notBefore.getTime() - clock).toBeLessThanOrEqual(15 * MINUTE);
    // Before the window resets, nothing is asked of Strava.
    const asked = strava.received.requests.length;
    await link().runImports();
    expect(strava.received.requests.length).toBe(asked);
    clock = held!.notBefore.getTime() + 1000;
    strava.resetUsage();
    await link().runImports();
    expect(await recordingsOf(anna.id)).toHaveLength(1);
    expect(strava.received.grants.filter((g) => g.athleteId === athlete.id).map((g) => g.grantType)).toContain(
      'refresh_token',
    );
  });

  it('retries a failure later, and an instance that died leaves its lease to the next run', async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    strava.behaviour = 'http-error';
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    const [retry] = await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id));
    expect(retry!.attempts).toBe(2);
    strava.behaviour = 'ok';
    await link().runImports();
    expect(await recordingsOf(anna.id)).toEqual([]);
    clock = retry!.notBefore.getTime();
    await link().runImports();
    expect(await recordingsOf(anna.id)).toHaveLength(1);
  });

  it('drops, without retrying, an import the server refuses (an organiser blocked the person since)', async () => {
    const { organiser, anna, athlete, recorded } = await recordedOnStrava();
    await t.ok('user/block', { userId: anna.id }, organiser.token);
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    expect(await recordingsOf(anna.id)).toEqual([]);
    expect(await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id))).toEqual([]);
  });

  it('two instances running the job at once import an activity once', async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    await webhook(created(athlete.id, recorded.id));
    const before = strava.received.requests.filter((r) => r.path.endsWith(`/activities/${recorded.id}`)).length;
    await Promise.all([link().runImports(), link().runImports()]);
    expect(strava.received.requests.filter((r) => r.path.endsWith(`/activities/${recorded.id}`)).length - before).toBe(
      1,
    );
    expect(await recordingsOf(anna.id)).toHaveLength(1);
  });
});

describe('tokens sealed with a key no longer held', () => {
  it('end the link (the person connects again) and the import stops', async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    await t.db
      .update(stravaConnections)
      .set({ accessToken: 'a.b.c', refreshToken: 'a.b.c' })
      .where(eq(stravaConnections.userId, anna.id));
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    expect((await t.ok('strava/read-connection', undefined, anna.token)).strava.connected).toBe(false);
    expect(await t.db.select().from(stravaImports).where(eq(stravaImports.athleteId, athlete.id))).toEqual([]);
  });
});

describe('the webhook subscription', () => {
  it('is made once at PUBLIC_URL with our verify token, then found', async () => {
    strava.checkCallback = false;
    await link().ensureSubscription();
    await link().ensureSubscription();
    expect(strava.received.subscriptionsCreated).toEqual([
      expect.objectContaining({ callbackUrl: 'https://cordata.example/strava/webhook', verifyToken: VERIFY_TOKEN }),
    ]);
  });
});

describe('disconnecting', () => {
  it('from Cordata: Strava is told, and every track from Strava is deleted at once', async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    expect(await recordingsOf(anna.id)).toHaveLength(1);
    const answer = await t.ok('strava/disconnect', undefined, anna.token);
    expect(answer.strava).toMatchObject({ connected: false });
    expect(strava.received.deauthorized).toContain(athlete.id);
    expect(await recordingsOf(anna.id)).toEqual([]);
  });

  it("from Strava's side (the athlete's deauthorization event): the link and the tracks go", async () => {
    const { anna, athlete, recorded } = await recordedOnStrava();
    await webhook(created(athlete.id, recorded.id));
    await link().runImports();
    await webhook(
      strava.eventBody({
        objectType: 'athlete',
        aspectType: 'update',
        objectId: athlete.id,
        ownerId: athlete.id,
        updates: { authorized: 'false' },
      }),
    );
    expect(await recordingsOf(anna.id)).toEqual([]);
    expect(
      await t.db
        .select()
        .from(stravaConnections)
        .where(and(eq(stravaConnections.userId, anna.id))),
    ).toEqual([]);
    expect((await t.ok('strava/read-connection', undefined, anna.token)).strava.connected).toBe(false);
  });
});

describe('Strava not configured', () => {
  it('says so, and registers no webhook', async () => {
    const plain = await createTestApp();
    try {
      const anna = await newUser(plain);
      expect((await plain.ok('strava/read-connection', undefined, anna.token)).strava).toEqual({
        configured: false,
        connected: false,
        connectedAt: null,
      });
      expect((await plain.call('strava/connect', undefined, anna.token)).body.error?.code).toBe(
        'STRAVA_NOT_CONFIGURED',
      );
      expect((await plain.app.inject({ method: 'POST', url: '/strava/webhook', payload: {} })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
