import { MEETING_AREA_RADIUS_METRES } from '@cordata/contract';
import { haversineMetres, parseGpx } from '@cordata/geo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { buildExportFiles } from '../exports/export-archive.ts';
import { routeOutside } from './meeting-area.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const START = { latitude: 45.8123, longitude: 9.0847 };
/** A loop: out along the lake and back to the start, with a step 100 m from it and one 3 km away. */
const loop = {
  mode: 'POINTS' as const,
  start: { ...START, address: 'Parcheggio del Crotto, Como' },
  destination: START,
  routeSteps: [
    START,
    { latitude: 45.8132, longitude: 9.0847 },
    { latitude: 45.8393, longitude: 9.0847 },
    { latitude: 45.8131, longitude: 9.0848 },
    START,
  ],
};

async function closedLoop() {
  const organiser = await newUser(t);
  const activity = await newActivity(t, organiser, { access: 'CLOSED', visibility: 'PUBLIC', route: loop });
  return { organiser, activity, activityId: activity.activityId };
}

const read = async (activityId: string, token: string) =>
  (await t.ok('activity/read-info', { activityId }, token)).activity;

/** Every point an answer carries, wherever it sits in it. */
function pointsIn(value: unknown): { latitude: number; longitude: number }[] {
  if (Array.isArray(value)) return value.flatMap(pointsIn);
  if (!value || typeof value !== 'object') return [];
  const o = value as Record<string, unknown>;
  const own = typeof o.latitude === 'number' && typeof o.longitude === 'number' ? [o as never] : [];
  return [...own, ...Object.values(o).flatMap(pointsIn)];
}

describe('the approximate meeting point (issue 23)', () => {
  it('shows an outsider and a pending request an offset area, the same every time; the exact point once accepted', async () => {
    const { organiser, activityId } = await closedLoop();
    const outsider = await newUser(t);
    const seen = await read(activityId, outsider.token);
    expect(seen.start).toBeNull();
    expect(seen.meetingArea?.radiusMetres).toBe(MEETING_AREA_RADIUS_METRES);
    const offset = haversineMetres(seen.meetingArea!, START);
    expect(offset).toBeGreaterThanOrEqual(149);
    expect(offset).toBeLessThanOrEqual(351);
    // Nothing inside the area reaches them: not the start, the steps beside it, nor the end of the loop.
    expect(seen.route.start).toBeNull();
    expect(seen.route.destination).toBeNull();
    expect(seen.route.routeSteps).toContainEqual({ latitude: 45.8393, longitude: 9.0847 });
    for (const p of seen.route.routeSteps) expect(haversineMetres(p, seen.meetingArea!)).toBeGreaterThan(500);
    for (const p of pointsIn(seen)) {
      if (p === seen.meetingArea) continue;
      expect(haversineMetres(p, START)).toBeGreaterThan(MEETING_AREA_RADIUS_METRES - offset);
    }
    // Asking again, or as someone else, gives the same area: nothing to average.
    expect((await read(activityId, outsider.token)).meetingArea).toEqual(seen.meetingArea);
    expect((await read(activityId, (await newUser(t)).token)).meetingArea).toEqual(seen.meetingArea);

    const pending = await t.ok('activity/request-access', { activityId }, outsider.token);
    expect(pending.activity).toMatchObject({ status: 'REQUESTED', start: null, meetingArea: seen.meetingArea });

    await t.ok('activity/accept-request', { activityId, userId: outsider.id }, organiser.token);
    const accepted = await read(activityId, outsider.token);
    expect(accepted.meetingArea).toBeNull();
    expect(accepted.start).toMatchObject(START);
    const organisers = await read(activityId, organiser.token);
    expect(organisers.start).toMatchObject(START);
    expect(accepted.route).toEqual(organisers.route);
    expect(accepted.route.routeSteps[0]).toEqual(START);
  });

  it("shows everyone the start of an open activity; one organiser's closed ones from one place share one area", async () => {
    const organiser = await newUser(t);
    const outsider = await newUser(t);
    const open = await newActivity(t, organiser, { access: 'OPEN', route: loop });
    expect((await read(open.activityId, outsider.token)).start).toMatchObject(START);
    // Two closed activities of the same organiser from the same car park show the same area (no averaging) …
    const [a, b] = [
      await newActivity(t, organiser, { access: 'CLOSED', route: loop }),
      await newActivity(t, organiser, { access: 'CLOSED', route: loop }),
    ];
    const areaA = (await read(a.activityId, outsider.token)).meetingArea!;
    expect((await read(b.activityId, outsider.token)).meetingArea).toEqual(areaA);
    // … and another organiser's from there another one: knowing one exact point decodes nobody else's.
    const other = await newActivity(t, await newUser(t), { access: 'CLOSED', route: loop });
    expect((await read(other.activityId, outsider.token)).meetingArea).not.toEqual(areaA);
  });

  it('filters and measures nearby by what the viewer may see, in 500 m steps: narrowing the radius finds only the area', async () => {
    const { organiser, activityId } = await closedLoop();
    const outsider = await newUser(t);
    const area = (await read(activityId, outsider.token)).meetingArea!;
    const nearby = async (token: string, centre: { latitude: number; longitude: number }, radiusKm: number) =>
      (
        await t.ok('activity/nearby-activities', { ...centre, radiusKm, pagination: { page: 1, limit: 50 } }, token)
      ).activities.find((a) => a.activityId === activityId);

    // Centred on the exact point with a radius smaller than the offset: the outsider does not find it …
    expect(await nearby(outsider.token, START, 0.1)).toBeUndefined();
    // … the organiser does; the outsider finds it only around the area's centre, which they see anyway.
    expect(await nearby(organiser.token, START, 0.1)).toMatchObject({ distance: 0, start: { ...START } });
    const found = await nearby(outsider.token, area, 0.1);
    expect(found).toMatchObject({ start: null, meetingArea: area, distance: 0 });
    // Distances come in steps of 500 m, from the area's centre.
    const away = { latitude: area.latitude + 0.02, longitude: area.longitude };
    const far = await nearby(outsider.token, away, 5);
    expect(far!.distance! % 500).toBe(0);
    expect(Math.abs(far!.distance! - haversineMetres(away, area))).toBeLessThanOrEqual(250);
  });

  it('gives an outsider no exact point in the GPX, the calendar file or the data export', async () => {
    const { activityId } = await closedLoop();
    const outsider = await newUser(t);
    const area = (await read(activityId, outsider.token)).meetingArea!;

    const { gpx } = await t.ok('route/export-gpx', { activityId }, outsider.token);
    const track = parseGpx(gpx).tracks.flatMap((tr) => tr.segments.flat());
    expect(track.length).toBe(1);
    for (const p of track) expect(haversineMetres(p, area)).toBeGreaterThan(area.radiusMetres);

    const { ics } = await t.ok('calendar/activity-ics', { activityId }, outsider.token);
    expect(ics).toContain(`GEO:${area.latitude.toFixed(6)};${area.longitude.toFixed(6)}`);
    expect(ics).not.toContain('Parcheggio');
    // Every point the file names (GEO, LOCATION) is the area's centre, 150 m or more off the exact start: a
    // latitude alone may share its first digits with the start's by chance, a point cannot.
    const named = [...ics.matchAll(/(-?\d+\.\d+)(?:;|\\, )(-?\d+\.\d+)/g)].map((m) => ({
      latitude: Number(m[1]),
      longitude: Number(m[2]),
    }));
    expect(named).toHaveLength(2);
    for (const p of named) expect(haversineMetres(p, START)).toBeGreaterThan(149);

    // The requester's own data export: the area, and the line outside it, for an activity they asked to join.
    await t.ok('activity/request-access', { activityId }, outsider.token);
    const files = await buildExportFiles(outsider.id, new Date(), t.db);
    const decode = (name: string) => new TextDecoder().decode(files[name]);
    const [exported] = JSON.parse(decode('activities.json'));
    expect(exported).toMatchObject({ myState: 'REQUESTED', meetingArea: area, start: { address: null } });
    for (const p of pointsIn(exported)) expect(haversineMetres(p, START)).toBeGreaterThan(149);
    const file = parseGpx(decode(`activities/${activityId}.gpx`)).tracks.flatMap((tr) => tr.segments.flat());
    for (const p of file) expect(haversineMetres(p, area)).toBeGreaterThan(area.radiusMetres);
  });

  it('cuts a route where it enters and leaves the area, and keeps the rest', () => {
    const area = { latitude: 45, longitude: 9, radiusMetres: 500 };
    const inside = { latitude: 45.001, longitude: 9 };
    const outside = { latitude: 45.01, longitude: 9 };
    const route = routeOutside(
      {
        mode: 'POINTS',
        start: { ...inside, address: 'Home' },
        destination: outside,
        routeSteps: [inside, outside],
        routeBreaks: [],
        waypoints: [
          { ...inside, type: 'REST' },
          { ...outside, type: 'REST' },
        ],
        elevationProfile: [],
        hiddenByPrivacy: false,
      },
      area,
    );
    expect(route).toMatchObject({ start: null, destination: outside, hiddenByPrivacy: false });
    expect(route.waypoints).toEqual([{ ...outside, type: 'REST' }]);
    // The line begins just outside the area and runs on to the point outside.
    expect(route.routeSteps.at(-1)).toEqual(outside);
    for (const p of route.routeSteps) expect(haversineMetres(p, area)).toBeGreaterThan(area.radiusMetres);
  });
});

describe("who's going (issue 23)", () => {
  it('is for participants by default, the count for the others; organisers may make it public', async () => {
    const organiser = await newUser(t);
    const [joiner, outsider] = [await newUser(t), await newUser(t)];
    const activity = await newActivity(t, organiser, { access: 'OPEN', visibility: 'PUBLIC' });
    const { activityId } = activity;
    expect(activity.participantsPublic).toBe(false);
    await t.ok('activity/participate', { activityId }, joiner.token);
    expect((await t.call('activity/list-participants', { activityId }, outsider.token)).status).toBe(403);
    expect(await t.ok('activity/count-hidden-participants', { activityId }, outsider.token)).toEqual({ count: 2 });
    expect((await t.ok('activity/list-participants', { activityId }, joiner.token)).participants).toHaveLength(2);
    // Whom someone goes with is hidden on their profile too.
    const theirs = await t.ok('user/list-activities', { userId: joiner.id }, outsider.token);
    expect(theirs.activities.map((a) => a.activityId)).not.toContain(activityId);

    const { name, sportId, date, startTime, endTime, access, visibility, difficulty } = activity;
    const edit = { activityId, name, sportId, date, startTime, endTime, access, visibility, difficulty };
    const made = await t.ok('activity/update-existing', { ...edit, participantsPublic: true }, organiser.token);
    expect(made.activity.participantsPublic).toBe(true);
    expect((await t.ok('activity/list-participants', { activityId }, outsider.token)).participants).toHaveLength(2);
    // An edit that leaves the setting out keeps it.
    await t.ok('activity/update-existing', { ...edit, name: 'Renamed' }, organiser.token);
    expect((await read(activityId, outsider.token)).participantsPublic).toBe(true);
    // Nobody else may change it.
    const refused = await t.call('activity/update-existing', { ...edit, participantsPublic: false }, joiner.token);
    expect(refused.status).toBe(403);
  });
});
