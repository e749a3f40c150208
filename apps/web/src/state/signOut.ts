import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { useAuthStore } from './auth.ts';

/**
 * The user's own log out: the server ends the session and forgets this device's push token, then
 * the app forgets the session and its data. Offline, the app still logs out; the session then ends
 * when it expires.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api('auth/sign-out').catch(() => {});
  useAuthStore.getState().logout();
  queryClient.clear();
}
