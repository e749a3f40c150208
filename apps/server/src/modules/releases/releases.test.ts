import { generateKeyPairSync, verify } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { releaseSignedText } from '@cordata/contract';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sha256Of, storeRelease, zipFolder } from './releases.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('live-update bundles (security review M12, issue 21)', () => {
  it('publish the version and checksum signed with the release key, which the public key verifies', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const signingKey = privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const bundle = new Uint8Array([80, 75, 5, 6, ...new Array(18).fill(0)]);
    storeRelease(t.config.dataDir, '9.0.1', bundle, signingKey);

    expect((await t.app.inject({ method: 'GET', url: '/release/latest' })).body).toBe('9.0.1');
    const manifest = (await t.app.inject({ method: 'GET', url: '/release/latest.json' })).json();
    expect(manifest).toMatchObject({ version: '9.0.1', sha256: sha256Of(bundle) });
    const signature = Buffer.from(manifest.signature, 'base64');
    const signedText = (version: string) => Buffer.from(releaseSignedText(version, manifest.sha256));
    expect(verify(null, signedText('9.0.1'), publicKey, signature)).toBe(true);
    // The version is signed too: the same bundle offered as another version does not verify (review M12).
    expect(verify(null, signedText('9.9.9'), publicKey, signature)).toBe(false);
    // Another key's signature does not verify: the app refuses such a bundle.
    const other = generateKeyPairSync('ed25519').publicKey;
    expect(verify(null, signedText('9.0.1'), other, signature)).toBe(false);
  });

  it('says a bundle is unsigned when no key was given at release time', async () => {
    storeRelease(t.config.dataDir, '9.0.2', new Uint8Array([1, 2, 3]));
    const manifest = (await t.app.inject({ method: 'GET', url: '/release/latest.json' })).json();
    expect(manifest).toMatchObject({ version: '9.0.2', signature: null });
  });

  it('hold each file once, without the .gz and .br copies the build makes for browsers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cordata-bundle-'));
    try {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'index.html'), '<!doctype html>');
      writeFileSync(join(dir, 'assets/app.js'), 'console.log(1)');
      writeFileSync(join(dir, 'assets/app.js.gz'), 'x');
      writeFileSync(join(dir, 'assets/app.js.br'), 'x');
      expect(Object.keys(unzipSync(zipFolder(dir))).sort()).toEqual(['assets/app.js', 'index.html']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
