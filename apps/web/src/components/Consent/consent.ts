import type { Consent, ConsentGiven, ParticipationStatus } from '@cordata/contract';
import { openSheet } from '../../sheets/store.ts';

/** What a page knows of the caller and the text its activity or group asks people to accept. */
export interface ConsentSubject {
  name: string;
  status: ParticipationStatus;
  isAdmin: boolean;
  consent: Consent | null;
  myConsent: ConsentGiven | null;
}

/**
 * Whether the page asks the caller to accept its text now (docs/consent.md): they are in (taking part, waiting, or
 * asking), not an admin (admins manage it), and accepted none (they came in before there was one) or an older one.
 * 'changed' when they had accepted an older one, 'new' when none.
 */
export function consentAsked(s: ConsentSubject): 'changed' | 'new' | null {
  if (!s.consent || s.isAdmin || !['PARTICIPATING', 'WAITLISTED', 'REQUESTED'].includes(s.status)) return null;
  if (!s.myConsent) return 'new';
  return s.myConsent.version < s.consent.version ? 'changed' : null;
}

/**
 * Before a person's own way in (or, `asked`, a member accepting it now): with a text to accept, shows it and goes on
 * with its version once accepted (nothing happens if they close the sheet); without one, goes on at once.
 */
export function withConsent(
  subject: { name: string; consent: Consent | null },
  go: (consentVersion: number | undefined) => void,
  asked?: 'changed' | 'new',
) {
  const { consent } = subject;
  if (!consent) return go(undefined);
  openSheet({
    type: 'consent',
    params: { name: subject.name, text: consent.text, asked, onAccept: () => go(consent.version) },
  });
}
