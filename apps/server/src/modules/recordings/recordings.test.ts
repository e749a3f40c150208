import type { LatLng } from '@cordata/contract';
import { haversineMetres, writeFit } from '@cordata/geo';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { along, type RecordedPoint as Point } from '../../../test/recordings.ts';

let clock = Date.now();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => new Date(clock) });
});
afterAll(() => t?.close());
afterEach(() => {
  clock = Date.now();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
type User = Awaited<ReturnType<typeof newUser>>;

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const gpxOf = (points: Point[]) =>
  `<?xml version="1.0"?><gpx version="1.1" creator="watch"><trk><trkseg>${points
    .map(
      (p) => `<trkpt lat="${p.latitude}" lon="${p.longitude}"><time>${new Date(p.time).toISOString()}</time></trkpt>`,
    )
    .join('')}</trkseg></trk></gpx>`;

const tcxOf = (points: Point[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Running"><Id>${new Date(points[0]!.time).toISOString()}</Id><Lap StartTime="${new Date(points[0]!.time).toISOString()}"><Track>${points
    .map(
      (p) =>
        `<Trackpoint><Time>${new Date(p.time).toISOString()}</Time><Position><LatitudeDegrees>${p.latitude}</LatitudeDegrees><LongitudeDegrees>${p.longitude}</LongitudeDegrees></Position></Trackpoint>`,
    )
    .join('')}</Track></Lap></Activity></Activities></TrainingCenterDatabase>`;

/** Uploads a watch's file through the presigned flow: its address, for recording/add. */
async function upload(user: User, bytes: Uint8Array, contentType: string) {
  const link = await t.ok(
    'upload/get-upload-url',
    { purpose: 'RECORDING', contentType: contentType as never, size: bytes.length },
    user.token,
  );
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(link.uploadUrl),
    headers: { 'content-type': contentType },
    payload: Buffer.from(bytes),
  });
  expect(put.statusCode).toBe(200);
  return link.fileUrl;
}

const fit = (user: User, points: Point[]) => upload(user, writeFit(points), 'application/vnd.ant.fit');
const gpx = (user: User, points: Point[]) =>
  upload(user, new TextEncoder().encode(gpxOf(points)), 'application/gpx+xml');
const add = async (user: User, activityId: string, fileUrl: string) =>
  t.call('recording/add', { activityId, fileUrl }, user.token);

/** An organiser's activity with Anna and Bruno taking part; the clock is moved `after` past its end. */
async function outing(after = 10 * MINUTE, extra: Record<string, unknown> = {}) {
  const organiser = await newUser(t);
  const activity = await newActivity(t, organiser, extra);
  const [anna, bruno] = [await newUser(t), await newUser(t)];
  for (const p of [anna, bruno]) await t.ok('activity/participate', { activityId: activity.activityId }, p.token);
  const startsAt = new Date(activity.startsAt).getTime();
  clock = new Date(activity.endsAt).getTime() + after;
  const route = activity.route.routeSteps;
  return { organiser, anna, bruno, activityId: activity.activityId, startsAt, route, activity };
}

describe('a recording from the watch', () => {
  it('matches the activity, suggests "attended", and the organiser confirms in one tap', async () => {
    const { organiser, anna, bruno, activityId, startsAt, route } = await outing();
    const added = await add(anna, activityId, await fit(anna, along(route, startsAt + 4 * MINUTE, 20)));
    expect(added.status).toBe(200);
    expect(added.body.recording).toMatchObject({
      activityId,
      source: 'FILE',
      movingMinutes: 20,
      shared: false,
      canShare: true,
    });
    expect(added.body.recording!.onRouteShare).toBeGreaterThan(0.9);
    expect(added.body.recording!.distance).toBeGreaterThan(1000);

    const sheet = (await t.ok('attendance/list-sheet', { activityId }, organiser.token)).sheet;
    const entry = (id: string) => sheet.entries.find((e) => e.userId === id);
    expect(entry(anna.id)).toMatchObject({ recorded: true, status: null });
    expect(entry(bruno.id)).toMatchObject({ recorded: false, status: null });

    const confirmed = (await t.ok('attendance/confirm-suggested', { activityId }, organiser.token)).sheet;
    expect(confirmed.entries.find((e) => e.userId === anna.id)?.status).toBe('ATTENDED');
    // Bruno recorded nothing: never marked a no-show by it.
    expect(confirmed.entries.find((e) => e.userId === bruno.id)?.status).toBeNull();
    // A participant cannot confirm.
    expect((await t.call('attendance/confirm-suggested', { activityId }, anna.token)).status).toBe(403);
  });

  it('takes GPX too, keeps no file, and replaces an earlier recording', async () => {
    const { anna, activityId, startsAt, route } = await outing();
    const fileUrl = await gpx(anna, along(route, startsAt - 10 * MINUTE, 25));
    expect((await add(anna, activityId, fileUrl)).body.recording?.movingMinutes).toBe(25);
    // The file was read and deleted: the same address cannot be added again.
    expect((await add(anna, activityId, fileUrl)).body.error?.code).toBe('UPLOAD_NOT_FOUND');
    const again = await add(anna, activityId, await fit(anna, along(route, startsAt, 30)));
    expect(again.body.recording?.movingMinutes).toBe(30);
    // A TCX file (Garmin Connect's export), whatever type the phone gave it.
    const tcx = new TextEncoder().encode(tcxOf(along(route, startsAt + 15 * MINUTE, 35)));
    const third = await add(anna, activityId, await upload(anna, tcx, 'application/vnd.garmin.tcx+xml'));
    expect(third.body.recording?.movingMinutes).toBe(35);
  });

  it('refuses a recording that started too far from the start, or went elsewhere, saying which', async () => {
    const { anna, activityId, startsAt, route } = await outing();
    const late = await add(anna, activityId, await fit(anna, along(route, startsAt + 90 * MINUTE, 20)));
    expect(late.status).toBe(422);
    expect(late.body.error).toMatchObject({
      code: 'RECORDING_NOT_MATCHED',
      details: { reason: 'START', startOffsetMinutes: 90 },
    });
    const elsewhere = await add(anna, activityId, await fit(anna, along(route, startsAt, 20, 2000)));
    expect(elsewhere.body.error).toMatchObject({
      code: 'RECORDING_NOT_MATCHED',
      details: { reason: 'ROUTE', onRouteShare: 0 },
    });
    const sheet = await t.ok('activity/read-recap', { activityId }, anna.token);
    expect(sheet.recap.myRecording).toBeNull();
  });

  it('says so for a file without a timed track, and for a file that is no recording', async () => {
    const { anna, activityId, route } = await outing();
    const untimed = `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>${route
      .map((p) => `<trkpt lat="${p.latitude}" lon="${p.longitude}"/>`)
      .join('')}</trkseg></trk></gpx>`;
    const invalid = await add(
      anna,
      activityId,
      await upload(anna, new TextEncoder().encode(untimed), 'application/gpx+xml'),
    );
    expect(invalid.status).toBe(400);
    expect(invalid.body.error?.code).toBe('RECORDING_INVALID');
    const picture = await t.call(
      'upload/get-upload-url',
      { purpose: 'RECORDING', contentType: 'image/jpeg', size: 1000 },
      anna.token,
    );
    expect(picture.body.error?.code).toBe('UPLOAD_INVALID');
  });

  it('is taken from the start until 7 days after the end, and only from people taking part', async () => {
    const { anna, activityId, startsAt, route, activity } = await outing();
    const points = along(route, startsAt, 20);
    clock = startsAt - MINUTE;
    expect((await add(anna, activityId, await fit(anna, points))).body.error?.code).toBe('RECORDING_WINDOW_CLOSED');
    clock = new Date(activity.endsAt).getTime() + 7 * DAY + MINUTE;
    expect((await add(anna, activityId, await fit(anna, points))).body.error?.code).toBe('RECORDING_WINDOW_CLOSED');
    clock = new Date(activity.endsAt).getTime() + DAY;
    const outsider = await newUser(t);
    expect((await add(outsider, activityId, await fit(outsider, points))).status).toBe(403);
    // Someone else's upload is not theirs to add.
    expect((await add(outsider, activityId, await fit(anna, points))).body.error?.code).toMatch(
      /FORBIDDEN|UPLOAD_INVALID/,
    );
  });
});

describe('the recap of the recordings', () => {
  it('shows my line to me alone until I share it; a blocked pair never sees each other', async () => {
    const { organiser, anna, bruno, activityId, startsAt, route } = await outing();
    await add(anna, activityId, await fit(anna, along(route, startsAt, 20)));
    const mine = (await t.ok('activity/read-recap', { activityId }, anna.token)).recap;
    expect(mine.lines.map((l) => [l.person.userId, l.mine, l.source])).toEqual([[anna.id, true, 'FILE']]);
    expect(mine.lines[0]!.points.length).toBeGreaterThan(10);
    expect(mine.myRecording?.shared).toBe(false);
    expect(mine.canAddRecording).toBe(true);
    expect((await t.ok('activity/read-recap', { activityId }, bruno.token)).recap.lines).toEqual([]);

    await t.ok('recording/set-shared', { activityId, shared: true }, anna.token);
    const seen = (await t.ok('activity/read-recap', { activityId }, bruno.token)).recap;
    expect(seen.lines.map((l) => [l.person.userId, l.mine])).toEqual([[anna.id, false]]);
    expect(seen.movingTime).toMatchObject({ realMinutes: 20, recordings: 1 });
    expect(seen.movingTime.estimatedMinutes).toBeGreaterThan(0);

    await t.ok('user/block', { userId: anna.id }, bruno.token);
    expect((await t.ok('activity/read-recap', { activityId }, bruno.token)).recap.lines).toEqual([]);
    expect((await t.ok('activity/read-recap', { activityId }, organiser.token)).recap.lines).toHaveLength(1);
  });

  it("cuts every participant's privacy zones out of a line, but the reader's own", async () => {
    const { anna, bruno, organiser, activityId, startsAt, route } = await outing();
    const middle = route[Math.floor(route.length / 2)]!;
    const zone = (await t.ok('privacy/add-zone', { ...middle, radiusMetres: 200 }, bruno.token)).zone;
    await add(anna, activityId, await fit(anna, along(route, startsAt, 20, 0)));
    await t.ok('recording/set-shared', { activityId, shared: true }, anna.token);
    const inZone = (p: LatLng) => haversineMetres(p, zone) <= zone.radiusMetres;
    const byOrganiser = (await t.ok('activity/read-recap', { activityId }, organiser.token)).recap.lines[0]!;
    expect(byOrganiser.points.some(inZone)).toBe(false);
    expect(byOrganiser.breaks.length + (byOrganiser.points.length ? 0 : 1)).toBeGreaterThan(0);
    // Bruno's own zone does not hide Anna's line from Bruno.
    const byBruno = (await t.ok('activity/read-recap', { activityId }, bruno.token)).recap.lines[0]!;
    expect(byBruno.points.some(inZone)).toBe(true);
  });

  it('deleting takes the line and its time away', async () => {
    const { anna, bruno, activityId, startsAt, route } = await outing();
    await add(anna, activityId, await fit(anna, along(route, startsAt, 20)));
    await t.ok('recording/set-shared', { activityId, shared: true }, anna.token);
    await t.ok('recording/delete', { activityId }, anna.token);
    const recap = (await t.ok('activity/read-recap', { activityId }, bruno.token)).recap;
    expect(recap.lines).toEqual([]);
    expect(recap.movingTime.realMinutes).toBeNull();
    expect((await t.call('recording/delete', { activityId }, anna.token)).body.error?.code).toBe('RECORDING_NOT_FOUND');
    expect((await t.call('recording/set-shared', { activityId, shared: true }, anna.token)).body.error?.code).toBe(
      'RECORDING_NOT_FOUND',
    );
  });
});

describe('calibration', () => {
  it("a group's past real times calibrate the estimate of its next outing, and the page says how", async () => {
    const organiser = await newUser(t);
    const { group } = await t.ok(
      'group/create-new',
      { name: 'Runners', description: 'Weekly', type: 'OPEN' },
      organiser.token,
    );
    const times: number[] = [];
    for (const days of [2, 3, 4]) {
      const activity = await newActivity(t, organiser, {
        groupId: group.groupId,
        date: new Date(Date.now() + days * DAY).toISOString().slice(0, 10),
      });
      const startsAt = new Date(activity.startsAt).getTime();
      clock = new Date(activity.endsAt).getTime() + MINUTE;
      const model = activity.groupMovingTime!.modelMinutes;
      // The group takes half as long again as the model.
      const minutes = Math.round(model * 1.5);
      times.push(minutes);
      await add(
        organiser,
        activity.activityId,
        await fit(organiser, along(activity.route.routeSteps, startsAt, minutes)),
      );
      await t.ok('recording/set-shared', { activityId: activity.activityId, shared: true }, organiser.token);
    }
    clock = Date.now();
    const next = await newActivity(t, organiser, {
      groupId: group.groupId,
      date: new Date(Date.now() + 6 * DAY).toISOString().slice(0, 10),
    });
    const read = (await t.ok('activity/read-info', { activityId: next.activityId }, organiser.token)).activity;
    expect(read.groupMovingTime?.calibration).toMatchObject({ scope: 'GROUP', outings: 3 });
    expect(read.groupMovingTime!.calibration!.factor).toBeCloseTo(1.5, 1);
    expect(read.groupMovingTime!.minutes).toBeGreaterThan(read.groupMovingTime!.modelMinutes);
  });
});
