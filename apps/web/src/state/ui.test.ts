import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth.ts';
import { emptyHomeFilters } from './homeFilters.ts';
import { storageKey } from './storage.ts';
import { useUiStore } from './ui.ts';

afterEach(() => {
  localStorage.clear();
  useUiStore.setState({ hasSeenWelcome: false, homeFilters: emptyHomeFilters });
});

describe('the persisted UI state', () => {
  it('loads what an older version stored (no filters) without losing its flags', async () => {
    localStorage.setItem(
      storageKey('ui'),
      JSON.stringify({ state: { hasSeenWelcome: true, failedToRegisterNotifications: false }, version: 0 }),
    );
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().hasSeenWelcome).toBe(true);
    expect(useUiStore.getState().homeFilters).toEqual(emptyHomeFilters);
  });

  it('fills in whatever stored filters lack', async () => {
    localStorage.setItem(
      storageKey('ui'),
      JSON.stringify({ state: { homeFilters: { near: null, sportIds: ['running'], date: 'soon' } }, version: 0 }),
    );
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().homeFilters).toEqual({ ...emptyHomeFilters, sportIds: ['running'] });
  });

  it('keeps the home filters across a restart, and logging out clears them', async () => {
    const filters = {
      ...emptyHomeFilters,
      sportIds: ['running'],
      date: { kind: 'WEEKEND' as const },
      difficulties: ['EASY' as const],
      maxRouteKm: 20,
    };
    useUiStore.getState().setHomeFilters(filters);
    const written = localStorage.getItem(storageKey('ui'))!;
    // A restart: the memory is gone, the storage is what the last run wrote.
    useUiStore.setState({ homeFilters: emptyHomeFilters });
    localStorage.setItem(storageKey('ui'), written);
    await useUiStore.persist.rehydrate();
    expect(useUiStore.getState().homeFilters).toEqual(filters);
    useAuthStore.getState().logout();
    expect(JSON.parse(localStorage.getItem(storageKey('ui'))!).state.homeFilters).toEqual(emptyHomeFilters);
  });
});
