import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { emptyFilters, emptyHomeFilters, type Filters, type HomeFilters, readHomeFilters } from './homeFilters.ts';
import { persistStorage, storageKey } from './storage.ts';

export { emptyFilters, emptyHomeFilters, type Filters, type GeoFilter, type HomeFilters } from './homeFilters.ts';

interface UiState {
  hasSeenWelcome: boolean;
  failedToRegisterNotifications: boolean;
  analyticsConsent: boolean;
  homeFilters: HomeFilters;
  groupFilters: Filters;
  setHasSeenWelcome: (seen: boolean) => void;
  setFailedToRegisterNotifications: (failed: boolean) => void;
  setAnalyticsConsent: (consent: boolean) => void;
  setHomeFilters: (filters: HomeFilters) => void;
  setGroupFilters: (filters: Filters) => void;
  clearFilters: () => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      hasSeenWelcome: false,
      failedToRegisterNotifications: false,
      analyticsConsent: false,
      homeFilters: emptyHomeFilters,
      groupFilters: emptyFilters,
      setHasSeenWelcome: (hasSeenWelcome) => set({ hasSeenWelcome }),
      setFailedToRegisterNotifications: (failedToRegisterNotifications) => set({ failedToRegisterNotifications }),
      setAnalyticsConsent: (analyticsConsent) => set({ analyticsConsent }),
      setHomeFilters: (homeFilters) => set({ homeFilters }),
      setGroupFilters: (groupFilters) => set({ groupFilters }),
      clearFilters: () => set({ homeFilters: emptyHomeFilters, groupFilters: emptyFilters }),
    }),
    {
      name: storageKey('ui'),
      storage: persistStorage,
      // Spec §3: the two flags (and the analytics consent) persist, and so do the home filters (issue 19: they
      // survive a restart; logging out clears them). The group filters live for the session.
      partialize: ({ hasSeenWelcome, failedToRegisterNotifications, analyticsConsent, homeFilters }) => ({
        hasSeenWelcome,
        failedToRegisterNotifications,
        analyticsConsent,
        homeFilters,
      }),
      // Older versions stored no filters: anything missing or malformed falls back to empty.
      merge: (stored, current) => ({
        ...current,
        ...(stored as Partial<UiState>),
        homeFilters: readHomeFilters((stored as Partial<UiState> | undefined)?.homeFilters),
      }),
    },
  ),
);
