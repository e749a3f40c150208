import { dateLocale } from '../../i18n/dates.ts';

/** Metres as "850 m" or "12,4 km" (Italian separators in Italian). */
export function formatDistance(metres: number, language?: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  const km = new Intl.NumberFormat(dateLocale(language), { maximumFractionDigits: metres < 100_000 ? 1 : 0 });
  return `${km.format(metres / 1000)} km`;
}

/** Metres of climb, "1.234 m" / "1,234 m". */
export function formatMetres(metres: number, language?: string): string {
  return `${new Intl.NumberFormat(dateLocale(language), { maximumFractionDigits: 0 }).format(metres)} m`;
}

/** The instant an activity starts, from its ISO time. */
export const startDate = (startsAt: string) => new Date(startsAt);
