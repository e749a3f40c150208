import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { type QueuedEvent, queuedEventText } from '@cordata/contract';
import type { TestApp } from './app.ts';

type Unsigned = Omit<QueuedEvent, 'signature' | 'deviceKeyId' | 'id'> & { id?: string };

/** A phone's Ed25519 key pair, as the app makes it: the public key's 32 raw bytes in base64url, and a signer. */
export function newDeviceKey() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64url');
  return {
    publicKey: raw,
    sign: (text: string) => sign(null, Buffer.from(text, 'utf8'), privateKey).toString('base64url'),
  };
}

/** A device registered by the person of `token`, and the queued events it signs. */
export async function registeredDevice(t: TestApp, token: string) {
  const key = newDeviceKey();
  const { deviceKeyId } = await t.ok('safety/register-device-key', { publicKey: key.publicKey }, token);
  const event = (e: Unsigned): QueuedEvent => {
    const unsigned = { ...e, id: e.id ?? randomUUID(), deviceKeyId } as Omit<QueuedEvent, 'signature'>;
    return { ...unsigned, signature: key.sign(queuedEventText(unsigned)) } as QueuedEvent;
  };
  return { deviceKeyId, publicKey: key.publicKey, event };
}
