import type { Difficulty } from '@cordata/contract';
import { DIFFICULTIES, GRADE_SCALES, type GradeScale, gradeRank } from '../contract.ts';

export { DIFFICULTIES };
export const MAX_ROUTE_CHOICES_KM = [5, 10, 20, 50] as const;

export interface GeoFilter {
  latitude: number;
  longitude: number;
  radiusKm: number;
  label?: string;
}

/** A preset stays relative (Today is today on every launch); a custom range keeps its local days, YYYY-MM-DD. */
export type DateFilter =
  | { kind: 'ANY' | 'TODAY' | 'WEEKEND' | 'NEXT_7_DAYS' }
  | { kind: 'CUSTOM'; from: string | null; to: string | null };
export const DATE_PRESETS = ['ANY', 'TODAY', 'WEEKEND', 'NEXT_7_DAYS'] as const;

export interface Filters {
  near: GeoFilter | null;
  sportIds: string[];
}

export interface HomeFilters extends Filters {
  date: DateFilter;
  difficulties: Difficulty[];
  /** The longest route wanted, in km; null: any length. */
  maxRouteKm: number | null;
  /** Only routes within the level I declared for their sport (partner fit, issue 24). */
  fitsMe: boolean;
  /** The hardest standard grade wanted, on one scale (issue 24); null: any, graded or not. */
  maxGrade: { scale: GradeScale; grade: string } | null;
  /** Only routes OpenStreetMap shows step-free (issue 38); unknown ones are left out. */
  stepFree: boolean;
}

export const emptyFilters: Filters = { near: null, sportIds: [] };
export const emptyHomeFilters: HomeFilters = {
  ...emptyFilters,
  date: { kind: 'ANY' },
  difficulties: [],
  maxRouteKm: null,
  fitsMe: false,
  maxGrade: null,
  stepFree: false,
};

/** A YYYY-MM-DD day at midnight in the device's time zone. */
export const parseDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};
/** Midnight of the device's day `days` after `date`'s (DST-safe: built from the calendar fields). */
const startOfDay = (date: Date, days = 0) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
const endOfDay = (date: Date, days = 0) => new Date(startOfDay(date, days + 1).getTime() - 1);

/**
 * The nearby call's fromDate and toDate for a date filter, in the device's time zone. "This weekend" is the
 * coming Saturday and Sunday, or the current ones on a weekend; "next 7 days" is today and the six after.
 */
export function dateRange(filter: DateFilter, now: Date): { fromDate?: string; toDate?: string } {
  const range = (from?: Date, to?: Date) => ({ fromDate: from?.toISOString(), toDate: to?.toISOString() });
  switch (filter.kind) {
    case 'ANY':
      return {};
    case 'TODAY':
      return range(startOfDay(now), endOfDay(now));
    case 'NEXT_7_DAYS':
      return range(startOfDay(now), endOfDay(now, 6));
    case 'WEEKEND': {
      const toSaturday = now.getDay() === 0 ? -1 : 6 - now.getDay();
      return range(startOfDay(now, toSaturday), endOfDay(now, toSaturday + 1));
    }
    case 'CUSTOM':
      return range(
        filter.from ? parseDay(filter.from) : undefined,
        filter.to ? endOfDay(parseDay(filter.to)) : undefined,
      );
  }
}

export type FilterKey = 'place' | 'sports' | 'date' | 'difficulty' | 'distance' | 'fit' | 'grade' | 'stepFree';

/** The filters in effect, in the order of their chips under the filter button. */
export function activeFilters(f: HomeFilters): FilterKey[] {
  const on: Record<FilterKey, boolean> = {
    place: f.near !== null,
    sports: f.sportIds.length > 0,
    date: f.date.kind !== 'ANY' && (f.date.kind !== 'CUSTOM' || !!f.date.from || !!f.date.to),
    difficulty: f.difficulties.length > 0,
    distance: f.maxRouteKm !== null,
    fit: f.fitsMe,
    grade: f.maxGrade !== null,
    stepFree: f.stepFree,
  };
  return (Object.keys(on) as FilterKey[]).filter((key) => on[key]);
}

export function clearFilter(f: HomeFilters, key: FilterKey): HomeFilters {
  switch (key) {
    case 'place':
      return { ...f, near: null };
    case 'sports':
      return { ...f, sportIds: [] };
    case 'date':
      return { ...f, date: emptyHomeFilters.date };
    case 'difficulty':
      return { ...f, difficulties: [] };
    case 'distance':
      return { ...f, maxRouteKm: null };
    case 'fit':
      return { ...f, fitsMe: false };
    case 'grade':
      return { ...f, maxGrade: null };
    case 'stepFree':
      return { ...f, stepFree: false };
  }
}

const isDay = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Home filters read back from storage: whatever is missing or malformed (an older version wrote fewer fields,
 * or none) falls back to its empty value, so a stored state never breaks the start.
 */
export function readHomeFilters(stored: unknown): HomeFilters {
  if (typeof stored !== 'object' || stored === null) return emptyHomeFilters;
  const s = stored as Record<string, unknown>;
  const near = s.near as Partial<GeoFilter> | null | undefined;
  const date = s.date as { kind?: unknown; from?: unknown; to?: unknown } | undefined;
  const maxGrade = s.maxGrade as { scale?: unknown; grade?: unknown } | null | undefined;
  const gradeScale = GRADE_SCALES.find((scale) => scale === maxGrade?.scale);
  return {
    near:
      near && isNumber(near.latitude) && isNumber(near.longitude) && isNumber(near.radiusKm)
        ? {
            latitude: near.latitude,
            longitude: near.longitude,
            radiusKm: near.radiusKm,
            ...(typeof near.label === 'string' ? { label: near.label } : {}),
          }
        : null,
    sportIds: Array.isArray(s.sportIds) ? s.sportIds.filter((id): id is string => typeof id === 'string') : [],
    date:
      date?.kind === 'CUSTOM'
        ? { kind: 'CUSTOM', from: isDay(date.from) ? date.from : null, to: isDay(date.to) ? date.to : null }
        : { kind: DATE_PRESETS.find((kind) => kind === date?.kind) ?? 'ANY' },
    difficulties: Array.isArray(s.difficulties)
      ? DIFFICULTIES.filter((d) => (s.difficulties as unknown[]).includes(d))
      : [],
    maxRouteKm: isNumber(s.maxRouteKm) && s.maxRouteKm > 0 ? s.maxRouteKm : null,
    fitsMe: s.fitsMe === true,
    maxGrade:
      gradeScale && typeof maxGrade?.grade === 'string' && gradeRank(gradeScale, maxGrade.grade) >= 0
        ? { scale: gradeScale, grade: maxGrade.grade }
        : null,
    stepFree: s.stepFree === true,
  };
}
