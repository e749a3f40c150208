export type ProfileLoad =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'loaded'; completed: boolean };

/**
 * Where the app goes at start-up (spec §2), or null while the own profile is still loading.
 * `none` means no own-profile load runs, which is the case without a session token.
 */
export function startupRoute(profile: ProfileLoad, hasSeenWelcome: boolean): string | null {
  switch (profile.status) {
    case 'loading':
      return null;
    case 'error':
      return '/login';
    case 'loaded':
      return profile.completed ? '/home' : '/create-profile';
    case 'none':
      return hasSeenWelcome ? '/sign-up' : '/welcome';
  }
}
