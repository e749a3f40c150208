import type { ActivitySummary } from '@cordata/contract';
import type { PackStore, StoredPack } from './packs.ts';

/** From this long before the start, an activity's pack saves itself (on Wi-Fi, the setting on). */
export const AUTO_SAVE_FROM_MS = 36 * 60 * 60_000;
/** Up to this size it saves without asking; a bigger pack waits for the person's "Save for offline". */
export const AUTO_SAVE_MAX_BYTES = 50_000_000;

/** How the device is connected: Wi-Fi (or a wired link), cellular, or unknown (no API says). */
export type Connection = 'wifi' | 'cellular' | 'none' | 'unknown';

/**
 * The browser's Network Information API (Chromium, Android's WebView): `type` says wifi/ethernet/cellular where the
 * browser tells. Safari has none: there it is unknown, and nothing saves by itself.
 */
export function browserConnection(): Connection {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'none';
  const info = (navigator as Navigator & { connection?: { type?: string } }).connection;
  switch (info?.type) {
    case 'wifi':
    case 'ethernet':
      return 'wifi';
    case 'cellular':
    case 'wimax':
    case 'bluetooth':
      return 'cellular';
    case 'none':
      return 'none';
    default:
      return 'unknown';
  }
}

/** The phone app asks the system (@capacitor/network). */
export async function deviceConnection(): Promise<Connection> {
  const { Capacitor } = await import('@capacitor/core');
  if (!Capacitor.isNativePlatform()) return browserConnection();
  const { Network } = await import('@capacitor/network');
  const status = await Network.getStatus();
  if (!status.connected) return 'none';
  return status.connectionType === 'wifi' ? 'wifi' : status.connectionType === 'cellular' ? 'cellular' : 'unknown';
}

/** The activities whose pack should save itself now: taken part in, starting within 36 h, not yet saved. */
export function dueForAutoSave(activities: ActivitySummary[], saved: StoredPack[], now: Date): ActivitySummary[] {
  const have = new Set(saved.map((p) => p.activityId));
  return activities.filter((a) => {
    const until = new Date(a.startsAt).getTime() - now.getTime();
    return a.status === 'PARTICIPATING' && until > 0 && until <= AUTO_SAVE_FROM_MS && !have.has(a.activityId);
  });
}

export interface AutoSaveDeps {
  connection: () => Promise<Connection>;
  upcoming: (from: Date, to: Date) => Promise<ActivitySummary[]>;
  size: (activityId: string) => Promise<{ answersBytes: number; tilesBytes: number | null }>;
  save: (activity: ActivitySummary) => Promise<unknown>;
  store: () => Promise<PackStore>;
}

/** One pass: on Wi-Fi, saves the packs due (each under AUTO_SAVE_MAX_BYTES); returns the activities saved. */
export async function autoSavePacks(deps: AutoSaveDeps, now = new Date()): Promise<string[]> {
  if ((await deps.connection()) !== 'wifi') return [];
  const activities = await deps.upcoming(now, new Date(now.getTime() + AUTO_SAVE_FROM_MS));
  const due = dueForAutoSave(activities, await (await deps.store()).list(), now);
  const saved: string[] = [];
  for (const activity of due) {
    try {
      const { answersBytes, tilesBytes } = await deps.size(activity.activityId);
      if (answersBytes + (tilesBytes ?? 0) > AUTO_SAVE_MAX_BYTES) continue;
      await deps.save(activity);
      saved.push(activity.activityId);
    } catch {
      // The next start (or the next pass) tries again; the person can still save it by hand.
    }
  }
  return saved;
}
