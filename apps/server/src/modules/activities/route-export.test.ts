import { parseGpx } from '@cordata/geo';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** A recorded track with elevation and time on every point, and a waypoint. */
function recorded(points: number, extra = '') {
  const start = Date.UTC(2026, 5, 1, 8);
  const rows = Array.from(
    { length: points },
    (_, i) =>
      `<trkpt lat="${(45.86 + i / 1e4).toFixed(6)}" lon="${(9.4 + (i % 9) / 1e4).toFixed(6)}"><ele>${300 + (i % 50)}</ele><time>${new Date(start + i * 1000).toISOString()}</time></trkpt>`,
  );
  return `<?xml version="1.0"?><gpx version="1.1" creator="test"><metadata><name>Recorded</name></metadata>${extra}<trk><trkseg>${rows.join('')}</trkseg></trk></gpx>`;
}

const exportOf = (activityId: string, token: string) => t.ok('route/export-gpx', { activityId }, token);

describe('route/export-gpx', () => {
  it('gives an uploaded route as one GPX 1.1 track named after the activity, elevations kept, times dropped', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, {
      name: 'Giro del Lago àlba',
      date: '2027-01-15',
      route: { mode: 'GPX', gpx: recorded(120, '<wpt lat="45.87" lon="9.41"><name>Rifugio</name></wpt>') },
    });
    const reader = await newUser(t);
    const { fileName, gpx } = await exportOf(activity.activityId, reader.token);
    expect(fileName).toBe('giro-del-lago-alba-2027-01-15.gpx');
    expect(gpx).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<gpx version="1.1" creator="Cordata" xmlns="http:\/\/www.topografix.com\/GPX\/1\/1">/,
    );
    expect(gpx).not.toContain('<time>');
    const parsed = parseGpx(gpx);
    expect(parsed.name).toBe('Giro del Lago àlba');
    expect(parsed.tracks).toHaveLength(1);
    expect(parsed.tracks[0]!.name).toBe('Giro del Lago àlba');
    const points = parsed.tracks[0]!.segments.flat();
    expect(points).toHaveLength(120);
    expect(points.map((p) => p.elevation)).toEqual(Array.from({ length: 120 }, (_, i) => 300 + (i % 50)));
    expect(parsed.waypoints.map((w) => w.name)).toEqual(['Rifugio']);
  });

  it('gives a drawn route as its line, with no <ele> where the elevation is unknown (never 0 m)', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, { name: 'Duomo walk' });
    const { gpx, fileName } = await exportOf(activity.activityId, creator.token);
    expect(fileName).toMatch(/^duomo-walk-\d{4}-\d{2}-\d{2}\.gpx$/);
    expect(gpx).not.toContain('<ele>');
    const line = parseGpx(gpx).tracks[0]!.segments[0]!;
    expect(line.map((p) => [p.latitude, p.longitude])).toEqual([
      [45.4642, 9.19],
      [45.468, 9.185],
      [45.4728, 9.1797],
    ]);
  });

  it('escapes the name, and an uploaded file whose points lack elevation exports them without it', async () => {
    const creator = await newUser(t);
    const activity = await newActivity(t, creator, {
      name: `Lago "Co" l'alba`,
      route: {
        mode: 'GPX',
        gpx: '<gpx version="1.0"><wpt lat="45.1" lon="9.1"><name>Bar &amp; &lt;Rifugio&gt;</name></wpt><rte><rtept lat="45.1" lon="9.1"><ele>210.5</ele></rtept><rtept lat="45.11" lon="9.11"/></rte></gpx>',
      },
    });
    const { gpx, fileName } = await exportOf(activity.activityId, creator.token);
    expect(fileName).toMatch(/^lago-co-lalba-\d{4}-\d{2}-\d{2}\.gpx$/);
    expect(gpx).toContain('<name>Lago &quot;Co&quot; l&apos;alba</name>');
    expect(gpx).toContain('<name>Bar &amp; &lt;Rifugio&gt;</name>');
    expect(gpx).toContain('<trkpt lat="45.1" lon="9.1"><ele>210.5</ele></trkpt><trkpt lat="45.11" lon="9.11"></trkpt>');
    const parsed = parseGpx(gpx);
    expect(parsed.name).toBe(`Lago "Co" l'alba`);
    expect(parsed.waypoints[0]!.name).toBe('Bar & <Rifugio>');
  });

  it('writes a large file out in the route worker to the same track', async () => {
    const creator = await newUser(t);
    // About 1.2 MB: above the size the server parses in place.
    const activity = await newActivity(t, creator, { route: { mode: 'GPX', gpx: recorded(12_000) } });
    const { gpx } = await exportOf(activity.activityId, creator.token);
    expect(parseGpx(gpx).tracks[0]!.segments[0]).toHaveLength(12_000);
  });

  it('follows who may see the activity: creator, participant and invited person of a private one; nobody else', async () => {
    const creator = await newUser(t);
    const participant = await newUser(t);
    const invited = await newUser(t);
    const stranger = await newUser(t);
    const hidden = await newActivity(t, creator, { access: 'OPEN', visibility: 'PRIVATE' });
    for (const contact of [participant, invited]) {
      await t.db.execute(
        sql`insert into connections (requester_id, addressee_id, status, accepted_at) values (${creator.id}, ${contact.id}, 'ACCEPTED', now())`,
      );
    }
    await t.ok(
      'activity/invite-users',
      { activityId: hidden.activityId, userIds: [participant.id, invited.id] },
      creator.token,
    );
    await t.ok('activity/participate', { activityId: hidden.activityId }, participant.token);
    for (const who of [creator, participant, invited]) {
      expect((await exportOf(hidden.activityId, who.token)).gpx).toContain('<trk>');
    }
    const refused = await t.call('route/export-gpx', { activityId: hidden.activityId }, stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.error?.code).toBe('ACTIVITY_NOT_FOUND');
    const anonymous = await t.call('route/export-gpx', { activityId: hidden.activityId });
    expect(anonymous.status).toBe(401);

    await t.ok('activity/delete', { activityId: hidden.activityId }, creator.token);
    expect((await t.call('route/export-gpx', { activityId: hidden.activityId }, creator.token)).status).toBe(404);
  });
});
