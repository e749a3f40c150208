import type { QueuedEvent, QueuedEventResult } from '@cordata/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client.ts';
import { QUEUED_EVENTS_PER_BATCH, queuedEventText } from '../contract.ts';
import { eventually } from '../testing/eventually.ts';

const ANNA = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const ACTIVITY = '5a0f2c1e-0f43-4d8e-8f3c-1b2d3e4f5a6b';
const KEY_ID = '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7b';

/** The module as a fresh start of the app finds it: only what localStorage kept. */
const load = async () => {
  vi.resetModules();
  return import('./queue.ts');
};
const offline = () => Promise.reject(new ApiError('SERVICE_UNAVAILABLE', 'offline', 0));
const accepted = (events: QueuedEvent[]) =>
  Promise.resolve({
    results: events.map((e): QueuedEventResult => ({ id: e.id, status: 'ACCEPTED', code: null })),
  });
const fromBase64url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));

beforeEach(() => localStorage.clear());

describe('the queue of what is done without signal', () => {
  it('registers the device key once, and signs each event with it over the text the server checks', async () => {
    const queue = await load();
    const register = vi.fn(async () => ({ deviceKeyId: KEY_ID }));
    const key = await queue.ensureDeviceKey(ANNA, { register });
    await queue.ensureDeviceKey(ANNA, { register });
    expect(register).toHaveBeenCalledTimes(1);
    expect(fromBase64url(key!.publicKey)).toHaveLength(32);

    const at = new Date('2026-07-01T16:05:00.000Z');
    expect(await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} }, at)).toBe(true);
    const [event] = queue.queuedEvents();
    expect(event).toMatchObject({ kind: 'BACK', occurredAt: at.toISOString(), deviceKeyId: KEY_ID, personId: ANNA });
    const publicKey = await crypto.subtle.importKey('raw', fromBase64url(key!.publicKey), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    const { signature, ...signed } = event!;
    const text = new TextEncoder().encode(queuedEventText(signed));
    expect(await crypto.subtle.verify({ name: 'Ed25519' }, publicKey, fromBase64url(signature), text)).toBe(true);
  });

  it('queues nothing before the key is registered (no network ever seen)', async () => {
    const queue = await load();
    expect(await queue.ensureDeviceKey(ANNA, { register: offline })).toBeNull();
    expect(await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} })).toBe(false);
    expect(queue.queuedEvents()).toEqual([]);
  });

  it('survives a restart, keeps the events while offline, and drops each one the server answered', async () => {
    let queue = await load();
    await queue.ensureDeviceKey(ANNA, { register: async () => ({ deviceKeyId: KEY_ID }) });
    for (let i = 0; i < QUEUED_EVENTS_PER_BATCH + 2; i += 1)
      await queue.queueEvent({
        kind: 'POSITION',
        activityId: ACTIVITY,
        personId: ANNA,
        payload: { latitude: 45, longitude: i },
      });

    queue = await load();
    expect(await queue.flushQueue({ deliver: offline })).toEqual([]);
    expect(queue.queuedEvents()).toHaveLength(QUEUED_EVENTS_PER_BATCH + 2);

    const deliver = vi.fn(accepted);
    const results = await queue.flushQueue({ deliver });
    expect(deliver).toHaveBeenCalledTimes(2);
    expect(deliver.mock.calls[0]![0]).toHaveLength(QUEUED_EVENTS_PER_BATCH);
    // Oldest first: the order they happened in.
    expect(deliver.mock.calls[0]![0].map((e) => (e.payload as { longitude: number }).longitude).slice(0, 3)).toEqual([
      0, 1, 2,
    ]);
    expect(results).toHaveLength(QUEUED_EVENTS_PER_BATCH + 2);
    expect(queue.queuedEvents()).toEqual([]);
  });

  it('sends at start and again when the browser says the network is back', async () => {
    const queue = await load();
    await queue.ensureDeviceKey(ANNA, { register: async () => ({ deviceKeyId: KEY_ID }) });
    await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} });
    let online = false;
    const deliver = vi.fn((events: QueuedEvent[]) => (online ? accepted(events) : offline()));
    const sent = vi.fn();
    const stop = queue.startQueueSender({ deliver }, sent);
    await eventually(() => expect(deliver).toHaveBeenCalledTimes(1));
    expect(queue.queuedEvents()).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(sent).toHaveBeenCalledTimes(1));
    expect(sent.mock.calls[0]![0]).toMatchObject([{ status: 'ACCEPTED' }]);
    expect(queue.queuedEvents()).toEqual([]);
    stop();
  });
});

describe('signing out', () => {
  it('forgets the device key, and keeps what was queued for the next person signed in to send', async () => {
    const queue = await load();
    const { useAuthStore } = await import('../state/auth.ts');
    await queue.ensureDeviceKey(ANNA, { register: async () => ({ deviceKeyId: KEY_ID }) });
    await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} });
    useAuthStore.getState().logout();
    expect(localStorage.getItem(`cordata:device-key:${ANNA}`)).toBeNull();
    expect(queue.queuedEvents()).toHaveLength(1);
    expect(await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} })).toBe(false);
  });
});

describe('a key the server no longer knows', () => {
  it('is forgotten, so that the next panel registers a new one', async () => {
    const queue = await load();
    await queue.ensureDeviceKey(ANNA, { register: async () => ({ deviceKeyId: KEY_ID }) });
    await queue.queueEvent({ kind: 'BACK', activityId: ACTIVITY, personId: ANNA, payload: {} });
    await queue.flushQueue({
      deliver: async (events) => ({
        results: events.map((e): QueuedEventResult => ({ id: e.id, status: 'REFUSED', code: 'UNKNOWN_KEY' })),
      }),
    });
    expect(queue.queuedEvents()).toEqual([]);
    const register = vi.fn(async () => ({ deviceKeyId: '1f2e3d4c-5b6a-4798-8a1b-2c3d4e5f6a7c' }));
    await queue.ensureDeviceKey(ANNA, { register });
    expect(register).toHaveBeenCalledTimes(1);
  });
});
