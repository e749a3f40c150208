import { dateLocale } from '../../i18n/dates.ts';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per locale and precision, made once: making one costs far more than using it,
 * and these run on every render of a route's figures.
 */
function numberFormat(language: string | undefined, maximumFractionDigits: number): Intl.NumberFormat {
  const locale = dateLocale(language);
  const key = `${locale}:${maximumFractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits });
    formatters.set(key, format);
  }
  return format;
}

/** Metres as "850 m" or "12,4 km" (Italian separators in Italian). */
export function formatDistance(metres: number, language?: string): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${numberFormat(language, metres < 100_000 ? 1 : 0).format(metres / 1000)} km`;
}

/** Metres of climb, "1.234 m" / "1,234 m". */
export function formatMetres(metres: number, language?: string): string {
  return `${numberFormat(language, 0).format(metres)} m`;
}

/** Spec §9's gain, or "—" when the route's elevation is unknown: never "0 m" for a climb nobody measured. */
export const UNKNOWN = '—';
export function formatGain(metres: number | null | undefined, language?: string): string {
  return metres === null || metres === undefined || !Number.isFinite(metres) ? UNKNOWN : formatMetres(metres, language);
}

/** A whole number with the language's grouping: "100,000" / "100.000". */
export const formatCount = (count: number, language?: string): string => numberFormat(language, 0).format(count);

/** The instant an activity starts, from its ISO time. */
export const startDate = (startsAt: string) => new Date(startsAt);
