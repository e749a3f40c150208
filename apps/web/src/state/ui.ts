import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from './storage.ts';

export interface GeoFilter {
  latitude: number;
  longitude: number;
  radiusKm: number;
  label?: string;
}

export interface Filters {
  near: GeoFilter | null;
  sportIds: string[];
}

export const emptyFilters: Filters = { near: null, sportIds: [] };

interface UiState {
  hasSeenWelcome: boolean;
  failedToRegisterNotifications: boolean;
  analyticsConsent: boolean;
  homeFilters: Filters;
  groupFilters: Filters;
  setHasSeenWelcome: (seen: boolean) => void;
  setFailedToRegisterNotifications: (failed: boolean) => void;
  setAnalyticsConsent: (consent: boolean) => void;
  setHomeFilters: (filters: Filters) => void;
  setGroupFilters: (filters: Filters) => void;
  clearFilters: () => void;
}

export const useUiStore = create<UiState>()(
  persist(
    (set) => ({
      hasSeenWelcome: false,
      failedToRegisterNotifications: false,
      analyticsConsent: false,
      homeFilters: emptyFilters,
      groupFilters: emptyFilters,
      setHasSeenWelcome: (hasSeenWelcome) => set({ hasSeenWelcome }),
      setFailedToRegisterNotifications: (failedToRegisterNotifications) => set({ failedToRegisterNotifications }),
      setAnalyticsConsent: (analyticsConsent) => set({ analyticsConsent }),
      setHomeFilters: (homeFilters) => set({ homeFilters }),
      setGroupFilters: (groupFilters) => set({ groupFilters }),
      clearFilters: () => set({ homeFilters: emptyFilters, groupFilters: emptyFilters }),
    }),
    {
      name: storageKey('ui'),
      storage: persistStorage,
      // Spec §3: the two flags (and the analytics consent) persist; filters live for the session.
      partialize: ({ hasSeenWelcome, failedToRegisterNotifications, analyticsConsent }) => ({
        hasSeenWelcome,
        failedToRegisterNotifications,
        analyticsConsent,
      }),
    },
  ),
);
