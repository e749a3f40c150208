import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { forgetAllPacks } from '../offline/packs.ts';
import { ACTIVITY_DRAFT_KEY, forgetDeviceKeys, LAST_HOME_KEY, persistStorage, storageKey } from './storage.ts';
import { useUiStore } from './ui.ts';

interface AuthState {
  jwt: string | null;
  completed: boolean;
  setToken: (jwt: string, completed: boolean) => void;
  setCompleted: (completed: boolean) => void;
  logout: () => void;
}

export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      jwt: null,
      completed: false,
      setToken: (jwt, completed) => set({ jwt, completed }),
      setCompleted: (completed) => set({ completed }),
      logout: () => {
        set({ jwt: null, completed: false });
        useUiStore.getState().clearFilters();
        // A kept activity draft is this person's, not the next one's to sign in here. Only its key: the draft store
        // (a lazy chunk with the contract's rules) clears itself on logout when it is loaded.
        void persistStorage?.removeItem(ACTIVITY_DRAFT_KEY);
        void persistStorage?.removeItem(LAST_HOME_KEY);
        // Its device key too; what it already queued stays signed, and is sent by whoever signs in next.
        forgetDeviceKeys();
        // Its outing packs too (issue 38): each is that person's view of an activity, chat included.
        void forgetAllPacks();
      },
    }),
    {
      name: storageKey('auth'),
      storage: persistStorage,
      partialize: ({ jwt, completed }) => ({ jwt, completed }),
    },
  ),
);

export const useIsLoggedIn = () => useAuthStore((s) => s.jwt !== null);
