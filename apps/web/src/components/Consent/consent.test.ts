import { describe, expect, it } from 'vitest';
import { consentAsked } from './consent.ts';

const text = { text: 'Helmets on.', version: 2 };
const member = { name: 'Lario Riders', status: 'PARTICIPATING' as const, isAdmin: false, consent: text };

describe('when a page asks the caller to accept its text (docs/consent.md)', () => {
  it('asks a member who accepted an older version, or none, and nobody else', () => {
    expect(consentAsked({ ...member, myConsent: { version: 1, acceptedAt: '2026-11-29T08:00:00Z' } })).toBe('changed');
    expect(consentAsked({ ...member, myConsent: null })).toBe('new');
    expect(consentAsked({ ...member, status: 'WAITLISTED', myConsent: null })).toBe('new');
    expect(consentAsked({ ...member, myConsent: { version: 2, acceptedAt: '2026-11-29T08:00:00Z' } })).toBeNull();
    // Admins manage the text; people outside are asked when they join.
    expect(consentAsked({ ...member, isAdmin: true, myConsent: null })).toBeNull();
    expect(consentAsked({ ...member, status: 'NONE', myConsent: null })).toBeNull();
    expect(consentAsked({ ...member, consent: null, myConsent: null })).toBeNull();
  });
});
