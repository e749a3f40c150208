import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { useIsLoggedIn } from '../state/auth.ts';
import { ownProfileQueryKey } from '../state/queries/profile.ts';
import { packStore, removeEndedPacks } from './packs.ts';
import { useOfflineSettings } from './settings.ts';

/** How often, while the app stays open, it looks for a pack to save by itself. */
const AUTO_SAVE_EVERY_MS = 30 * 60_000;

/**
 * The outing packs' housekeeping while signed in (docs/offline.md "On the device"): at start, the packs of activities
 * that ended more than a day ago go; and with the setting on, the packs of tomorrow's activities save themselves on
 * Wi-Fi, now, every half hour and when the network returns. The saving code is fetched only then (not in the entry).
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
    const run = async () => {
      const [{ autoSavePacks, deviceConnection }, { savePack }] = await Promise.all([
        import('./auto.ts'),
        import('./save.ts'),
      ]);
      await autoSavePacks({
        connection: deviceConnection,
        upcoming: (from, to) =>
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
      });
    };
    const tick = () => void run().catch(() => {});
    tick();
    const timer = setInterval(tick, AUTO_SAVE_EVERY_MS);
    window.addEventListener('online', tick);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', tick);
    };
  }, [loggedIn, autoSave, client]);
}
