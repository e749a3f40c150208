import type { ActivityInput } from '@cordata/contract';
import { GPX_MAX_BYTES, ROUTE_FILES_QUOTA_BYTES } from '@cordata/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { dayFromNow, newActivity, newUser } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { activities, activityMembers, activityRoutes, chats } from '../../db/schema.ts';
import { sharedGazetteer } from '../location/gazetteer.ts';
import { connect, inChat, newGroup, notificationsOf } from './activities.test-helpers.ts';

let t: TestApp;
type User = Awaited<ReturnType<typeof newUser>>;
let alice: User;
let bruno: User;
let carla: User;
let dario: User;

beforeAll(async () => {
  t = await createTestApp();
  [alice, bruno, carla, dario] = await Promise.all([
    newUser(t, { firstName: 'Alice' }),
    newUser(t, { firstName: 'Bruno' }),
    newUser(t, { firstName: 'Carla' }),
    newUser(t, { firstName: 'Dario' }),
  ]);
});
afterAll(() => t.close());

const GPX = `<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="45.8600" lon="9.4010"><name>Rifugio</name><type>rest</type></wpt>
  <trk><name>Resegone</name><trkseg>
    <trkpt lat="45.8500" lon="9.4000"><ele>600</ele></trkpt>
    <trkpt lat="45.8550" lon="9.4005"><ele>700</ele></trkpt>
    <trkpt lat="45.8600" lon="9.4010"><ele>650</ele></trkpt>
    <trkpt lat="45.8650" lon="9.4020"><ele>900</ele></trkpt>
  </trkseg></trk>
</gpx>`;

/** A local slot starting `minutesAhead` from now (to the minute), in a zone where it does not cross midnight. */
function slot(minutesAhead: number) {
  const startsAt = new Date(Math.floor((Date.now() + minutesAhead * 60_000) / 60_000) * 60_000);
  for (const [timeZone, offsetHours] of [
    ['UTC', 0],
    ['Etc/GMT+12', -12],
  ] as const) {
    const local = new Date(startsAt.getTime() + offsetHours * 3_600_000).toISOString();
    const startTime = local.slice(11, 16);
    if (startTime < '22:00') return { date: local.slice(0, 10), startTime, endTime: '23:30', timeZone, startsAt };
  }
  throw new Error('unreachable: one of the zones is before 22:00');
}

function input(overrides: Partial<ActivityInput> = {}): ActivityInput {
  return {
    name: 'Giro del lago',
    sportId: 'running',
    date: dayFromNow(5),
    startTime: '08:00',
    endTime: '10:30',
    access: 'OPEN',
    visibility: 'PUBLIC',
    difficulty: 'EASY',
    route: {
      mode: 'POINTS',
      start: { latitude: 45.46, longitude: 9.19 },
      destination: { latitude: 45.47, longitude: 9.2 },
      routeSteps: [{ latitude: 45.465, longitude: 9.195 }],
    },
    ...overrides,
  };
}

describe('create-new', () => {
  it('computes the route figures from POINTS, makes the creator the admin and opens the chat', async () => {
    const { activity } = await t.ok('activity/create-new', input({ description: 'Easy pace' }), alice.token);
    expect(activity).toMatchObject({
      name: 'Giro del lago',
      status: 'PARTICIPATING',
      isAdmin: true,
      participantsCount: 1,
      timeZone: 'Europe/Rome',
      description: 'Easy pace',
      createdBy: { userId: alice.id, firstName: 'Alice' },
      route: {
        mode: 'POINTS',
        start: { latitude: 45.46, longitude: 9.19 },
        destination: { latitude: 45.47, longitude: 9.2 },
        waypoints: [
          { type: 'START', latitude: 45.46, longitude: 9.19 },
          { type: 'FINISH', latitude: 45.47, longitude: 9.2 },
        ],
      },
    });
    // start → step → destination, haversine on 6371 km, 2 decimals.
    expect(activity.totalDistance).toBe(1358.17);
    expect(activity.route.routeSteps).toHaveLength(3);
    // No elevation service in this app: a drawn route's climb is unknown, not 0.
    expect(activity.totalElevationGain).toBeNull();
    expect(activity.chatId).toEqual(expect.any(String));
    expect(await inChat(t, activity.chatId!, alice.id)).toBe(true);
  });

  it('reads the date and times in the IANA time zone (Rome by default, summer and winter)', async () => {
    const summer = await t.ok('activity/create-new', input({ date: '2099-07-01', startTime: '08:00' }), alice.token);
    expect(summer.activity.startsAt).toBe('2099-07-01T06:00:00.000Z');
    const winter = await t.ok('activity/create-new', input({ date: '2099-01-10', startTime: '08:00' }), alice.token);
    expect(winter.activity.startsAt).toBe('2099-01-10T07:00:00.000Z');
    expect(winter.activity.endsAt).toBe('2099-01-10T09:30:00.000Z');
    const ny = await t.ok(
      'activity/create-new',
      input({ date: '2099-01-10', startTime: '08:00', timeZone: 'America/New_York' }),
      alice.token,
    );
    expect(ny.activity).toMatchObject({ startsAt: '2099-01-10T13:00:00.000Z', timeZone: 'America/New_York' });
  });

  it('computes distance, gains, waypoints and profile from a GPX track and keeps the file', async () => {
    const { activity } = await t.ok(
      'activity/create-new',
      input({ sportId: 'hiking', route: { mode: 'GPX', gpx: GPX } }),
      alice.token,
    );
    expect(activity.route.mode).toBe('GPX');
    expect(activity.route.start).toEqual({ latitude: 45.85, longitude: 9.4 });
    expect(activity.route.destination).toEqual({ latitude: 45.865, longitude: 9.402 });
    expect(activity.totalElevationGain).toBe(350);
    expect(activity.smoothedElevationGain).toBeGreaterThan(0);
    expect(activity.route.elevationProfile.length).toBe(4);
    expect(activity.route.waypoints.map((w) => w.type)).toEqual(['START', 'FINISH', 'REST']);
    expect(activity.totalDistance).toBeGreaterThan(1600);
    const [file] = await t.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, activity.activityId));
    expect(file?.gpx).toBe(GPX);
  });

  it('keeps the display line to about 500 points for a long track', async () => {
    const points = Array.from({ length: 3000 }, (_, i) => {
      const lat = 45.8 + i * 0.0001;
      const lon = 9.4 + Math.sin(i / 7) * 0.002;
      return `<trkpt lat="${lat.toFixed(6)}" lon="${lon.toFixed(6)}"><ele>${500 + (i % 50)}</ele></trkpt>`;
    }).join('');
    const gpx = `<gpx version="1.1"><trk><trkseg>${points}</trkseg></trk></gpx>`;
    const { activity } = await t.ok('activity/create-new', input({ route: { mode: 'GPX', gpx } }), alice.token);
    expect(activity.route.routeSteps.length).toBeLessThanOrEqual(500);
    expect(activity.route.routeSteps.length).toBeGreaterThan(50);
  });

  it.each([
    ['not XML at all', 'hello'],
    ['a root other than gpx', '<kml><Placemark/></kml>'],
    ['a GPX without a point', '<gpx version="1.1"><trk><trkseg></trkseg></trk></gpx>'],
    ['broken XML', '<gpx version="1.1"><trk><trkseg><trkpt lat="45" lon="9">'],
  ])('refuses %s with 400 GPX_INVALID', async (_, gpx) => {
    const res = await t.call('activity/create-new', input({ route: { mode: 'GPX', gpx } }), alice.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'GPX_INVALID', message: 'The GPX file could not be loaded' });
  });

  it('refuses an end before the start with END_BEFORE_START', async () => {
    const res = await t.call('activity/create-new', input({ startTime: '10:00', endTime: '09:00' }), alice.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'END_BEFORE_START',
      message: '* The end time must be after the start time',
    });
    const same = await t.call('activity/create-new', input({ startTime: '10:00', endTime: '10:00' }), alice.token);
    expect(same.body.error?.code).toBe('END_BEFORE_START');
  });

  it('refuses a start less than 30 minutes ahead with ACTIVITY_TOO_SOON', async () => {
    const { startsAt: _soon, ...soon } = slot(10);
    const res = await t.call('activity/create-new', input(soon), alice.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'ACTIVITY_TOO_SOON',
      message: 'An activity must start at least 30 minutes from now',
    });
    const past = await t.call('activity/create-new', input({ date: '2020-01-01' }), alice.token);
    expect(past.body.error?.code).toBe('ACTIVITY_TOO_SOON');
    const { startsAt: _later, ...later } = slot(40);
    expect((await t.call('activity/create-new', input(later), alice.token)).status).toBe(200);
  });

  it('applies the name rule of spec §5', async () => {
    for (const name of ['A', 'Twenty-one characters', 'Run & fun', 'a/b']) {
      const res = await t.call('activity/create-new', input({ name }), alice.token);
      expect(res.status, name).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
      expect(res.body.error?.issues?.[0]).toMatchObject({ path: 'name', message: 'No special characters, maximum 20' });
    }
  });

  it('refuses an unknown time zone, sport or group clearly', async () => {
    const zone = await t.call('activity/create-new', input({ timeZone: 'Mars/Olympus' }), alice.token);
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatchObject({ code: 'VALIDATION_ERROR', issues: [{ path: 'timeZone' }] });
    const offset = await t.call('activity/create-new', input({ timeZone: '+01:00' }), alice.token);
    expect(offset.status).toBe(400);
    const sport = await t.call('activity/create-new', input({ sportId: 'quidditch' }), alice.token);
    expect(sport.status).toBe(404);
    expect(sport.body.error?.code).toBe('SPORT_NOT_FOUND');
    const group = await t.call(
      'activity/create-new',
      input({ groupId: '01900000-0000-7000-8000-000000000000' }),
      alice.token,
    );
    expect(group.status).toBe(404);
    expect(group.body.error?.code).toBe('GROUP_NOT_FOUND');
  });

  it('lets only members of a group add activities to it', async () => {
    const group = await newGroup(t, 'Runners', [bruno]);
    const res = await t.call('activity/create-new', input({ groupId: group.id }), alice.token);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('FORBIDDEN');
    const ok = await t.ok('activity/create-new', input({ groupId: group.id }), bruno.token);
    expect(ok.activity.group).toEqual({ groupId: group.id, name: 'Runners' });
  });

  it('answers 401 without a token', async () => {
    const res = await t.call('activity/create-new', input());
    expect(res.status).toBe(401);
  });
});

describe("the places' labels", () => {
  it("answer a gazetteer label in the reader's language and a typed address as typed", async () => {
    const g = sharedGazetteer();
    const milan = g.search('Milano', { limit: 1, language: 'it' })[0]!.index;
    const creator = await newUser(t, { language: 'it' });
    const reader = await newUser(t, { language: 'en' });
    const created = await newActivity(t, creator, {
      route: {
        mode: 'POINTS',
        start: { ...g.point(milan), address: g.label(milan, 'it') },
        destination: { latitude: 45.4728, longitude: 9.1797, address: 'Arco della Pace' },
        routeSteps: [],
      },
    });
    const read = async (token: string) =>
      (await t.ok('activity/read-info', { activityId: created.activityId }, token)).activity;
    const seen = await read(reader.token);
    expect(seen.start?.address).toBe(g.label(milan, 'en'));
    expect(seen.route.start?.address).toBe(g.label(milan, 'en'));
    expect(seen.route.destination?.address).toBe('Arco della Pace');
    expect((await read(creator.token)).start?.address).toBe(g.label(milan, 'it'));
  });
});

describe('visibility', () => {
  it('hides a private activity from anyone not invited, participating or requesting', async () => {
    const activity = await newActivity(t, alice, { visibility: 'PRIVATE' });
    for (const name of [
      'activity/read-info',
      'activity/participate',
      'activity/request-access',
      'activity/count-hidden-participants',
      'activity/list-participants',
      'activity/list-requests',
      'activity/delete',
    ] as const) {
      const res = await t.call(name, { activityId: activity.activityId } as never, bruno.token);
      expect(res.status, name).toBe(404);
      expect(res.body.error).toEqual({ code: 'ACTIVITY_NOT_FOUND', message: 'Activity not found' });
    }
    const admin = await t.call(
      'activity/make-admin',
      { activityId: activity.activityId, userId: bruno.id },
      bruno.token,
    );
    expect(admin.status).toBe(404);
  });

  it('shows a private activity to an invitee, who may accept, and then to nobody else', async () => {
    await connect(t, alice, carla);
    const activity = await newActivity(t, alice, { visibility: 'PRIVATE', invitedUserIds: [carla.id] });
    const seen = await t.ok('activity/read-info', { activityId: activity.activityId }, carla.token);
    expect(seen.activity).toMatchObject({ status: 'INVITED', isAdmin: false, chatId: null });
    // Invited but not participating: the list is not theirs to see, the count is.
    expect((await t.call('activity/list-participants', { activityId: activity.activityId }, carla.token)).status).toBe(
      403,
    );
    expect(await t.ok('activity/count-hidden-participants', { activityId: activity.activityId }, carla.token)).toEqual({
      count: 1,
    });
    const joined = await t.ok('activity/participate', { activityId: activity.activityId }, carla.token);
    expect(joined.activity).toMatchObject({ status: 'PARTICIPATING', participantsCount: 2 });
    expect(joined.activity.chatId).toEqual(expect.any(String));
    expect(await inChat(t, joined.activity.chatId!, carla.id)).toBe(true);
    expect((await t.call('activity/read-info', { activityId: activity.activityId }, dario.token)).status).toBe(404);
  });

  it('shows a private group activity to the members of its group', async () => {
    const group = await newGroup(t, 'Lake crew', [alice, dario]);
    const activity = await newActivity(t, alice, { visibility: 'PRIVATE', groupId: group.id });
    expect((await t.call('activity/read-info', { activityId: activity.activityId }, dario.token)).status).toBe(200);
    expect((await t.call('activity/read-info', { activityId: activity.activityId }, bruno.token)).status).toBe(404);
  });

  it('answers 404 for an id that does not exist, and 400 for one that is not an id', async () => {
    const res = await t.call('activity/read-info', { activityId: '01900000-0000-7000-8000-000000000001' }, bruno.token);
    expect(res.status).toBe(404);
    const bad = await t.call('activity/read-info', { activityId: 'nope' }, bruno.token);
    expect(bad.status).toBe(400);
  });
});

describe('joining', () => {
  it('lets anyone join an open public activity, once', async () => {
    const activity = await newActivity(t, alice, { participantsPublic: true });
    const joined = await t.ok('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(joined.activity).toMatchObject({ status: 'PARTICIPATING', isAdmin: false, participantsCount: 2 });
    const again = await t.call('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(again.status).toBe(409);
    expect(again.body.error?.code).toBe('ALREADY_PARTICIPATING');
    const request = await t.call('activity/request-access', { activityId: activity.activityId }, bruno.token);
    expect(request.body.error?.code).toBe('ALREADY_PARTICIPATING');
    const { participants } = await t.ok('activity/list-participants', { activityId: activity.activityId }, dario.token);
    expect(participants.map((p) => [p.userId, p.isAdmin])).toEqual([
      [alice.id, true],
      [bruno.id, false],
    ]);
  });

  it('needs a request for a closed activity: accept makes a participant, with a notification', async () => {
    const activity = await newActivity(t, alice, { access: 'CLOSED' });
    const direct = await t.call('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(direct.status).toBe(409);
    expect(direct.body.error?.code).toBe('ACCESS_REQUEST_REQUIRED');

    const requested = await t.ok('activity/request-access', { activityId: activity.activityId }, bruno.token);
    expect(requested.activity).toMatchObject({ status: 'REQUESTED', chatId: null, participantsCount: 1 });
    const twice = await t.call('activity/request-access', { activityId: activity.activityId }, bruno.token);
    expect(twice.body.error?.code).toBe('ALREADY_REQUESTED');
    expect(await notificationsOf(t, alice.id, 'ACTIVITY_REQUEST', activity.activityId)).toHaveLength(1);

    const adminView = await t.ok('activity/read-info', { activityId: activity.activityId }, alice.token);
    expect(adminView.activity.pendingRequestsCount).toBe(1);
    const { requests } = await t.ok('activity/list-requests', { activityId: activity.activityId }, alice.token);
    expect(requests.map((r) => r.userId)).toEqual([bruno.id]);

    const accepted = await t.ok(
      'activity/accept-request',
      { activityId: activity.activityId, userId: bruno.id },
      alice.token,
    );
    expect(accepted.activity).toMatchObject({ participantsCount: 2, pendingRequestsCount: 0 });
    const seen = await t.ok('activity/read-info', { activityId: activity.activityId }, bruno.token);
    expect(seen.activity.status).toBe('PARTICIPATING');
    expect(await inChat(t, seen.activity.chatId!, bruno.id)).toBe(true);
    expect(await notificationsOf(t, bruno.id, 'ACTIVITY_ACCEPT', activity.activityId)).toHaveLength(1);
    const none = await t.call(
      'activity/accept-request',
      { activityId: activity.activityId, userId: bruno.id },
      alice.token,
    );
    expect(none.status).toBe(404);
    expect(none.body.error?.code).toBe('REQUEST_NOT_FOUND');
  });

  it('rejects a request with a reason the requester can read, and lets them ask again', async () => {
    const activity = await newActivity(t, alice, { access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: activity.activityId }, carla.token);
    const noReason = await t.call(
      'activity/reject-request',
      { activityId: activity.activityId, userId: carla.id, reason: '  ' },
      alice.token,
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.error?.issues?.[0]?.message).toBe('* Required field');
    await t.ok(
      'activity/reject-request',
      { activityId: activity.activityId, userId: carla.id, reason: 'Too fast for beginners' },
      alice.token,
    );
    const seen = await t.ok('activity/read-info', { activityId: activity.activityId }, carla.token);
    expect(seen.activity).toMatchObject({ status: 'REJECTED', rejectionReason: 'Too fast for beginners' });
    const [note] = await notificationsOf(t, carla.id, 'ACTIVITY_REJECT', activity.activityId);
    expect(note?.reason).toBe('Too fast for beginners');
    // A rejection is not the list of requests any more.
    const { requests } = await t.ok('activity/list-requests', { activityId: activity.activityId }, alice.token);
    expect(requests).toEqual([]);
    const again = await t.ok('activity/request-access', { activityId: activity.activityId }, carla.token);
    expect(again.activity).toMatchObject({ status: 'REQUESTED', rejectionReason: null });
  });

  it('withdraws a request on exit', async () => {
    const activity = await newActivity(t, alice, { access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: activity.activityId }, dario.token);
    const out = await t.ok('activity/exit', { activityId: activity.activityId }, dario.token);
    expect(out.activity.status).toBe('NONE');
    const { requests } = await t.ok('activity/list-requests', { activityId: activity.activityId }, alice.token);
    expect(requests).toEqual([]);
  });

  it('lets members of the group join a group activity directly, and sends others to the group', async () => {
    const group = await newGroup(t, 'Trail club', [alice, carla]);
    const activity = await newActivity(t, alice, { groupId: group.id, access: 'CLOSED' });
    const member = await t.ok('activity/participate', { activityId: activity.activityId }, carla.token);
    expect(member.activity.status).toBe('PARTICIPATING');
    for (const name of ['activity/participate', 'activity/request-access'] as const) {
      const res = await t.call(name, { activityId: activity.activityId }, bruno.token);
      expect(res.status, name).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'GROUP_MEMBERSHIP_REQUIRED',
        message: 'Only members of the group can join: ask to join the group',
      });
    }
    const open = await newActivity(t, alice, { groupId: group.id, access: 'OPEN' });
    expect((await t.call('activity/participate', { activityId: open.activityId }, bruno.token)).body.error?.code).toBe(
      'GROUP_MEMBERSHIP_REQUIRED',
    );
  });

  it('refuses to join an activity that has already started', async () => {
    const activity = await newActivity(t, alice);
    await t.db
      .update(activities)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(activities.id, activity.activityId));
    const res = await t.call('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(res.status).toBe(409);
    expect(res.body.error?.code).toBe('ACTIVITY_STARTED');
  });
});

describe('leaving and admins', () => {
  it('lets a participant leave (and the chat), but not the last admin', async () => {
    const activity = await newActivity(t, alice);
    expect(activity.isOnlyAdmin).toBe(true);
    const joined = await t.ok('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(joined.activity.isOnlyAdmin).toBe(false);
    const chatId = joined.activity.chatId!;
    const out = await t.ok('activity/exit', { activityId: activity.activityId }, bruno.token);
    expect(out.activity).toMatchObject({ status: 'NONE', participantsCount: 1, chatId: null });
    expect(await inChat(t, chatId, bruno.id)).toBe(false);

    const last = await t.call('activity/exit', { activityId: activity.activityId }, alice.token);
    expect(last.status).toBe(409);
    expect(last.body.error).toMatchObject({ code: 'LAST_ADMIN' });
    const unAdmin = await t.call(
      'activity/remove-admin',
      { activityId: activity.activityId, userId: alice.id },
      alice.token,
    );
    expect(unAdmin.body.error?.code).toBe('LAST_ADMIN');
  });

  it('hands over: make-admin, then the first admin may leave; remove-admin takes rights away', async () => {
    const activity = await newActivity(t, alice);
    await t.ok('activity/participate', { activityId: activity.activityId }, bruno.token);
    await t.ok('activity/participate', { activityId: activity.activityId }, carla.token);

    // Only admins administer.
    for (const [name, body] of [
      ['activity/make-admin', { activityId: activity.activityId, userId: bruno.id }],
      ['activity/remove-user', { activityId: activity.activityId, userId: carla.id }],
      ['activity/remove-admin', { activityId: activity.activityId, userId: alice.id }],
      ['activity/delete', { activityId: activity.activityId }],
      ['activity/list-requests', { activityId: activity.activityId }],
      ['activity/list-invitable-contacts', { activityId: activity.activityId }],
      ['activity/invite-users', { activityId: activity.activityId, userIds: [dario.id] }],
      ['activity/update-existing', { ...input(), activityId: activity.activityId }],
    ] as const) {
      const res = await t.call(name, body as never, bruno.token);
      expect(res.status, name).toBe(403);
      expect(res.body.error?.code).toBe('FORBIDDEN');
    }

    const made = await t.ok('activity/make-admin', { activityId: activity.activityId, userId: bruno.id }, alice.token);
    expect(made.activity.isAdmin).toBe(true);
    expect((await t.ok('activity/read-info', { activityId: activity.activityId }, bruno.token)).activity.isAdmin).toBe(
      true,
    );
    const notParticipant = await t.call(
      'activity/make-admin',
      { activityId: activity.activityId, userId: dario.id },
      alice.token,
    );
    expect(notParticipant.status).toBe(404);

    await t.ok('activity/exit', { activityId: activity.activityId }, alice.token);
    const bView = await t.ok('activity/make-admin', { activityId: activity.activityId, userId: carla.id }, bruno.token);
    expect(bView.activity.isAdmin).toBe(true);
    await t.ok('activity/remove-admin', { activityId: activity.activityId, userId: carla.id }, bruno.token);
    expect((await t.ok('activity/read-info', { activityId: activity.activityId }, carla.token)).activity.isAdmin).toBe(
      false,
    );
  });

  it('removes a participant from the activity and its chat', async () => {
    const activity = await newActivity(t, alice);
    const joined = await t.ok('activity/participate', { activityId: activity.activityId }, dario.token);
    const removed = await t.ok(
      'activity/remove-user',
      { activityId: activity.activityId, userId: dario.id },
      alice.token,
    );
    expect(removed.activity.participantsCount).toBe(1);
    expect(await inChat(t, joined.activity.chatId!, dario.id)).toBe(false);
    const again = await t.call(
      'activity/remove-user',
      { activityId: activity.activityId, userId: dario.id },
      alice.token,
    );
    expect(again.status).toBe(404);
  });
});

describe('invitations', () => {
  it('invites contacts and members of my groups, skipping with the reason', async () => {
    const erica = await newUser(t, { firstName: 'Erica' });
    const fabio = await newUser(t, { firstName: 'Fabio' });
    const gino = await newUser(t, { firstName: 'Gino' });
    const owner = await newUser(t, { firstName: 'Olga' });
    for (const u of [erica, fabio, gino]) await connect(t, owner, u);
    const activity = await newActivity(t, owner, { access: 'CLOSED', invitedUserIds: [erica.id] });
    await t.ok('activity/request-access', { activityId: activity.activityId }, fabio.token);
    await t.ok('activity/participate', { activityId: activity.activityId }, erica.token).catch(() => undefined);
    const group = await newGroup(t, 'Friends', [owner, gino]);

    const res = await t.ok(
      'activity/invite-users',
      { activityId: activity.activityId, userIds: [erica.id, fabio.id], groupIds: [group.id] },
      owner.token,
    );
    expect(res.invited).toEqual([gino.id]);
    expect(res.skipped).toEqual(
      expect.arrayContaining([
        { userId: erica.id, reason: 'ALREADY_PARTICIPATING' },
        { userId: fabio.id, reason: 'PENDING_REQUEST' },
      ]),
    );
    const again = await t.ok(
      'activity/invite-users',
      { activityId: activity.activityId, userIds: [gino.id] },
      owner.token,
    );
    expect(again).toEqual({ invited: [], skipped: [{ userId: gino.id, reason: 'ALREADY_INVITED' }] });
    expect(await notificationsOf(t, gino.id, 'ACTIVITY_INVITE', activity.activityId)).toHaveLength(1);
    expect(await notificationsOf(t, erica.id, 'ACTIVITY_INVITE', activity.activityId)).toHaveLength(1);

    const { contacts } = await t.ok(
      'activity/list-invitable-contacts',
      { activityId: activity.activityId },
      owner.token,
    );
    expect(Object.fromEntries(contacts.map((c) => [c.firstName, [c.invitable, c.reason]]))).toEqual({
      Erica: [false, 'ALREADY_PARTICIPATING'],
      Fabio: [false, 'PENDING_REQUEST'],
      Gino: [false, 'ALREADY_INVITED'],
    });
    const found = await t.ok(
      'activity/list-invitable-contacts',
      { activityId: activity.activityId, query: 'fab' },
      owner.token,
    );
    expect(found.contacts.map((c) => c.firstName)).toEqual(['Fabio']);
  });

  it('invites only contacts, and groups I belong to', async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const activity = await newActivity(t, owner);
    const res = await t.call(
      'activity/invite-users',
      { activityId: activity.activityId, userIds: [stranger.id] },
      owner.token,
    );
    expect(res.status).toBe(403);
    expect(res.body.error?.details).toEqual({ userIds: [stranger.id] });
    const theirGroup = await newGroup(t, 'Not mine', [stranger]);
    const groupRes = await t.call(
      'activity/invite-users',
      { activityId: activity.activityId, groupIds: [theirGroup.id] },
      owner.token,
    );
    expect(groupRes.status).toBe(403);
    const missing = await t.call(
      'activity/invite-users',
      { activityId: activity.activityId, groupIds: ['01900000-0000-7000-8000-000000000009'] },
      owner.token,
    );
    expect(missing.status).toBe(404);
  });

  it('skips contacts outside the group of a group activity with NOT_GROUP_MEMBER', async () => {
    const owner = await newUser(t);
    const inside = await newUser(t);
    const outside = await newUser(t);
    await connect(t, owner, inside);
    await connect(t, owner, outside);
    const group = await newGroup(t, 'Inner circle', [owner, inside]);
    const activity = await newActivity(t, owner, { groupId: group.id });
    const res = await t.ok(
      'activity/invite-users',
      { activityId: activity.activityId, userIds: [inside.id, outside.id] },
      owner.token,
    );
    expect(res).toEqual({ invited: [inside.id], skipped: [{ userId: outside.id, reason: 'NOT_GROUP_MEMBER' }] });
  });

  it('invites a rejected requester again, replacing the rejection, and keeps the order asked for', async () => {
    const owner = await newUser(t);
    const [hugo, ivo, lea] = [await newUser(t), await newUser(t), await newUser(t)];
    for (const u of [hugo, ivo, lea]) await connect(t, owner, u);
    const activity = await newActivity(t, owner, { access: 'CLOSED' });
    await t.ok('activity/request-access', { activityId: activity.activityId }, hugo.token);
    await t.ok(
      'activity/reject-request',
      { activityId: activity.activityId, userId: hugo.id, reason: 'Too fast for me' },
      owner.token,
    );
    const res = await t.ok(
      'activity/invite-users',
      { activityId: activity.activityId, userIds: [lea.id, hugo.id, ivo.id] },
      owner.token,
    );
    expect(res).toEqual({ invited: [lea.id, hugo.id, ivo.id], skipped: [] });
    const rows = await t.db.select().from(activityMembers).where(eq(activityMembers.activityId, activity.activityId));
    const byUser = new Map(rows.map((r) => [r.userId, r]));
    for (const u of [hugo, ivo, lea]) {
      expect(byUser.get(u.id)).toMatchObject({
        state: 'INVITED',
        isAdmin: false,
        rejectionReason: null,
        invitedBy: owner.id,
        joinedAt: null,
      });
      expect(await notificationsOf(t, u.id, 'ACTIVITY_INVITE', activity.activityId)).toHaveLength(1);
    }
    expect((await t.ok('activity/read-info', { activityId: activity.activityId }, hugo.token)).activity).toMatchObject({
      status: 'INVITED',
    });
  });

  it('lets an invitee decline with exit', async () => {
    const owner = await newUser(t);
    const guest = await newUser(t);
    await connect(t, owner, guest);
    const activity = await newActivity(t, owner, { visibility: 'PRIVATE', invitedUserIds: [guest.id] });
    const out = await t.ok('activity/exit', { activityId: activity.activityId }, guest.token);
    expect(out.activity.status).toBe('NONE');
    expect((await t.call('activity/read-info', { activityId: activity.activityId }, guest.token)).status).toBe(404);
  });
});

describe('update and delete', () => {
  it('changes the activity, keeps the route when left out, and tells the participants', async () => {
    const activity = await newActivity(t, alice, { route: { mode: 'GPX', gpx: GPX } });
    await t.ok('activity/participate', { activityId: activity.activityId }, bruno.token);
    const { route: _route, ...rest } = input({ name: 'Nuovo giro', difficulty: 'HARD' });
    const { activity: updated } = await t.ok(
      'activity/update-existing',
      { ...rest, activityId: activity.activityId, date: activity.date, startTime: activity.startTime },
      alice.token,
    );
    expect(updated).toMatchObject({ name: 'Nuovo giro', difficulty: 'HARD' });
    expect(updated.route.mode).toBe('GPX');
    expect(updated.totalDistance).toBe(activity.totalDistance);
    expect(await notificationsOf(t, bruno.id, 'ACTIVITY_EDIT', activity.activityId)).toHaveLength(1);
    expect(await notificationsOf(t, alice.id, 'ACTIVITY_EDIT', activity.activityId)).toHaveLength(0);

    const points = await t.ok('activity/update-existing', { ...input(), activityId: activity.activityId }, alice.token);
    expect(points.activity.route.mode).toBe('POINTS');
    const [file] = await t.db.select().from(activityRoutes).where(eq(activityRoutes.activityId, activity.activityId));
    expect(file?.gpx).toBeNull();
  });

  it('checks the 30 minutes only when the start changes', async () => {
    const { startsAt, ...soon } = slot(5);
    const { startsAt: _sooner, ...sooner } = slot(10);
    const { startsAt: _later, ...later } = slot(90);
    const activity = await newActivity(t, alice, later);
    // The activity is now 5 minutes away, as if time had passed.
    await t.db.update(activities).set({ startsAt }).where(eq(activities.id, activity.activityId));
    const kept = await t.call(
      'activity/update-existing',
      { ...input({ name: 'Rinominata', ...soon }), activityId: activity.activityId },
      alice.token,
    );
    expect(kept.status).toBe(200);
    expect(kept.body.activity?.name).toBe('Rinominata');
    const moved = await t.call(
      'activity/update-existing',
      { ...input(sooner), activityId: activity.activityId },
      alice.token,
    );
    expect(moved.body.error?.code).toBe('ACTIVITY_TOO_SOON');
    const endBefore = await t.call(
      'activity/update-existing',
      { ...input({ startTime: '12:00', endTime: '11:00' }), activityId: activity.activityId },
      alice.token,
    );
    expect(endBefore.body.error?.code).toBe('END_BEFORE_START');
  });

  it('deletes softly: gone for everyone, chat closed', async () => {
    const activity = await newActivity(t, alice);
    await t.ok('activity/participate', { activityId: activity.activityId }, bruno.token);
    expect(await t.ok('activity/delete', { activityId: activity.activityId }, alice.token)).toEqual({ ok: true });
    for (const who of [alice, bruno]) {
      expect((await t.call('activity/read-info', { activityId: activity.activityId }, who.token)).status).toBe(404);
    }
    const [row] = await t.db.select().from(activities).where(eq(activities.id, activity.activityId));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [chat] = await t.db.select().from(chats).where(eq(chats.activityId, activity.activityId));
    expect(chat?.closedAt).toBeInstanceOf(Date);
  });
});

describe('GPX routes and the permission check (security review M5)', () => {
  it('refuses a route change from someone who is not an admin before parsing the file', async () => {
    const owner = await newUser(t);
    const stranger = await newUser(t);
    const activity = await newActivity(t, owner);
    // A file the parser would refuse as invalid: answered as a permission matter, never parsed.
    const gpx = `<?xml version="1.0"?><gpx version="1.1">${'<a>'.repeat(100_000)}`;
    const res = await t.call(
      'activity/update-existing',
      { ...input(), activityId: activity.activityId, route: { mode: 'GPX', gpx } },
      stranger.token,
    );
    expect(res.status).toBe(403);
  });

  /** A recorded track of `points` points with elevation and time, as a watch writes it. */
  const recording = (points: number) =>
    `<gpx version="1.1"><trk><trkseg>${Array.from(
      { length: points },
      (_, i) =>
        `<trkpt lat="${(45 + i / 1e5).toFixed(6)}" lon="9.400000"><ele>${600 + (i % 90)}</ele><time>${new Date(Date.UTC(2026, 5, 1) + i * 1000).toISOString()}</time></trkpt>`,
    ).join('')}</trkseg></trk></gpx>`;

  it('refuses files over 5 MB, and keeps the files it accepts compressed', async () => {
    const owner = await newUser(t);
    const tooBig = await t.call(
      'activity/create-new',
      input({ route: { mode: 'GPX', gpx: `<gpx>${' '.repeat(GPX_MAX_BYTES)}</gpx>` } }),
      owner.token,
    );
    expect(tooBig.status).toBe(400);

    const gpx = recording(5_000);
    const created = await t.call('activity/create-new', input({ route: { mode: 'GPX', gpx } }), owner.token);
    expect(created.status).toBe(200);
    const [stored] = await queryRows<{ raw: number; kept: number }>(
      t.db,
      sql`select octet_length(gpx) as raw, pg_column_size(gpx) as kept from activity_routes
          where activity_id = ${created.body.activity.activityId}`,
    );
    expect(Number(stored!.raw)).toBe(Buffer.byteLength(gpx));
    expect(Number(stored!.kept)).toBeLessThan(Number(stored!.raw) / 2);
  });

  it('holds the route files of the activities a person created to a quota', async () => {
    const owner = await newUser(t);
    const old = await newActivity(t, owner);
    await t.db
      .insert(activityRoutes)
      .values({ activityId: old.activityId, gpx: sql`repeat('x', ${ROUTE_FILES_QUOTA_BYTES - 100})` });
    const full = await t.call('activity/create-new', input({ route: { mode: 'GPX', gpx: GPX } }), owner.token);
    expect([full.status, full.body.error?.code]).toEqual([409, 'ROUTE_FILES_QUOTA']);
    // A drawn route needs no file; deleting the old activity frees its space.
    expect((await t.call('activity/create-new', input(), owner.token)).status).toBe(200);
    expect((await t.call('activity/delete', { activityId: old.activityId }, owner.token)).status).toBe(200);
    expect((await t.call('activity/create-new', input({ route: { mode: 'GPX', gpx: GPX } }), owner.token)).status).toBe(
      200,
    );
  });
});
