import { GPX_STORED_MAX_POINTS, GPX_UPLOAD_MAX_BYTES } from '@cordata/contract';
import { parseGpx } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { computeRoute } from './activity-route.ts';

/**
 * Issue 20: a GPX file goes through the presigned upload (upload/get-upload-url purpose GPX, a PUT), then the
 * activity names it by `gpxUrl`; the server reads the caller's own upload and parses it in its route worker.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A recorded track of `points` points with elevation and time: about 110 bytes each. */
function recording(points: number) {
  const start = Date.UTC(2026, 5, 1, 8);
  const rows: string[] = [];
  for (let i = 0; i < points; i++) {
    rows.push(
      `<trkpt lat="${(45.8 + i * 2e-6).toFixed(6)}" lon="${(9.3 + Math.sin(i / 500) * 0.01).toFixed(6)}"><ele>${(400 + Math.sin(i / 800) * 150).toFixed(1)}</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>\n`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test"><trk><name>Long day</name><trkseg>${rows.join('')}</trkseg></trk></gpx>\n`;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Uploads `text` as a GPX file the way the app does, and returns the file's URL. */
async function upload(token: string, text: string | Buffer) {
  const body = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const target = await t.ok(
    'upload/get-upload-url',
    { purpose: 'GPX', contentType: 'application/gpx+xml', size: body.length },
    token,
  );
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(target.uploadUrl),
    headers: target.headers,
    payload: body,
  });
  expect(put.statusCode, put.body).toBe(200);
  return target.fileUrl;
}

const gpxRoute = (gpxUrl: string) => ({ route: { mode: 'GPX' as const, gpxUrl } });

describe('an activity from an uploaded GPX file', () => {
  it('is measured like the same file sent inline, and its file is kept', async () => {
    const me = await newUser(t);
    const text = recording(3_000);
    const activity = await newActivity(t, me, gpxRoute(await upload(me.token, text)));
    const inline = computeRoute({ mode: 'GPX', gpx: text });
    expect(activity.totalDistance).toBe(inline.totalDistance);
    expect(activity.totalElevationGain).toBe(inline.totalElevationGain);
    expect(activity.route.mode).toBe('GPX');
    const { gpx } = await t.ok('route/export-gpx', { activityId: activity.activityId }, me.token);
    expect(parseGpx(gpx).tracks[0]!.segments[0]).toHaveLength(3_000);
  });

  it('takes a 20 MB recording, parsed in the route worker, and keeps it thinned to 40 000 points', async () => {
    const me = await newUser(t);
    let text = recording(200_000);
    expect(Buffer.byteLength(text)).toBeGreaterThan(GPX_UPLOAD_MAX_BYTES * 0.95);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(GPX_UPLOAD_MAX_BYTES);
    const url = await upload(me.token, text);
    text = '';
    // The event loop keeps turning while the file is parsed: timers fire during the call.
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const activity = await newActivity(t, me, gpxRoute(url));
    clearInterval(ticker);
    expect(ticks).toBeGreaterThan(0);
    expect(activity.totalDistance).toBeGreaterThan(40_000);
    expect(activity.route.routeSteps.length).toBeLessThanOrEqual(500);
    const { gpx } = await t.ok('route/export-gpx', { activityId: activity.activityId }, me.token);
    const kept = parseGpx(gpx).tracks[0]!.segments[0]!;
    expect(kept.length).toBeLessThanOrEqual(GPX_STORED_MAX_POINTS);
    // Every n-th point (here every 6th): between half the budget and the budget.
    expect(kept.length).toBeGreaterThan(GPX_STORED_MAX_POINTS / 2);
    expect(kept.every((p) => p.elevation !== null)).toBe(true);
  });

  it('refuses a file that is not GPX with the GPX loading error', async () => {
    const me = await newUser(t);
    const url = await upload(me.token, '<?xml version="1.0"?><kml><Document/></kml>');
    const res = await t.call('activity/create-new', { ...(await body()), ...gpxRoute(url) }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'GPX_INVALID', message: 'The GPX file could not be loaded' });
    const broken = await upload(
      me.token,
      '<?xml version="1.0"?><gpx><trk><trkseg><trkpt lat="45.1" lon="9.1"></trkseg>',
    );
    const again = await t.call('activity/create-new', { ...(await body()), ...gpxRoute(broken) }, me.token);
    expect(again.body.error?.code).toBe('GPX_INVALID');
  });

  it("refuses someone else's upload, a foreign address and a file not uploaded yet", async () => {
    const me = await newUser(t);
    const other = await newUser(t);
    const theirs = await upload(other.token, recording(10));
    const foreign = await t.call('activity/create-new', { ...(await body()), ...gpxRoute(theirs) }, me.token);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.code).toBe('UPLOAD_INVALID');

    const outside = await t.call(
      'activity/create-new',
      { ...(await body()), ...gpxRoute('https://example.org/route.gpx') },
      me.token,
    );
    expect(outside.body.error?.code).toBe('UPLOAD_INVALID');

    const pending = await t.ok(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: 100 },
      me.token,
    );
    const notYet = await t.call('activity/create-new', { ...(await body()), ...gpxRoute(pending.fileUrl) }, me.token);
    expect(notYet.status).toBe(404);
    expect(notYet.body.error?.code).toBe('UPLOAD_NOT_FOUND');
  });

  it('takes either the file or its upload, not both nor neither, and a GPX upload above 20 MB is refused up front', async () => {
    const me = await newUser(t);
    const url = await upload(me.token, recording(10));
    for (const route of [{ mode: 'GPX', gpx: recording(10), gpxUrl: url }, { mode: 'GPX' }]) {
      const res = await t.call('activity/create-new', { ...(await body()), route } as never, me.token);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('VALIDATION_ERROR');
    }
    const tooBig = await t.call(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: GPX_UPLOAD_MAX_BYTES + 1 },
      me.token,
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('replaces the route of an activity its admin edits, and only its admin', async () => {
    const me = await newUser(t);
    const activity = await newActivity(t, me);
    const url = await upload(me.token, recording(500));
    const edit = {
      ...(await body()),
      name: activity.name,
      date: activity.date,
      activityId: activity.activityId,
      ...gpxRoute(url),
    };
    const { activity: edited } = await t.ok('activity/update-existing', edit, me.token);
    expect(edited.route.mode).toBe('GPX');
    const stranger = await newUser(t);
    const refused = await t.call(
      'activity/update-existing',
      { ...edit, ...gpxRoute(await upload(stranger.token, recording(5))) },
      stranger.token,
    );
    expect(refused.status).toBeOneOf([403, 404]);
  });
});

/** A create-new body without its route (newActivity's defaults). */
async function body() {
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  return {
    name: 'Uploaded ride',
    sportId: 'running',
    date: day,
    startTime: '09:00',
    endTime: '11:00',
    access: 'OPEN' as const,
    visibility: 'PUBLIC' as const,
    difficulty: 'MEDIUM' as const,
  };
}
