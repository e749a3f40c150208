import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useAuthStore } from '../auth.ts';

export const ownProfileQueryKey = ['user', 'own-profile'] as const;

/** Runs only when a session token exists (spec §2). */
export function useOwnProfileQuery() {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  return useQuery({ queryKey: ownProfileQueryKey, queryFn: () => api('user/own-profile'), enabled: hasToken });
}

/** The signed-in person's id, once their profile has loaded. */
export const useOwnUserId = (): string | undefined => useOwnProfileQuery().data?.user.userId;
