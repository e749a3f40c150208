import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { useAuthStore } from '../auth.ts';
import { useIsOnline } from '../online.ts';

export const ownProfileQueryKey = ['user', 'own-profile'] as const;

/** Runs only when a session token exists (spec §2). */
export function useOwnProfileQuery() {
  const hasToken = useAuthStore((s) => s.jwt !== null);
  return useQuery({ queryKey: ownProfileQueryKey, queryFn: () => api('user/own-profile'), enabled: hasToken });
}

/** The subject of a session token (the person's id), or undefined when it cannot be read. */
export function tokenSubject(jwt: string | null): string | undefined {
  try {
    const payload = jwt?.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' ? json.sub : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The signed-in person's id, once their profile has loaded. Offline, where the profile cannot load (a page opened
 * from its outing pack, issue 38), the session token's subject: "I'm back" is then queued as this person.
 */
export function useOwnUserId(): string | undefined {
  const loaded = useOwnProfileQuery().data?.user.userId;
  const jwt = useAuthStore((s) => s.jwt);
  const online = useIsOnline();
  return loaded ?? (online ? undefined : tokenSubject(jwt));
}
