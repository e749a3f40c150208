import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeredFromPack, createMemoryPackStore, markLive, type StoredPack, setPackStore } from '../offline/packs.ts';
import { refusal, signedInInEnglish, stubApi, stubCalls } from '../testing/api-stub.ts';
import { aGroup, anActivity } from '../testing/fixtures.ts';
import { api } from './client.ts';

signedInInEnglish();

const saved = anActivity({ activityId: 'a1', name: 'Ridge run (saved)' });
const pack: StoredPack = {
  activityId: 'a1',
  userId: 'u1',
  builtAt: '2026-11-28T18:00:00.000Z',
  endsAt: '2026-11-29T12:00:00.000Z',
  answers: [
    { call: 'activity/read-info', body: { activityId: 'a1' }, response: { activity: saved } },
    {
      call: 'activity/list-participants',
      body: { activityId: 'a1', pagination: { page: 1, limit: 10 } },
      response: { participants: [] },
    },
  ],
  tiles: null,
};

let onLine = true;
beforeEach(async () => {
  onLine = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
  const store = createMemoryPackStore();
  await store.put(pack, null);
  setPackStore(store);
  markLive('a1');
});
afterEach(() => {
  vi.restoreAllMocks();
  setPackStore(null);
});

/** fetch as it fails with no network. */
const noNetwork = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );

describe('the API client answers from an outing pack', () => {
  it('with no network, answers an exact (call, body) from the pack and says the page is shown from it', async () => {
    noNetwork();
    const { activity } = await api('activity/read-info', { activityId: 'a1' });
    expect(activity.name).toBe('Ridge run (saved)');
    expect(answeredFromPack('a1')).toBe('2026-11-28T18:00:00.000Z');
    // The same body with its keys in another order is the same question.
    expect(await api('activity/list-participants', { pagination: { limit: 10, page: 1 }, activityId: 'a1' })).toEqual({
      participants: [],
    });
  });

  it('device offline: answers from the pack without waiting for the network', async () => {
    onLine = false;
    const calls = stubCalls({ 'activity/read-info': () => ({ activity: anActivity({ name: 'live' }) }) });
    expect((await api('activity/read-info', { activityId: 'a1' })).activity.name).toBe('Ridge run (saved)');
    expect(calls).toEqual([]);
  });

  it('only for the exact body: another page of participants, another activity fail as offline', async () => {
    noNetwork();
    await expect(
      api('activity/list-participants', { activityId: 'a1', pagination: { page: 2, limit: 10 } }),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 0 });
    await expect(api('activity/read-info', { activityId: 'a2' })).rejects.toMatchObject({ status: 0 });
    expect(answeredFromPack('a2')).toBeNull();
  });

  it('never for a call the pack does not hold, even with the same body', async () => {
    noNetwork();
    await expect(api('activity/read-recap', { activityId: 'a1' })).rejects.toMatchObject({ status: 0 });
    await expect(api('group/read-info', { groupId: aGroup().groupId })).rejects.toMatchObject({ status: 0 });
  });

  it('online: the server answers, and its refusals are never covered by the pack', async () => {
    stubCalls({ 'activity/read-info': () => ({ activity: anActivity({ name: 'live' }) }) });
    expect((await api('activity/read-info', { activityId: 'a1' })).activity.name).toBe('live');
    expect(answeredFromPack('a1')).toBeNull();
    stubApi(() => refusal('ACTIVITY_NOT_FOUND', 404));
    await expect(api('activity/read-info', { activityId: 'a1' })).rejects.toMatchObject({ code: 'ACTIVITY_NOT_FOUND' });
    stubApi(() => refusal('INTERNAL', 503));
    await expect(api('activity/read-info', { activityId: 'a1' })).rejects.toMatchObject({ status: 503 });
  });

  it('the network back: a live answer ends "shown from the pack"', async () => {
    noNetwork();
    await api('activity/read-info', { activityId: 'a1' });
    expect(answeredFromPack('a1')).not.toBeNull();
    stubCalls({ 'activity/read-info': () => ({ activity: anActivity({ name: 'live' }) }) });
    await api('activity/read-info', { activityId: 'a1' });
    expect(answeredFromPack('a1')).toBeNull();
  });
});
