import { create } from 'zustand';
import { apiAs, type Session } from '../api/client.ts';

const TOKEN_KEY = 'cordata-admin-token';

const stored = () => {
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
};

interface AdminSessionState {
  /** The operator's token: apart from the app's, and kept for this browser tab only. */
  token: string | null;
  start: (token: string) => void;
  end: () => void;
}

export const useAdminSession = create<AdminSessionState>()((set) => ({
  token: stored(),
  start: (token) => {
    sessionStorage.setItem(TOKEN_KEY, token);
    set({ token });
  },
  end: () => {
    sessionStorage.removeItem(TOKEN_KEY);
    set({ token: null });
  },
}));

/** The session every admin call carries; a call answered UNAUTHORIZED ends it, and the sign-in shows again. */
export const adminSession: Session = {
  jwt: () => useAdminSession.getState().token,
  ended: () => useAdminSession.getState().end(),
};

/** A session for a token not yet kept: the password step and the second factor, before the area opens. */
export const pendingSession = (jwt: string): Session => ({ jwt: () => jwt, ended: () => {} });

/** Ends the operator's session on the server (review M2), then forgets the token here. */
export async function endAdminSession() {
  const { token, end } = useAdminSession.getState();
  end();
  if (token) await apiAs(pendingSession(token), 'auth/sign-out').catch(() => {});
}
