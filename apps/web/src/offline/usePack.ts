import { useEffect, useState, useSyncExternalStore } from 'react';
import { answeredFromPack, packStore, type StoredPack, subscribePacks } from './packs.ts';

/** The pack kept for an activity: undefined while reading, null when there is none. */
export function usePack(activityId: string): StoredPack | null | undefined {
  const [pack, setPack] = useState<StoredPack | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () =>
      void packStore()
        .then((s) => s.get(activityId))
        .then(
          (p) => live && setPack(p),
          () => live && setPack(null),
        );
    read();
    const stop = subscribePacks(read);
    return () => {
      live = false;
      stop();
    };
  }, [activityId]);
  return pack;
}

/** When the pack the page is shown from was built; null while the page is live. */
export function useAnsweredFromPack(activityId: string): string | null {
  return useSyncExternalStore(subscribePacks, () => answeredFromPack(activityId));
}
