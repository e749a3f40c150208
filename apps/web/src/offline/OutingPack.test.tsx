import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFeedbackStore } from '../components/feedback.ts';
import i18n from '../i18n/index.ts';
import { showActivityPage } from '../testing/activity-page.tsx';
import { refusal, signedInInEnglish } from '../testing/api-stub.ts';
import { anActivity, anOwnUser } from '../testing/fixtures.ts';
import { createMemoryPackStore, markLive, type PackStore, setPackStore } from './packs.ts';

signedInInEnglish();

// Ends far from the real clock: the button is only for an activity that has not ended.
const activity = anActivity({ activityId: 'a1', status: 'PARTICIPATING', endsAt: '2099-01-01T12:00:00.000Z' });
const built = {
  activityId: 'a1',
  builtAt: '2026-11-28T18:00:00.000Z',
  answers: [{ call: 'activity/read-info' as const, body: { activityId: 'a1' }, response: { activity } }],
  tiles: null,
};

let store: PackStore;
beforeEach(() => {
  store = createMemoryPackStore();
  setPackStore(store);
});
afterEach(() => {
  setPackStore(null);
  markLive('a1');
});

const page = (over = {}, more = {}) =>
  showActivityPage(
    { ...activity, ...over },
    {
      'user/own-profile': () => ({ user: anOwnUser({ userId: 'u1' }) }),
      'offline/pack-size': () => ({ answersBytes: 180_000, tilesBytes: 12_400_000 }),
      'offline/build-pack': () => built,
      ...more,
    },
  );

/** Answers the confirmation the way a tap would. */
async function answerConfirm(yes: boolean) {
  await waitFor(() => expect(useFeedbackStore.getState().current).not.toBeNull());
  const asked = useFeedbackStore.getState().current!;
  useFeedbackStore.getState().dismiss(yes);
  return asked;
}

describe('Save for offline', () => {
  it('shows the size first, then saves the pack and marks it kept, with a way to remove it', async () => {
    const calls = page();
    fireEvent.click(await screen.findByTestId('offline-pack-save'));
    const asked = await answerConfirm(true);
    expect(asked.title).toBe('Save for offline?');
    expect(asked.description).toBe('This activity’s outing pack takes 13 MB on this device.');
    expect((await screen.findByTestId('offline-pack-saved')).textContent).toMatch(/^Saved for offline · /);
    expect(calls.filter((c) => c.path.startsWith('offline/')).map((c) => c.path)).toEqual([
      'offline/pack-size',
      'offline/build-pack',
    ]);
    const kept = await store.get('a1');
    expect(kept).toMatchObject({
      userId: 'u1',
      builtAt: built.builtAt,
      endsAt: activity.endsAt,
      answers: built.answers,
    });

    fireEvent.click(screen.getByTestId('offline-pack-remove'));
    await screen.findByTestId('offline-pack-save');
    expect(await store.get('a1')).toBeNull();
  });

  it('asks in Italian, with the size in Italian', async () => {
    await i18n.changeLanguage('it');
    page({}, { 'offline/pack-size': () => ({ answersBytes: 180_000, tilesBytes: null }) });
    fireEvent.click(await screen.findByTestId('offline-pack-save'));
    const asked = await answerConfirm(false);
    expect(asked.description).toBe('Il pacchetto uscita di questa attività occupa 180 kB su questo dispositivo.');
    await waitFor(() => expect(screen.getByTestId('offline-pack-save').textContent).toBe('Salva per l’uso offline'));
  });

  it('downloads nothing when the person says no', async () => {
    const calls = page();
    fireEvent.click(await screen.findByTestId('offline-pack-save'));
    await answerConfirm(false);
    await waitFor(() => expect((screen.getByTestId('offline-pack-save') as HTMLButtonElement).disabled).toBe(false));
    expect(calls.map((c) => c.path)).not.toContain('offline/build-pack');
    expect(await store.list()).toEqual([]);
  });

  it('says when it failed, keeps nothing, and offers to try again', async () => {
    page({}, { 'offline/build-pack': () => refusal('FORBIDDEN', 403) });
    fireEvent.click(await screen.findByTestId('offline-pack-save'));
    await answerConfirm(true);
    await screen.findByText(/could not be saved/);
    expect(screen.getByTestId('offline-pack-save').textContent).toBe('Try again');
    expect(await store.list()).toEqual([]);
  });

  it('is not offered to visitors, the waitlist, or once the activity has ended', async () => {
    for (const over of [
      { status: 'NONE' },
      { status: 'WAITLISTED' },
      { status: 'REQUESTED' },
      { endsAt: '2020-01-01T10:00:00.000Z' },
    ]) {
      page(over);
      await screen.findByTestId('activity-name');
      await new Promise((r) => setTimeout(r, 20));
      expect(screen.queryByTestId('offline-pack-save')).toBeNull();
      document.body.innerHTML = '';
    }
  });

  it('shown from the pack, the page says it is offline and since when', async () => {
    await store.put({ ...built, userId: 'u1', endsAt: activity.endsAt, tiles: null }, null);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    page({ name: 'Live name' });
    // No network: every request fails as fetch fails offline.
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetch);
    await waitFor(() => expect(screen.getByTestId('offline-pack-notice').textContent).toMatch(/^Offline · saved /));
    expect(screen.getByTestId('activity-name').textContent).toBe(activity.name);
    expect(screen.queryByTestId('offline-pack-save')).toBeNull();
    vi.restoreAllMocks();
  });
});
