import type { Db } from '../db/client.ts';
import { isUuid } from '../http/ids.ts';
import { createShareRepository } from './share.repository.ts';

export type ShareKind = 'activity' | 'group';

/** What a link preview shows of an object anyone may see. Values are plain text: the caller escapes them. */
export interface SharePreview {
  kind: ShareKind;
  id: string;
  title: string;
  description: string;
  /** An absolute picture URL of the object itself (a group's picture), if any. */
  picture: string | null;
}

export type SharePreviewLookup = (kind: ShareKind, id: string) => Promise<SharePreview | null>;

/** Looks one object up by id, read-only: one primary-key query each. */
export function createSharePreview(db: Db): SharePreviewLookup {
  const repo = createShareRepository(db);
  async function activity(id: string): Promise<SharePreview | null> {
    const row = await repo.findShareableActivity(id);
    if (!row) return null;
    return { kind: 'activity', id, title: row.name, description: activityDescription(row), picture: null };
  }

  async function group(id: string): Promise<SharePreview | null> {
    const row = await repo.findOpenGroup(id);
    if (!row) return null;
    const n = await repo.countParticipants(id);
    return {
      kind: 'group',
      id,
      title: row.name,
      description: `Open group · ${n} ${n === 1 ? 'member' : 'members'}`,
      picture: row.picture && /^https?:\/\//.test(row.picture) ? row.picture : null,
    };
  }

  return (kind, id) => {
    if (!isUuid(id)) return Promise.resolve(null);
    return kind === 'activity' ? activity(id) : group(id);
  };
}

const dayFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

type Facts = { date: string; startTime: string; endTime: string; sport: string; totalDistance: number };

/**
 * The parts of a preview's line: "Sun 29 Nov 2026", "09:00–12:00" (the local day and times as the creator entered
 * them, in the activity's time zone) and "Running · 12.4 km".
 */
export function activityFacts(a: Facts): { day: string; time: string; sport: string } {
  const day = dayFormat.format(new Date(`${a.date}T00:00:00Z`)).replace(',', '');
  const sport = a.totalDistance > 0 ? `${a.sport} · ${formatDistance(a.totalDistance)}` : a.sport;
  return { day, time: `${a.startTime}–${a.endTime}`, sport };
}

/** "Sun 29 Nov 2026 · 09:00–12:00 · Running · 12.4 km". */
export function activityDescription(a: Facts): string {
  const { day, time, sport } = activityFacts(a);
  return [day, time, sport].join(' · ');
}

/** As the app writes it in English (apps/web/src/components/Activity/format.ts). */
function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  return `${km.toLocaleString('en-GB', { maximumFractionDigits: km < 100 ? 1 : 0 })} km`;
}
