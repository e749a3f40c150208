import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newActivity, newUser } from '../../../test/factories.ts';
import { createS3Storage } from './storage.ts';

/** An S3-compatible server (s3rver) on loopback, started for these tests. */
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'cordata-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'cordata-test', configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_ENDPOINT: endpoint,
    S3_BUCKET: 'cordata-test',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

const picture = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer();

const put = (url: string, body: Buffer, headers: Record<string, string>) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body), headers });

describe('uploads to an S3-compatible store', () => {
  it('presigns a PUT the store accepts; the picture is checked and re-encoded when the profile uses it', async () => {
    const me = await newUser(t);
    const file = await picture();
    const link = await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/jpeg', size: file.length },
      me.token,
    );
    // Uploads land in staging; only what the server checked and re-encoded is served (review M10).
    expect(link.uploadUrl.startsWith(`${endpoint}/cordata-test/staging/pictures/`)).toBe(true);
    expect(link.uploadUrl).toContain('X-Amz-Signature=');
    expect(link.uploadUrl).toContain('X-Amz-Expires=');
    expect(link.fileUrl).toMatch(new RegExp(`^${endpoint}/cordata-test/pictures/[0-9a-f-]{36}$`));

    const notYet = await t.call('user/update-profile', { profilePicture: link.fileUrl }, me.token);
    expect(notYet.status).toBe(404);

    const res = await put(link.uploadUrl, file, link.headers);
    expect(res.status).toBe(200);

    const { user } = await t.ok('user/update-profile', { profilePicture: link.fileUrl }, me.token);
    expect(user.profilePicture).toBe(link.fileUrl);
    const stored = await fetch(link.fileUrl);
    expect(stored.status).toBe(200);
    const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
  });

  it('takes a GPX upload from staging when an activity names it, and parses it into the route', async () => {
    const me = await newUser(t);
    const rows = Array.from(
      { length: 200 },
      (_, i) => `<trkpt lat="${(45.86 + i / 1e4).toFixed(6)}" lon="9.4"><ele>${300 + i}</ele></trkpt>`,
    );
    const file = Buffer.from(
      `<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>${rows.join('')}</trkseg></trk></gpx>`,
    );
    const link = await t.ok(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: file.length },
      me.token,
    );
    expect(link.uploadUrl.startsWith(`${endpoint}/cordata-test/staging/gpx/`)).toBe(true);
    expect((await put(link.uploadUrl, file, link.headers)).status).toBe(200);
    const activity = await newActivity(t, me, { route: { mode: 'GPX', gpxUrl: link.fileUrl } });
    expect(activity.route.mode).toBe('GPX');
    expect(activity.totalElevationGain).toBe(199);
    // Served from the checked copy, as a download.
    const stored = await fetch(link.fileUrl);
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(file)).toBe(true);
  });

  it('binds the content type and the size into the signature and expires within 10 minutes', async () => {
    // s3rver checks that SigV4 query parameters are present, not the signature itself: what the
    // URL binds is asserted here, and a real S3 refuses any change to it.
    const me = await newUser(t);
    const file = await picture();
    const link = await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/jpeg', size: file.length },
      me.token,
    );
    const query = new URL(link.uploadUrl).searchParams;
    expect(query.get('X-Amz-SignedHeaders')?.split(';')).toEqual(['content-length', 'content-type', 'host']);
    expect(Number(query.get('X-Amz-Expires'))).toBeLessThanOrEqual(600);
  });

  it('a file of the wrong real type is refused when used', async () => {
    const me = await newUser(t);
    const fake = Buffer.from('<html>not a picture</html>');
    const link = await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: fake.length },
      me.token,
    );
    expect((await put(link.uploadUrl, fake, link.headers)).status).toBe(200);
    const res = await t.call('user/update-profile', { profilePicture: link.fileUrl }, me.token);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('UPLOAD_INVALID');
  });

  it('serves no files itself when S3 is configured, and refuses URLs of other hosts', async () => {
    const me = await newUser(t);
    expect((await t.app.inject({ method: 'PUT', url: '/uploads/pictures/x' })).statusCode).not.toBe(200);
    const foreign = await t.call(
      'user/update-profile',
      { profilePicture: 'https://elsewhere.example/cordata-test/pictures/x' },
      me.token,
    );
    expect(foreign.status).toBe(400);
  });
});

describe('what the bucket serves (review M10)', () => {
  it('a PUT repeated through the presigned URL after the picture was used never changes the served file', async () => {
    const me = await newUser(t);
    const file = await picture();
    const link = await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/jpeg', size: file.length },
      me.token,
    );
    expect((await put(link.uploadUrl, file, link.headers)).status).toBe(200);
    await t.ok('user/update-profile', { profilePicture: link.fileUrl }, me.token);
    const served = Buffer.from(await (await fetch(link.fileUrl)).arrayBuffer());
    // Raw bytes of the same size, sent again within the presign window.
    const raw = Buffer.alloc(file.length, 7);
    expect((await put(link.uploadUrl, raw, link.headers)).status).toBe(200);
    expect(Buffer.from(await (await fetch(link.fileUrl)).arrayBuffer())).toEqual(served);
  });

  it('serves what is not a picture as a download', async () => {
    const storage = createS3Storage({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'cordata-test',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: undefined,
    });
    const key = 'gpx/0193a3c0-0000-7000-8000-000000000001';
    await storage.put(
      key,
      new TextEncoder().encode('<gpx><x:script xmlns:x="http://www.w3.org/1999/xhtml"/></gpx>'),
      'application/gpx+xml',
    );
    const res = await fetch(storage.fileUrl(key, ''));
    expect(res.headers.get('content-disposition')).toBe('attachment');
  });
});
