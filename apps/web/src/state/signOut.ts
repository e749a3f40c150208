import type { QueryClient } from '@tanstack/react-query';
import { getPlatform } from '../native/index.ts';
import { unregisterPushToken } from '../native/push.ts';
import { useAuthStore } from './auth.ts';

/** The user's own log out: unregister push while the token still works, then forget the session and its data. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await unregisterPushToken(getPlatform());
  useAuthStore.getState().logout();
  queryClient.clear();
}
