import { describe, expect, it } from 'vitest';
import { render } from './emergency-page.ts';
import { contactConfirmationMail, escalationMail, localTime } from './safety-texts.ts';

const at = new Date('2026-11-29T15:00:00Z');
const mail = (language: 'en' | 'it' | 'de' | 'fr' | 'es') =>
  escalationMail({
    language,
    person: 'Ada Rossi',
    activity: 'Grigna ridge',
    plannedReturn: localTime(at, 'Europe/Rome', language),
    link: 'https://cordata.example/safety/abc',
    validUntil: localTime(new Date('2026-11-30T15:00:00Z'), 'Europe/Rome', language),
  });

describe('the texts of the safety loop', () => {
  it('keep the English and Italian escalation mail', () => {
    expect(mail('en').subject).toBe('Ada Rossi is not back from Grigna ridge');
    expect(mail('en').text).toContain(
      'Ada Rossi named you as an emergency contact in Cordata. They planned to be back from “Grigna ridge” by Sun 29 Nov, 16:00 and have not checked in since.',
    );
    expect(mail('it').text).toContain('Il link funziona senza account fino a lun 30 nov, 16:00.');
  });

  it.each([
    [
      'de',
      'Ada Rossi ist noch nicht von Grigna ridge zurück',
      'Der Link funktioniert ohne Konto bis Mo., 30. Nov., 16:00.',
    ],
    [
      'fr',
      'Ada Rossi n’a pas signalé son retour de Grigna ridge',
      'Le lien fonctionne sans compte jusqu’au lun. 30 nov., 16:00.',
    ],
    [
      'es',
      'Ada Rossi no ha confirmado su regreso de Grigna ridge',
      'El enlace funciona sin cuenta hasta el lun, 30 nov, 16:00.',
    ],
  ] as const)('write the escalation mail in %s, with the names and times filled in', (language, subject, valid) => {
    const { subject: written, text, html } = mail(language);
    expect(written).toBe(subject);
    expect(text).toContain(valid);
    expect(text).toContain('Grigna ridge');
    expect(html).toContain(`<html lang="${language}">`);
    expect(`${text}${contactConfirmationMail({ language, link: 'https://x' }).text}`).not.toMatch(/[{}]/);
  });

  it('show the no-login page in the person’s language', () => {
    const view = {
      timeZone: 'Europe/Rome',
      person: 'Ada',
      activity: 'Grigna',
      plannedReturn: at,
      backAt: null,
      lastFix: { latitude: 45.9, longitude: 9.4, at },
      route: [],
      start: 'Piazza',
      organisers: ['Olga'],
      activityContact: null,
      expiresAt: at,
    };
    const german = render({ ...view, language: 'de' });
    expect(german.title).toBe('Ada ist noch nicht zurück');
    expect(german.body).toContain('Stand: So., 29. Nov., 16:00');
    expect(german.body).toContain('Treffpunkt: Piazza');
    expect(render({ ...view, language: 'es', backAt: at }).body).toContain(
      'Ada confirmó su regreso el dom, 29 nov, 16:00.',
    );
    expect(render({ ...view, language: 'fr' }).body).not.toMatch(/\{\{/);
  });
});
