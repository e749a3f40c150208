import { callPath, GPX_UPLOAD_MAX_BYTES, IMAGE_MAX_BYTES } from '@cordata/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { newUser } from '../../../test/factories.ts';
import { forgeParameter } from '../../../test/forge.ts';
import { looksLikeGpx, sniffImage } from './file-types.ts';

let now = new Date('2026-06-15T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
});
afterAll(() => t.close());

const png = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 0, b: 255 } } })
    .jpeg()
    .toBuffer();
const GPX = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="test"><trk><trkseg>' +
    '<trkpt lat="45.9" lon="9.4"><ele>500</ele></trkpt></trkseg></trk></gpx>',
);

/** The server-relative part of a URL the server issued. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

const put = (url: string, body: Buffer, contentType: string) =>
  t.app.inject({ method: 'PUT', url: pathOf(url), headers: { 'content-type': contentType }, payload: body });

async function linkFor(
  token: string,
  body: Buffer,
  purpose: 'PROFILE_PICTURE' | 'GROUP_PICTURE' | 'GPX',
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'application/gpx+xml',
  size = body.length,
) {
  return t.ok('upload/get-upload-url', { purpose, contentType, size }, token);
}

describe('upload/get-upload-url', () => {
  it('gives a PUT URL that expires in 10 minutes, with the content type to send', async () => {
    const me = await newUser(t);
    const res = await t.ok(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: 1000 },
      me.token,
    );
    expect(res.method).toBe('PUT');
    expect(res.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(res.uploadUrl).toMatch(/\/uploads\/pictures\/[0-9a-f-]{36}\?expires=\d+&max=1000&sig=/);
    expect(res.fileUrl).toMatch(/\/uploads\/pictures\/[0-9a-f-]{36}$/);
    expect(new Date(res.expiresAt).getTime() - now.getTime()).toBe(10 * 60 * 1000);
  });

  it('never writes a host from Host or X-Forwarded-Host into the URLs it makes (review M3)', async () => {
    const me = await newUser(t);
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: callPath('upload/get-upload-url'),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}`, ...headers },
        payload: JSON.stringify({ purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: 1000 }),
      });
    const forged: Record<string, string>[] = [
      { host: 'tracker.example' },
      { 'x-forwarded-host': 'tracker.example' },
      // An allowed name with a port of the caller's choosing (review L-N1): the configured PORT is written.
      { host: 'localhost:6666' },
      { host: '127.0.0.1:6666' },
    ];
    for (const headers of forged) {
      const { fileUrl, uploadUrl } = (await ask(headers)).json();
      expect(new URL(fileUrl).hostname, JSON.stringify(headers)).toMatch(/^(localhost|127\.0\.0\.1)$/);
      expect(new URL(fileUrl).port, JSON.stringify(headers)).toBe(String(t.config.PORT));
      expect(new URL(uploadUrl).port, JSON.stringify(headers)).toBe(String(t.config.PORT));
    }
    // A host name the operator allowed is kept, with the configured port whatever the header says.
    const lan = await createTestApp({ ALLOWED_HOSTS: '192.168.1.20' });
    try {
      const other = await newUser(lan);
      const res = await lan.app.inject({
        method: 'POST',
        url: callPath('upload/get-upload-url'),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${other.token}`,
          host: '192.168.1.20:6666',
        },
        payload: JSON.stringify({ purpose: 'PROFILE_PICTURE', contentType: 'image/png', size: 1000 }),
      });
      expect(new URL(res.json().fileUrl).host).toBe(`192.168.1.20:${lan.config.PORT}`);
    } finally {
      await lan.close();
    }
  });

  it('refuses a type the purpose does not accept, and files over the limit', async () => {
    const me = await newUser(t);
    const wrongType = await t.call(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'image/png', size: 10 },
      me.token,
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error?.code).toBe('UPLOAD_INVALID');
    const picture = await t.call(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'text/xml', size: 10 },
      me.token,
    );
    expect(picture.status).toBe(400);
    const tooBig = await t.call(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 },
      me.token,
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error?.code).toBe('PAYLOAD_TOO_LARGE');
    const gpxOk = await t.call(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: GPX_UPLOAD_MAX_BYTES },
      me.token,
    );
    expect(gpxOk.status).toBe(200);
    const gpxTooBig = await t.call(
      'upload/get-upload-url',
      { purpose: 'GPX', contentType: 'application/gpx+xml', size: GPX_UPLOAD_MAX_BYTES + 1 },
      me.token,
    );
    expect(gpxTooBig.status).toBe(413);
    const unknown = await t.call(
      'upload/get-upload-url',
      { purpose: 'PROFILE_PICTURE', contentType: 'image/gif' as never, size: 10 },
      me.token,
    );
    expect(unknown.status).toBe(400);
  });
});

describe('the embedded store', () => {
  it('takes a picture, stores it as a 512 px WebP, serves it back, and the profile can use it', async () => {
    const me = await newUser(t);
    const file = await png(1600, 900);
    const { uploadUrl, fileUrl } = await linkFor(me.token, file, 'PROFILE_PICTURE', 'image/png');
    const notYet = await t.call('user/update-profile', { profilePicture: fileUrl }, me.token);
    expect(notYet.status).toBe(404);
    expect(notYet.body.error?.code).toBe('UPLOAD_NOT_FOUND');

    expect((await put(uploadUrl, file, 'image/png')).statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: pathOf(fileUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);

    const { user } = await t.ok('user/update-profile', { profilePicture: fileUrl }, me.token);
    expect(user.profilePicture).toBe(fileUrl);
    // Someone else's upload is not yours to use.
    const other = await newUser(t);
    const stolen = await t.call('user/update-profile', { profilePicture: fileUrl }, other.token);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error?.code).toBe('UPLOAD_INVALID');
  });

  it('refuses a tampered signature, another content type or a raised size limit', async () => {
    const me = await newUser(t);
    const file = await png(20, 20);
    const { uploadUrl } = await linkFor(me.token, file, 'PROFILE_PICTURE', 'image/png');
    expect((await put(forgeParameter(uploadUrl, 'sig'), file, 'image/png')).statusCode).toBe(403);
    expect((await put(uploadUrl, file, 'image/jpeg')).statusCode).toBe(403);
    expect((await put(uploadUrl.replace(/max=\d+/, 'max=99999999'), file, 'image/png')).statusCode).toBe(403);
    expect((await put(uploadUrl.replace(/\?.*$/, ''), file, 'image/png')).statusCode).toBe(403);
    // The genuine link still works once.
    expect((await put(uploadUrl, file, 'image/png')).statusCode).toBe(200);
    const again = await put(uploadUrl, file, 'image/png');
    expect(again.statusCode).toBe(403);
  });

  it('refuses an expired link', async () => {
    const me = await newUser(t);
    const file = await png(20, 20);
    const { uploadUrl } = await linkFor(me.token, file, 'PROFILE_PICTURE', 'image/png');
    const issuedAt = now;
    now = new Date(issuedAt.getTime() + 11 * 60 * 1000);
    try {
      const res = await put(uploadUrl, file, 'image/png');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('UPLOAD_EXPIRED');
    } finally {
      now = issuedAt;
    }
  });

  it('refuses a body larger than the size it was signed for', async () => {
    const me = await newUser(t);
    const file = await png(300, 300);
    const { uploadUrl } = await linkFor(me.token, file, 'PROFILE_PICTURE', 'image/png', file.length - 10);
    const res = await put(uploadUrl, file, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('checks the real file type by its first bytes', async () => {
    const me = await newUser(t);
    const jpg = await jpeg();
    const asPng = await linkFor(me.token, jpg, 'PROFILE_PICTURE', 'image/png');
    const res = await put(asPng.uploadUrl, jpg, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('UPLOAD_INVALID');
    const script = Buffer.from('<script>alert(1)</script>');
    const fake = await linkFor(me.token, script, 'GROUP_PICTURE', 'image/jpeg');
    expect((await put(fake.uploadUrl, script, 'image/jpeg')).statusCode).toBe(400);
    const notGpx = Buffer.from('hello, not a track');
    const gpxLink = await linkFor(me.token, notGpx, 'GPX', 'application/gpx+xml');
    expect((await put(gpxLink.uploadUrl, notGpx, 'application/gpx+xml')).statusCode).toBe(400);
  });

  it('stores a GPX as it came and serves it as a download', async () => {
    const me = await newUser(t);
    const { uploadUrl, fileUrl } = await linkFor(me.token, GPX, 'GPX', 'application/gpx+xml');
    expect((await put(uploadUrl, GPX, 'application/gpx+xml')).statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: pathOf(fileUrl) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.body).toBe(GPX.toString());
  });

  it('answers 404 for files never uploaded or unknown keys', async () => {
    const me = await newUser(t);
    const { fileUrl } = await linkFor(me.token, GPX, 'GPX', 'application/gpx+xml');
    expect((await t.app.inject({ method: 'GET', url: pathOf(fileUrl) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/pictures/not-a-key' })).statusCode).toBe(404);
    // 36 characters of hex and dashes that are not a UUID: a 404, not a database error (review L5).
    const notUuid = '000000000000000000000000000000000-00';
    expect((await t.app.inject({ method: 'GET', url: `/uploads/pictures/${notUuid}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/pictures/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
  });
});

describe('file type sniffing', () => {
  it('knows jpeg, png and webp by their magic bytes, and GPX by its start', async () => {
    expect(sniffImage(await jpeg())).toBe('image/jpeg');
    expect(sniffImage(await png(2, 2))).toBe('image/png');
    expect(
      sniffImage(
        await sharp(await png(2, 2))
          .webp()
          .toBuffer(),
      ),
    ).toBe('image/webp');
    expect(sniffImage(Buffer.from('GIF89a'))).toBeNull();
    expect(looksLikeGpx(Buffer.from('\uFEFF  <gpx version="1.1">'))).toBe(true);
    expect(looksLikeGpx(GPX)).toBe(true);
    expect(looksLikeGpx(Buffer.from('{"type":"FeatureCollection"}'))).toBe(false);
  });
});
