import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { persistStorage, storageKey } from './storage.ts';
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
