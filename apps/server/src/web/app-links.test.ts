import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { NATIVE_APP_ID } from './app-links.ts';

const FINGERPRINT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, '0')).join(':');

describe('app link files (spec §2, issue 21)', () => {
  let configured: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({ ANDROID_CERT_SHA256: FINGERPRINT, IOS_TEAM_ID: 'ABCDE12345' });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await configured?.close();
    await plain?.close();
  });

  it('serves assetlinks.json for the Android app, as JSON, with the upper-case fingerprints', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual([
      {
        relation: ['delegate_permission/common.handle_all_urls'],
        target: {
          namespace: 'android_app',
          package_name: NATIVE_APP_ID,
          sha256_cert_fingerprints: [FINGERPRINT.toUpperCase()],
        },
      },
    ]);
  });

  it('serves apple-app-site-association, without an extension and without a redirect, as JSON', async () => {
    const res = await configured.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      applinks: { details: [{ appIDs: [`ABCDE12345.${NATIVE_APP_ID}`], components: [{ '/': '/*' }] }] },
    });
  });

  it('answers 404 with the reason where they are not configured', async () => {
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a malformed fingerprint or team id at start', async () => {
    await expect(createTestApp({ ANDROID_CERT_SHA256: 'AB:CD' })).rejects.toThrow(/ANDROID_CERT_SHA256/);
    await expect(createTestApp({ IOS_TEAM_ID: 'team' })).rejects.toThrow(/IOS_TEAM_ID/);
  });
});
