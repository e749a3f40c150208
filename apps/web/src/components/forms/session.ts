import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { continueTo } from '../../routing/deep-link.ts';
import { startupRoute } from '../../routing/startup.ts';
import { useAuthStore } from '../../state/auth.ts';

/** The address waiting for its confirmation code, kept for a reload of /confirm-email. */
const PENDING_EMAIL_KEY = 'cordata:pending-email';

export function rememberPendingEmail(email: string) {
  try {
    sessionStorage.setItem(PENDING_EMAIL_KEY, email);
  } catch {
    // Private mode: the router state still carries it.
  }
}

/**
 * The password typed at sign-up or sign-in, kept in memory only (never stored), so the e-mail
 * confirmation can set it at the moment the inbox is proven (the server's rule against sign-up
 * races). A reload forgets it; the confirmation screen then asks for it when the server needs it.
 */
let pendingPasswordInMemory: string | undefined;
export const rememberPendingPassword = (password: string) => {
  pendingPasswordInMemory = password;
};
export const pendingPassword = () => pendingPasswordInMemory;
export const forgetPendingPassword = () => {
  pendingPasswordInMemory = undefined;
};

export function pendingEmail(): string {
  try {
    return sessionStorage.getItem(PENDING_EMAIL_KEY) ?? '';
  } catch {
    return '';
  }
}

/** Stores a fresh session, then applies the startup routing of spec §2 to the loaded profile state. */
export function useStartSession() {
  const navigate = useNavigate();
  return useCallback(
    (session: { jwt: string; completed: boolean }) => {
      try {
        sessionStorage.removeItem(PENDING_EMAIL_KEY);
      } catch {}
      useAuthStore.getState().setToken(session.jwt, session.completed);
      navigate(continueTo(startupRoute({ status: 'loaded', completed: session.completed }, true)!), { replace: true });
    },
    [navigate],
  );
}
