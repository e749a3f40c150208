import { FALLBACK_LANGUAGE, INTL_LOCALES, type Language } from '@cordata/contract';
import type { Db } from '../db/client.ts';
import { isUuid } from '../http/ids.ts';
import { shareText } from '../i18n/share.ts';
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

/** The preview of an object, its description in the visitor's language. */
export type SharePreviewLookup = (kind: ShareKind, id: string, language: Language) => Promise<SharePreview | null>;

/** Looks one object up by id, read-only: one primary-key query each. */
export function createSharePreview(db: Db): SharePreviewLookup {
  const repo = createShareRepository(db);
  async function activity(id: string, language: Language): Promise<SharePreview | null> {
    const row = await repo.findShareableActivity(id);
    if (!row) return null;
    const description = activityDescription({ ...row, sport: sportName(row.sportNames, language) }, language);
    return { kind: 'activity', id, title: row.name, description, picture: null };
  }

  async function group(id: string, language: Language): Promise<SharePreview | null> {
    const row = await repo.findOpenGroup(id);
    if (!row) return null;
    const count = await repo.countParticipants(id);
    return {
      kind: 'group',
      id,
      title: row.name,
      description: `${shareText(language, 'openGroup')} · ${shareText(language, 'members', { count })}`,
      picture: row.picture && /^https?:\/\//.test(row.picture) ? row.picture : null,
    };
  }

  return (kind, id, language) => {
    if (!isUuid(id)) return Promise.resolve(null);
    return kind === 'activity' ? activity(id, language) : group(id, language);
  };
}

type Facts = { date: string; startTime: string; endTime: string; sport: string; totalDistance: number };

/** A sport's name in the language, or in English where the catalogue has none in it. */
export const sportName = (names: Readonly<Record<Language, string | null>>, language: Language) =>
  names[language] ?? names.en ?? '';

/**
 * The parts of a preview's line: "Sun 29 Nov 2026", "09:00–12:00" (the local day and times as the creator entered
 * them, in the activity's time zone) and "Running · 12.4 km", in the language given.
 */
export function activityFacts(
  a: Facts,
  language: Language = FALLBACK_LANGUAGE,
): { day: string; time: string; sport: string } {
  const day = new Intl.DateTimeFormat(INTL_LOCALES[language], {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
    .format(new Date(`${a.date}T00:00:00Z`))
    .replace(',', '');
  const sport = a.totalDistance > 0 ? `${a.sport} · ${formatDistance(a.totalDistance, language)}` : a.sport;
  return { day, time: `${a.startTime}–${a.endTime}`, sport };
}

/** "Sun 29 Nov 2026 · 09:00–12:00 · Running · 12.4 km". */
export function activityDescription(a: Facts, language: Language = FALLBACK_LANGUAGE): string {
  const { day, time, sport } = activityFacts(a, language);
  return [day, time, sport].join(' · ');
}

/** As the app writes it (apps/web/src/components/Activity/format.ts). */
function formatDistance(metres: number, language: Language): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = metres / 1000;
  return `${km.toLocaleString(INTL_LOCALES[language], { maximumFractionDigits: km < 100 ? 1 : 0 })} km`;
}
