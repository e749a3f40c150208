import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { LAST_ONLINE_REFRESH_MS } from '../contract.ts';
import { useIsLoggedIn } from './auth.ts';

/** Records presence every 5 minutes while logged in (spec §7). */
export function useLastOnline() {
  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (!loggedIn) return;
    const ping = () => void api('user/last-online-at').catch(() => {});
    ping();
    const timer = setInterval(ping, LAST_ONLINE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [loggedIn]);
}
