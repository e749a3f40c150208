import type { ActivitySummary } from '@cordata/contract';
import type { HomeFilters } from '../../state/homeFilters.ts';
import { LAST_HOME_KEY } from '../../state/storage.ts';

interface KeptHome {
  filters: string;
  activities: ActivitySummary[];
}

/** Keeps the home list just shown with the filters it answers (never the position: it moves a little every time). */
export function keepHome(filters: HomeFilters, activities: ActivitySummary[]) {
  try {
    localStorage.setItem(LAST_HOME_KEY, JSON.stringify({ filters: JSON.stringify(filters), activities }));
  } catch {
    // A full or blocked storage only costs the instant home next time.
  }
}

/** The home list kept for these filters, or null (none kept, other filters, or unreadable). */
export function keptHome(filters: HomeFilters): ActivitySummary[] | null {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_HOME_KEY) ?? 'null') as KeptHome | null;
    return kept && kept.filters === JSON.stringify(filters) && Array.isArray(kept.activities) ? kept.activities : null;
  } catch {
    return null;
  }
}
