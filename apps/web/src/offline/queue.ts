import type { QueuedEvent, QueuedEventResult } from '@cordata/contract';
import { QUEUED_EVENTS_PER_BATCH, queuedEventText } from '../contract.ts';
import { deviceKeyKey, storageKey } from '../state/storage.ts';

/**
 * What is done without signal (issue 38, docs/safety.md "Without signal"): an action whose call fails for lack of
 * network is signed with this device's Ed25519 key and kept in localStorage with the time it happened, then delivered
 * (`safety/deliver-queued`) when the network returns and when the app starts. localStorage survives a reload and a
 * restart; the events are small and few. The private key stays on the device: the server only ever gets the public half.
 */

type Fields = Pick<QueuedEvent, 'kind' | 'activityId' | 'personId' | 'payload'> & { occurredAt?: string };

/** A device key as kept: the private key (JWK), and the id the server gave its public half once registered. */
interface StoredKey {
  privateKey: JsonWebKey;
  publicKey: string;
  deviceKeyId: string | null;
}

export interface QueueDeps {
  /** The server's calls: both fail with a network error (status 0) while offline. */
  register(publicKey: string): Promise<{ deviceKeyId: string }>;
  deliver(events: QueuedEvent[]): Promise<{ results: QueuedEventResult[] }>;
}

const QUEUE_KEY = storageKey('queued-events');

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const read = <T>(key: string, fallback: T): T => {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
};

/** The events waiting to be sent, oldest first. */
export const queuedEvents = (): QueuedEvent[] => read<QueuedEvent[]>(QUEUE_KEY, []);
/** The queue as stored (a string, so it compares by value): what the app's panels watch. */
export const queueSnapshot = () => localStorage.getItem(QUEUE_KEY);
const listeners = new Set<() => void>();
export function subscribeQueue(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const saveQueue = (events: QueuedEvent[]) => {
  if (events.length) localStorage.setItem(QUEUE_KEY, JSON.stringify(events));
  else localStorage.removeItem(QUEUE_KEY);
  for (const listener of listeners) listener();
};

/** Whether this browser makes Ed25519 keys (WebCrypto: Chrome 137, Safari 17, Firefox 129). */
async function newKey(): Promise<StoredKey | null> {
  try {
    const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
    return {
      privateKey: await crypto.subtle.exportKey('jwk', pair.privateKey),
      publicKey: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
      deviceKeyId: null,
    };
  } catch {
    return null;
  }
}

/**
 * This device's key for `userId`, made on first use and registered while there is signal; null when the browser cannot
 * make one, or it is not registered yet and the server cannot be reached (then nothing can be queued).
 */
export async function ensureDeviceKey(userId: string, deps: Pick<QueueDeps, 'register'>): Promise<StoredKey | null> {
  let key = read<StoredKey | null>(deviceKeyKey(userId), null);
  if (!key) {
    key = await newKey();
    if (!key) return null;
    localStorage.setItem(deviceKeyKey(userId), JSON.stringify(key));
  }
  if (key.deviceKeyId) return key;
  try {
    const { deviceKeyId } = await deps.register(key.publicKey);
    key = { ...key, deviceKeyId };
    localStorage.setItem(deviceKeyKey(userId), JSON.stringify(key));
    return key;
  } catch {
    return null;
  }
}

/** Signs an action with this device's registered key and keeps it to send later; false when it cannot be queued. */
export async function queueEvent(fields: Fields, now = new Date()): Promise<boolean> {
  const key = read<StoredKey | null>(deviceKeyKey(fields.personId), null);
  if (!key?.deviceKeyId) return false;
  const unsigned = {
    ...fields,
    id: crypto.randomUUID(),
    occurredAt: fields.occurredAt ?? now.toISOString(),
    deviceKeyId: key.deviceKeyId,
  } as Omit<QueuedEvent, 'signature'>;
  const privateKey = await crypto.subtle.importKey('jwk', key.privateKey, { name: 'Ed25519' }, false, ['sign']);
  const signature = await crypto.subtle.sign(
    { name: 'Ed25519' },
    privateKey,
    new TextEncoder().encode(queuedEventText(unsigned)),
  );
  saveQueue([...queuedEvents(), { ...unsigned, signature: base64url(signature) } as QueuedEvent]);
  return true;
}

/** A key the server no longer knows (the person registered many since): the next panel registers a new one. */
function forgetUnknownKeys(batch: QueuedEvent[], results: QueuedEventResult[]) {
  for (const r of results) {
    if (r.code !== 'UNKNOWN_KEY') continue;
    const event = batch.find((e) => e.id === r.id);
    const key = event && read<StoredKey | null>(deviceKeyKey(event.personId), null);
    if (key?.deviceKeyId === event?.deviceKeyId) localStorage.removeItem(deviceKeyKey(event!.personId));
  }
}

let sending: Promise<QueuedEventResult[]> | null = null;
/** A send was asked for while one was under way (the network came back during a failing try): go round again. */
let again = false;

/** One pass over the queue, a batch at a time; a network failure ends it and keeps the rest. */
async function sendAll(deps: Pick<QueueDeps, 'deliver'>) {
  const answered: QueuedEventResult[] = [];
  try {
    for (;;) {
      const batch = queuedEvents().slice(0, QUEUED_EVENTS_PER_BATCH);
      if (!batch.length) break;
      const { results } = await deps.deliver(batch);
      forgetUnknownKeys(batch, results);
      const done = new Set(results.map((r) => r.id));
      const left = queuedEvents();
      saveQueue(left.filter((e) => !done.has(e.id)));
      answered.push(...results);
      if (!left.some((e) => done.has(e.id))) break;
    }
  } catch {
    // Offline again, or the server is down: the events stay for the next `online` or start.
  }
  return answered;
}

/**
 * Sends what is queued and drops each event the server answered (accepted, a duplicate, or refused for good); what
 * a network failure leaves stays for the next try. One send at a time: asked during one, it goes round once more,
 * and the answers come to the first caller.
 */
export function flushQueue(deps: Pick<QueueDeps, 'deliver'>): Promise<QueuedEventResult[]> {
  if (sending) {
    again = true;
    return sending.then(() => []);
  }
  sending = (async () => {
    const answered: QueuedEventResult[] = [];
    do {
      again = false;
      answered.push(...(await sendAll(deps)));
    } while (again);
    return answered;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/** Sends the queue now and each time the browser says the network is back; the returned function stops listening. */
export function startQueueSender(deps: Pick<QueueDeps, 'deliver'>, onSent: (results: QueuedEventResult[]) => void) {
  const send = () =>
    void flushQueue(deps).then((results) => {
      if (results.length) onSent(results);
    });
  send();
  window.addEventListener('online', send);
  return () => window.removeEventListener('online', send);
}
