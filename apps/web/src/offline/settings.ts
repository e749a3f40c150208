import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from '../state/storage.ts';

/**
 * A setting of this device, not of the account (docs/offline.md "On the device"): save the outing pack of an
 * activity the day before, on Wi-Fi, without asking. On unless turned off.
 */
interface OfflineSettings {
  autoSave: boolean;
  setAutoSave: (on: boolean) => void;
}

export const useOfflineSettings = create<OfflineSettings>()(
  persist(
    (set) => ({
      autoSave: true,
      setAutoSave: (autoSave) => set({ autoSave }),
    }),
    { name: storageKey('offline-settings'), storage: persistStorage, partialize: ({ autoSave }) => ({ autoSave }) },
  ),
);
