import type { Consent, ConsentGiven } from '@cordata/contract';

/**
 * The text an activity or a group asks people to accept before joining (issue 40, docs/consent.md). The row keeps
 * the text and a version that every change raises; a removed text keeps its version, so a text set again later asks
 * everyone again.
 */
export interface ConsentColumns {
  consentText: string | null;
  consentVersion: number;
}

/** The text to accept, or null when there is none. */
export const consentOf = (row: ConsentColumns): Consent | null =>
  row.consentText ? { text: row.consentText, version: row.consentVersion } : null;

/** A member's acceptance as answers show it; null when they accepted none. */
export const consentGivenOf = (version: number | null, acceptedAt: Date | null): ConsentGiven | null =>
  version && acceptedAt ? { version, acceptedAt: acceptedAt.toISOString() } : null;

/**
 * The columns an edit sets: a new text (or none, for null or empty) raises the version; the same text, or none
 * sent, changes nothing.
 */
export function consentChange(current: ConsentColumns | null, sent: string | null | undefined) {
  if (sent === undefined) return {};
  const text = sent?.trim() || null;
  if (text === (current?.consentText ?? null)) return {};
  return { consentText: text, consentVersion: (current?.consentVersion ?? 0) + 1 };
}
