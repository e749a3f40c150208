import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RECAP_PHOTOS_MAX } from '@cordata/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser, reauthenticate } from '../../../test/factories.ts';
import { forgeParameter } from '../../../test/forge.ts';
import { activityPhotos, notifications } from '../../db/schema.ts';

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

const jpeg = (color = { r: 30, g: 120, b: 60 }) =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: color } })
    .withMetadata({ exif: { IFD0: { Copyright: 'someone' } } })
    .jpeg()
    .toBuffer();
/** The server-relative part of an address the server issued. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const get = (url: string) => t.app.inject({ method: 'GET', url: pathOf(url) });

/** Uploads a photo through the presigned flow: the file's address to hand to add-recap-photo. */
async function upload(user: User, purpose: 'RECAP_PHOTO' | 'GPX' | 'PROFILE_PICTURE' = 'RECAP_PHOTO') {
  const bytes = await jpeg();
  const link = await t.ok(
    'upload/get-upload-url',
    { purpose, contentType: 'image/jpeg', size: bytes.length },
    user.token,
  );
  const put = await t.app.inject({
    method: 'PUT',
    url: pathOf(link.uploadUrl),
    headers: { 'content-type': 'image/jpeg' },
    payload: bytes,
  });
  expect(put.statusCode).toBe(200);
  return link.fileUrl;
}

/** An organiser's activity with two more people taking part; the clock is then moved `after` past its end. */
async function ended(after = MINUTE, extra: Record<string, unknown> = {}) {
  const organiser = await newUser(t);
  const activity = await newActivity(t, organiser, extra);
  const [anna, bruno] = [await newUser(t), await newUser(t)];
  for (const p of [anna, bruno]) await t.ok('activity/participate', { activityId: activity.activityId }, p.token);
  const endsAt = new Date(activity.endsAt).getTime();
  clock = endsAt + after;
  return { organiser, anna, bruno, activityId: activity.activityId, activity, endsAt };
}

const recapOf = async (activityId: string, user: User) =>
  (await t.ok('activity/read-recap', { activityId }, user.token)).recap;
const addPhoto = (activityId: string, user: User, fileUrl: string) =>
  t.call('activity/add-recap-photo', { activityId, fileUrl }, user.token);

describe('the recap', () => {
  it('opens at the end: before it, there is no recap and no album', async () => {
    const organiser = await newUser(t);
    const activity = await newActivity(t, organiser);
    clock = new Date(activity.endsAt).getTime() - MINUTE;
    const early = await t.call('activity/read-recap', { activityId: activity.activityId }, organiser.token);
    expect(early.status).toBe(409);
    expect(early.body.error?.code).toBe('RECAP_NOT_READY');
    const photo = await addPhoto(activity.activityId, organiser, await upload(organiser));
    expect(photo.body.error?.code).toBe('RECAP_ALBUM_CLOSED');

    clock = new Date(activity.endsAt).getTime();
    expect(await recapOf(activity.activityId, organiser)).toMatchObject({ canUpload: true, photos: [] });
  });

  it('shows who came, the route with its distance, gain and time, and the album open for 7 days', async () => {
    const { organiser, anna, bruno, activityId, activity, endsAt } = await ended();
    // Who came carries the organisers' attendance marks (docs/attendance.md); unmarked is null.
    await t.ok('attendance/mark', { activityId, userId: anna.id, mark: 'ATTENDED' }, organiser.token);
    await t.ok('attendance/mark', { activityId, userId: bruno.id, mark: 'NO_SHOW' }, organiser.token);
    const seenByOrganiser = await recapOf(activityId, organiser);
    expect(seenByOrganiser.attendees.map((a) => [a.userId, a.isAdmin, a.attendance])).toEqual([
      [organiser.id, true, null],
      [anna.id, false, 'ATTENDED'],
      [bruno.id, false, 'NO_SHOW'],
    ]);
    // A no-show is part of Bruno's record, never shown to the other participants: they see who came.
    const recap = await recapOf(activityId, anna);
    expect(recap.attendees.map((a) => [a.userId, a.attendance])).toEqual([
      [organiser.id, null],
      [anna.id, 'ATTENDED'],
    ]);
    expect(recap.route).toEqual({
      points: activity.route.routeSteps,
      breaks: [],
      totalDistance: activity.totalDistance,
      totalElevationGain: activity.totalElevationGain,
      durationMinutes: 120,
    });
    expect(recap.route.points.length).toBeGreaterThan(1);
    expect(recap).toMatchObject({ name: 'Morning run', endsAt: activity.endsAt, canUpload: true });
    expect(new Date(recap.albumOpenUntil).getTime()).toBe(endsAt + 7 * DAY);
  });

  it('takes a participant’s photo with its uploader and time; another participant sees it through a signed address', async () => {
    const { organiser, anna, bruno, activityId } = await ended(2 * DAY);
    const fileUrl = await upload(anna);
    const added = await addPhoto(activityId, anna, fileUrl);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.photo).toMatchObject({ uploader: { userId: anna.id }, canDelete: true });
    expect(added.body.photo.createdAt).toBe(new Date(clock).toISOString());

    const [seen] = (await recapOf(activityId, bruno)).photos;
    expect(seen).toMatchObject({ photoId: added.body.photo.photoId, uploader: { userId: anna.id }, canDelete: false });
    expect((await recapOf(activityId, organiser)).photos[0]!.canDelete).toBe(true);

    const image = await get(seen!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Re-encoded: at most 2048 px, without the camera's metadata.
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([2048, 1365, undefined]);

    // The plain address, a forged or altered signature, and an expired one: nothing.
    expect((await get(fileUrl)).statusCode).toBe(404);
    const signed = new URL(seen!.url);
    expect((await get(forgeParameter(signed.toString(), 'sig'))).statusCode).toBe(404);
    const later = new URL(signed);
    later.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    expect((await get(later.toString())).statusCode).toBe(404);
    const expiresAt = Number(signed.searchParams.get('expires')) * 1000;
    expect(expiresAt - clock).toBeGreaterThanOrEqual(60 * MINUTE);
    expect(expiresAt - clock).toBeLessThanOrEqual(75 * MINUTE);
    clock = expiresAt;
    expect((await get(seen!.url)).statusCode).toBe(404);
  });

  it('closes the album 7 days after the end', async () => {
    const { anna, activityId, endsAt } = await ended(7 * DAY - MINUTE);
    expect((await addPhoto(activityId, anna, await upload(anna))).status).toBe(200);
    clock = endsAt + 7 * DAY;
    const late = await addPhoto(activityId, anna, await upload(anna));
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe('RECAP_ALBUM_CLOSED');
    expect(await recapOf(activityId, anna)).toMatchObject({
      canUpload: false,
      photos: [{ uploader: { userId: anna.id } }],
    });
  });

  it('is not for outsiders, people who left, nor someone an organiser blocked', async () => {
    const { organiser, anna, bruno, activityId } = await ended(MINUTE);
    const outsider = await newUser(t);
    const refused = await t.call('activity/read-recap', { activityId }, outsider.token);
    expect(refused.status).toBe(403);
    expect((await addPhoto(activityId, outsider, await upload(outsider))).status).toBe(403);

    await t.ok('user/block', { userId: bruno.id }, organiser.token);
    expect((await t.call('activity/read-recap', { activityId }, bruno.token)).status).toBe(403);
    expect((await addPhoto(activityId, bruno, await upload(bruno))).status).toBe(403);

    await t.ok('activity/exit', { activityId }, anna.token);
    expect((await t.call('activity/read-recap', { activityId }, anna.token)).status).toBe(403);

    // A private activity does not exist for an outsider.
    clock = Date.now();
    const closed = await newActivity(t, organiser, { visibility: 'PRIVATE', access: 'CLOSED' });
    clock = new Date(closed.endsAt).getTime() + MINUTE;
    expect((await t.call('activity/read-recap', { activityId: closed.activityId }, outsider.token)).status).toBe(404);
    expect((await t.call('activity/read-recap', { activityId: closed.activityId }, organiser.token)).status).toBe(200);
  });

  it('hides the photos of someone the viewer blocked, or who blocked the viewer', async () => {
    const { organiser, anna, bruno, activityId } = await ended();
    await t.ok('activity/add-recap-photo', { activityId, fileUrl: await upload(anna) }, anna.token);
    await t.ok('user/block', { userId: anna.id }, bruno.token);
    expect((await recapOf(activityId, bruno)).photos).toEqual([]);
    expect((await recapOf(activityId, anna)).photos).toHaveLength(1);
    await t.ok('user/block', { userId: organiser.id }, anna.token);
    expect((await recapOf(activityId, organiser)).photos).toEqual([]);
  });

  it('takes only the caller’s own photo upload, once', async () => {
    const { anna, bruno, activityId } = await ended();
    const annas = await upload(anna);
    const stolen = await addPhoto(activityId, bruno, annas);
    expect([stolen.status, stolen.body.error?.code]).toEqual([400, 'UPLOAD_INVALID']);
    const picture = await addPhoto(activityId, anna, await upload(anna, 'PROFILE_PICTURE'));
    expect([picture.status, picture.body.error?.code]).toEqual([400, 'UPLOAD_INVALID']);
    const elsewhere = await addPhoto(activityId, anna, 'https://tracker.example/photos/x.jpg');
    expect([elsewhere.status, elsewhere.body.error?.code]).toEqual([400, 'UPLOAD_INVALID']);
    expect((await addPhoto(activityId, anna, annas)).status).toBe(200);
    const twice = await addPhoto(activityId, anna, annas);
    expect([twice.status, twice.body.error?.code]).toEqual([400, 'UPLOAD_INVALID']);
  });

  it(`holds at most ${RECAP_PHOTOS_MAX} photos`, async () => {
    const { anna, activityId } = await ended();
    const rows = Array.from({ length: RECAP_PHOTOS_MAX }, (_, i) => ({
      activityId,
      uploaderId: anna.id,
      storageKey: `photos/00000000-0000-7000-8000-${String(i).padStart(12, '0')}-${activityId}`,
    }));
    await t.db.insert(activityPhotos).values(rows);
    const full = await addPhoto(activityId, anna, await upload(anna));
    expect([full.status, full.body.error?.code]).toEqual([409, 'RECAP_ALBUM_FULL']);
  });

  it('lets a photo be deleted by its uploader and by an organiser, never by another participant', async () => {
    const { organiser, anna, bruno, activityId } = await ended();
    const first = (await t.ok('activity/add-recap-photo', { activityId, fileUrl: await upload(anna) }, anna.token))
      .photo;
    const second = (await t.ok('activity/add-recap-photo', { activityId, fileUrl: await upload(anna) }, anna.token))
      .photo;
    const byOther = await t.call('activity/delete-recap-photo', { activityId, photoId: first.photoId }, bruno.token);
    expect([byOther.status, byOther.body.error?.code]).toEqual([403, 'FORBIDDEN']);

    await t.ok('activity/delete-recap-photo', { activityId, photoId: first.photoId }, anna.token);
    expect((await get(first.url)).statusCode).toBe(404);
    await t.ok('activity/delete-recap-photo', { activityId, photoId: second.photoId }, organiser.token);
    expect(await t.db.select().from(activityPhotos).where(eq(activityPhotos.activityId, activityId))).toEqual([]);
    const gone = await t.call('activity/delete-recap-photo', { activityId, photoId: second.photoId }, anna.token);
    expect([gone.status, gone.body.error?.code]).toEqual([404, 'PHOTO_NOT_FOUND']);
  });

  it('goes with its uploader’s account: the rows and the stored files', async () => {
    const { anna, bruno, activityId } = await ended();
    const kept = (await t.ok('activity/add-recap-photo', { activityId, fileUrl: await upload(bruno) }, bruno.token))
      .photo;
    const added = await t.ok('activity/add-recap-photo', { activityId, fileUrl: await upload(anna) }, anna.token);
    const unused = await upload(anna);
    const keys = [added.photo.url, unused].map((u) => new URL(u).pathname.replace('/uploads/', ''));
    const stored = (key: string) => existsSync(join(t.config.dataDir, 'uploads', key));
    expect(keys.map(stored)).toEqual([true, true]);

    await reauthenticate(t, anna.token);
    await t.ok('user/delete-account', undefined, anna.token);
    expect(keys.map(stored)).toEqual([false, false]);
    expect((await recapOf(activityId, bruno)).photos.map((p) => p.photoId)).toEqual([kept.photoId]);
    expect((await get(kept.url)).statusCode).toBe(200);
  });
});

describe('the recap-ready notice (job)', () => {
  const run = () => t.modules.services.recapNotices.run();
  const told = async (activityId: string) =>
    (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.type, 'ACTIVITY_RECAP_READY'), eq(notifications.targetId, activityId)))
    )
      .map((n) => n.userId)
      .sort();

  it('tells the people taking part once the activity has ended, once, and not someone an organiser blocked', async () => {
    const { organiser, anna, bruno, activityId, endsAt } = await ended(-MINUTE);
    await run();
    expect(await told(activityId)).toEqual([]);
    await t.ok('user/block', { userId: bruno.id }, organiser.token);
    clock = endsAt;
    await run();
    expect(await told(activityId)).toEqual([organiser.id, anna.id].sort());
    // Another run, or another instance, tells nobody again.
    await Promise.all([run(), run()]);
    expect(await told(activityId)).toHaveLength(2);
  });

  it('does not announce an activity that ended more than a day before the job ran (a server stopped for days)', async () => {
    const { activityId } = await ended(25 * 60 * MINUTE);
    await run();
    expect(await told(activityId)).toEqual([]);
  });
});
