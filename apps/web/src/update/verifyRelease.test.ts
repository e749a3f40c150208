import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import { releaseSignedText } from '../contract.ts';
import { verifiedRelease } from './verifyRelease.ts';

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const sha256 = 'b'.repeat(64);
const RUNNING = '1.1.6';

async function releaseKey() {
  const secret = utils.randomSecretKey();
  return { secret, publicKey: base64(await getPublicKeyAsync(secret)) };
}
/** What `npm run release` publishes: the version and checksum, signed together. */
const signed = async (secret: Uint8Array, version: string, checksum = sha256) =>
  base64(await signAsync(new TextEncoder().encode(releaseSignedText(version, checksum)), secret));

describe('a live-update bundle is installed only when signed over its version and checksum (review M12)', () => {
  it('accepts a newer release signed by the key the app was built with', async () => {
    const { secret, publicKey } = await releaseKey();
    const manifest = { version: '1.2.0', sha256, signature: await signed(secret, '1.2.0') };
    await expect(verifiedRelease(manifest, RUNNING, publicKey)).resolves.toEqual({ version: '1.2.0', sha256 });
  });

  it('refuses another key, an unsigned bundle and a signature of another checksum', async () => {
    const { publicKey } = await releaseKey();
    const stranger = await releaseKey();
    const strangers = { version: '1.2.0', sha256, signature: await signed(stranger.secret, '1.2.0') };
    await expect(verifiedRelease(strangers, RUNNING, publicKey)).rejects.toThrow(/signature/);
    await expect(verifiedRelease({ version: '1.2.0', sha256, signature: null }, RUNNING, publicKey)).rejects.toThrow(
      /not signed/,
    );
    const own = await releaseKey();
    const other = await signed(own.secret, '1.2.0', 'c'.repeat(64));
    await expect(
      verifiedRelease({ version: '1.2.0', sha256, signature: other }, RUNNING, own.publicKey),
    ).rejects.toThrow(/signature/);
  });

  it('refuses an older signed bundle offered as the latest, under its own version or a newer one', async () => {
    const { secret, publicKey } = await releaseKey();
    // 1.1.5 was genuinely signed once; the server offers it again.
    const old = { version: '1.1.5', sha256, signature: await signed(secret, '1.1.5') };
    await expect(verifiedRelease(old, RUNNING, publicKey)).rejects.toThrow(/not newer/);
    // The same version as the running app is no update either.
    const same = { version: RUNNING, sha256, signature: await signed(secret, RUNNING) };
    await expect(verifiedRelease(same, RUNNING, publicKey)).rejects.toThrow(/not newer/);
    // Relabelled as 9.9.9: the signature covers the version, so it no longer matches.
    await expect(verifiedRelease({ ...old, version: '9.9.9' }, RUNNING, publicKey)).rejects.toThrow(/signature/);
  });

  it('installs nothing when the app was built without a release key (fail closed)', async () => {
    const { secret } = await releaseKey();
    const manifest = { version: '1.2.0', sha256, signature: await signed(secret, '1.2.0') };
    await expect(verifiedRelease(manifest, RUNNING, '')).rejects.toThrow(/no release key/);
    await expect(verifiedRelease({ ...manifest, signature: null }, RUNNING, '')).rejects.toThrow(/no release key/);
  });
});
