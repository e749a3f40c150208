import type { Language } from '@cordata/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { config, type SignInConfig } from '../../config.ts';

/**
 * Single sign-on in the app (docs/accounts.md, issue 41): which providers the entry screen offers, and starting at
 * one. The provider sends the person back to /auth/callback (AuthCallback.tsx), in the browser or, on a phone,
 * through the app link; the binding the server gave is kept until then, so only this app can finish.
 */
const PENDING_KEY = 'cordata:sso-pending';

export type SsoIntent = 'sign-in' | 'link' | 'reauthenticate';
/** Where Settings opens again after confirming it is them for a sensitive call (components/forms/StepUp.tsx). */
export type StepUpReturn = 'account' | 'data';
export interface PendingSso {
  intent: SsoIntent;
  provider: string;
  binding: string;
  returnTo?: StepUpReturn;
}

/** As the entry screen was before single sign-on: no provider, the password form. */
const PASSWORD_ONLY: SignInConfig = { passwordSignIn: true, providers: [] };

/** The injected options on the web; the phone apps (and vite dev) ask the server. */
export function useSignInOptions(): SignInConfig {
  const asked = useQuery({
    queryKey: ['sign-in-options'],
    queryFn: () => api('auth/sign-in-options'),
    enabled: config.signIn === null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return config.signIn ?? asked.data ?? PASSWORD_ONLY;
}

function remember(pending: PendingSso) {
  // localStorage, not sessionStorage: a phone may close the app while the system browser is open.
  try {
    localStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Private mode: the callback then reports that the sign-in expired.
  }
}

/** The sign-in started here, once: a second read finds nothing. */
export function takePendingSso(): PendingSso | null {
  try {
    const raw = localStorage.getItem(PENDING_KEY);
    localStorage.removeItem(PENDING_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingSso>) : null;
    if (!value || typeof value.binding !== 'string' || typeof value.provider !== 'string') return null;
    if (value.intent !== 'sign-in' && value.intent !== 'link' && value.intent !== 'reauthenticate') return null;
    if (value.returnTo !== undefined && value.returnTo !== 'account' && value.returnTo !== 'data') return null;
    return value as PendingSso;
  } catch {
    return null;
  }
}

/** Leaves for the provider; on a phone the web view hands the provider's address to the system browser. */
let leaveFor = (url: string) => window.location.assign(url);
/** Leaves the app for another site that comes back to one of its pages (Strava's consent page, issue 42). */
export const leaveApp = (url: string) => leaveFor(url);
/** Tests: where the app would go instead of leaving. */
export const setLeaveFor = (go: (url: string) => void) => {
  leaveFor = go;
};

export async function startSso(intent: SsoIntent, provider: string, language?: Language, returnTo?: StepUpReturn) {
  const started =
    intent === 'sign-in'
      ? await api('auth/oidc/start', { provider, acceptTerms: true, acceptPrivacy: true, language })
      : await api('auth/oidc/link-start', { provider, purpose: intent === 'link' ? 'link' : 'reauthenticate' });
  remember({ intent, provider, binding: started.binding, ...(returnTo ? { returnTo } : {}) });
  leaveFor(started.url);
}
