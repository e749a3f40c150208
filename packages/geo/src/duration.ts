export interface HoursAndMinutes {
  hours: number;
  minutes: number;
}

/** Whole hours and remaining minutes of a duration given in minutes (rounded to the minute; negative or NaN → 0). */
export function splitDuration(totalMinutes: number): HoursAndMinutes {
  const minutes = Number.isFinite(totalMinutes) && totalMinutes > 0 ? Math.round(totalMinutes) : 0;
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** Spec §9 shows a duration as hours and minutes: 125 → '2 h 05 min', 45 → '0 h 45 min'. */
export function formatDuration(totalMinutes: number): string {
  const { hours, minutes } = splitDuration(totalMinutes);
  return `${hours} h ${String(minutes).padStart(2, '0')} min`;
}

/** Minutes between two GPX timestamps, or null when either is missing or unreadable, or the end comes first. */
export function minutesBetween(
  startTime: string | null | undefined,
  endTime: string | null | undefined,
): number | null {
  if (!startTime || !endTime) return null;
  const elapsed = Date.parse(endTime) - Date.parse(startTime);
  return Number.isFinite(elapsed) && elapsed >= 0 ? elapsed / 60_000 : null;
}
