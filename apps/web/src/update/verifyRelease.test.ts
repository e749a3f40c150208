import { getPublicKeyAsync, signAsync, utils } from '@noble/ed25519';
import { describe, expect, it } from 'vitest';
import { verifiedChecksum } from './verifyRelease.ts';

const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const sha256 = 'b'.repeat(64);

async function releaseKey() {
  const secret = utils.randomSecretKey();
  return { secret, publicKey: base64(await getPublicKeyAsync(secret)) };
}
const signed = async (secret: Uint8Array, checksum = sha256) =>
  base64(await signAsync(new TextEncoder().encode(checksum), secret));

describe('a live-update bundle is applied only when its checksum is signed by the release key (review M12)', () => {
  it('accepts the checksum signed by the key the app was built with', async () => {
    const { secret, publicKey } = await releaseKey();
    const manifest = { version: '1.2.0', sha256, signature: await signed(secret) };
    await expect(verifiedChecksum(manifest, publicKey)).resolves.toBe(sha256);
  });

  it('refuses another key, an unsigned bundle and a signature of another checksum', async () => {
    const { publicKey } = await releaseKey();
    const stranger = await releaseKey();
    await expect(
      verifiedChecksum({ version: '1.2.0', sha256, signature: await signed(stranger.secret) }, publicKey),
    ).rejects.toThrow(/signature/);
    await expect(verifiedChecksum({ version: '1.2.0', sha256, signature: null }, publicKey)).rejects.toThrow(
      /not signed/,
    );
    const own = await releaseKey();
    const other = await signed(own.secret, 'c'.repeat(64));
    await expect(verifiedChecksum({ version: '1.2.0', sha256, signature: other }, own.publicKey)).rejects.toThrow();
  });

  it('without a key in the build still hands the checksum to the updater, and refuses a malformed one', async () => {
    await expect(verifiedChecksum({ version: '1.2.0', sha256, signature: null }, '')).resolves.toBe(sha256);
    await expect(verifiedChecksum({ version: '1.2.0', sha256: 'nope', signature: null }, '')).rejects.toThrow();
  });
});
