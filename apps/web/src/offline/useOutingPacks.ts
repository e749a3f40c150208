import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useIsLoggedIn } from '../state/auth.ts';
import { ownProfileQueryKey } from '../state/queries/profile.ts';
import { autoSavePacks, deviceConnection } from './auto.ts';
import { packStore, removeEndedPacks } from './packs.ts';
import { savePack } from './save.ts';
import { useOfflineSettings } from './settings.ts';

/** How often, while the app stays open, it looks for a pack to save by itself. */
const AUTO_SAVE_EVERY_MS = 30 * 60_000;

/**
 * The outing packs' housekeeping while signed in (docs/offline.md "On the device"): at start, the packs of activities
 * that ended more than a day ago go; and with the setting on, the packs of tomorrow's activities save themselves on
 * Wi-Fi, now, every half hour and when the network returns.
 */
export function useOutingPacks() {
  const loggedIn = useIsLoggedIn();
  const client = useQueryClient();
  const autoSave = useOfflineSettings((s) => s.autoSave);
  useEffect(() => {
    if (loggedIn) void removeEndedPacks().catch(() => {});
  }, [loggedIn]);
  useEffect(() => {
    if (!loggedIn || !autoSave) return;
    const run = () =>
      void autoSavePacks({
        connection: deviceConnection,
        upcoming: async (from, to) =>
          api('activity/list-daily', {
            onlyOwn: false,
            startDate: from.toISOString(),
            endDate: to.toISOString(),
            page: 1,
            limit: 50,
          }),
        size: (activityId) => api('offline/pack-size', { activityId }),
        save: async (activity) => {
          const own = await client.fetchQuery({ queryKey: ownProfileQueryKey, queryFn: () => api('user/own-profile') });
          return savePack(activity, own.user.userId);
        },
        store: packStore,
      }).catch(() => {});
    run();
    const timer = setInterval(run, AUTO_SAVE_EVERY_MS);
    window.addEventListener('online', run);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', run);
    };
  }, [loggedIn, autoSave, client]);
}
